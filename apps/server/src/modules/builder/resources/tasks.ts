import { z } from 'zod';
import { after, type Db, defineResource, errors } from '../../../kernel/resources';
import { announce } from '../services/announce';
import { nextPosition, statusesOf } from '../services/board';
import { tell } from '../services/notices';
import { builderTasks } from '../tables';
import { dateInput, PRIORITY_UI, projectRecord, textInput, titleInput } from './common';

export const TASKS_PATH = 'builder/tasks';

/** The board hears of a task change (a stream of every member who reads the task). */
export const announceTask = (tx: Db, tenantId: string, event: string, task: Record<string, unknown>) =>
  announce(tx, tenantId, TASKS_PATH, event, task);

const record = projectRecord('builder_tasks', async (ctx, data) => {
  const projectId = after(ctx, data, 'projectId') as string | null;
  const statuses = await statusesOf(ctx.tx, ctx.scope.tenantId, projectId);
  const status = (after(ctx, data, 'status') as string | undefined) ?? statuses[0];
  if (!statuses.includes(status)) {
    throw errors.validation({ status: `Not a status of this project: one of ${statuses.join(', ')}` });
  }
  const out: Record<string, unknown> = { ...data, status };
  if (ctx.op === 'create' || ('status' in data && data.status !== ctx.existing?.status)) {
    out.completedAt = status === statuses[statuses.length - 1] ? new Date() : null;
    // A task joins its column at the bottom.
    out.position = await nextPosition(ctx.tx, ctx.scope.tenantId, projectId, status);
  }
  return out;
});

/** Tasks: the board's cards, with status (the project's columns), assignee, estimate, due date, priority and labels. */
export const tasksResource = defineResource({
  path: TASKS_PATH,
  module: 'builder',
  table: builderTasks,
  label: { singular: 'Task', plural: 'Tasks' },
  readOnly: ['createdBy', 'position', 'completedAt'],
  input: {
    title: titleInput,
    description: textInput,
    status: (s) => s.trim().min(1).max(40),
    estimateHours: (s) => s.min(0).max(10_000),
    dueDate: dateInput,
    labels: () => z.array(z.string().trim().min(1).max(40)).max(20),
    requirement: textInput,
  },
  access: record.access,
  hooks: {
    beforeWrite: record.hooks.beforeWrite,
    async afterWrite(ctx, task) {
      await announceTask(ctx.tx, ctx.scope.tenantId, ctx.op === 'create' ? 'builder.task.created' : 'builder.task.changed', task);
      if (task.assigneeId && task.assigneeId !== ctx.existing?.assigneeId) {
        await tell(ctx.tx, ctx.scope, [task.assigneeId as string], {
          title: `Assigned to you: ${String(task.title)}`,
          link: `/admin-panel/builder?project=${task.projectId ?? ''}&task=${task.id}`,
          source: TASKS_PATH,
          recordId: task.id,
        });
      }
    },
    beforeDelete: (ctx, task) => announceTask(ctx.tx, ctx.scope.tenantId, 'builder.task.removed', task),
  },
  list: {
    search: ['title'],
    filters: ['projectId', 'status', 'assigneeId', 'priority', 'taskListId', 'storyId', 'pageId', 'versionId', 'labels', 'dueDate'],
    sort: ['title', 'dueDate', 'position'],
  },
  fields: {
    projectId: { label: 'Project' },
    taskListId: { label: 'Task list' },
    assigneeId: { label: 'Assignee' },
    storyId: { label: 'User story' },
    pageId: { label: 'Page' },
    versionId: { label: 'Version' },
    description: { widget: 'textarea' },
    requirement: { widget: 'textarea', label: 'Requirement' },
    dueDate: { widget: 'date' },
    labels: { widget: 'tags' },
    priority: PRIORITY_UI,
  },
  ui: {
    title: 'title',
    columns: ['title', 'status', 'assigneeId', 'priority', 'dueDate', 'projectId'],
    bulkEdit: ['assigneeId', 'priority', 'taskListId', 'versionId', 'labels'],
  },
  examples: [
    { title: 'Price list import for dealers', priority: 'high', estimateHours: 6, labels: ['backend'] },
    { title: 'Checkout page design', priority: 'medium', labels: ['ux'] },
  ],
});
