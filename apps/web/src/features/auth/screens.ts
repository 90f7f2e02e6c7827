import type { AreaDeclaration } from '../../config/screen-types';

/** Sign-in and password reset: public, outside the session guard. */
export const authArea: AreaDeclaration = {
  screens: [
    {
      path: '/login',
      label: 'Sign in',
      description: 'Sign in to the console',
      group: 'home',
      modules: [],
      nav: false,
      public: true,
      component: () => import('./login-page'),
    },
    {
      path: '/forgot-password',
      label: 'Forgot password',
      description: 'Get a link to set a new password',
      group: 'home',
      modules: [],
      nav: false,
      public: true,
      component: () => import('./forgot-password-page'),
    },
  ],
};
