import { type AreaDeclaration, inSection } from '../../config/screen-types';

const CC = '/admin-panel/controlcenter';
const ERRORS = `${CC}/settings/error-management`;
/** Each screen names the permission module that grants it. */
const community = inSection({ group: 'settings', section: 'Community' });

/** The community's settings (Settings → Community). */
export const settingsArea: AreaDeclaration = {
  groups: [{ key: 'settings', label: 'Settings', order: 100, areas: ['settings'] }],
  screens: [
    community({
      path: CC,
      label: 'All settings',
      description: 'Every setting of the community in one place',
      modules: [],
      keywords: ['control center', 'settings'],
      component: () => import('./controlcenter-page'),
    }),
    community({
      path: '/admin-panel/branding',
      label: 'Branding',
      description: 'Logo, favicon and brand colour',
      modules: ['branding'],
      keywords: ['logo', 'colour', 'color', 'favicon'],
      component: () => import('./branding-page'),
    }),
    community({
      path: ERRORS,
      label: 'Error messages',
      description: 'The messages users see for each error code',
      modules: ['error-management'],
      keywords: ['error management', 'error codes'],
      component: () => import('./error-management-page'),
      drawer: 'settings/error-codes',
    }),
    community({
      path: `${CC}/settings/version`,
      label: 'Version',
      description: 'Product version and database engine',
      modules: ['version'],
      component: () => import('./version-page'),
    }),
  ],
};
