import type { AreaDeclaration } from '../../config/screen-types';
import { inSection, recordPage, type Screen } from '../../config/screen-types';

const campaigns = inSection({ group: 'marketing', section: 'Campaigns', modules: ['campaigns'] });
/** A campaigns screen that shows one record (`?record=<id>`: a draft in a composer, a launched campaign, a report, a drip). */
const onRecord = (entry: Parameters<typeof campaigns>[0]) => campaigns(recordPage(entry));
const composer = (name: 'EmailComposer' | 'SmsComposer' | 'PushComposer' | 'WhatsappComposer') => () =>
  import('./composer-page').then((m) => ({ default: m[name] }));
const outcome = (name: 'default' | 'FailurePage' | 'WhatsappCompletePage') => () =>
  import('./outcome-page').then((m) => ({ default: m[name] }));

/** Campaigns: the hub, a composer per channel, the outcome of a launch, the list, a report, the calendar, push and WhatsApp reports. */
const screens: Screen[] = [
  campaigns({
    path: '/admin-panel/marcom',
    label: 'Marketing hub',
    description: 'Figures across channels and the recent campaigns.',
    component: () => import('./hub-page'),
  }),
  onRecord({
    path: '/admin-panel/marcom/email-campaign',
    label: 'New email campaign',
    description: 'Compose an email campaign to an audience.',
    component: composer('EmailComposer'),
  }),
  onRecord({
    path: '/admin-panel/marcom/sms-campaign',
    label: 'New SMS campaign',
    description: 'Compose an SMS campaign.',
    component: composer('SmsComposer'),
  }),
  onRecord({
    path: '/admin-panel/marcom/pushNotification-campaign',
    label: 'New push campaign',
    description: 'Compose a web push campaign.',
    component: composer('PushComposer'),
  }),
  onRecord({
    path: '/admin-panel/marcom/whatsapp-campaign',
    label: 'New WhatsApp campaign',
    description: 'Send an approved WhatsApp template to an audience.',
    component: composer('WhatsappComposer'),
  }),
  onRecord({
    path: '/admin-panel/marcom/success',
    label: 'Campaign launched',
    description: 'The outcome of a launch.',
    nav: false,
    palette: false,
    component: outcome('default'),
  }),
  campaigns({
    path: '/admin-panel/marcom/failure',
    label: 'Campaign not sent',
    description: 'Why a launch failed.',
    nav: false,
    palette: false,
    component: outcome('FailurePage'),
  }),
  onRecord({
    path: '/admin-panel/whatsappcampaign-complete',
    label: 'WhatsApp campaign ready',
    description: "The WhatsApp wizard's last step.",
    nav: false,
    palette: false,
    component: outcome('WhatsappCompletePage'),
  }),
  campaigns({
    path: '/admin-panel/my-campaign',
    label: 'My campaigns',
    description: 'Every campaign by channel and status.',
    component: () => import('./my-campaigns-page'),
  }),
  onRecord({
    path: '/admin-panel/campaign-details',
    label: 'Campaign report',
    description: 'Sent, delivered, opened, clicked, bounced; the timeline, top links and recipients.',
    nav: false,
    palette: false,
    component: () => import('./details-page'),
  }),
  campaigns({
    path: '/admin-panel/calendar',
    label: 'Calendar',
    description: 'Scheduled and sent campaigns and marketing events.',
    component: () => import('./calendar-page'),
  }),
  onRecord({
    path: '/admin-panel/marcom/drips',
    label: 'Drips',
    description: 'Sequences of messages sent after a contact enters an audience.',
    beyondContract: 'Issue 28 asks for drips; the legacy console had none, so no contract route names them',
    component: () => import('./drips-page'),
  }),
  campaigns({
    path: '/admin-panel/whatsapp-bot',
    label: 'WhatsApp bot',
    description: 'Keyword auto-replies to inbound WhatsApp messages and hand-off to a person.',
    component: () => import('./whatsapp-bot-page'),
  }),
  campaigns({
    path: '/admin-panel/push-notification',
    label: 'Push subscribers',
    description: 'Browsers registered for web push.',
    resource: 'campaigns/push-subscriptions',
  }),
  campaigns({
    path: '/admin-panel/whatsapp-report',
    label: 'WhatsApp report',
    description: 'Delivery and read rates of WhatsApp campaigns.',
    component: () => import('./hub-page').then((m) => ({ default: m.WhatsappReportPage })),
  }),
];

export const campaignsArea: AreaDeclaration = { screens };
