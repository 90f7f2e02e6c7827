import { defineResource, errors, type HookContext } from '../../../../kernel/resources';
import { marketingSegments } from '../../tables/segments';
import { countContacts, segmentCondition, storedCount } from '../matching';
import { ruleTreeSchema } from '../rules';

/**
 * Segments. A dynamic one needs at least one rule (compiled at save, so a rule that cannot be
 * answered is a 400 then); a static one has no rules and its members are managed by the
 * membership calls. Its kind is fixed at creation. The count is stored at every save.
 */
async function beforeWrite(ctx: HookContext, data: Record<string, unknown>) {
  const kind = (ctx.existing?.kind ?? data.kind ?? 'dynamic') as 'static' | 'dynamic';
  if (kind === 'static') {
    if (data.rules != null) throw errors.validation({ rules: 'A static segment has members, not rules' });
    data.rules = null;
  } else if (ctx.op === 'create' || data.rules !== undefined) {
    const tree = ruleTreeSchema.safeParse(data.rules);
    if (!tree.success || tree.data.rules.length === 0) throw errors.validation({ rules: 'Add at least one rule' });
    data.rules = tree.data;
  }
  const segment = { id: ctx.existing?.id ?? '00000000-0000-0000-0000-000000000000', kind, rules: data.rules ?? ctx.existing?.rules };
  // Compiling throws a 400 for a rule that cannot be answered yet (engagement); counting stores the figure.
  const count = await countContacts(ctx.tx, ctx.scope.tenantId, segmentCondition(segment));
  return { ...data, ...storedCount(count) };
}

export const segmentsResource = defineResource({
  path: 'marketing/segments',
  module: 'marketing-segments',
  table: marketingSegments,
  label: { singular: 'Segment', plural: 'Segments' },
  input: {
    name: (s) => s.trim().min(1).max(120),
    description: (s) => s.trim().max(1000),
    rules: () => ruleTreeSchema.nullable(),
  },
  readOnly: ['contactCount', 'countIsEstimate', 'countedAt'],
  editable: ['name', 'description', 'typeId', 'rules'],
  list: { search: ['name'], filters: ['kind', 'typeId'], sort: ['name'], defaultSort: 'name' },
  fields: {
    typeId: { label: 'Type' },
    kind: {
      options: { dynamic: { label: 'Dynamic (rules)', color: 'blue' }, static: { label: 'Static (members)', color: 'gray' } },
    },
    rules: { widget: 'json', help: 'Conditions on contacts, joined by AND or OR' },
    contactCount: { label: 'Contacts' },
    description: { widget: 'textarea' },
  },
  ui: { title: 'name', columns: ['name', 'kind', 'typeId', 'contactCount', 'countedAt'] },
  hooks: { beforeWrite },
  examples: [
    {
      name: 'Engaged subscribers in India',
      description: 'Opted in to email, in India, active in the last 90 days',
      kind: 'dynamic',
      rules: {
        op: 'and',
        rules: [
          { type: 'consent', channel: 'email', status: 'opted_in' },
          { type: 'country', op: 'in', values: ['IN'] },
          { type: 'last_activity', op: 'within_days', days: 90 },
        ],
      },
    },
    { name: 'Trade show leads', description: 'Met at the Design Week stand', kind: 'static' },
  ],
});
