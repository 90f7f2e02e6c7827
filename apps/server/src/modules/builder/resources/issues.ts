import { z } from 'zod';
import { defineResource, errors } from '../../../kernel/resources';
import { LOOKUP_FIELDS, type LookupKind, lookupValues } from '../services/lookups';
import { tell } from '../services/notices';
import { builderIssueLookups, builderIssues } from '../tables';
import { projectRecord, textInput, titleInput } from './common';

const record = projectRecord('builder_issues', async (ctx, data) => {
  const out = ctx.op === 'create' ? { ...data, reporterId: ctx.scope.actor.id } : data;
  // Each lookup field takes one of its community's values (or the defaults).
  const bad: Record<string, string> = {};
  for (const [kind, field] of Object.entries(LOOKUP_FIELDS) as [LookupKind, string][]) {
    if (!(field in out) || out[field] === null) continue;
    const values = (await lookupValues(ctx.tx, ctx.scope.tenantId, kind)).map((v) => v.name);
    if (!values.includes(String(out[field]))) bad[field] = `One of ${values.join(', ')}`;
  }
  if (Object.keys(bad).length > 0) throw errors.validation(bad);
  return out;
});

/** The issue tracker: bugs and requests found in testing, with six lookups, assignee, attachments and a thread. */
export const issuesResource = defineResource({
  path: 'builder/issues',
  module: 'issue-tracker',
  table: builderIssues,
  label: { singular: 'Issue', plural: 'Issues' },
  readOnly: ['createdBy', 'reporterId', 'comments'],
  input: {
    title: titleInput,
    description: textInput,
    type: (s) => s.trim().min(1).max(60),
    module: (s) => s.trim().max(60),
    foundOn: (s) => s.trim().max(60),
    severity: (s) => s.trim().min(1).max(60),
    priority: (s) => s.trim().min(1).max(60),
    status: (s) => s.trim().min(1).max(60),
  },
  access: record.access,
  hooks: {
    beforeWrite: record.hooks.beforeWrite,
    async afterWrite(ctx, issue) {
      if (issue.assigneeId && issue.assigneeId !== ctx.existing?.assigneeId) {
        await tell(ctx.tx, ctx.scope, [issue.assigneeId as string], {
          title: `Issue assigned to you: ${String(issue.title)}`,
          link: `/admin-panel/builder/quality-assurance?issue=${issue.id}`,
          source: 'builder/issues',
          recordId: issue.id,
        });
      }
    },
  },
  list: {
    search: ['title'],
    filters: ['projectId', 'status', 'type', 'module', 'foundOn', 'severity', 'priority', 'assigneeId', 'reporterId', 'taskId'],
    sort: ['title'],
  },
  fields: {
    projectId: { label: 'Project' },
    foundOn: { label: 'Found on' },
    assigneeId: { label: 'Assignee' },
    reporterId: { label: 'Reporter' },
    taskId: { label: 'Linked task' },
    attachmentIds: { label: 'Attachments' },
    description: { widget: 'textarea' },
    comments: { widget: 'json' },
  },
  ui: {
    title: 'title',
    columns: ['title', 'type', 'severity', 'priority', 'status', 'assigneeId'],
    bulkEdit: ['assigneeId', 'status', 'priority'],
  },
  examples: [
    {
      title: 'Cart total ignores the coupon on reload',
      type: 'Bug',
      module: 'Website',
      foundOn: 'Chrome',
      severity: 'Major',
      priority: 'High',
    },
    { title: 'Export orders as CSV', type: 'Enhancement', severity: 'Minor', priority: 'Low' },
  ],
});

/** A community's own values of an issue lookup (status, type, module, found on, severity, priority). */
export const issueLookupsResource = defineResource({
  path: 'builder/issue-lookups',
  module: 'issue-tracker',
  table: builderIssueLookups,
  label: { singular: 'Issue list value', plural: 'Issue list values' },
  input: { name: (s) => s.trim().min(1).max(60), position: (s) => s.int().min(0).max(1000) },
  list: { search: ['name'], filters: ['kind'], sort: ['name', 'position'], defaultSort: 'position' },
  fields: { kind: { options: { found_on: { label: 'Found on' } } } },
  ui: { title: 'name', columns: ['kind', 'name', 'position'] },
  examples: [{ kind: 'module', name: 'Dealer portal', position: 0 }],
});

export const issueCommentInput = z.object({ text: z.string().trim().min(1).max(5000) }).strict();
