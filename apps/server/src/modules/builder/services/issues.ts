import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../../kernel/events';
import { type Db, type Row, type Scope, tenantFilter } from '../../../kernel/resources';
import { announceIssue, ISSUES_PATH, issueLookupsResource } from '../resources/issues';
import { builderIssues, ISSUE_LOOKUPS, type IssueComment } from '../tables';
import { type LookupKind, lookupValues } from './lookups';
import { membersOf } from './members';
import { mentioned, tell } from './notices';

/** The six lists at once, by kind. */
export async function allLookups(tx: Db, tenantId: string) {
  const out: Record<string, Awaited<ReturnType<typeof lookupValues>>> = {};
  for (const kind of ISSUE_LOOKUPS) out[kind] = await lookupValues(tx, tenantId, kind as LookupKind);
  return out;
}

/** A comment on an issue's thread (any reader of the issue); members it mentions (@name, @email), its reporter and assignee are told. */
export async function addIssueComment(tx: Db, scope: Scope, issue: Row, text: string) {
  const comment: IssueComment = { id: randomUUID(), text, by: scope.actor.id, byName: scope.actor.name, at: new Date().toISOString() };
  const comments = [...((issue.comments as IssueComment[]) ?? []), comment];
  const [row] = await tx
    .update(builderIssues)
    .set({ comments, updatedAt: new Date() })
    .where(and(tenantFilter(builderIssues, scope.tenantId), eq(builderIssues.id, issue.id)))
    .returning();
  const { tenantId: _t, ...after } = row;
  await recordAudit(tx, scope, [{ action: 'update', resource: ISSUES_PATH, recordId: issue.id, before: issue, after }]);
  await announceIssue(tx, scope.tenantId, 'builder.issue.changed', after);
  // Members named with @ are told they were mentioned; the reporter and assignee of a new comment.
  const link = `/admin-panel/builder/quality-assurance?issue=${issue.id}`;
  const members = issue.projectId ? await membersOf(tx, scope.tenantId, String(issue.projectId)) : [];
  const mentions = mentioned(text, members);
  await tell(tx, scope, mentions, {
    title: `You were mentioned on ${String(issue.title)}`,
    body: text,
    link,
    source: ISSUES_PATH,
    recordId: issue.id,
  });
  await tell(
    tx,
    scope,
    [issue.reporterId as string, issue.assigneeId as string].filter((p) => !mentions.includes(p)),
    { title: `New comment on ${String(issue.title)}`, body: text, link, source: ISSUES_PATH, recordId: issue.id },
  );
  return after;
}

/**
 * A community's own list of one kind, replaced whole (in order): values it no longer names are
 * removed, kept ones take their new place, new ones are added — each through the lookups resource
 * (checked and audited). An empty list gives the kind its defaults back. Issues keep the value they
 * hold (the board shows a status no longer listed after the listed ones).
 */
export async function setLookupList(tx: Db, scope: Scope, kind: LookupKind, names: string[]) {
  const own = (await lookupValues(tx, scope.tenantId, kind)).filter((v) => v.custom && v.id);
  const gone = own.filter((v) => !names.includes(v.name)).map((v) => v.id as string);
  if (gone.length > 0) await issueLookupsResource.bulkRemoveIn(tx, scope, gone);
  for (const [position, name] of names.entries()) {
    const kept = own.find((v) => v.name === name);
    if (kept) await issueLookupsResource.updateIn(tx, scope, kept.id as string, { position });
    else await issueLookupsResource.createIn(tx, scope, { kind, name, position });
  }
  return lookupValues(tx, scope.tenantId, kind);
}
