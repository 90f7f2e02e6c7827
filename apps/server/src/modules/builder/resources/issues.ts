import { z } from 'zod';
import { type Db, defineResource, errors } from '../../../kernel/resources';
import { announce } from '../services/announce';
import { LOOKUP_FIELDS, type LookupKind, lookupValues } from '../services/lookups';
import { tell } from '../services/notices';
import { builderIssueLookups, builderIssues } from '../tables';
import { projectRecord, textInput, titleInput } from './common';

/** The lookups an issue always has, with the value it takes when none is given. */
const REQUIRED_DEFAULTS: Record<string, string> = { status: 'Open', type: 'Bug', severity: 'Major', priority: 'Medium' };

export const ISSUES_PATH = 'builder/issues';

/** Issue boards in other browsers hear of an issue's change (as the task board hears of a task's). */
export const announceIssue = (tx: Db, tenantId: string, event: string, issue: Record<string, unknown>) =>
  announce(tx, tenantId, ISSUES_PATH, event, issue);

const record = projectRecord('builder_issues', async (ctx, data) => {
  const out: Record<string, unknown> = ctx.op === 'create' ? { ...data, reporterId: ctx.scope.actor.id } : data;
  // Each lookup field takes one of its community's values (or the defaults); a required one left out
  // on create takes the usual default if the community's list has it, else the list's first value.
  const bad: Record<string, string> = {};
  for (const [kind, field] of Object.entries(LOOKUP_FIELDS) as [LookupKind, string][]) {
    const required = field in REQUIRED_DEFAULTS;
    if (!(field in out) && !(ctx.op === 'create' && required)) continue;
    if (out[field] === null && !required) continue;
    const values = (await lookupValues(ctx.tx, ctx.scope.tenantId, kind)).map((v) => v.name);
    if (!(field in out)) {
      out[field] = values.includes(REQUIRED_DEFAULTS[field]) ? REQUIRED_DEFAULTS[field] : values[0];
      continue;
    }
    if (!values.includes(String(out[field]))) bad[field] = `One of ${values.join(', ')}`;
  }
  if (Object.keys(bad).length > 0) throw errors.validation(bad);
  return out;
});

/** The issue tracker: bugs and requests found in testing, with six lookups, assignee, attachments and a thread. */
export const issuesResource = defineResource({
  path: ISSUES_PATH,
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
      await announceIssue(ctx.tx, ctx.scope.tenantId, ctx.op === 'create' ? 'builder.issue.created' : 'builder.issue.changed', issue);
      if (issue.assigneeId && issue.assigneeId !== ctx.existing?.assigneeId) {
        await tell(ctx.tx, ctx.scope, [issue.assigneeId as string], {
          title: `Issue assigned to you: ${String(issue.title)}`,
          link: `/admin-panel/builder/quality-assurance?issue=${issue.id}`,
          source: ISSUES_PATH,
          recordId: issue.id,
        });
      }
    },
    beforeDelete: (ctx, issue) => announceIssue(ctx.tx, ctx.scope.tenantId, 'builder.issue.removed', issue),
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
  // A community's own status list replaces the defaults whole, so the sample is a whole list: the
  // defaults with the step this community adds (a list of one value would make a one-column board).
  examples: ['Open', 'In progress', 'Awaiting client', 'Fixed', 'Retest', 'Closed', 'Reopened'].map((name, position) => ({
    kind: 'status',
    name,
    position,
  })),
});

export const issueCommentInput = z.object({ text: z.string().trim().min(1).max(5000) }).strict();
