import { AREAS, canSee, SCREENS, type Screen } from '../../config/screens';
import { usePermissions } from '../../lib/permissions';

/** The screens the user's role may read, grouped by area, in navigation order. */
export function useVisibleScreens() {
  const { canRead, loading } = usePermissions();
  const screens = loading ? SCREENS.filter((s) => s.modules.length === 0) : SCREENS.filter((s) => canSee(s, canRead));
  const groups = AREAS.map((area) => ({ ...area, screens: screens.filter((s) => s.area === area.key && s.nav) })).filter(
    (g) => g.screens.length > 0,
  );
  return { screens, groups };
}

export type { Screen };
