import { z } from 'zod';
import { defineResource, errors, type HookContext } from '../../../kernel/resources';
import { assertEditable } from '../domain/states';
import { type CampaignStatus, campaigns } from '../tables';

// A campaign as the console and the compat lines edit it. Its status only moves through the
// actions (routes.ts: schedule, launch, pause, resume, cancel); content, audience and schedule
// change only while it is a draft, scheduled or paused.

const ENGINE_FIELDS = [
  'status',
  'statusReason',
  'recipientCount',
  'consecutiveFailures',
  'launchedAt',
  'finishedAt',
  'heartbeatAt',
  'dripId',
] as const;

const overrides = z
  .object({
    subject: z.string().max(300).optional(),
    preheader: z.string().max(300).optional(),
    html: z.string().max(500_000).optional(),
    text: z.string().max(100_000).optional(),
    body: z.string().max(5000).optional(),
    title: z.string().max(200).optional(),
    url: z.url().max(2000).optional(),
  })
  .strict();

const sender = z
  .object({
    fromName: z.string().trim().max(120).optional(),
    fromEmail: z.email().max(254).optional(),
    replyTo: z.email().max(254).optional(),
    senderId: z.string().trim().max(15).optional(),
  })
  .strict();

export const abTestSchema = z
  .object({
    subjectB: z.string().trim().min(1).max(300).optional(),
    htmlB: z.string().max(500_000).optional(),
    samplePercent: z.number().int().min(2).max(50).default(20),
    metric: z.enum(['opens', 'clicks']).default('opens'),
    waitMinutes: z.number().int().min(1).max(10_080).default(240),
    winner: z.enum(['a', 'b']).nullish(),
  })
  .strict()
  .refine((t) => t.subjectB || t.htmlB, { message: 'Give variant B a subject or content', path: ['subjectB'] });

const timeZone = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'Not a time zone (e.g. Asia/Kolkata)');

async function beforeWrite(ctx: HookContext, data: Record<string, unknown>) {
  if (ctx.op === 'update') assertEditable(ctx.existing!.status as CampaignStatus);
  const merged = { ...ctx.existing, ...data };
  if (data.abTest && merged.channel !== 'email') throw errors.validation({ abTest: 'A/B tests are for email campaigns' });
  if (ctx.op === 'update' && data.channel && data.channel !== ctx.existing!.channel)
    throw errors.validation({ channel: 'The channel of a campaign cannot change: make a new campaign' });
  return data;
}

export const campaignsResource = defineResource({
  path: 'campaigns/campaigns',
  module: 'campaigns',
  table: campaigns,
  label: { singular: 'Campaign', plural: 'Campaigns' },
  input: {
    name: (s) => s.trim().min(1).max(200),
    overrides: () => overrides,
    sender: () => sender,
    audienceIds: () => z.array(z.uuid('Not a valid id')).max(20),
    timeZone: () => timeZone,
    throttlePerSecond: () => z.number().int().min(1).max(10_000).nullable(),
    abTest: () => abTestSchema.nullable(),
  },
  readOnly: [...ENGINE_FIELDS],
  list: { search: ['name'], filters: ['status', 'channel', 'scheduledAt', 'createdAt'], sort: ['name', 'scheduledAt'] },
  fields: {
    channel: { options: { email: { label: 'Email' }, sms: { label: 'SMS' }, whatsapp: { label: 'WhatsApp' }, push: { label: 'Push' } } },
    status: {
      options: {
        draft: { color: 'gray' },
        scheduled: { color: 'blue' },
        sending: { color: 'blue' },
        paused: { color: 'yellow' },
        sent: { color: 'green' },
        cancelled: { color: 'gray' },
        failed: { color: 'red' },
      },
    },
    templateId: { label: 'Template', help: 'A template of the channel (marketing)' },
    audienceIds: { label: 'Audiences', help: 'Contacts in any of them, opted in on the channel and not suppressed' },
    scheduledAt: { label: 'Send at' },
    throttlePerSecond: { label: 'Messages per second', help: "At most this many (the channel's limit applies too)" },
    overrides: { widget: 'json' },
    sender: { widget: 'json' },
    abTest: { widget: 'json', label: 'A/B test' },
    statusReason: { label: 'Reason' },
  },
  ui: { title: 'name', columns: ['name', 'channel', 'status', 'scheduledAt', 'recipientCount', 'updatedAt'] },
  hooks: {
    beforeWrite,
    beforeDelete: (_ctx, record) => {
      if (record.status === 'sending' || record.status === 'paused')
        throw errors.conflict('not_deletable', 'A campaign that is sending or paused cannot be deleted: cancel it first');
    },
  },
  examples: [
    { name: 'Monsoon sale announcement', channel: 'email', overrides: { subject: 'The monsoon sale starts today' } },
    { name: 'Festive offers by SMS', channel: 'sms' },
  ],
});
