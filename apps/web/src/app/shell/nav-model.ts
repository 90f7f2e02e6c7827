import type { NavGroupDeclaration, Screen } from '../../config/screen-types';

/**
 * The navigation as data (no React): groups and sections from the screen table, search over it,
 * starred and recent pages. The top navigation, the phone drawer and the "All pages" menu render it.
 */
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
export function sectionsOf(screens: Screen[]): NavSection[] {
  const sections: NavSection[] = [];
  for (const s of screens) {
    const label = s.section ?? null;
    const section = sections.find((x) => x.label === label);
    if (section) section.screens.push(s);
    else sections.push({ label, screens: [s] });
  }
  return sections;
}

/** The declared groups with the navigation screens given, in the groups' order; empty groups left out. */
export function navGroups(screens: Screen[], groups: NavGroupDeclaration[]): NavGroup[] {
  return [...groups]
    .sort((a, b) => a.order - b.order)
    .map((g) => {
      const inNav = screens.filter((s) => s.group === g.key && s.nav);
      return { key: g.key, label: g.label, screens: inNav, sections: sectionsOf(inNav) };
    })
    .filter((g) => g.screens.length > 0);
}

/**
 * How well a screen matches what was typed: its name first (a word of it starting with the query, then
 * anywhere in it), then a keyword or a word of its description starting with the query, then a match
 * inside a word ("version" inside "conversion" comes last). Equal ranks keep the screen table's order.
 */
export function screenRank(screen: { label: string; description: string; keywords?: string[] }, q: string): number {
  if (!q) return 0;
  const words = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u);
  const label = screen.label.toLowerCase();
  if (words(label).some((w) => w.startsWith(q))) return 0;
  if (label.includes(q)) return 1;
  if ([...(screen.keywords ?? []).flatMap(words), ...words(screen.description)].some((w) => w.startsWith(q))) return 2;
  return 3;
}

export interface NavHit {
  screen: Screen;
  /** Where it is: "Shop · Catalogue". */
  place: string;
}

/** The navigation's screens matching a query (name, group, section, keywords, description), best first. */
export function searchNav(groups: NavGroup[], query: string): NavHit[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const hits: (NavHit & { rank: number; order: number })[] = [];
  for (const group of groups) {
    for (const section of group.sections) {
      const place = section.label && group.sections.length > 1 ? `${group.label} · ${section.label}` : group.label;
      for (const screen of section.screens) {
        const text = `${screen.label} ${place} ${screen.description} ${(screen.keywords ?? []).join(' ')}`.toLowerCase();
        if (!text.includes(q)) continue;
        // A group's or section's name ("shop") finds its screens right after the screens named so.
        const rank = Math.min(
          screenRank(screen, q),
          place
            .toLowerCase()
            .split(/[^\p{L}\p{N}]+/u)
            .some((w) => w.startsWith(q))
            ? 1
            : 3,
        );
        hits.push({ screen, place, rank, order: hits.length });
      }
    }
  }
  return hits.sort((a, b) => a.rank - b.rank || a.order - b.order).map(({ screen, place }) => ({ screen, place }));
}

/** At most this many starred pages per user (seed 001 §9). */
export const STAR_LIMIT = 10;

/** Starring a page adds it at the end, starring it again removes it; null when the limit is reached. */
export function toggleStar(starred: string[], path: string): string[] | null {
  if (starred.includes(path)) return starred.filter((p) => p !== path);
  if (starred.length >= STAR_LIMIT) return null;
  return [...starred, path];
}

/** Pages visited in this session, the latest first, each once. */
export const RECENT_LIMIT = 5;
export function rememberPage(recent: string[], path: string): string[] {
  return [path, ...recent.filter((p) => p !== path)].slice(0, RECENT_LIMIT);
}

/** The screens of some paths, in their order, leaving out paths the user cannot see (or that no longer exist). */
export function screensOf(paths: string[], screens: Screen[]): Screen[] {
  const byPath = new Map(screens.map((s) => [s.path, s]));
  return paths.map((p) => byPath.get(p)).filter((s): s is Screen => s !== undefined);
}
