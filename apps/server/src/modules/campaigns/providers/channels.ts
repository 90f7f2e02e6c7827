import webpush from 'web-push';
import type { Outbound } from '../../../kernel/messaging';
import { postJson } from './http';
import { type ChannelProvider, type OutgoingMessage, SendFailure } from './types';

// The HTTP providers: an SMS gateway, Meta's WhatsApp Cloud API, Web Push, and the development
// outbox. Each is reached through the kernel's outbound HTTP at the address the community set,
// with the recipient's idempotency key, so a message sent again after a crash is sent once.

/**
 * SMS over an HTTP gateway (the same call marketing's one-off messages use):
 *   POST {baseUrl}/messages  Authorization: Bearer {apiKey}  Idempotency-Key: {key}
 *   { from, to, text, templateId?, reference, callbackUrl? } → 2xx { id }
 * Delivery reports come back to callbackUrl (tracking/webhooks.ts).
 */
export function httpSms(
  outbound: Outbound,
  options: { baseUrl: string; apiKey: string; username?: string; senderId: string; callbackUrl?: string },
): ChannelProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/messages`;
  return {
    name: 'http-sms',
    channel: 'sms',
    concurrency: 16,
    async send(m: OutgoingMessage) {
      const { json } = await postJson(
        outbound,
        url,
        {
          authorization: `Bearer ${options.apiKey}`,
          'idempotency-key': m.key,
          ...(options.username ? { 'x-api-user': options.username } : {}),
        },
        {
          from: m.senderId || options.senderId,
          to: m.to,
          text: m.text ?? '',
          ...(m.dltTemplateId ? { templateId: m.dltTemplateId } : {}),
          reference: m.key,
          ...(options.callbackUrl ? { callbackUrl: options.callbackUrl } : {}),
        },
      );
      const body = json as { id?: unknown; messageId?: unknown } | null;
      const id = body?.id ?? body?.messageId;
      return { providerMessageId: typeof id === 'string' || typeof id === 'number' ? String(id) : m.key };
    },
    async close() {},
  };
}

/** WhatsApp Cloud API: POST {graphUrl}/{phone-number-id}/messages with an approved template and its values. */
export function whatsappCloud(
  outbound: Outbound,
  options: { graphUrl: string; phoneNumberId: string; accessToken: string },
): ChannelProvider {
  const url = `${options.graphUrl.replace(/\/+$/, '')}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  return {
    name: 'whatsapp-cloud',
    channel: 'whatsapp',
    concurrency: 16,
    async send(m: OutgoingMessage) {
      const t = m.payload as { name: string; language: string; values: string[] } | { text: string };
      // A template (campaigns), or a text reply inside the 24-hour window a contact's message opened (the bot).
      const content =
        'text' in t
          ? { type: 'text', text: { body: t.text, preview_url: false } }
          : {
              type: 'template',
              template: {
                name: t.name,
                language: { code: t.language },
                ...(t.values.length
                  ? { components: [{ type: 'body', parameters: t.values.map((text) => ({ type: 'text', text })) }] }
                  : {}),
              },
            };
      const { json } = await postJson(
        outbound,
        url,
        { authorization: `Bearer ${options.accessToken}`, 'idempotency-key': m.key },
        {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: m.to.replace(/^\+/, ''),
          ...content,
          biz_opaque_callback_data: m.key,
        },
      );
      const id = (json as { messages?: { id?: unknown }[] } | null)?.messages?.[0]?.id;
      if (typeof id !== 'string') throw new SendFailure('transient', 'WhatsApp answered without a message id');
      return { providerMessageId: id };
    },
    async close() {},
  };
}

export interface PushSubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Web Push with the community's VAPID keys: the request web-push prepares (encrypted payload,
 * VAPID headers), sent through the outbound HTTP. 404/410 mean the subscription is gone.
 */
export function webPush(
  outbound: Outbound,
  options: {
    subject: string;
    publicKey: string;
    privateKey: string;
    load: (ids: string[]) => Promise<(PushSubscriptionKeys & { id: string })[]>;
  },
): ChannelProvider {
  const subs = new Map<string, PushSubscriptionKeys>();
  return {
    name: 'webpush',
    channel: 'push',
    concurrency: 16,
    async prepare(ids) {
      subs.clear();
      for (const sub of await options.load(ids)) subs.set(sub.id, sub);
    },
    async send(m: OutgoingMessage) {
      const sub = subs.get(m.to);
      if (!sub) throw new SendFailure('gone', 'The browser is no longer subscribed');
      const details = webpush.generateRequestDetails(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        JSON.stringify(m.payload),
        {
          vapidDetails: { subject: options.subject, publicKey: options.publicKey, privateKey: options.privateKey },
          TTL: 24 * 3600,
          headers: { Topic: m.key.replaceAll('-', '').slice(0, 32) },
        },
      );
      const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
      await postJson(outbound, details.endpoint, headers, details.body ?? '');
      return { providerMessageId: m.key };
    },
    async close() {},
  };
}

/** Development: recorded on the recipient row, not sent (the channel is not set up yet). */
export function outboxProvider(channel: ChannelProvider['channel'], record?: (m: OutgoingMessage) => Promise<string>): ChannelProvider {
  return {
    name: 'outbox',
    channel,
    concurrency: 8,
    async send(m) {
      return { providerMessageId: record ? await record(m) : `outbox:${m.key}` };
    },
    async close() {},
  };
}
