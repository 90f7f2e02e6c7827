import { type AreaDeclaration, drawerRecord } from '../../config/screen-types';

const OUTBOX = '/admin-panel/notifications';
const PERF = '/admin-panel/controlcenter/performance';

/** What the community sent and what the server recorded (Settings → Activity). */
export const opsArea: AreaDeclaration = {
  screens: [
    {
      path: OUTBOX,
      label: 'Sent messages',
      description: 'Every email and message the community sent',
      group: 'settings',
      section: 'Activity',
      modules: ['notifications'],
      nav: true,
      keywords: ['outbox', 'email', 'notifications'],
      component: () => import('./notifications-page'),
      records: [{ resource: 'ops/outbox', href: drawerRecord(OUTBOX) }],
    },
    {
      path: `${PERF}/error-log`,
      label: 'Error log',
      description: 'Errors the server recorded',
      group: 'settings',
      section: 'Activity',
      modules: ['performance'],
      nav: true,
      component: () => import('./error-log-page'),
    },
    {
      path: `${PERF}/application-log`,
      label: 'Application log',
      description: 'Sign-ins and other application events',
      group: 'settings',
      section: 'Activity',
      modules: ['performance'],
      nav: true,
      keywords: ['audit', 'history'],
      component: () => import('./application-log-page'),
    },
  ],
};
