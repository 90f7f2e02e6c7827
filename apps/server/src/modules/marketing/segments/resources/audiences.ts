import { z } from 'zod';
import { defineResource, type HookContext } from '../../../../kernel/resources';
import type { Channel } from '../../tables/contacts';
import { marketingAudiences } from '../../tables/segments';
import { countAudience } from '../audiences';
import { storedCount } from '../matching';

/** The count of an audience is stored at every save: after consent and suppression on its channel. */
async function beforeWrite(ctx: HookContext, data: Record<string, unknown>) {
  const merged = { ...ctx.existing, ...data } as Record<string, unknown>;
  const count = await countAudience(ctx.tx, ctx.scope.tenantId, {
    channel: (merged.channel ?? 'email') as Channel,
    includeSegmentIds: (merged.includeSegmentIds ?? []) as string[],
    excludeSegmentIds: (merged.excludeSegmentIds ?? []) as string[],
  });
  return { ...data, ...storedCount(count) };
}

/** The segments an audience includes or leaves out (also the body of its live count, routes.ts). */
export const segmentIds = () => z.array(z.uuid('Not a valid id')).max(50);

export const audiencesResource = defineResource({
  path: 'marketing/audiences',
  module: 'marketing-segments',
  table: marketingAudiences,
  label: { singular: 'Audience', plural: 'Audiences' },
  input: {
    name: (s) => s.trim().min(1).max(120),
    description: (s) => s.trim().max(1000),
    includeSegmentIds: segmentIds,
    excludeSegmentIds: segmentIds,
  },
  readOnly: ['contactCount', 'countIsEstimate', 'countedAt'],
  list: { search: ['name'], filters: ['channel'], sort: ['name'], defaultSort: 'name' },
  fields: {
    channel: { options: { email: { label: 'Email' }, sms: { label: 'SMS' }, whatsapp: { label: 'WhatsApp' }, push: { label: 'Push' } } },
    includeSegmentIds: { label: 'Included segments', help: 'Contacts in any of these (every contact when none)' },
    excludeSegmentIds: { label: 'Excluded segments', help: 'Contacts in any of these are left out' },
    contactCount: { label: 'Sendable contacts', help: 'Opted in on the channel and not suppressed' },
    description: { widget: 'textarea' },
  },
  ui: { title: 'name', columns: ['name', 'channel', 'contactCount', 'countedAt'] },
  hooks: { beforeWrite },
  examples: [
    { name: 'Monthly newsletter', description: 'Everyone who may receive email', channel: 'email' },
    { name: 'Festive SMS offers', channel: 'sms' },
  ],
});
