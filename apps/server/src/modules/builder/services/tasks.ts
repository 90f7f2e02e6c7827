import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../../kernel/events';
import type { Db, Row, Scope } from '../../../kernel/resources';
import { errors, tenantFilter } from '../../../kernel/resources';
import { announceTask } from '../resources/tasks';
import { builderTasks } from '../tables';
import { positionBetween, statusesOf } from './board';

/**
 * Moves a task on the board: to `status` (a column of its project), between the cards `beforeId`
 * (above) and `afterId` (below). The order is kept; every open board hears of it.
 */
export async function moveTask(tx: Db, scope: Scope, task: Row, to: { status: string; beforeId?: string | null; afterId?: string | null }) {
  const projectId = (task.projectId as string | null) ?? null;
  const statuses = await statusesOf(tx, scope.tenantId, projectId);
  if (!statuses.includes(to.status)) throw errors.validation({ status: `Not a status of this project: one of ${statuses.join(', ')}` });
  if (to.beforeId === task.id || to.afterId === task.id) throw errors.validation({ beforeId: 'A task is not its own neighbour' });
  const position = await positionBetween(tx, scope.tenantId, projectId, to.status, to.beforeId ?? null, to.afterId ?? null, task.id);
  const done = statuses[statuses.length - 1];
  const completedAt = to.status === task.status ? task.completedAt : to.status === done ? new Date() : null;
  const [row] = await tx
    .update(builderTasks)
    .set({ status: to.status, position, completedAt: completedAt as Date | null, updatedAt: new Date() })
    .where(and(tenantFilter(builderTasks, scope.tenantId), eq(builderTasks.id, task.id)))
    .returning();
  const { tenantId: _t, ...after } = row;
  await recordAudit(tx, scope, [{ action: 'update', resource: 'builder/tasks', recordId: task.id, before: task, after }]);
  await announceTask(tx, scope.tenantId, 'builder.task.moved', after);
  return after;
}
