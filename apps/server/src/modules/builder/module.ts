import { defineModule } from '../../kernel/resources';
import { builderCompat } from './compat';
import { designsResource } from './resources/designs';
import { issueLookupsResource, issuesResource } from './resources/issues';
import { logTablesResource } from './resources/log-tables';
import { attendanceResource, timeLogsResource } from './resources/logs';
import { pagesResource, projectRolesResource, storiesResource, taskListsResource, versionsResource } from './resources/planning';
import { projectsResource } from './resources/projects';
import { scopeItemsResource } from './resources/scope';
import { suitesResource } from './resources/suites';
import { tasksResource } from './resources/tasks';
import { builderRoutes } from './routes';
import { seedBuilder } from './seed';

/**
 * The project builder: business suites (platform catalogue), projects with members and role flags,
 * pages, stories, versions, scope and change requests, task lists and the board, design review with
 * pinned notes and per-platform approval, the issue tracker, work logs and attendance. Members see a
 * project's records (row rules, access.ts); assignments, comments, approvals and scope decisions
 * reach people's bells through the kernel's notifications.
 */
export const builderModule = defineModule({
  key: 'builder',
  label: 'Project builder',
  area: 'builder',
  permissionModules: [
    { key: 'builder', label: 'Builder' },
    { key: 'issue-tracker', label: 'Issue tracker' },
    { key: 'work-logs', label: 'Work logs and attendance' },
  ],
  // Parents first: examples are seeded in this order.
  resources: [
    suitesResource,
    projectsResource,
    projectRolesResource,
    pagesResource,
    storiesResource,
    versionsResource,
    scopeItemsResource,
    taskListsResource,
    tasksResource,
    designsResource,
    issueLookupsResource,
    issuesResource,
    timeLogsResource,
    attendanceResource,
    logTablesResource,
  ],
  routes: builderRoutes,
  compat: builderCompat,
  seed: seedBuilder,
});
