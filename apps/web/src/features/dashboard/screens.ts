import type { AreaDeclaration } from '../../config/screen-types';

/** The dashboard and the signed-in user's own profile. */
export const homeArea: AreaDeclaration = {
  screens: [
    {
      path: '/admin-panel/dashboard',
      label: 'Dashboard',
      description: 'What needs your attention, and what changed',
      group: 'home',
      modules: [],
      nav: true,
      keywords: ['home', 'overview', 'start'],
      component: () => import('./dashboard-page'),
    },
    {
      path: '/profile-v',
      label: 'My profile',
      description: 'Name, phone, theme and password',
      group: 'home',
      modules: [],
      nav: false,
      keywords: ['account', 'password', 'theme'],
      component: () => import('../profile/profile-page'),
    },
  ],
};
