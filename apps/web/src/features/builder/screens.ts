import { type AreaDeclaration, inSection, type LazyComponent } from '../../config/screen-types';

const P = '/admin-panel';
const board: LazyComponent = () => import('./board-page');
const manager: LazyComponent = () => import('./manager-page');
const myWork: LazyComponent = () => import('./my-work-page');
const projects: LazyComponent = () => import('./projects-page');
const scope: LazyComponent = () => import('./scope-page');
const developer: LazyComponent = () => import('./developer-page');

const work = inSection({ group: 'builder', section: 'Work', modules: ['builder'] });
const views = inSection({ group: 'builder', section: 'Role views', modules: ['builder'] });
const records = inSection({ group: 'builder', section: 'Tracking', modules: ['issue-tracker', 'work-logs'] });

/** The project builder (Builder): projects, the board, role views, scope, design review, issues, logs. */
export const builderArea: AreaDeclaration = {
  groups: [{ key: 'builder', label: 'Builder', order: 40, areas: ['builder'] }],
  screens: [
    work({
      path: `${P}/builder`,
      label: 'Builder',
      description: "A project's board and the team's hours against capacity.",
      keywords: ['board', 'kanban', 'tasks'],
      component: board,
    }),
    work({
      path: `${P}/project-management`,
      label: 'Project management',
      description: 'Every project with its progress.',
      component: projects,
    }),
    work({
      path: `${P}/ProjectRegister`,
      label: 'New project',
      description: 'Start a project from a business suite.',
      component: () => import('./project-register-page'),
    }),
    work({
      path: `${P}/scope-Requirements`,
      label: 'Scope and change requests',
      description: 'The approved estimate; the client approves or rejects change requests; the decisions made.',
      keywords: ['scope', 'change request', 'estimate', 'approve'],
      component: scope,
      // The page's list of every scope item opens a record in its drawer (?record=).
      drawer: 'builder/scope-items',
    }),
    work({
      path: `${P}/builder/scope`,
      label: 'Scope and change requests',
      description: 'Scope items with their estimates.',
      aliasOf: `${P}/scope-Requirements`,
      nav: false,
      component: scope,
    }),
    work({
      path: `${P}/builder/newscope`,
      label: 'Scope and change requests',
      description: 'Propose a change of scope.',
      aliasOf: `${P}/scope-Requirements`,
      nav: false,
      component: scope,
    }),
    work({
      path: `${P}/builder/domain`,
      label: 'Pages',
      description: "A project's pages and admin pages.",
      resource: 'builder/pages',
      drawer: 'builder/pages',
    }),
    views({
      path: `${P}/builder/business-analyst`,
      label: 'Business analyst',
      description: "User stories with their acceptance criteria, and the client's requirements.",
      keywords: ['stories', 'requirements', 'acceptance criteria'],
      drawer: 'builder/stories',
      component: () => import('./analyst-page'),
    }),
    views({
      path: `${P}/builder/user-experience`,
      label: 'User experience',
      description: 'Design review: pinned notes, comments and approval per platform.',
      keywords: ['design', 'ux', 'figma'],
      component: () => import('./design-page'),
    }),
    views({
      path: `${P}/builder/project-manager`,
      label: 'Project manager',
      description: 'Milestones, progress, burn-up, risks and scope changes.',
      component: manager,
    }),
    views({
      path: `${P}/builder/performance-utlilization`,
      label: 'Project manager',
      description: 'Progress, capacity and risks of a project.',
      aliasOf: `${P}/builder/project-manager`,
      nav: false,
      component: manager,
    }),
    views({
      path: `${P}/builder/quality-assurance`,
      label: 'Quality assurance',
      description: 'Issues by status on a board (drag to change), filters, comments and attachments.',
      keywords: ['issues', 'bugs', 'issue tracker'],
      modules: ['issue-tracker'],
      component: () => import('./issues-page'),
      records: [{ resource: 'builder/issues', href: (id: string) => `${P}/builder/quality-assurance?issue=${encodeURIComponent(id)}` }],
    }),
    work({
      path: `${P}/builder/my-work`,
      label: 'My work',
      description: 'The open tasks assigned to me, in every project.',
      component: myWork,
      beyondContract: "Issue 29's getAssignTask (my work): the legacy console showed it only as the developer views, now each a slot's",
    }),
    views({
      path: `${P}/builder/developer-one`,
      label: 'Developer one',
      description: 'The open tasks and issues of the developer in slot one.',
      component: developer,
    }),
    views({
      path: `${P}/builder/developer-two`,
      label: 'Developer two',
      description: 'The open tasks and issues of the developer in slot two.',
      component: developer,
    }),
    views({
      path: `${P}/builder/developer-three`,
      label: 'Developer three',
      description: 'The open tasks and issues of the developer in slot three.',
      component: developer,
    }),
    records({
      path: `${P}/attendance`,
      label: 'Attendance',
      description: 'Who was in, remote or on leave, day by day.',
      modules: ['work-logs'],
      resource: 'builder/attendance',
      drawer: 'builder/attendance',
    }),
    records({
      path: `${P}/builder/issue-lists`,
      label: 'Issue lists',
      description: "The values of an issue's status, type, module, found on, severity and priority.",
      keywords: ['status', 'severity', 'priority', 'lookups'],
      modules: ['issue-tracker'],
      component: () => import('./issue-lists-page'),
      beyondContract:
        'Issue 29 makes the six issue lists editable per community (the issuetracker/issuetable calls read them); the legacy console routes name no screen for them',
    }),
    records({
      path: `${P}/builder/time-entries`,
      label: 'Time entries',
      description: 'Hours logged by person against a project and task, with a note.',
      keywords: ['timesheet', 'hours', 'time'],
      modules: ['work-logs'],
      resource: 'builder/time-logs',
      drawer: 'builder/time-logs',
      beyondContract: 'Issue 29 asks for time entries (the logs/*Logs calls); the legacy console routes name no screen for them',
    }),
    records({
      path: `${P}/builder/logs`,
      label: 'Log tables',
      description: 'Logs by category, each with its own fields (stand-up notes, deployments), and their entries.',
      keywords: ['logs', 'stand-up', 'deployments'],
      modules: ['work-logs'],
      component: () => import('./logs-page'),
      beyondContract: 'Issue 29 asks for log tables (the logs/*LogTable calls); the legacy console routes name no screen for them',
    }),
    records({
      path: `${P}/summaryreport`,
      label: 'Summary report',
      description: "A project's progress, scope, hours and open issues (PDF), and hours and attendance by date.",
      modules: ['work-logs'],
      component: () => import('./summary-report-page'),
    }),
  ],
};
