import {
  type CompatCall,
  type CompatEntry,
  type CompatLine,
  compatCrud,
  compatScope,
  compatTable,
  crudLines,
  inCompatTx,
} from '../../../kernel/compat';
import { errors } from '../../../kernel/resources';
import { secretBoxFor } from '../../../kernel/secrets';
import type { SettingsChannel } from '../tables/channels';
import { ccMessageInput, sendCcMessage } from './cc-send';
import { ccMessagesResource } from './resources/cc-messages';
import { pushTemplatesResource } from './resources/push-templates';
import { smsTemplatesResource } from './resources/sms-templates';
import { whatsappTemplatesResource } from './resources/whatsapp-templates';
import { DEFAULT_PROVIDER, PROVIDERS, settingsInput } from './settings/schemas';
import { readSettings, saveSettings } from './settings/store';

const read = 'marketing-channels:read' as const;
const write = 'marketing-channels:write' as const;

const scopeOf = compatScope;

const getConfig =
  (channel: SettingsChannel) =>
  (call: CompatCall): Promise<unknown> =>
    inCompatTx(call, (tx, scope) => readSettings(tx, scope.tenantId, channel));

/**
 * The old clients send one flat object (`{ provider, baseUrl, senderId, apiKey }`): the provider's
 * secret names go to `secrets`, the rest to `config`; nested `{ config, secrets }` is taken as is.
 */
const createConfig =
  (channel: SettingsChannel) =>
  (call: CompatCall): Promise<unknown> => {
    const { provider, config, secrets, ...flat } = call.body as Record<string, unknown>;
    const shape = PROVIDERS[channel][String(provider ?? DEFAULT_PROVIDER[channel])];
    const secretKeys = new Set(Object.keys(shape?.secrets.shape ?? {}));
    const input = settingsInput.safeParse({
      provider,
      config: { ...(config as object), ...Object.fromEntries(Object.entries(flat).filter(([k]) => !secretKeys.has(k))) },
      secrets: { ...(secrets as object), ...Object.fromEntries(Object.entries(flat).filter(([k]) => secretKeys.has(k))) },
    });
    if (!input.success) throw errors.validation(Object.fromEntries(input.error.issues.map((i) => [i.path.join('.'), i.message])));
    return inCompatTx(call, (tx, scope) => saveSettings(secretBoxFor(scope.db), tx, scope, channel, input.data));
  };

const cc = compatCrud(ccMessagesResource);
/** Old clients send extra keys: only the send's own fields are read. */
const knownCcFields = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).filter(([k]) => k in ccMessageInput.shape));
/** ccEmail and ccSms: the one history, each line held to its channel. */
const ccLines = (channel: 'email' | 'sms', prefix: string): CompatLine[] => [
  ['content', 'POST', `${prefix}/create`, write, (call) => sendCcMessage(scopeOf(call), { ...knownCcFields(call.body), channel })],
  ['content', 'POST', `${prefix}/getAll`, read, (call) => cc.list({ ...call, body: { ...call.body, channel } })],
];

export const channelsCompat: CompatEntry[] = compatTable([
  crudLines('content', smsTemplatesResource, { add: '/marcom/smsTemplate/addSms', get: '/marcom/smsTemplate/getSms' }),
  crudLines('content', smsTemplatesResource, { get: '/templates/sms/getSmsTemplates' }),
  crudLines('content', pushTemplatesResource, {
    add: '/marcom/pushNotification/pushNotificationTemplates',
    get: '/marcom/pushNotification/getAllPushNotificationTemplate',
  }),
  crudLines('core', whatsappTemplatesResource, { add: '/marcom/whatsapp/addTemplate', get: '/marcom/whatsapp/getAllTemplate' }),
  ['content', 'POST', '/marcom/sms/getSmsConfig', read, getConfig('sms')],
  ['content', 'POST', '/marcom/sms/createSmsConfig', write, createConfig('sms')],
  ['content', 'POST', '/marcom/email/getEmailConfig', read, getConfig('email')],
  ['core', 'POST', '/marcom/whatsapp/getwhatsAppConfig', read, getConfig('whatsapp')],
  ['core', 'POST', '/marcom/whatsapp/createwhatsAppConfig', write, createConfig('whatsapp')],
  ccLines('email', '/controlCenter/ccEmail'),
  ccLines('sms', '/controlCenter/ccSms'),
]);
