import type { ComponentType } from 'react';
import type { FieldAssistDeclaration } from '../kit/field-assists';
import type { ListView } from '../kit/list-view';

/** A lazily loaded component: its own chunk. */
export type LazyComponent = () => Promise<{ default: ComponentType }>;

/** A module of an area whose default export is what a list screen adds to the kit's (`ListView`). */
export type LazyListView = () => Promise<{ default: ListView }>;

/** One tab of a list screen of several resources (`?tab=<value>`, absent for the first). */
export interface ListTab {
  value: string;
  label: string;
  resource: string;
  view?: LazyListView;
  readOnly?: boolean;
}

/** A navigation group's key; the group itself is declared by an area (`AreaDeclaration.groups`). */
export type GroupKey = string;

/**
 * A navigation group an area declares (Website, Shop, Marketing…): any area may then put screens in
 * it. `order` places it among the others (Dashboard 0, Settings last at 100); `areas` are the server's
 * module areas (GET /api/v1/meta/modules → area) it stands for, named the same in the roles' matrix.
 */
export interface NavGroupDeclaration {
  key: GroupKey;
  label: string;
  order: number;
  areas?: string[];
}

/** How a record found by the command palette opens: the screen's URL for one record. */
export interface RecordLink {
  /** The resource (e.g. site/products) whose records this screen opens. */
  resource: string;
  /** The URL of one record (e.g. `/admin-panel/productDesign?record=…`). */
  href: (id: string) => string;
}

/**
 * One screen of the console, declared once by its area. The router, the navigation, the command
 * palette, the control-center hub, the registered-path list and the route tests all read it.
 */
export interface Screen {
  /** Absolute path, e.g. /admin-panel/productDesign. */
  path: string;
  /** The one name of the screen (navigation, palette, hub). */
  label: string;
  description: string;
  /** Navigation group, and the section inside it (e.g. website → "Catalogue"). */
  group: GroupKey;
  section?: string;
  /** Permission modules that grant read access (any one suffices); empty = every signed-in user. */
  modules: string[];
  /** Shown in the navigation (editors reached from lists and aliases are not). */
  nav: boolean;
  /** Offered by the command palette (default true; false for editors that need a record). */
  palette?: boolean;
  /** Extra words the command palette matches. */
  keywords?: string[];
  /** An older path kept for links and bookmarks: served, but neither in the navigation nor the palette. */
  aliasOf?: string;
  /** No session needed (sign-in, password reset). */
  public?: boolean;
  /** The screen's component; absent with `resource` or `tabs` = the kit's list screen (no file of its own). */
  component?: LazyComponent;
  /**
   * A list-plus-record screen: the resource it lists, rendered by the kit's ResourceScreen — the list,
   * and the record open in `?record=<id>` (`new` for a new one) in a drawer or in place of the list.
   */
  resource?: string;
  /** With `resource`: what the screen adds — widgets above the list, cells, its own record panel or editor. */
  view?: LazyListView;
  /** With `resource`: no create button or form (the view's record panel may still act on a record). */
  readOnly?: boolean;
  /** Instead of `resource`: several resources' lists, one tab each (`?tab=<value>&record=<id>`). */
  tabs?: ListTab[];
  /**
   * Older URL parameters that opened a record here, kept for links already sent (mails, notifications,
   * bookmarks): `?<param>=<id>` leads to `?record=<id>`, with the parameters given (e.g. its tab).
   */
  recordParams?: Record<string, Record<string, string>>;
  /**
   * Other older parameter names kept for links already sent: `?<old>=<value>` leads to `?<new>=<value>`
   * (an editor's `?from=<id>` is now `?copy=<id>`).
   */
  renamedParams?: Record<string, string>;
  /**
   * An older page that moved into a list screen (a record's own editor page): it leads to `movedTo`
   * (e.g. `/admin-panel/home?record=new`), its `?id=<id>` becoming `?record=<id>`.
   */
  movedTo?: string;
  /** With `resource`: the resource holds one record per community, shown as its form (the kit's SettingsScreen). */
  settings?: boolean;
  /**
   * A screen the contract's route list does not name (a setting the seeds never had a screen for):
   * why it exists. Every other path must be a contract route, so a mistyped path cannot slip in.
   */
  beyondContract?: string;
  /** Records of these resources open on this screen (the command palette's record results). */
  records?: RecordLink[];
}

