import { defineResource, errors } from '../../../kernel/resources';
import { recomputeEstimate } from '../services/scope';
import { builderScopeItems } from '../tables';
import { projectRecord, textInput, titleInput } from './common';

const record = projectRecord('builder_scope_items', (ctx, data) => {
  // Baseline scope is agreed as written; a change request waits for the client's decision.
  if (ctx.op === 'create') return { ...data, status: (data.kind ?? 'baseline') === 'baseline' ? 'approved' : 'proposed' };
  if ('kind' in data && data.kind !== ctx.existing?.kind) throw errors.validation({ kind: 'A scope item keeps its kind' });
  const repriced = ['hours', 'priceMinor'].some((k) => k in data && data[k] !== ctx.existing?.[k]);
  if (repriced && ctx.existing?.kind === 'change' && ctx.existing.status !== 'proposed') {
    throw errors.conflict('scope_decided', 'A decided change request keeps the estimate it was decided on: propose a new one');
  }
  return data;
});

/**
 * Scope items: the baseline (approved as it is written down) and change requests, which the
 * project's client approves or rejects (scope.ts); approved items make the project's estimate.
 * Their history is the audit log's revisions.
 */
export const scopeItemsResource = defineResource({
  path: 'builder/scope-items',
  module: 'builder',
  table: builderScopeItems,
  label: { singular: 'Scope item', plural: 'Scope items' },
  readOnly: ['createdBy', 'status', 'decidedBy', 'decidedAt', 'decisionNote'],
  input: {
    title: titleInput,
    description: textInput,
    hours: (s) => s.min(0).max(100_000),
    priceMinor: (s) => s.int().min(0).max(2_000_000_000),
  },
  access: record.access,
  hooks: {
    beforeWrite: record.hooks.beforeWrite,
    // The estimate follows every change of approved scope, whichever way it came.
    afterWrite: (ctx, row) => recomputeEstimate(ctx.tx, ctx.scope.tenantId, row.projectId as string | null),
    beforeDelete: (ctx, row) => recomputeEstimate(ctx.tx, ctx.scope.tenantId, row.projectId as string | null, row.id),
  },
  list: { search: ['title'], filters: ['projectId', 'status', 'kind'], sort: ['title', 'hours'] },
  fields: {
    projectId: { label: 'Project' },
    description: { widget: 'textarea' },
    priceMinor: { widget: 'money', minorUnits: true, label: 'Price' },
    decidedBy: { label: 'Decided by' },
    status: { options: { proposed: { color: 'yellow' }, approved: { color: 'green' }, rejected: { color: 'red' } } },
    kind: { options: { baseline: { label: 'Baseline' }, change: { label: 'Change request', color: 'blue' } } },
  },
  ui: { title: 'title', columns: ['title', 'kind', 'status', 'hours', 'priceMinor', 'projectId'] },
  examples: [
    { title: 'Dealer price lists', hours: 24, priceMinor: 180_000, kind: 'baseline' },
    { title: 'WhatsApp order updates', hours: 10, priceMinor: 75_000, kind: 'change' },
  ],
});
