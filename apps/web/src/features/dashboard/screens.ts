import { type AreaDeclaration, inSection } from '../../config/screen-types';

/** Every signed-in user's own screens. */
const home = inSection({ group: 'home', modules: [] });

/** The dashboard and the signed-in user's own profile. */
export const homeArea: AreaDeclaration = {
  groups: [{ key: 'home', label: 'Dashboard', order: 0 }],
  screens: [
    home({
      path: '/admin-panel/dashboard',
      label: 'Dashboard',
      description: 'What needs your attention, and what changed',
      keywords: ['home', 'overview', 'start'],
      component: () => import('./dashboard-page'),
    }),
    home({
      path: '/profile-v',
      label: 'My profile',
      description: 'Name, phone, theme and password',
      nav: false,
      keywords: ['account', 'password', 'theme'],
      component: () => import('../profile/profile-page'),
    }),
  ],
};
