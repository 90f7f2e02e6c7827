import { z } from 'zod';
import { defineResource, errors, type HookContext, noWrites } from '../../../kernel/resources';
import { CAMPAIGN_CHANNELS, campaignDripEnrolments, campaignDrips } from '../tables';

// A drip as the console edits it: its audience (the trigger), its steps and its stop condition,
// changed only while it is a draft or paused. Its status moves through the actions (routes.ts:
// activate, pause); the engine (engine.ts) owns the counts and the steps' campaigns.

const step = z
  .object({
    channel: z.enum(CAMPAIGN_CHANNELS),
    templateId: z.uuid('Not a valid id'),
    /** After entering (the first step) or after the previous message: 0 to 90 days. */
    delayMinutes: z
      .number()
      .int()
      .min(0)
      .max(90 * 1440),
    campaignId: z.uuid().nullish(),
  })
  .strict();

const trigger = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('segment'),
      audienceId: z.uuid('Not a valid id'),
      /** Members are read as sendable on this channel (the audience's own). */
      channel: z.enum(CAMPAIGN_CHANNELS),
    })
    .strict(),
  z
    .object({
      kind: z.literal('form'),
      /** A public form of the community (GET /api/v1/meta/public-forms): its id. */
      form: z
        .string()
        .trim()
        .max(200)
        .regex(/^[a-z0-9-]+\.[a-z0-9.-]+(\/[A-Za-z0-9-]+)?$/, 'Choose one of the forms'),
      /** The submitter enters when they may be sent to on this channel (their consent). */
      channel: z.enum(CAMPAIGN_CHANNELS),
    })
    .strict(),
]);

async function beforeWrite(ctx: HookContext, data: Record<string, unknown>) {
  if (ctx.op === 'update' && ctx.existing!.status === 'active')
    throw errors.conflict('drip_active', 'Pause the drip before changing it (contacts on their way keep their place)');
  if (ctx.op === 'update' && Array.isArray(data.steps)) {
    // A step keeps its campaign (its report) only while its channel stays the same.
    const before = (ctx.existing!.steps as { channel: string; campaignId?: string | null }[]) ?? [];
    data.steps = (data.steps as z.infer<typeof step>[]).map((s) => {
      const same = before.find((b) => b.campaignId && b.campaignId === s.campaignId && b.channel === s.channel);
      return { ...s, campaignId: same ? s.campaignId : null };
    });
  } else if (ctx.op === 'create' && Array.isArray(data.steps)) {
    data.steps = (data.steps as z.infer<typeof step>[]).map((s) => ({ ...s, campaignId: null }));
  }
  return data;
}

export const dripsResource = defineResource({
  path: 'campaigns/drips',
  module: 'campaigns',
  table: campaignDrips,
  label: { singular: 'Drip', plural: 'Drips' },
  input: {
    name: (s) => s.trim().min(1).max(200),
    trigger: () => trigger,
    steps: () => z.array(step).max(20),
  },
  readOnly: ['status', 'enrolledCount', 'activatedAt'],
  list: { search: ['name'], filters: ['status', 'createdAt'], sort: ['name'] },
  fields: {
    status: { options: { draft: { color: 'gray' }, active: { color: 'green' }, paused: { color: 'yellow' } } },
    trigger: {
      widget: 'json',
      label: 'Starts when',
      help: 'A contact enters this audience, or submits this form (each contact goes through once)',
    },
    steps: { widget: 'json', label: 'Steps' },
    stopWhen: {
      label: 'Stop when',
      options: { none: { label: 'Never (all steps)' }, opened: { label: 'They open a message' }, clicked: { label: 'They click a link' } },
    },
    enrolledCount: { label: 'Entered' },
  },
  ui: { title: 'name', columns: ['name', 'status', 'stopWhen', 'enrolledCount', 'updatedAt'] },
  hooks: {
    beforeWrite,
    beforeDelete: (_ctx, record) => {
      if (record.status === 'active') throw errors.conflict('drip_active', 'Pause the drip before deleting it');
    },
  },
  examples: [
    {
      name: 'Welcome series',
      trigger: { kind: 'segment', audienceId: '7d3f6a52-2b1e-4c8e-9a41-0c5b7e2f9d10', channel: 'email' },
      stopWhen: 'clicked',
      steps: [],
    },
  ],
});

/** Each contact's way through a drip: where it is, when its next message is due, why it stopped. */
export const dripEnrolmentsResource = defineResource({
  path: 'campaigns/drip-enrolments',
  module: 'campaigns',
  table: campaignDripEnrolments,
  label: { singular: 'Drip contact', plural: 'Drip contacts' },
  operations: noWrites,
  list: { filters: ['dripId', 'contactId', 'state', 'createdAt'] },
  fields: {
    dripId: { label: 'Drip' },
    contactId: { label: 'Contact' },
    state: { options: { active: { color: 'blue' }, completed: { color: 'green' }, stopped: { color: 'gray' } } },
    step: { label: 'Next step' },
    nextAt: { label: 'Next message at' },
  },
  ui: { title: 'contactId', columns: ['createdAt', 'contactId', 'state', 'step', 'nextAt', 'reason'] },
  examples: [],
});
