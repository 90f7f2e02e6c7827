import { and, asc, between, eq, inArray, isNotNull, isNull, lt, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { users } from '../../../kernel/auth';
import { type Db, type Scope, tenantFilter } from '../../../kernel/resources';
import { issuesResource } from '../resources/issues';
import { projectsResource } from '../resources/projects';
import {
  builderAttendance,
  builderIssues,
  builderMembers,
  builderProjects,
  builderScopeItems,
  builderTasks,
  builderTimeLogs,
} from '../tables';
import { statusesOf } from './board';
import { CLOSED_ISSUE_STATUSES } from './lookups';

// Every statement names the community through the kit's tenantFilter on each table it reads (correlated
// subqueries included), beside the project: each read is a range of a (tenant_id, project_id, …) index.

/** `(select <what> from <table> where <conditions>)`: a scalar subquery. */
const scalar = <T>(what: SQL, table: typeof builderTasks | typeof builderTimeLogs, ...conditions: (SQL | undefined)[]) =>
  sql<T>`(select ${what} from ${table} where ${and(...conditions)})`;

/** Each listed project's task counts by done/open and hours logged (project-management's progress). */
export async function progressOf(tx: Db, scope: Scope, projectIds: string[]) {
  if (projectIds.length === 0) return new Map<string, { total: number; done: number; loggedHours: number }>();
  const { tenantId } = scope;
  const ofProject = and(tenantFilter(builderTasks, tenantId), eq(builderTasks.projectId, builderProjects.id));
  const lastStatus = sql`${builderProjects.taskStatuses}[array_length(${builderProjects.taskStatuses}, 1)]`;
  const rows = await tx
    .select({
      id: builderProjects.id,
      total: scalar<number>(sql`count(*)::int`, builderTasks, ofProject),
      done: scalar<number>(sql`count(*)::int`, builderTasks, ofProject, sql`${builderTasks.status} = ${lastStatus}`),
      minutes: scalar<number>(
        sql`coalesce(sum(${builderTimeLogs.minutes}), 0)::int`,
        builderTimeLogs,
        tenantFilter(builderTimeLogs, tenantId),
        eq(builderTimeLogs.projectId, builderProjects.id),
      ),
    })
    .from(builderProjects)
    .where(projectsResource.visible(scope, inArray(builderProjects.id, projectIds)));
  return new Map(rows.map((r) => [r.id, { total: Number(r.total), done: Number(r.done), loggedHours: Number(r.minutes) / 60 }]));
}

/**
 * What the role views show of one project: tasks by status, hours logged against capacity per person
 * (this week), the burn-up (scope and done hours by week), risks (overdue, unassigned urgent tasks,
 * open critical issues) and pending scope changes.
 */
export async function projectStats(tx: Db, scope: Scope, projectId: string, today: string) {
  const { tenantId } = scope;
  const statuses = await statusesOf(tx, tenantId, projectId);
  const done = statuses[statuses.length - 1];
  const tasks = and(tenantFilter(builderTasks, tenantId), eq(builderTasks.projectId, projectId));
  const open = and(tasks, ne(builderTasks.status, done));
  const byStatus = await tx
    .select({
      status: builderTasks.status,
      count: sql<number>`count(*)::int`,
      hours: sql<number>`coalesce(sum(${builderTasks.estimateHours}), 0)::float8`,
    })
    .from(builderTasks)
    .where(tasks)
    .groupBy(builderTasks.status);
  const weekStart = sql`to_char(date_trunc('week', ${today}::date), 'YYYY-MM-DD')`;
  const people = await tx
    .select({
      userId: builderMembers.userId,
      name: users.name,
      capacityHours: sql<number>`${builderMembers.capacityHours}::float8`,
      loggedMinutes: scalar<number>(
        sql`coalesce(sum(${builderTimeLogs.minutes}), 0)::int`,
        builderTimeLogs,
        tenantFilter(builderTimeLogs, tenantId),
        eq(builderTimeLogs.projectId, projectId),
        eq(builderTimeLogs.userId, builderMembers.userId),
        sql`${builderTimeLogs.date} >= ${weekStart}`,
      ),
      openTasks: scalar<number>(sql`count(*)::int`, builderTasks, open, eq(builderTasks.assigneeId, builderMembers.userId)),
    })
    .from(builderMembers)
    .innerJoin(users, and(tenantFilter(users, tenantId), eq(users.id, builderMembers.userId)))
    .where(and(tenantFilter(builderMembers, tenantId), eq(builderMembers.projectId, projectId)))
    .orderBy(asc(users.name));
  const week = sql<string>`to_char(date_trunc('week', ${builderTasks.completedAt}), 'YYYY-MM-DD')`;
  const burnup = await tx
    .select({ week, doneHours: sql<number>`coalesce(sum(${builderTasks.estimateHours}), 0)::float8` })
    .from(builderTasks)
    .where(and(tasks, isNotNull(builderTasks.completedAt)))
    .groupBy(week)
    .orderBy(week);
  const count = () => sql<number>`count(*)::int`;
  const [overdue] = await tx
    .select({ n: count() })
    .from(builderTasks)
    .where(and(open, lt(builderTasks.dueDate, today)));
  const [urgentUnassigned] = await tx
    .select({ n: count() })
    .from(builderTasks)
    .where(and(open, isNull(builderTasks.assigneeId), eq(builderTasks.priority, 'urgent')));
  const [criticalIssues] = await tx
    .select({ n: count() })
    .from(builderIssues)
    .where(
      issuesResource.visible(
        scope,
        eq(builderIssues.projectId, projectId),
        eq(builderIssues.severity, 'Critical'),
        notInArray(builderIssues.status, CLOSED_ISSUE_STATUSES),
      ),
    );
  const [pending] = await tx
    .select({ n: count(), hours: sql<number>`coalesce(sum(${builderScopeItems.hours}), 0)::float8` })
    .from(builderScopeItems)
    .where(
      and(tenantFilter(builderScopeItems, tenantId), eq(builderScopeItems.projectId, projectId), eq(builderScopeItems.status, 'proposed')),
    );
  return {
    statuses: statuses.map((s) => {
      const row = byStatus.find((b) => b.status === s);
      return { status: s, count: row?.count ?? 0, hours: Number(row?.hours ?? 0) };
    }),
    people: people.map((p) => ({
      ...p,
      capacityHours: Number(p.capacityHours),
      loggedMinutes: Number(p.loggedMinutes),
      openTasks: Number(p.openTasks),
      loggedHours: Number(p.loggedMinutes) / 60,
    })),
    burnup: burnup.map((b, i) => ({ week: b.week, doneHours: burnup.slice(0, i + 1).reduce((sum, w) => sum + Number(w.doneHours), 0) })),
    risks: {
      overdue: overdue.n,
      urgentUnassigned: urgentUnassigned.n,
      criticalIssues: criticalIssues.n,
      pendingChanges: pending.n,
      pendingHours: Number(pending.hours),
    },
  };
}

/** The summary report: hours per person and project, and attendance days, between two dates. */
export async function summaryReport(tx: Db, scope: Scope, from: string, to: string, viewer: string | null) {
  const { tenantId } = scope;
  const l = builderTimeLogs;
  const a = builderAttendance;
  // Anyone but the owner (viewer null) sees the projects they are members of and their own entries.
  const member = (userId: string) =>
    sql`exists (select 1 from ${builderMembers} where ${and(
      tenantFilter(builderMembers, tenantId),
      eq(builderMembers.projectId, l.projectId),
      eq(builderMembers.userId, userId),
    )})`;
  const hours = await tx
    .select({
      userId: l.userId,
      name: users.name,
      projectId: l.projectId,
      project: builderProjects.name,
      minutes: sql<number>`sum(${l.minutes})::int`,
    })
    .from(l)
    .leftJoin(users, and(tenantFilter(users, tenantId), eq(users.id, l.userId)))
    .leftJoin(builderProjects, projectsResource.visible(scope, eq(builderProjects.id, l.projectId)))
    .where(and(tenantFilter(l, tenantId), between(l.date, from, to), viewer ? or(eq(l.userId, viewer), member(viewer)) : undefined))
    .groupBy(l.userId, users.name, l.projectId, builderProjects.name)
    .orderBy(asc(users.name), asc(builderProjects.name));
  const attendance = await tx
    .select({ userId: a.userId, name: users.name, status: a.status, days: sql<number>`count(*)::int` })
    .from(a)
    .leftJoin(users, and(tenantFilter(users, tenantId), eq(users.id, a.userId)))
    .where(and(tenantFilter(a, tenantId), between(a.date, from, to), viewer ? eq(a.userId, viewer) : undefined))
    .groupBy(a.userId, users.name, a.status)
    .orderBy(asc(users.name), asc(a.status));
  return { from, to, hours: hours.map((h) => ({ ...h, hours: Number(h.minutes) / 60 })), attendance };
}
