import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { DEFAULT_PRIMARY, isHexColour } from './colors';
import { createStore } from './store';

export type ThemeName = 'light' | 'dark' | 'semi-dark';
/** What a user chooses: a theme, or to follow the system's light/dark preference as it changes. */
export type ThemeChoice = ThemeName | 'system';
export const THEMES: { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'Follow system' },
  { value: 'light', label: 'Light' },
  { value: 'semi-dark', label: 'Semi-dark' },
  { value: 'dark', label: 'Dark' },
];

/** Before sign-in (and after sign-out) the theme follows the system's light/dark preference. */
export function systemTheme(): ThemeName {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** The theme in force: the signed-in user's (remembered on the server), else the system's. */
export const themeStore = createStore<ThemeName>(systemTheme());
/** The brand colour in force: the community's brand profile, or a live preview on the branding screen. */
export const brandColourStore = createStore<string>(DEFAULT_PRIMARY);

export function setBrandColour(colour: string | null | undefined) {
  brandColourStore.set(isHexColour(colour) ? colour.toLowerCase() : DEFAULT_PRIMARY);
}

export function isThemeName(value: unknown): value is ThemeName {
  return value === 'light' || value === 'dark' || value === 'semi-dark';
}

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return value === 'system' || isThemeName(value);
}

/** The user's choice (the theme in force is `themeStore`). */
export const themeChoiceStore = createStore<ThemeChoice>('system');

/** Applies a choice: the theme in force follows it, or the system's preference for 'system'. */
export function applyThemeChoice(choice: ThemeChoice) {
  themeChoiceStore.set(choice);
  themeStore.set(choice === 'system' ? systemTheme() : choice);
}

/** The body class of a theme: theme-light, theme-dark or theme-semi-dark. */
export function applyBodyClass(theme: ThemeName) {
  const body = document.body;
  for (const c of [...body.classList]) if (c.startsWith('theme-')) body.classList.remove(c);
  body.classList.add(`theme-${theme}`);
}

export const colourSchemeOf = (theme: ThemeName): 'light' | 'dark' => (theme === 'dark' ? 'dark' : 'light');

/** Mantine's colour scheme kept in memory only (its default manager would use localStorage). */
export function memoryColourSchemeManager(): MantineColorSchemeManager {
  let value: MantineColorScheme | undefined;
  return {
    get: (defaultValue) => value ?? defaultValue,
    set: (next) => {
      value = next;
    },
    subscribe: () => {},
    unsubscribe: () => {},
    clear: () => {
      value = undefined;
    },
  };
}

/** Point the page's favicon at the community's (or back at Atrium's). */
export function setFavicon(url: string | null | undefined) {
  const link = document.querySelector<HTMLLinkElement>('link#favicon');
  if (!link) return;
  link.href = url || '/favicon.svg';
  link.type = url ? '' : 'image/svg+xml';
}
