import { z } from 'zod';
import { after, defineResource, errors, steps } from '../../../kernel/resources';
import { projectRules, stampCreator } from '../access';
import { addMember } from '../services/members';
import { copySuite, suiteById } from '../services/suite-copy';
import { builderProjects } from '../tables';

const date = () => z.iso.date('A date, YYYY-MM-DD').nullable();
const minor = (s: z.ZodNumber) => s.int().min(0).max(2_000_000_000);

/**
 * Projects: a website or app the team builds for the community. Created from a business suite (its
 * pages, roles and stories are copied), the creator becomes its project manager. Members see it.
 */
export const projectsResource = defineResource({
  path: 'builder/projects',
  module: 'builder',
  table: builderProjects,
  label: { singular: 'Project', plural: 'Projects' },
  readOnly: ['createdBy'],
  input: {
    name: (s) => s.trim().min(1).max(200),
    description: (s) => s.trim().max(5000),
    startDate: date,
    dueDate: date,
    taskStatuses: () =>
      z
        .array(
          z
            .string()
            .trim()
            .regex(/^[a-z][a-z0-9_]{0,39}$/, 'Lowercase words joined by _'),
        )
        .min(2, 'At least two statuses')
        .max(12)
        .refine((a) => new Set(a).size === a.length, 'Statuses must differ'),
    estimateHours: (s) => s.min(0).max(1_000_000),
    estimateMinor: minor,
    invoicedMinor: minor,
    paidMinor: minor,
    addons: () => z.array(z.string().trim().min(1).max(80)).max(50),
  },
  access: projectRules('builder_projects'),
  list: { search: ['name'], filters: ['status', 'suiteId', 'createdBy'], sort: ['name'], defaultSort: 'name' },
  fields: {
    description: { widget: 'textarea' },
    suiteId: { label: 'Business suite' },
    startDate: { widget: 'date' },
    dueDate: { widget: 'date' },
    taskStatuses: { widget: 'tags', label: 'Board columns' },
    estimateMinor: { widget: 'money', minorUnits: true, label: 'Estimate' },
    invoicedMinor: { widget: 'money', minorUnits: true, label: 'Invoiced' },
    paidMinor: { widget: 'money', minorUnits: true, label: 'Paid' },
    addons: { widget: 'tags', label: 'Add-ons' },
    status: { options: { planning: { color: 'gray' }, active: { color: 'blue' }, on_hold: { color: 'yellow' }, done: { color: 'green' } } },
  },
  ui: { title: 'name', columns: ['name', 'status', 'startDate', 'dueDate', 'estimateHours'] },
  hooks: {
    beforeWrite: steps(stampCreator, async (ctx, data) => {
      if (ctx.op === 'create' && data.suiteId) await suiteById(ctx.tx, String(data.suiteId));
      if (ctx.op === 'update' && 'suiteId' in data && data.suiteId !== ctx.existing?.suiteId) {
        throw errors.validation({ suiteId: 'The suite a project was created from stays' });
      }
      const start = after(ctx, data, 'startDate');
      const due = after(ctx, data, 'dueDate');
      if (start && due && String(due) < String(start)) throw errors.validation({ dueDate: 'After the start date' });
      return data;
    }),
    async afterWrite(ctx, record) {
      if (ctx.op !== 'create') return;
      const me = ctx.scope.actor.id;
      if (me) await addMember(ctx.tx, ctx.scope.tenantId, record.id, { userId: me, pm: true });
      if (record.suiteId) await copySuite(ctx.tx, ctx.scope.tenantId, record.id, String(record.suiteId), me);
    },
  },
  examples: [
    { name: 'Storefront relaunch', description: 'New online store for the building-products catalogue.', status: 'active' },
    { name: 'Dealer portal', status: 'planning' },
  ],
});
