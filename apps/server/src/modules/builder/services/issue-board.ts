import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import { type Db, errors, queryRows, type Scope } from '../../../kernel/resources';
import { issuesResource } from '../resources/issues';
import { builderIssues } from '../tables';
import { lookupValues } from './lookups';

export const ISSUE_COLUMN_PAGE = 50;

export interface IssueBoardFilters {
  type?: string;
  module?: string;
  severity?: string;
  priority?: string;
  assigneeId?: string;
  q?: string;
}

export interface IssueCard {
  id: string;
  title: string;
  status: string;
  type: string;
  severity: string;
  priority: string;
  module: string | null;
  assigneeId: string | null;
  attachments: number;
  comments: number;
  createdAt: string;
}

/** The project's issues the caller may read (the kit's reader: community and row rules), under the filters. */
const filtered = (scope: Scope, projectId: string, f: IssueBoardFilters) =>
  issuesResource.visible(
    scope,
    eq(builderIssues.projectId, projectId),
    f.type ? eq(builderIssues.type, f.type) : undefined,
    f.module ? eq(builderIssues.module, f.module) : undefined,
    f.severity ? eq(builderIssues.severity, f.severity) : undefined,
    f.priority ? eq(builderIssues.priority, f.priority) : undefined,
    f.assigneeId ? eq(builderIssues.assigneeId, f.assigneeId) : undefined,
    f.q ? ilike(builderIssues.title, `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );

const card = {
  id: builderIssues.id,
  title: builderIssues.title,
  status: builderIssues.status,
  type: builderIssues.type,
  severity: builderIssues.severity,
  priority: builderIssues.priority,
  module: builderIssues.module,
  assigneeId: builderIssues.assigneeId,
  attachments: sql<number>`coalesce(cardinality(${builderIssues.attachmentIds}), 0)::int`,
  comments: sql<number>`jsonb_array_length(${builderIssues.comments})::int`,
  createdAt: builderIssues.createdAt,
};

/**
 * A project's issues as a board: a column per status of the community's status list (in its order;
 * a status an issue still holds that the list no longer has gets a column after them), each with
 * its newest `perColumn` issues and its count, under the filters. Further issues of a column come
 * by `issueColumnPage` (the board's "Load more").
 */
export async function issueBoard(db: Db, scope: Scope, projectId: string, f: IssueBoardFilters, perColumn = ISSUE_COLUMN_PAGE) {
  const where = filtered(scope, projectId, f);
  const counts = await db
    .select({ status: builderIssues.status, count: sql<number>`count(*)::int` })
    .from(builderIssues)
    .where(where)
    .groupBy(builderIssues.status);
  const listed = (await lookupValues(db, scope.tenantId, 'status')).map((v) => v.name);
  const statuses = [...listed, ...counts.map((c) => c.status).filter((s) => !listed.includes(s))];
  // One range of builder_issues_board_idx (tenant, project, status, created_at, id) per column.
  const cards = await queryRows<IssueCard>(
    db,
    sql`
      select c.id, c.title, c.status, c.type, c.severity, c.priority, c.module, c.assignee_id as "assigneeId",
             coalesce(cardinality(c.attachment_ids), 0)::int as attachments, jsonb_array_length(c.comments)::int as comments,
             c.created_at as "createdAt"
      from unnest(${sql.param(statuses)}::text[]) as s(status)
      cross join lateral (
        select * from ${builderIssues}
        where ${where} and ${builderIssues.status} = s.status
        order by ${builderIssues.createdAt} desc, ${builderIssues.id} desc limit ${perColumn}
      ) c`,
  );
  const countOf = new Map(counts.map((c) => [c.status, Number(c.count)]));
  return {
    statuses,
    columns: statuses.map((status) => ({
      status,
      count: countOf.get(status) ?? 0,
      cards: cards.filter((c) => c.status === status),
    })),
  };
}

/**
 * The next issues of one status column after the issue `afterId` (newest first, as the board):
 * keyset on (created_at, id) over the board's index, under the same filters as the first load.
 */
export async function issueColumnPage(
  db: Db,
  scope: Scope,
  projectId: string,
  status: string,
  afterId: string,
  f: IssueBoardFilters,
  limit = ISSUE_COLUMN_PAGE,
) {
  const inColumn = filtered(scope, projectId, f);
  const [last] = await db
    // The instant as text: a JavaScript Date would drop its microseconds and misplace the cursor.
    .select({ createdAt: sql<string>`${builderIssues.createdAt}::text`, id: builderIssues.id })
    .from(builderIssues)
    .where(and(inColumn, eq(builderIssues.status, status), eq(builderIssues.id, afterId)));
  if (!last) throw errors.validation({ afterId: 'Not an issue of that column (it may have moved: reload the board)' });
  const rows = await db
    .select(card)
    .from(builderIssues)
    .where(
      and(
        inColumn,
        eq(builderIssues.status, status),
        sql`(${builderIssues.createdAt}, ${builderIssues.id}) < (${last.createdAt}::timestamptz, ${last.id}::uuid)`,
      ),
    )
    .orderBy(desc(builderIssues.createdAt), desc(builderIssues.id))
    .limit(limit + 1);
  return { cards: rows.slice(0, limit), more: rows.length > limit };
}
