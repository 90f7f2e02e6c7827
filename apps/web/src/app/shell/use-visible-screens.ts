import { canSee, GROUPS, SCREENS, type Screen } from '../../config/screens';
import { usePermissions } from '../../lib/permissions';
import { type NavGroup, navGroups } from './nav-model';

export type { NavGroup, NavSection } from './nav-model';

/**
 * The screens the user's role may read (aliases left out), and the navigation's groups of them.
 * None until the permissions are known: showing the few screens anyone may open first (Settings ›
 * Version) and the rest later moved every group under the pointer as the others appeared.
 */
export function useVisibleScreens(): { screens: Screen[]; groups: NavGroup[] } {
  const { canRead, loading } = usePermissions();
  const own = SCREENS.filter((s) => !s.public && !s.aliasOf);
  const screens = loading ? [] : own.filter((s) => canSee(s, canRead));
  return { screens, groups: navGroups(screens, GROUPS) };
}

export type { Screen };
