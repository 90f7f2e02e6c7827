import { authArea } from '../features/auth/screens';
import { billingArea } from '../features/billing/screens';
import { builderArea } from '../features/builder/screens';
import { campaignsArea } from '../features/campaigns/screens';
import { commerceArea } from '../features/commerce/screens';
import { contactUsArea } from '../features/contact-us/screens';
import { homeArea } from '../features/dashboard/screens';
import { identityArea } from '../features/identity/screens';
import { marketingArea } from '../features/marketing/screens';
import { opsArea } from '../features/ops/screens';
import { paymentsArea } from '../features/payments/screens';
import { settingsArea } from '../features/settings/screens';
import { siteArea } from '../features/site/screens';
import type { FieldAssistDeclaration } from '../kit/field-assists';
import type { AreaDeclaration, ConsoleNotice, DashboardCard, NavGroupDeclaration, RecordLink, Screen } from './screen-types';

export type { AreaDeclaration, DashboardCard, GroupKey, NavGroupDeclaration, RecordLink, Screen } from './screen-types';

/**
 * The screen table: every area's declaration, in navigation order. An area adds its screens (and
 * dashboard cards) by adding its declaration here; nothing else lists paths.
 */
const AREA_DECLARATIONS: AreaDeclaration[] = [
  authArea,
  homeArea,
  siteArea,
  commerceArea,
  contactUsArea,
  marketingArea,
  builderArea,
  campaignsArea,
  identityArea,
  settingsArea,
  paymentsArea,
  billingArea,
  opsArea,
];

export const SCREENS: Screen[] = AREA_DECLARATIONS.flatMap((a) => a.screens);
export const DASHBOARD_CARDS: DashboardCard[] = AREA_DECLARATIONS.flatMap((a) => a.cards ?? []);
export const CONSOLE_NOTICES: ConsoleNotice[] = AREA_DECLARATIONS.flatMap((a) => a.notices ?? []);
/** The areas' helpers beside form fields (the shell hands them to the kit's forms). */
export const FIELD_ASSISTS: FieldAssistDeclaration[] = AREA_DECLARATIONS.flatMap((a) => a.assists ?? []);

/** The navigation's groups as the areas declare them, in order (a group shows only when the role sees one of its screens). */
export const GROUPS: NavGroupDeclaration[] = AREA_DECLARATIONS.flatMap((a) => a.groups ?? []).sort((a, b) => a.order - b.order);

/** Every path the console serves (routes tests and the e2e checks iterate over it). */
export const REGISTERED_PATHS: string[] = SCREENS.map((s) => s.path);

/** Public routes: no session needed. */
export const PUBLIC_PATHS: string[] = SCREENS.filter((s) => s.public).map((s) => s.path);

/** Which screen opens a resource's records, and how (the command palette, the dashboard's links). */
export const RECORD_LINKS: Record<string, RecordLink> = Object.fromEntries(
  SCREENS.flatMap((s) => s.records ?? []).map((link) => [link.resource, link]),
);

/** The screen that lists a resource's records (resource → path). */
export const LIST_SCREENS: Record<string, string> = Object.fromEntries(
  SCREENS.flatMap((s) => (s.aliasOf ? [] : (s.records ?? []).map((link) => [link.resource, s.path]))),
);

export const screenByPath = (path: string): Screen | undefined => SCREENS.find((s) => s.path === path);

export type Readable = (module: string) => boolean;

export function canSee(screen: Screen, readable: Readable): boolean {
  return screen.modules.length === 0 || screen.modules.some(readable);
}
