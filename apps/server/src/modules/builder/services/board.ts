import { and, eq, ilike, ne, sql } from 'drizzle-orm';
import { type Db, errors, inCommunity, queryRows, type Scope, tenantFilter } from '../../../kernel/resources';
import { builderProjects, builderTasks, DEFAULT_TASK_STATUSES } from '../tables';

/** A project's board columns (the default ones for a task outside any project). */
export async function statusesOf(tx: Db, tenantId: string, projectId: string | null): Promise<string[]> {
  if (!projectId) return DEFAULT_TASK_STATUSES;
  const [row] = await tx
    .select({ statuses: builderProjects.taskStatuses })
    .from(builderProjects)
    .where(and(tenantFilter(builderProjects, tenantId), eq(builderProjects.id, projectId)));
  return row?.statuses ?? DEFAULT_TASK_STATUSES;
}

const inColumn = (tenantId: string, projectId: string | null, status: string) =>
  and(
    tenantFilter(builderTasks, tenantId),
    projectId ? eq(builderTasks.projectId, projectId) : sql`${builderTasks.projectId} is null`,
    eq(builderTasks.status, status),
  );

/** The position at the bottom of a column. */
export async function nextPosition(tx: Db, tenantId: string, projectId: string | null, status: string): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number | null>`max(${builderTasks.position})` })
    .from(builderTasks)
    .where(inColumn(tenantId, projectId, status));
  return (row?.max === null || row?.max === undefined ? 0 : Number(row.max)) + 1024;
}

/**
 * The position between two neighbours of a column (either may be missing: top or bottom). When the
 * gap is used up, the column is renumbered (1024 apart) and the position taken again.
 */
export async function positionBetween(
  tx: Db,
  tenantId: string,
  projectId: string | null,
  status: string,
  beforeId: string | null,
  afterId: string | null,
  movingId: string,
): Promise<number> {
  const positionOf = async (id: string | null) => {
    if (!id) return null;
    const [row] = await tx
      .select({ position: builderTasks.position })
      .from(builderTasks)
      .where(and(inColumn(tenantId, projectId, status), eq(builderTasks.id, id)));
    if (!row) throw errors.validation({ [id === beforeId ? 'beforeId' : 'afterId']: 'Not a task of that column' });
    return row.position;
  };
  // beforeId: the card that ends up above the moved one; afterId: the one below it.
  const above = await positionOf(beforeId);
  const below = await positionOf(afterId);
  if (above === null && below === null) return nextPosition(tx, tenantId, projectId, status);
  if (above === null) return below! - 1024;
  if (below === null) return above + 1024;
  if (below <= above) throw errors.validation({ afterId: 'Must be below beforeId' });
  if (below - above > 1e-6) return (above + below) / 2;
  const renumbered = tx
    .select({ id: builderTasks.id, rn: sql<number>`row_number() over (order by ${builderTasks.position}, ${builderTasks.id})`.as('rn') })
    .from(builderTasks)
    .where(and(inColumn(tenantId, projectId, status), ne(builderTasks.id, movingId)))
    .as('n');
  await tx
    .update(builderTasks)
    .set({ position: sql`${renumbered.rn} * 1024` })
    .from(renumbered)
    .where(and(tenantFilter(builderTasks, tenantId), eq(builderTasks.id, renumbered.id)));
  return positionBetween(tx, tenantId, projectId, status, beforeId, afterId, movingId);
}

export const BOARD_COLUMN_PAGE = 50;

export interface BoardCard {
  id: string;
  title: string;
  status: string;
  position: number;
  assigneeId: string | null;
  priority: string;
  dueDate: string | null;
  labels: string[];
  estimateHours: number | null;
  storyId: string | null;
  taskListId: string | null;
}

/**
 * The board's first load: each column's first `perColumn` cards (by position) and its count, in two
 * statements over the (tenant, project, status, position) index. Further cards of a column come by
 * `column(…, afterPosition)`.
 */
