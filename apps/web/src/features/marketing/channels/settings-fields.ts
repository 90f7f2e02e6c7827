import type { SettingsChannel } from './channels-api';

/** A shown (not secret) setting of a provider, as the settings form edits it. */
export interface ConfigField {
  key: string;
  label: string;
  kind: 'text' | 'number' | 'switch';
  help?: string;
  placeholder?: string;
  required?: boolean;
}

/** The shown settings of each channel's providers (the server's settings/schemas.ts checks them). */
export const CONFIG_FIELDS: Record<SettingsChannel, Record<string, ConfigField[]>> = {
  email: {
    default: [],
    smtp: [
      { key: 'host', label: 'SMTP host', kind: 'text', placeholder: 'smtp.example.com', required: true },
      { key: 'port', label: 'Port', kind: 'number', help: '587 (STARTTLS) or 465 (TLS)' },
      { key: 'secure', label: 'TLS from the start (port 465)', kind: 'switch' },
      { key: 'username', label: 'User name', kind: 'text' },
      { key: 'dkimDomain', label: 'DKIM domain', kind: 'text', placeholder: 'example.com', help: 'Optional: sign messages with DKIM' },
      { key: 'dkimSelector', label: 'DKIM selector', kind: 'text', placeholder: 'mail' },
    ],
  },
  sms: {
    outbox: [{ key: 'senderId', label: 'Sender id', kind: 'text', help: 'Shown on recorded messages' }],
    http: [
      {
        key: 'baseUrl',
        label: 'Gateway address',
        kind: 'text',
        placeholder: 'https://sms.example.com/api',
        required: true,
        help: 'Messages are POSTed as JSON to <address>/messages',
      },
      { key: 'senderId', label: 'Sender id', kind: 'text', placeholder: 'ATRIUM', required: true },
      { key: 'username', label: 'Account user (optional)', kind: 'text' },
    ],
  },
  whatsapp: {
    outbox: [],
    cloud_api: [
      { key: 'phoneNumberId', label: 'Phone number id', kind: 'text', required: true },
      { key: 'businessAccountId', label: 'WhatsApp business account id', kind: 'text', required: true },
      { key: 'graphUrl', label: 'Graph API address', kind: 'text', placeholder: 'https://graph.facebook.com/v21.0' },
      {
        key: 'appId',
        label: 'Meta app id',
        kind: 'text',
        help: 'Needed for image, video and document headers: they are uploaded to this app',
      },
    ],
  },
  push: {
    webpush: [{ key: 'subject', label: 'Contact (VAPID subject)', kind: 'text', placeholder: 'mailto:you@example.com', required: true }],
  },
};

/** Labels of the secrets, by name. */
export const SECRET_LABELS: Record<string, string> = {
  password: 'SMTP password',
  dkimPrivateKey: 'DKIM private key',
  apiKey: 'API key',
  accessToken: 'Access token',
  webhookVerifyToken: 'Webhook verify token',
  appSecret: 'App secret (signs webhook deliveries)',
  vapidPrivateKey: 'VAPID private key',
};

export const CHANNEL_LABELS: Record<SettingsChannel, string> = { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp', push: 'Web push' };
