import { request } from '../../api/client';
import { recordHref } from '../../config/screen-types';

export type Channel = 'email' | 'sms' | 'whatsapp' | 'push';
export type Json = Record<string, any>;

/** A campaign's report page (`?record=<id>`, as every record's page). */
export const reportHref = recordHref('/admin-panel/campaign-details');

export const CHANNEL_LABEL: Record<Channel, string> = { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp', push: 'Push' };

const base = '/api/v1/campaigns';
const data = <T>(p: Promise<{ data: T }>) => p.then((r) => r.data);

export const getCampaign = (id: string) => data(request<{ data: Json }>('GET', `${base}/campaigns/${encodeURIComponent(id)}`));
export const createCampaign = (body: Json) => data(request<{ data: Json }>('POST', `${base}/campaigns`, { body }));
export const updateCampaign = (id: string, body: Json) =>
  data(request<{ data: Json }>('PATCH', `${base}/campaigns/${encodeURIComponent(id)}`, { body }));
export const campaignAction = (id: string, action: string, body?: Json) =>
  data(request<{ data: Json }>('POST', `${base}/campaigns/${encodeURIComponent(id)}/${action}`, { body: body ?? {} }));
export const testSend = (id: string, contactIds: string[]) =>
  data(request<{ data: Json[] }>('POST', `${base}/campaigns/${encodeURIComponent(id)}/test`, { body: { contactIds } }));
export const getReport = (id: string) => data(request<{ data: Json }>('GET', `${base}/campaigns/${encodeURIComponent(id)}/report`));
export const getOverview = () => data(request<{ data: Json }>('GET', `${base}/overview`));
export const getCalendar = (from: string, to: string) =>
  data(request<{ data: Json[] }>('GET', `${base}/calendar`, { query: { from, to } }));
export const getTemplates = (channel: Channel) => data(request<{ data: Json[] }>('GET', `${base}/templates`, { query: { channel } }));
export const getAudiences = (channel: Channel) =>
  data(request<{ data: Json[] }>('GET', '/api/v1/marketing/audiences', { query: { channel, limit: 100 } }));
export const listCampaigns = (query: Record<string, string | number>) =>
  data(request<{ data: Json[] }>('GET', `${base}/campaigns`, { query }));
export const listRecipients = (campaignId: string, query: Record<string, string | number> = {}) =>
  data(request<{ data: Json[] }>('GET', `${base}/recipients`, { query: { campaignId, limit: 50, ...query } }));

export const percent = (n: unknown) => `${(Number(n ?? 0) * 100).toFixed(1)}%`;

// Drips
export const listDrips = () => data(request<{ data: Json[] }>('GET', `${base}/drips`, { query: { limit: 100, sort: 'name' } }));
export const getDrip = (id: string) => data(request<{ data: Json }>('GET', `${base}/drips/${encodeURIComponent(id)}`));
export const saveDrip = (id: string | null, body: Json) =>
  data(
    id
      ? request<{ data: Json }>('PATCH', `${base}/drips/${encodeURIComponent(id)}`, { body })
      : request<{ data: Json }>('POST', `${base}/drips`, { body }),
  );
export const dripAction = (id: string, action: 'activate' | 'pause') =>
  data(request<{ data: Json }>('POST', `${base}/drips/${encodeURIComponent(id)}/${action}`, { body: {} }));
export const getDripReport = (id: string) => data(request<{ data: Json }>('GET', `${base}/drips/${encodeURIComponent(id)}/report`));
/** The community's public forms a drip may start from (a landing page's signup once per page). */
export interface PublicFormChoice {
  id: string;
  key: string;
  label: string;
  module: string;
}
export const getPublicForms = () => data(request<{ data: PublicFormChoice[] }>('GET', '/api/v1/meta/public-forms'));
export const getAllAudiences = () => data(request<{ data: Json[] }>('GET', '/api/v1/marketing/audiences', { query: { limit: 100 } }));

// The WhatsApp bot
export const listBotRules = () => data(request<{ data: Json[] }>('GET', `${base}/bot-rules`, { query: { limit: 100, sort: 'priority' } }));
export const saveBotRule = (id: string | null, body: Json) =>
  data(
    id
      ? request<{ data: Json }>('PATCH', `${base}/bot-rules/${encodeURIComponent(id)}`, { body })
      : request<{ data: Json }>('POST', `${base}/bot-rules`, { body }),
  );
export const deleteBotRule = (id: string) => request('DELETE', `${base}/bot-rules/${encodeURIComponent(id)}`);
export const listConversations = (state: string) =>
  data(
    request<{ data: Json[] }>('GET', `${base}/bot-conversations`, {
      query: { limit: 100, sort: '-lastMessageAt', ...(state === 'all' ? {} : { state }) },
    }),
  );
export const listBotMessages = (conversationId: string) =>
  data(request<{ data: Json[] }>('GET', `${base}/bot-messages`, { query: { conversationId, limit: 100, sort: '-createdAt' } }));
export const conversationAction = (id: string, action: 'reply' | 'hand-off' | 'hand-back' | 'close', body: Json = {}) =>
  data(request<{ data: Json }>('POST', `${base}/bot-conversations/${encodeURIComponent(id)}/${action}`, { body }));