export async function boardOf(
  tx: Db,
  scope: Scope,
  projectId: string,
  perColumn = BOARD_COLUMN_PAGE,
  filters: { assigneeId?: string; q?: string } = {},
) {
  const statuses = await statusesOf(tx, scope.tenantId, projectId);
  // The project's tasks as the kit filters them (the community), optionally one assignee's, optionally
  // those whose title holds the board's filter text (as the task list's search: the title's trigram index).
  const ofProject = and(
    tenantFilter(builderTasks, scope.tenantId),
    eq(builderTasks.projectId, projectId),
    filters.assigneeId ? eq(builderTasks.assigneeId, filters.assigneeId) : undefined,
    filters.q ? ilike(builderTasks.title, `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );
  // One index range per column (tenant, project, status, position), each stopping after `perColumn` rows.
  const cardRows = await queryRows<BoardCard>(
    tx,
    sql`
    select c.id, c.title, c.status, c.position, c.assignee_id as "assigneeId", c.priority, c.due_date as "dueDate",
           c.labels, c.estimate_hours as "estimateHours", c.story_id as "storyId", c.task_list_id as "taskListId"
    from unnest(${sql.param(statuses)}::text[]) as s(status)
    cross join lateral (
      select * from ${builderTasks}
      where ${ofProject} and ${builderTasks.status} = s.status
      order by ${builderTasks.position}, ${builderTasks.id} limit ${perColumn}
    ) c`,
  );
  const counts = await tx
    .select({ status: builderTasks.status, count: sql<number>`count(*)::int` })
    .from(builderTasks)
    .where(ofProject)
    .groupBy(builderTasks.status);
  const countRows = new Map(counts.map((r) => [r.status, Number(r.count)]));
  return {
    statuses,
    columns: statuses.map((status) => ({
      status,
      count: countRows.get(status) ?? 0,
      cards: cardRows.filter((c) => c.status === status).map((c) => ({ ...c, position: Number(c.position) })),
    })),
  };
}

/**
 * The next cards of one column after the card `afterId` (the board's "Load more"): keyset on
 * (position, id) over the board's index, under the same filters as the first load.
 */
export async function columnPage(
  tx: Db,
  scope: Scope,
  projectId: string,
  status: string,
  afterId: string,
  filters: { assigneeId?: string; q?: string } = {},
  limit = BOARD_COLUMN_PAGE,
) {
  const [last] = await tx
    .select({ id: builderTasks.id })
    .from(builderTasks)
    .where(and(inColumn(scope.tenantId, projectId, status), eq(builderTasks.id, afterId)));
  if (!last) throw errors.validation({ afterId: 'Not a task of that column (it may have moved: reload the board)' });
  const rows = await tx
    .select({
      id: builderTasks.id,
      title: builderTasks.title,
      status: builderTasks.status,
      position: builderTasks.position,
      assigneeId: builderTasks.assigneeId,
      priority: builderTasks.priority,
      dueDate: builderTasks.dueDate,
      labels: builderTasks.labels,
      estimateHours: builderTasks.estimateHours,
      storyId: builderTasks.storyId,
      taskListId: builderTasks.taskListId,
    })
    .from(builderTasks)
    .where(
      and(
        inColumn(scope.tenantId, projectId, status),
        filters.assigneeId ? eq(builderTasks.assigneeId, filters.assigneeId) : undefined,
        filters.q ? ilike(builderTasks.title, `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
        // The cursor card's key read in SQL, so ties of position are ordered by id as on the first load.
        sql`(${builderTasks.position}, ${builderTasks.id}) > (select p.position, p.id from builder_tasks p where ${inCommunity(scope.tenantId, 'p')} and p.id = ${afterId})`,
      ),
    )
    .orderBy(builderTasks.position, builderTasks.id)
    .limit(limit + 1);
  return { cards: rows.slice(0, limit), more: rows.length > limit };
}
