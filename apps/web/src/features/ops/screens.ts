import { type AreaDeclaration, inSection } from '../../config/screen-types';

const OUTBOX = '/admin-panel/notifications';
const PERF = '/admin-panel/controlcenter/performance';
const activity = inSection({ group: 'settings', section: 'Activity', modules: ['performance'] });

/** What the community sent and what the server recorded (Settings → Activity). */
export const opsArea: AreaDeclaration = {
  screens: [
    activity({
      path: OUTBOX,
      label: 'Sent messages',
      description: 'Every email and message the community sent',
      modules: ['notifications'],
      keywords: ['outbox', 'email', 'notifications'],
      component: () => import('./notifications-page'),
      drawer: 'ops/outbox',
    }),
    activity({
      path: `${PERF}/error-log`,
      label: 'Error log',
      description: 'Errors the server recorded',
      component: () => import('./error-log-page'),
    }),
    activity({
      path: `${PERF}/application-log`,
      label: 'Application log',
      description: 'Sign-ins and other application events',
      keywords: ['audit', 'history'],
      component: () => import('./application-log-page'),
    }),
  ],
};
