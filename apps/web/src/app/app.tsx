import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '../api/client';
import { PUBLIC_PATHS } from '../config/screens';
import { brandColourStore, colourSchemeOf, memoryColourSchemeManager, systemTheme, themeStore } from '../lib/appearance';
import { queryClient } from '../lib/query-client';
import { useStore } from '../lib/store';
import { loginPath } from './guard';
import { createRouter } from './router';
import { buildTheme } from './theme';

const router = createRouter();

/** Dimmed text readable on every background (WCAG AA, 4.5:1): Mantine's default grey is too light. */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#66707a' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
const colourSchemeManager = memoryColourSchemeManager();

// A 401 from any call: the session is over. Sign out and go to /login, remembering the page.
setUnauthorizedHandler(() => {
  const { pathname, search } = window.location;
  if (PUBLIC_PATHS.includes(pathname)) return;
  queryClient.clear();
  themeStore.set(systemTheme());
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
