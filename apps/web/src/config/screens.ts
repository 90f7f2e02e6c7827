import { SITE_RESOURCE_SCREENS, SITE_SCREENS } from '../features/site/screens';

/**
 * The screens of the console the navigation, the command palette and the control-center hub show.
 * Each names the permission modules it reads (any one suffices); the navigation hides the rest.
 */
export type AreaKey = 'dashboard' | 'people' | 'controlcenter' | 'performance' | 'notifications' | 'content';

export interface Screen {
  path: string;
  label: string;
  area: AreaKey;
  /** Permission modules that grant read access; empty = every signed-in user. */
  modules: string[];
  description: string;
  /** Shown in the top navigation (aliases are reachable but not repeated there). */
  nav?: boolean;
}

export const AREAS: { key: AreaKey; label: string }[] = [
  { key: 'dashboard', label: 'Dashboard' },
  { key: 'people', label: 'People' },
  { key: 'controlcenter', label: 'Control center' },
  { key: 'performance', label: 'Performance' },
  { key: 'notifications', label: 'Notifications' },
  { key: 'content', label: 'Website content' },
];

const P = '/admin-panel';

export const SCREENS: Screen[] = [
  { path: `${P}/dashboard`, label: 'Dashboard', area: 'dashboard', modules: [], description: 'Figures and recent activity', nav: true },
  {
    path: `${P}/my-admin`,
    label: 'Admins',
    area: 'people',
    modules: ['admin-management'],
    description: 'Console users of the community',
    nav: true,
  },
  {
    path: `${P}/user-role`,
    label: 'Roles',
    area: 'people',
    modules: ['role-management'],
    description: 'What each role may read and change',
    nav: true,
  },
  {
    path: `${P}/controlcenter/user-mgmt/all-users`,
    label: 'All users',
    area: 'people',
    modules: ['admin-management'],
    description: 'Everyone who can sign in, with status and last sign-in',
    nav: true,
  },
  {
    path: `${P}/controlcenter`,
    label: 'Overview',
    area: 'controlcenter',
    modules: [],
    description: 'All settings in one place',
    nav: true,
  },
  {
    path: `${P}/controlcenter/settings/admin-management`,
    label: 'Admin management',
    area: 'controlcenter',
    modules: ['admin-management'],
    description: 'Add, edit and disable admins',
    nav: true,
  },
  {
    path: `${P}/controlcenter/settings/role-management`,
    label: 'Role management',
    area: 'controlcenter',
    modules: ['role-management'],
    description: 'Admin roles, their permissions, and website roles',
    nav: true,
  },
  {
    path: `${P}/controlcenter/settings/error-management`,
    label: 'Error management',
    area: 'controlcenter',
    modules: ['error-management'],
    description: 'The messages users see for each error code',
    nav: true,
  },
  {
    path: `${P}/branding`,
    label: 'Branding',
    area: 'controlcenter',
    modules: ['branding'],
    description: 'Logo, favicon and brand colour',
    nav: true,
  },
  {
    path: `${P}/controlcenter/settings/version`,
    label: 'Version',
    area: 'controlcenter',
    modules: ['version'],
    description: 'Product version and database engine',
    nav: true,
  },
  {
    path: `${P}/controlcenter/performance/error-log`,
    label: 'Error log',
    area: 'performance',
    modules: ['performance'],
    description: 'Errors the server recorded',
    nav: true,
  },
  {
    path: `${P}/controlcenter/performance/application-log`,
    label: 'Application log',
    area: 'performance',
    modules: ['performance'],
    description: 'Sign-ins and other application events',
    nav: true,
  },
  {
    path: `${P}/notifications`,
    label: 'Notifications',
    area: 'notifications',
    modules: ['notifications'],
    description: 'Every email and message the community sent',
    nav: true,
  },
  { path: '/profile-v', label: 'My profile', area: 'dashboard', modules: [], description: 'Name, phone, theme and password' },
  ...SITE_SCREENS,
];

/** Which screen edits a resource's records (for the command palette's record results). */
export const RESOURCE_SCREENS: Record<string, string> = {
  'identity/admins': `${P}/controlcenter/settings/admin-management`,
  'identity/roles': `${P}/controlcenter/settings/role-management`,
  'settings/error-codes': `${P}/controlcenter/settings/error-management`,
  'ops/outbox': `${P}/notifications`,
  ...SITE_RESOURCE_SCREENS,
};

/** Public routes: no session needed. */
export const PUBLIC_PATHS = ['/login', '/forgot-password', `${P}/plans-vue`, '/getapp'];

export type Readable = (module: string) => boolean;

export function canSee(screen: Screen, readable: Readable): boolean {
  return screen.modules.length === 0 || screen.modules.some(readable);
}
