import { type AreaDeclaration, drawerRecord } from '../../config/screen-types';

const CC = '/admin-panel/controlcenter';
const ERRORS = `${CC}/settings/error-management`;

/** The community's settings (Settings → Community). */
export const settingsArea: AreaDeclaration = {
  screens: [
    {
      path: CC,
      label: 'All settings',
      description: 'Every setting of the community in one place',
      group: 'settings',
      section: 'Community',
      modules: [],
      nav: true,
      keywords: ['control center', 'settings'],
      component: () => import('./controlcenter-page'),
    },
    {
      path: '/admin-panel/branding',
      label: 'Branding',
      description: 'Logo, favicon and brand colour',
      group: 'settings',
      section: 'Community',
      modules: ['branding'],
      nav: true,
      keywords: ['logo', 'colour', 'color', 'favicon'],
      component: () => import('./branding-page'),
    },
    {
      path: ERRORS,
      label: 'Error messages',
      description: 'The messages users see for each error code',
      group: 'settings',
      section: 'Community',
      modules: ['error-management'],
      nav: true,
      keywords: ['error management', 'error codes'],
      component: () => import('./error-management-page'),
      records: [{ resource: 'settings/error-codes', href: drawerRecord(ERRORS) }],
    },
    {
      path: `${CC}/settings/version`,
      label: 'Version',
      description: 'Product version and database engine',
      group: 'settings',
      section: 'Community',
      modules: ['version'],
      nav: true,
      component: () => import('./version-page'),
    },
  ],
};
