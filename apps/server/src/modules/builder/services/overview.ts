import { and, asc, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db, Scope } from '../../../kernel/resources';
import { storiesResource } from '../resources/planning';
import { projectsResource } from '../resources/projects';
import { tasksResource } from '../resources/tasks';
import { builderProjects, builderStories, builderTasks } from '../tables';
import { progressOf } from './stats';

/** The projects the caller sees (row rules), each with its progress (done of all tasks) and hours logged. */
export async function projectsOverview(db: Db, scope: Scope) {
  const { data } = await projectsResource.listIn(db, scope, { limit: 200, offset: 0, withTotal: 'false' });
  const progress = await progressOf(
    db,
    scope,
    data.map((p) => p.id),
  );
  return data.map((p) => {
    const pr = progress.get(p.id) ?? { total: 0, done: 0, loggedHours: 0 };
    return { ...p, tasks: pr.total, doneTasks: pr.done, progress: pr.total ? pr.done / pr.total : 0, loggedHours: pr.loggedHours };
  });
}

/** Open tasks assigned to the caller in the projects they see (not in a project's last column). */
export async function myTasks(db: Db, scope: Scope, limit: number) {
  if (!scope.actor.id) return [];
  const visible = tasksResource.visible(scope, eq(builderTasks.assigneeId, scope.actor.id));
  return db
    .select({
      id: builderTasks.id,
      title: builderTasks.title,
      status: builderTasks.status,
      priority: builderTasks.priority,
      dueDate: builderTasks.dueDate,
      projectId: builderTasks.projectId,
      project: builderProjects.name,
    })
    .from(builderTasks)
    .leftJoin(builderProjects, projectsResource.visible(scope, eq(builderProjects.id, builderTasks.projectId)))
    .where(
      and(
        visible,
        ne(builderTasks.status, sql`coalesce(${builderProjects.taskStatuses}[array_length(${builderProjects.taskStatuses}, 1)], 'done')`),
      ),
    )
    .orderBy(sql`${builderTasks.dueDate} asc nulls last`, asc(builderTasks.id))
    .limit(limit);
}

/**
 * A project's requirements (save-requirement: what the client asked for, in their words): its tasks
 * that hold one, with the story each belongs to, most recently changed first (the business analyst's view).
 */
export async function projectRequirements(db: Db, scope: Scope, projectId: string, limit: number) {
  return db
    .select({
      id: builderTasks.id,
      title: builderTasks.title,
      requirement: builderTasks.requirement,
      status: builderTasks.status,
      storyId: builderTasks.storyId,
      story: builderStories.title,
      updatedAt: builderTasks.updatedAt,
    })
    .from(builderTasks)
    .leftJoin(builderStories, storiesResource.visible(scope, eq(builderStories.id, builderTasks.storyId)))
    .where(
      tasksResource.visible(
        scope,
        eq(builderTasks.projectId, projectId),
        isNotNull(builderTasks.requirement),
        ne(builderTasks.requirement, ''),
      ),
    )
    .orderBy(desc(builderTasks.updatedAt), desc(builderTasks.id))
    .limit(limit);
}
