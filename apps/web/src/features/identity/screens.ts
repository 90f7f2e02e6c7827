import { type AreaDeclaration, recordHref } from '../../config/screen-types';

const ADMINS = '/admin-panel/controlcenter/settings/admin-management';
const ROLES = '/admin-panel/controlcenter/settings/role-management';
const admins = () => import('./admin-management-page');
const roles = () => import('./role-management-page');

/** Console users and their roles (Settings → People). */
export const identityArea: AreaDeclaration = {
  screens: [
    {
      path: ADMINS,
      label: 'Admins',
      description: 'Add admins, give them a role, disable or remove them',
      group: 'settings',
      section: 'People',
      modules: ['admin-management'],
      nav: true,
      keywords: ['users', 'staff', 'team', 'invite'],
      component: admins,
      records: [{ resource: 'identity/admins', href: recordHref(ADMINS) }],
    },
    {
      path: ROLES,
      label: 'Roles',
      description: 'What each admin role may read and change, and website roles',
      group: 'settings',
      section: 'People',
      modules: ['role-management'],
      nav: true,
      keywords: ['permissions', 'access'],
      component: roles,
      records: [{ resource: 'identity/roles', href: recordHref(ROLES) }],
    },
    // The seeds' user-management route (controlcenter/user-mgmt/all-users) lists the community's
    // contacts (marketing); everyone who signs in to the console is listed under Admins above.
    // Older paths of the same two screens, kept for links and bookmarks.
    { ...alias(ADMINS, '/admin-panel/my-admin', 'Admins', ['admin-management']), component: admins },
    { ...alias(ROLES, '/admin-panel/user-role', 'Roles', ['role-management']), component: roles },
  ],
};

function alias(of: string, path: string, label: string, modules: string[]) {
  return { path, label, description: label, group: 'settings' as const, modules, nav: false, aliasOf: of };
}
