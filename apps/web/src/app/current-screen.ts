import { useMatches } from 'react-router';
import type { Screen } from '../config/screen-types';

/** The screen-table entry of the route in view (the router puts it in each route's handle). */
export function useCurrentScreen(): Screen {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as { screen?: Screen } | undefined;
    if (handle?.screen) return handle.screen;
  }
  throw new Error('useCurrentScreen is used outside a screen route');
}
