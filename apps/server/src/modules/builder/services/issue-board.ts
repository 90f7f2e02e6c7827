import { and, eq, ilike, sql } from 'drizzle-orm';
import { type Db, type Scope, tenantFilter } from '../../../kernel/resources';
import { builderIssues } from '../tables';
import { rowsOf } from './board';
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

const filtered = (scope: Scope, projectId: string, f: IssueBoardFilters) =>
  and(
    tenantFilter(builderIssues, scope.tenantId),
    eq(builderIssues.projectId, projectId),
    f.type ? eq(builderIssues.type, f.type) : undefined,
    f.module ? eq(builderIssues.module, f.module) : undefined,
    f.severity ? eq(builderIssues.severity, f.severity) : undefined,
    f.priority ? eq(builderIssues.priority, f.priority) : undefined,
    f.assigneeId ? eq(builderIssues.assigneeId, f.assigneeId) : undefined,
    f.q ? ilike(builderIssues.title, `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );

/**
 * A project's issues as a board: a column per status of the community's status list (in its order;
 * a status an issue still holds that the list no longer has gets a column after them), each with
 * its newest `perColumn` issues and its count, under the filters.
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
  const cards = rowsOf(
    (await db.execute(sql`
      select c.id, c.title, c.status, c.type, c.severity, c.priority, c.module, c.assignee_id as "assigneeId",
             coalesce(cardinality(c.attachment_ids), 0)::int as attachments, jsonb_array_length(c.comments)::int as comments,
             c.created_at as "createdAt"
      from unnest(${sql.param(statuses)}::text[]) as s(status)
      cross join lateral (
        select * from ${builderIssues}
        where ${where} and ${builderIssues.status} = s.status
        order by ${builderIssues.createdAt} desc, ${builderIssues.id} desc limit ${perColumn}
      ) c`)) as unknown as { rows?: IssueCard[] } | IssueCard[],
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
