import { canSee, GROUPS, SCREENS, type Screen } from '../../config/screens';
import { usePermissions } from '../../lib/permissions';

export interface NavSection {
  label: string | null;
  screens: Screen[];
}

export interface NavGroup {
  key: string;
  label: string;
  sections: NavSection[];
  screens: Screen[];
}

/** Screens of a group split into its sections, in the order they are declared. */
function sectionsOf(screens: Screen[]): NavSection[] {
  const sections: NavSection[] = [];
  for (const s of screens) {
    const label = s.section ?? null;
    const section = sections.find((x) => x.label === label);
    if (section) section.screens.push(s);
    else sections.push({ label, screens: [s] });
  }
  return sections;
}

/** The screens the user's role may read (aliases left out), and the navigation's groups of them. */
export function useVisibleScreens() {
  const { canRead, loading } = usePermissions();
  const own = SCREENS.filter((s) => !s.public && !s.aliasOf);
  const screens = loading ? own.filter((s) => s.modules.length === 0) : own.filter((s) => canSee(s, canRead));
  const groups: NavGroup[] = GROUPS.map((g) => {
    const inNav = screens.filter((s) => s.group === g.key && s.nav);
    return { ...g, screens: inNav, sections: sectionsOf(inNav) };
  }).filter((g) => g.screens.length > 0);
  return { screens, groups };
}

export type { Screen };
