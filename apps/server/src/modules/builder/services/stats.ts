import { sql } from 'drizzle-orm';
import type { Db } from '../../../kernel/resources';
import { rowsOf, statusesOf } from './board';

type Rows<T> = { rows?: T[] } | T[];
const run = async <T>(tx: Db, query: ReturnType<typeof sql>) => rowsOf((await tx.execute(query)) as unknown as Rows<T>);

/** Each listed project's task counts by done/open and hours logged (project-management's progress). */
export async function progressOf(tx: Db, tenantId: string, projectIds: string[]) {
  if (projectIds.length === 0) return new Map<string, { total: number; done: number; loggedHours: number }>();
  const rows = await run<{ id: string; total: number; done: number; minutes: number }>(
    tx,
    sql`select p.id,
      (select count(*)::int from builder_tasks t where t.tenant_id = p.tenant_id and t.project_id = p.id) as total,
      (select count(*)::int from builder_tasks t where t.tenant_id = p.tenant_id and t.project_id = p.id
         and t.status = p.task_statuses[array_length(p.task_statuses, 1)]) as done,
      (select coalesce(sum(minutes), 0)::int from builder_time_logs l where l.tenant_id = p.tenant_id and l.project_id = p.id) as minutes
    from builder_projects p where p.tenant_id = ${tenantId} and p.id = any(${sql.param(projectIds)}::uuid[])`,
  );
  return new Map(rows.map((r) => [r.id, { total: r.total, done: r.done, loggedHours: r.minutes / 60 }]));
}

/**
 * What the role views show of one project: tasks by status, hours logged against capacity per person
 * (this week), the burn-up (scope and done hours by week), risks (overdue, unassigned urgent tasks,
 * open critical issues) and pending scope changes.
 */
export async function projectStats(tx: Db, tenantId: string, projectId: string, today: string) {
  const statuses = await statusesOf(tx, tenantId, projectId);
  const done = statuses[statuses.length - 1];
  const byStatus = await run<{ status: string; count: number; hours: number }>(
    tx,
    sql`select status, count(*)::int as count, coalesce(sum(estimate_hours), 0)::float8 as hours from builder_tasks
        where tenant_id = ${tenantId} and project_id = ${projectId} group by status`,
  );
  const people = await run<{ userId: string; name: string; capacityHours: number; loggedMinutes: number; openTasks: number }>(
    tx,
    sql`select m.user_id as "userId", u.name, m.capacity_hours::float8 as "capacityHours",
      (select coalesce(sum(l.minutes), 0)::int from builder_time_logs l where l.tenant_id = m.tenant_id and l.project_id = m.project_id
         and l.user_id = m.user_id and l.date >= to_char(date_trunc('week', ${today}::date), 'YYYY-MM-DD')) as "loggedMinutes",
      (select count(*)::int from builder_tasks t where t.tenant_id = m.tenant_id and t.project_id = m.project_id
         and t.assignee_id = m.user_id and t.status <> ${done}) as "openTasks"
    from builder_members m join users u on u.tenant_id = m.tenant_id and u.id = m.user_id
    where m.tenant_id = ${tenantId} and m.project_id = ${projectId} order by u.name`,
  );
  const burnup = await run<{ week: string; doneHours: number }>(
    tx,
    sql`select to_char(date_trunc('week', completed_at), 'YYYY-MM-DD') as week, coalesce(sum(estimate_hours), 0)::float8 as "doneHours"
        from builder_tasks where tenant_id = ${tenantId} and project_id = ${projectId} and completed_at is not null
        group by 1 order by 1`,
  );
  const risks = await run<{
    overdue: number;
    urgentUnassigned: number;
    criticalIssues: number;
    pendingChanges: number;
    pendingHours: number;
  }>(
    tx,
    sql`select
      (select count(*)::int from builder_tasks where tenant_id = ${tenantId} and project_id = ${projectId} and status <> ${done} and due_date < ${today}) as overdue,
      (select count(*)::int from builder_tasks where tenant_id = ${tenantId} and project_id = ${projectId} and status <> ${done}
         and assignee_id is null and priority = 'urgent') as "urgentUnassigned",
      (select count(*)::int from builder_issues where tenant_id = ${tenantId} and project_id = ${projectId}
         and severity = 'Critical' and status not in ('Closed', 'Fixed')) as "criticalIssues",
      (select count(*)::int from builder_scope_items where tenant_id = ${tenantId} and project_id = ${projectId} and status = 'proposed') as "pendingChanges",
      (select coalesce(sum(hours), 0)::float8 from builder_scope_items where tenant_id = ${tenantId} and project_id = ${projectId} and status = 'proposed') as "pendingHours"`,
  );
  return {
    statuses: statuses.map((s) => {
      const row = byStatus.find((b) => b.status === s);
      return { status: s, count: row?.count ?? 0, hours: Number(row?.hours ?? 0) };
    }),
    people: people.map((p) => ({ ...p, loggedHours: p.loggedMinutes / 60 })),
    burnup: burnup.map((b, i) => ({ week: b.week, doneHours: burnup.slice(0, i + 1).reduce((sum, w) => sum + Number(w.doneHours), 0) })),
    risks: risks[0],
  };
}

/** The summary report: hours per person and project, and attendance days, between two dates. */
export async function summaryReport(tx: Db, tenantId: string, from: string, to: string, viewer: string | null) {
  // Anyone but the owner (viewer null) sees the projects they are members of and their own entries.
  const visible = viewer
    ? sql` and (l.user_id = ${viewer} or exists (select 1 from builder_members m where m.tenant_id = l.tenant_id and m.project_id = l.project_id and m.user_id = ${viewer}))`
    : sql``;
  const ownDays = viewer ? sql` and a.user_id = ${viewer}` : sql``;
  const hours = await run<{
    userId: string | null;
    name: string | null;
    projectId: string | null;
    project: string | null;
    minutes: number;
  }>(
    tx,
    sql`select l.user_id as "userId", u.name, l.project_id as "projectId", p.name as project, sum(l.minutes)::int as minutes
        from builder_time_logs l
        left join users u on u.tenant_id = l.tenant_id and u.id = l.user_id
        left join builder_projects p on p.tenant_id = l.tenant_id and p.id = l.project_id
        where l.tenant_id = ${tenantId} and l.date between ${from} and ${to}${visible}
        group by 1, 2, 3, 4 order by 2, 4`,
  );
  const attendance = await run<{ userId: string | null; name: string | null; status: string; days: number }>(
    tx,
    sql`select a.user_id as "userId", u.name, a.status, count(*)::int as days from builder_attendance a
        left join users u on u.tenant_id = a.tenant_id and u.id = a.user_id
        where a.tenant_id = ${tenantId} and a.date between ${from} and ${to}${ownDays} group by 1, 2, 3 order by 2, 3`,
  );
  return { from, to, hours: hours.map((h) => ({ ...h, hours: h.minutes / 60 })), attendance };
}
