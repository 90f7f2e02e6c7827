import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '../api/client';
import { PUBLIC_PATHS } from '../config/screens';
import { applyThemeChoice, brandColourStore, colourSchemeOf, memoryColourSchemeManager, themeStore } from '../lib/appearance';
import { isHexColour, readableOn, tintOnWhite } from '../lib/colors';
import { queryClient } from '../lib/query-client';
import { useStore } from '../lib/store';
import { loginPath } from './guard';
import { createRouter } from './router';
import { buildTheme } from './theme';

const router = createRouter();

/**
 * Text readable on every background (WCAG AA, 4.5:1) in the light scheme: Mantine's default dimmed grey,
 * links in the brand colour, the text of "light" badges and buttons (shade 6 on a 10% tint of itself)
 * and of "outline" ones (shade 6 on white) are too light, so each is darkened just enough.
 */
const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = { '--mantine-color-dimmed': '#66707a' };
  for (const [name, shades] of Object.entries(theme.colors)) {
    const base = shades[6];
    if (!isHexColour(base)) continue;
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[8] ?? base, tintOnWhite(base, 0.12));
    light[`--mantine-color-${name}-outline`] = readableOn(base, '#ffffff');
  }
  const primary = theme.colors[theme.primaryColor]?.[6];
  if (isHexColour(primary)) light['--mantine-color-anchor'] = readableOn(primary, tintOnWhite('#fa5252', 0.12));
  return { variables: {}, light, dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' } };
};
const colourSchemeManager = memoryColourSchemeManager();

// A 401 from any call: the session is over. Sign out and go to /login, remembering the page.
setUnauthorizedHandler(() => {
  const { pathname, search } = window.location;
  if (PUBLIC_PATHS.includes(pathname)) return;
  queryClient.clear();
  applyThemeChoice('system');
  void router.navigate(loginPath(pathname + search), { replace: true });
});

export function App() {
  const brand = useStore(brandColourStore);
  const theme = useMemo(() => buildTheme(brand), [brand]);
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme={colourSchemeOf(themeStore.get())}
      colorSchemeManager={colourSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
    >
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
