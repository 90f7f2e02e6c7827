import { request } from '../../../api/client';
import type { paths } from '../../../api/schema';

type SettingsPath = paths['/api/v1/marketing/channel-settings/{channel}'];
/** A channel's settings as the server shows them: secrets only as masks (the API's own type, from its OpenAPI). */
export type ChannelSettings = SettingsPath['get']['responses'][200]['content']['application/json']['data'];
export type SettingsChannel = ChannelSettings['channel'];

const base = (channel: SettingsChannel) => `/api/v1/marketing/channel-settings/${channel}`;

export const settingsKey = (channel: SettingsChannel) => ['marketing', 'channel-settings', channel];

export const getChannelSettings = (channel: SettingsChannel) =>
  request<{ data: ChannelSettings }>('GET', base(channel)).then((r) => r.data);

export const saveChannelSettings = (
  channel: SettingsChannel,
  body: { provider: string; config: Record<string, unknown>; secrets: Record<string, string> },
) => request<{ data: ChannelSettings }>('PATCH', base(channel), { body }).then((r) => r.data);

export const generateVapidKeys = () =>
  request<{ data: ChannelSettings }>('POST', '/api/v1/marketing/channel-settings/push/vapid', { body: {} }).then((r) => r.data);

export const submitWhatsappTemplate = (id: string) =>
  request<{ data: Record<string, unknown> }>('POST', `/api/v1/marketing/whatsapp-templates/${encodeURIComponent(id)}/submit`).then(
    (r) => r.data,
  );

export const syncWhatsappTemplates = (id?: string) =>
  request<{ data: Record<string, unknown>[] }>('POST', '/api/v1/marketing/whatsapp-templates/sync', { body: id ? { id } : {} }).then(
    (r) => r.data,
  );

export const sendCcMessage = (body: Record<string, unknown>) =>
  request<{ data: Record<string, unknown> }>('POST', '/api/v1/marketing/cc-messages/send', { body }).then((r) => r.data);
