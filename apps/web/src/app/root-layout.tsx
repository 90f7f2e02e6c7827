import { useMantineColorScheme } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import type { Screen } from '../config/screen-types';
import { applyBodyClass, colourSchemeOf, themeChoiceStore, themeStore } from '../lib/appearance';
import { useStore } from '../lib/store';

/** Scroll to the top on each navigation (not on a change of the query string alone). */
function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** The page's meta description: the screen's own (search engines and link previews read it). */
function MetaDescription() {
  const matches = useMatches();
  const screen = matches.map((m) => (m.handle as { screen?: Screen } | undefined)?.screen).findLast(Boolean);
  const text = screen?.description ?? 'Atrium: run your website, shop, marketing and settings from one console.';
  useEffect(() => {
    document.querySelector('meta[name="description"]')?.setAttribute('content', text);
  }, [text]);
  return null;
}

/** The theme as a class on <body> (theme-light, theme-dark, theme-semi-dark) and Mantine's scheme. */
function ThemeSync() {
  const theme = useStore(themeStore);
  const choice = useStore(themeChoiceStore);
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    applyBodyClass(theme);
    setColorScheme(colourSchemeOf(theme));
  }, [theme, setColorScheme]);
  // Following the system: switch when the system's preference changes (e.g. at sunset).
  useEffect(() => {
    if (choice !== 'system' || !window.matchMedia) return;
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const follow = () => themeStore.set(query.matches ? 'dark' : 'light');
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [choice]);
  return null;
}

/** The loading bar: shown while a navigation loads (after a short delay), hidden after each one. */
function NavigationProgress() {
  const navigation = useNavigation();
  const loading = navigation.state !== 'idle';
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!loading) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), 150);
    return () => clearTimeout(timer);
  }, [loading]);
  if (!visible) return null;
  return <div className="atrium-progress" role="progressbar" aria-label="Loading" data-testid="navigation-progress" />;
}

export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <ThemeSync />
      <MetaDescription />
      <NavigationProgress />
      <Outlet />
    </>
  );
}
