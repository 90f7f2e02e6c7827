import { createTheme, type MantineThemeOverride } from '@mantine/core';
import { DEFAULT_PRIMARY, shadesOf } from '../lib/colors';

/**
 * The console's Mantine theme: the brand colour as primary (#cd3197 unless the community's brand
 * profile says otherwise) and the breakpoints xs < 576 · sm 576 · md 768 · lg 992 · xl 1200.
 */
export function buildTheme(primary = DEFAULT_PRIMARY): MantineThemeOverride {
  const shades = shadesOf(primary);
  return createTheme({
    primaryColor: 'brand',
    primaryShade: { light: 6, dark: 6 },
    colors: { brand: shades },
    // White text on the brand colour when it is dark enough, else near-black.
    autoContrast: true,
    breakpoints: { xs: '0em', sm: '36em', md: '48em', lg: '62em', xl: '75em' },
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    defaultRadius: 'md',
    cursorType: 'pointer',
    components: {
      Button: { defaultProps: { radius: 'md' } },
    },
  });
}
