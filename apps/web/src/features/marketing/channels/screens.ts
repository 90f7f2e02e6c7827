import { inSection, type Screen } from '../../../config/screen-types';

const SMS_TEMPLATES = '/admin-panel/SMStemplate';
const PUSH_TEMPLATES = '/admin-panel/pushNotification-template';
const WHATSAPP_TEMPLATES = '/admin-panel/marcom/whatsapp-templates';
const MESSAGES = '/admin-panel/controlcenter/messages';
const SETTINGS = '/admin-panel/controlcenter/settings/channels';

const marketing = inSection({ group: 'marketing', section: 'Channels', modules: ['marketing-channels'] });
const settings = inSection({ group: 'settings', section: 'Channels', modules: ['marketing-channels'] });

const smsTemplates = () => import('./sms-templates-page');
/** Another path of the SMS templates screen, served but neither in the navigation nor the palette. */
const smsTemplatesAlias = (path: string) => ({
  path,
  label: 'SMS templates',
  description: 'SMS templates',
  nav: false,
  aliasOf: SMS_TEMPLATES,
  component: smsTemplates,
});

/** Marketing → channels: SMS, push and WhatsApp templates, one-off messages; Settings → channel settings. */
export const channelsScreens: Screen[] = [
  marketing({
    path: SMS_TEMPLATES,
    label: 'SMS templates',
    description: 'SMS texts with merge tags, counted in GSM-7 or Unicode segments; sender id and DLT template id.',
    keywords: ['sms', 'text message', 'dlt', 'segments'],
    component: smsTemplates,
    drawer: 'marketing/sms-templates',
  }),
  // The seed's other paths of the same screen (the saved-template page and the settings library).
  marketing(smsTemplatesAlias('/admin-panel/SMStemplate-complete')),
  settings(smsTemplatesAlias('/admin-panel/controlcenter/settings/SMS-templates')),
  marketing({
    path: PUSH_TEMPLATES,
    label: 'Push templates',
    description: 'Web push notifications: title, message, icon, image and link, previewed on a phone and a desktop.',
    keywords: ['push notification', 'web push', 'notification template'],
    component: () => import('./push-templates-page'),
    drawer: 'marketing/push-templates',
  }),
  marketing({
    path: WHATSAPP_TEMPLATES,
    label: 'WhatsApp templates',
    description: 'WhatsApp message templates with numbered variables and buttons, approved by WhatsApp.',
    keywords: ['whatsapp', 'template approval', 'cloud api'],
    component: () => import('./whatsapp-templates-page'),
    beyondContract: 'The seeds call the WhatsApp template API (core /marcom/whatsapp/*) but name no screen for it',
    drawer: 'marketing/whatsapp-templates',
  }),
  marketing({
    path: MESSAGES,
    label: 'Messages',
    description: 'Send a one-off email or SMS to a contact, and see what was sent, when, and how it went.',
    keywords: ['cc email', 'cc sms', 'send email', 'send sms', 'message history'],
    component: () => import('./cc-messages-page'),
    beyondContract: 'The seeds call /controlCenter/ccEmail and ccSms but name no screen for one-off messages',
    drawer: 'marketing/cc-messages',
  }),
  settings({
    path: `${SETTINGS}/email`,
    label: 'Email settings',
    description: 'SMTP server or the installation’s mail, sender identities, DKIM.',
    keywords: ['smtp', 'dkim', 'sender'],
    component: () => import('./email-settings-page'),
    beyondContract: 'The seeds read the email config (/marcom/email/getEmailConfig) but name no settings screen',
  }),
  settings({
    path: `${SETTINGS}/sms`,
    label: 'SMS settings',
    description: 'The SMS gateway: address, credentials and sender id.',
    keywords: ['sms gateway', 'sender id'],
    component: () => import('./sms-settings-page'),
    beyondContract: 'The seeds read and write the SMS config (/marcom/sms/*SmsConfig) but name no settings screen',
  }),
  settings({
    path: `${SETTINGS}/whatsapp`,
    label: 'WhatsApp settings',
    description: 'WhatsApp Cloud API: phone number id, business account, token and webhook verify token.',
    keywords: ['whatsapp', 'cloud api', 'meta'],
    component: () => import('./whatsapp-settings-page'),
    beyondContract: 'The seeds read and write the WhatsApp config (core /marcom/whatsapp/*Config) but name no screen',
  }),
  settings({
    path: `${SETTINGS}/push`,
    label: 'Web push settings',
    description: 'This community’s VAPID keys for web push.',
    keywords: ['vapid', 'web push'],
    component: () => import('./push-settings-page'),
    beyondContract: 'Web push needs per-community VAPID keys; the seeds name no screen for them',
  }),
];
