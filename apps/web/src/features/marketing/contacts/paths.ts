/** The contacts screen keeps the seeds' user-management route; import and suppressions are its tabs. */
export const CONTACTS = '/admin-panel/controlcenter/user-mgmt/all-users';

export const CHANNELS = [
  { key: 'email', label: 'Email', column: 'emailConsent' },
  { key: 'sms', label: 'SMS', column: 'smsConsent' },
  { key: 'whatsapp', label: 'WhatsApp', column: 'whatsappConsent' },
  { key: 'push', label: 'Push', column: 'pushConsent' },
] as const;
export type ChannelKey = (typeof CHANNELS)[number]['key'];

export const CONSENT_LABELS: Record<string, string> = { opted_in: 'Opted in', opted_out: 'Opted out', unknown: 'Unknown' };
