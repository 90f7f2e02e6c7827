import { z } from 'zod';
import { defineResource } from '../../../kernel/resources';
import { campaignChannelLimits, campaignPushSubscriptions } from '../tables';

/** A community's sending limits per channel: shared by every campaign and every server process. */
export const channelLimitsResource = defineResource({
  path: 'campaigns/channel-limits',
  module: 'campaigns',
  table: campaignChannelLimits,
  label: { singular: 'Channel limit', plural: 'Channel limits' },
  input: {
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
    perSecond: { label: 'Messages per second' },
    windowSeconds: { label: 'Window (seconds)' },
    windowMax: { label: 'At most, per window' },
    maxAttempts: { label: 'Attempts per message', help: 'Transient errors are retried with backoff up to this many attempts' },
    pauseAfterFailures: { label: 'Pause after failures in a row' },
  },
  ui: { title: 'channel', columns: ['channel', 'perSecond', 'windowSeconds', 'windowMax', 'maxAttempts', 'pauseAfterFailures'] },
  examples: [{ channel: 'sms', perSecond: 20, windowSeconds: 3600, windowMax: 20_000 }],
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
  ui: { title: 'endpoint', columns: ['createdAt', 'endpoint', 'userAgent', 'contactId', 'lastSeenAt'] },
  examples: [],
});