/** A dashboard card an area adds (orders to ship, campaigns running…), shown to roles reading its modules. */
export interface DashboardCard {
  key: string;
  modules: string[];
  component: LazyComponent;
  /** `lead`: first on the dashboard, full width (an area's headline numbers); else in the cards' grid. */
  placement?: 'lead' | 'grid';
  /** The height (px, per breakpoint) the card takes: kept free while its code loads, so nothing below moves. */
  reserve?: Partial<Record<'base' | 'xs' | 'sm' | 'md' | 'lg' | 'xl', number>>;
}

/**
 * A notice an area shows above every screen of the console (a past-due subscription…), to roles
 * reading its modules. Its component renders nothing when there is nothing to say; it loads after
 * the screen and must not move it much (one short line).
 */
export interface ConsoleNotice {
  key: string;
  modules: string[];
  component: LazyComponent;
}

/** Everything an area declares for the console. */
export interface AreaDeclaration {
  /** Navigation groups this area introduces (its screens may also join groups other areas declare). */
  groups?: NavGroupDeclaration[];
  screens: Screen[];
  cards?: DashboardCard[];
  notices?: ConsoleNotice[];
  /** Helpers beside other areas' form fields, keyed by resource and field (kit/field-assists.tsx). */
  assists?: FieldAssistDeclaration[];
}

/** The URL of a record on its screen, a list's drawer or page or a record's own page: `?record=<id>`, the one convention. */
export const recordHref = (path: string) => (id: string) => `${path}?record=${encodeURIComponent(id)}`;

/**
 * A record's own page outside any list (an editor, a report): it reads `?record=<id>` (and `?copy=<id>`
 * where it copies one) like every list screen; the seed's `?id=<id>`, and older names given in
 * `renamed` (e.g. `{ from: 'copy' }`), lead there by the route's redirect (`recordParams`, `renamedParams`).
 */
export const recordPage = <E extends Partial<Screen>>(entry: E, renamed?: Record<string, string>) => ({
  ...entry,
  recordParams: { id: {}, ...entry.recordParams },
  ...(renamed ? { renamedParams: { ...renamed, ...entry.renamedParams } } : {}),
});

/**
 * A screen as its area writes it when the section's defaults (group, section, modules, nav) give the rest.
 * `drawer` names a resource whose records open in this screen's own drawer (`?record=<id>` on its path).
 */
export type ScreenEntry = Pick<Screen, 'path' | 'label' | 'description'> & Partial<Screen> & { drawer?: string };

/** The screen an entry declares: its `drawer` resource becomes the first of its record links. */
export function fromEntry<E extends Pick<Screen, 'path'> & Partial<Screen> & { drawer?: string }>({
  drawer,
  ...screen
}: E): Omit<E, 'drawer'> {
  if (!drawer) return screen;
  return { ...screen, records: [{ resource: drawer, href: recordHref(screen.path) }, ...(screen.records ?? [])] };
}

/**
 * The screens of one navigation section: `inSection({ group: 'shop', section: 'Selling', modules: ['commerce-orders'] })`
 * makes each entry a screen of it, in the navigation unless the entry says `nav: false`. Without `modules`
 * here, each entry must name its own (no screen is open to every role by omission).
 */
export const inSection =
  <D extends Pick<Screen, 'group'> & Partial<Screen>>(defaults: D) =>
  (entry: ScreenEntry & (D extends Pick<Screen, 'modules'> ? unknown : Pick<Screen, 'modules'>)): Screen =>
    ({ nav: true, ...defaults, ...fromEntry(entry) }) as Screen;
