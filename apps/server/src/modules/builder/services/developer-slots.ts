import { and, asc, eq, ne, notInArray, sql } from 'drizzle-orm';
import { users } from '../../../kernel/auth';
import { type Db, type Scope, tenantFilter } from '../../../kernel/resources';
import { issuesResource } from '../resources/issues';
import { tasksResource } from '../resources/tasks';
import { builderIssues, builderMembers, builderTasks } from '../tables';
import { statusesOf } from './board';
import { CLOSED_ISSUE_STATUSES } from './lookups';

/**
 * A developer slot of a project (developer-one/two/three): the developer the project's manager put
 * in that slot (members' `developerSlot`) with their open tasks of the project, soonest due first,
 * and the open issues assigned to them. An empty slot answers `member: null`.
 */
export async function developerSlot(db: Db, scope: Scope, projectId: string, slot: number) {
  const [member] = await db
    .select({ userId: builderMembers.userId, name: users.name, email: users.email, capacityHours: builderMembers.capacityHours })
    .from(builderMembers)
    .innerJoin(users, and(tenantFilter(users, scope.tenantId), eq(users.id, builderMembers.userId)))
    .where(
      and(tenantFilter(builderMembers, scope.tenantId), eq(builderMembers.projectId, projectId), eq(builderMembers.developerSlot, slot)),
    );
  if (!member) return { slot, member: null, tasks: [], issues: [] };
  const statuses = await statusesOf(db, scope.tenantId, projectId);
  const tasks = await db
    .select({
      id: builderTasks.id,
      title: builderTasks.title,
      status: builderTasks.status,
      priority: builderTasks.priority,
      dueDate: builderTasks.dueDate,
      estimateHours: builderTasks.estimateHours,
    })
    .from(builderTasks)
    .where(
      tasksResource.visible(
        scope,
        eq(builderTasks.assigneeId, member.userId),
        eq(builderTasks.projectId, projectId),
        ne(builderTasks.status, statuses[statuses.length - 1]),
      ),
    )
    .orderBy(sql`${builderTasks.dueDate} asc nulls last`, asc(builderTasks.id))
    .limit(200);
  const issues = await db
    .select({
      id: builderIssues.id,
      title: builderIssues.title,
      status: builderIssues.status,
      severity: builderIssues.severity,
      priority: builderIssues.priority,
    })
    .from(builderIssues)
    .where(
      issuesResource.visible(
        scope,
        eq(builderIssues.assigneeId, member.userId),
        eq(builderIssues.projectId, projectId),
        notInArray(builderIssues.status, CLOSED_ISSUE_STATUSES),
      ),
    )
    .orderBy(asc(builderIssues.title), asc(builderIssues.id))
    .limit(200);
  return { slot, member, tasks, issues };
}
