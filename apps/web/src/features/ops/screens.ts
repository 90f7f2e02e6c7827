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
      path: `${PERF}/event-deliveries`,
      label: 'Event deliveries',
      description: 'What each module did after a change was saved; failed ones can run again',
      keywords: ['events', 'subscribers', 'retry', 'operations'],
      beyondContract: 'Domain events are new to the kit (issue 25): the seeds had no screen for them',
      component: () => import('./event-deliveries-page'),
      drawer: 'ops/event-deliveries',
    }),
    activity({
      path: `${PERF}/workflow-runs`,
      label: 'Workflow runs',
      description: 'Processes of several steps, where each stands; failed ones can be retried',
      keywords: ['workflows', 'steps', 'compensation', 'retry', 'operations'],
      beyondContract: 'Durable workflows are new to the kit (issue 25): the seeds had no screen for them',
      component: () => import('./workflow-runs-page'),
      drawer: 'ops/workflow-runs',
    }),
    activity({
      path: `${PERF}/background-jobs`,
      label: 'Background jobs',
      description: "Every module's jobs, schedules and event subscriptions",
      keywords: ['jobs', 'schedules', 'cron', 'operations'],
      beyondContract: 'The declared module lifecycle is new to the kit (issue 25): the seeds had no screen for it',
      component: () => import('./background-jobs-page'),
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
