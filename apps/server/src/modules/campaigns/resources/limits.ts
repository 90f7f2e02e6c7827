import { z } from 'zod';
import { defineResource } from '../../../kernel/resources';
import { campaignChannelLimits, campaignPushSubscriptions } from '../tables';

/**
 * A community's sending limits per channel and provider (a limit with no provider holds for every
 * provider of its channel; a provider's own limit comes first): shared by every campaign and every
 * server process.
 */
export const channelLimitsResource = defineResource({
  path: 'campaigns/channel-limits',
  module: 'campaigns',
  table: campaignChannelLimits,
  label: { singular: 'Channel limit', plural: 'Channel limits' },
  input: {
    provider: () =>
      z
        .string()
        .max(40)
        .regex(
          /^([a-z0-9][a-z0-9_-]*)?$/,
          'A provider name (smtp, http-sms, whatsapp-cloud, webpush, outbox), or empty for every provider',
        ),
    perSecond: () => z.number().int().min(1).max(10_000),
    windowSeconds: () =>
      z
        .number()
        .int()
        .min(1)
        .max(30 * 86_400),
    windowMax: () => z.number().int().min(1).max(100_000_000),
    maxAttempts: () => z.number().int().min(1).max(10),
    pauseAfterFailures: () => z.number().int().min(1).max(10_000),
  },
  list: { filters: ['channel'] },
  fields: {
    channel: { options: { email: { label: 'Email' }, sms: { label: 'SMS' }, whatsapp: { label: 'WhatsApp' }, push: { label: 'Push' } } },
    provider: {
      label: 'Provider',
      help: 'Empty: every provider of the channel. Or one provider: smtp, http-sms, whatsapp-cloud, webpush, outbox',
    },
    perSecond: { label: 'Messages per second' },
    windowSeconds: { label: 'Window (seconds)' },
    windowMax: { label: 'At most, per window' },
    maxAttempts: { label: 'Attempts per message', help: 'Transient errors are retried with backoff up to this many attempts' },
    pauseAfterFailures: { label: 'Pause after failures in a row' },
  },
  ui: {
    title: 'channel',
    columns: ['channel', 'provider', 'perSecond', 'windowSeconds', 'windowMax', 'maxAttempts', 'pauseAfterFailures'],
  },
  examples: [
    { channel: 'sms', provider: 'http-sms', perSecond: 20, windowSeconds: 3600, windowMax: 20_000 },
    { channel: 'email', perSecond: 100 },
  ],
});

/** Browsers registered for the community's web push (getAllRegisteredUsers). */
export const pushSubscriptionsResource = defineResource({
  path: 'campaigns/push-subscriptions',
  module: 'campaigns',
  table: campaignPushSubscriptions,
  label: { singular: 'Push subscription', plural: 'Push subscriptions' },
  operations: { create: false, update: false, delete: true },
  hidden: ['p256dh', 'auth'],
  list: { search: ['endpoint'], filters: ['contactId', 'createdAt'] },
  // The contact is a marketing id (no name here to show): filterable, not a column of raw ids.
  ui: { title: 'endpoint', columns: ['createdAt', 'endpoint', 'userAgent', 'lastSeenAt'] },
  examples: [],
});
