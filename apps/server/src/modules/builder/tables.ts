import { boolean, doublePrecision, index, integer, jsonb, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../kernel/auth';
import { filterIndexes, instant, platformTable, ref, refs, sortIndexes, tenantTable } from '../../kernel/resources';
import { files } from '../../kernel/storage';

// The project builder's records. Every record of a project carries `project_id` (nullable only so a
// record can be drafted outside a project by its creator: the row rules then show it to them alone)
// and `created_by`; row rules (access.ts) show a project's records to its members.

/** Project roles a member may hold, each a flag (seed 001: ba, client, ux; the team's pm, qa, developer). */
export const MEMBER_ROLES = ['ba', 'client', 'ux', 'pm', 'qa', 'developer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const DEFAULT_TASK_STATUSES = ['todo', 'in_progress', 'in_review', 'done'];

/** A suite's default page, role and user story (platform catalogue, kept with its suite). */
export interface SuitePage {
  name: string;
  route: string;
  admin?: boolean;
}
export interface SuiteRole {
  name: string;
  description?: string;
}
export interface SuiteStory {
  title: string;
  role: string;
  page?: string;
  acceptanceCriteria?: string[];
}

/** Business suites (platform catalogue): a kind of website or app with its default pages, roles and stories. */
export const builderSuites = platformTable(
  'builder_suites',
  {
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    pages: jsonb('pages').$type<SuitePage[]>().notNull().default([]),
    roles: jsonb('roles').$type<SuiteRole[]>().notNull().default([]),
    stories: jsonb('stories').$type<SuiteStory[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('builder_suites_key_idx').on(t.key),
    index('builder_suites_name_idx').on(t.name, t.id),
    index('builder_suites_active_idx').on(t.active),
  ],
);

const owned = () => ({ createdBy: ref('created_by', () => users, 'set null') });
const projectRef = () => ref('project_id', () => builderProjects, 'cascade');

export const builderProjects = tenantTable(
  'builder_projects',
  {
    name: text('name').notNull(),
    description: text('description'),
    /** The suite it was created from (a platform catalogue record: no foreign key). */
    suiteId: uuid('suite_id'),
    status: text('status', { enum: ['planning', 'active', 'on_hold', 'done'] })
      .notNull()
      .default('planning'),
    startDate: text('start_date'),
    dueDate: text('due_date'),
    /** The board's columns, in order; the last one is "done". */
    taskStatuses: text('task_statuses').array().notNull().default(DEFAULT_TASK_STATUSES),
    estimateHours: doublePrecision('estimate_hours').notNull().default(0),
    estimateMinor: integer('estimate_minor').notNull().default(0),
    invoicedMinor: integer('invoiced_minor').notNull().default(0),
    paidMinor: integer('paid_minor').notNull().default(0),
    addons: text('addons').array().notNull().default([]),
    ...owned(),
  },
  (t) => [
    ...sortIndexes('builder_projects', t, { name: t.name }),
    ...filterIndexes('builder_projects', t, { status: t.status, suite: t.suiteId, created_by: t.createdBy }),
  ],
);

/** Who works on a project, with their role flags (one row a person). */
export const builderMembers = tenantTable(
  'builder_members',
  {
    projectId: ref('project_id', () => builderProjects, 'cascade').notNull(),
    userId: ref('user_id', () => users, 'cascade').notNull(),
    ba: boolean('ba').notNull().default(false),
    client: boolean('client').notNull().default(false),
    ux: boolean('ux').notNull().default(false),
    pm: boolean('pm').notNull().default(false),
    qa: boolean('qa').notNull().default(false),
    developer: boolean('developer').notNull().default(false),
    /** Hours a week they give the project (the builder overview weighs logged hours against it). */
    capacityHours: doublePrecision('capacity_hours').notNull().default(40),
    /** A developer's slot on the project (1–3: the developer-one/two/three views), one developer a slot. */
    developerSlot: integer('developer_slot'),
  },
  (t) => [
    uniqueIndex('builder_members_project_user_idx').on(t.tenantId, t.projectId, t.userId),
    index('builder_members_user_idx').on(t.tenantId, t.userId, t.projectId),
    uniqueIndex('builder_members_slot_idx').on(t.tenantId, t.projectId, t.developerSlot),
  ],
);

export const builderProjectRoles = tenantTable(
  'builder_project_roles',
  { projectId: projectRef(), name: text('name').notNull(), description: text('description'), ...owned() },
  (t) => [
    ...filterIndexes('builder_project_roles', t, { project: t.projectId }),
    ...sortIndexes('builder_project_roles', t, { name: t.name }),
  ],
);

export const builderPages = tenantTable(
  'builder_pages',
  {
    projectId: projectRef(),
    name: text('name').notNull(),
    route: text('route'),
    kind: text('kind', { enum: ['page', 'admin'] })
      .notNull()
      .default('page'),
    status: text('status', { enum: ['planned', 'in_design', 'in_build', 'done'] })
      .notNull()
      .default('planned'),
    description: text('description'),
    ...owned(),
  },
  (t) => [
    index('builder_pages_project_idx').on(t.tenantId, t.projectId, t.kind),
    ...sortIndexes('builder_pages', t, { name: t.name }),
    ...filterIndexes('builder_pages', t, { status: t.status, kind: t.kind }),
  ],
);

export const builderStories = tenantTable(
  'builder_stories',
  {
    projectId: projectRef(),
    pageId: ref('page_id', () => builderPages, 'set null'),
    role: text('role'),
    title: text('title').notNull(),
    description: text('description'),
    acceptanceCriteria: jsonb('acceptance_criteria').$type<string[]>().notNull().default([]),
    priority: text('priority', { enum: ['low', 'medium', 'high', 'urgent'] })
      .notNull()
      .default('medium'),
    status: text('status', { enum: ['draft', 'ready', 'in_progress', 'done'] })
      .notNull()
      .default('draft'),
    ...owned(),
  },
  (t) => [
    ...filterIndexes('builder_stories', t, { project: t.projectId, page: t.pageId, status: t.status, priority: t.priority }),
    ...sortIndexes('builder_stories', t, { title: t.title }),
  ],
);

/** Versions and milestones of a project. */
export const builderVersions = tenantTable(
  'builder_versions',
  {
    projectId: projectRef(),
    name: text('name').notNull(),
    status: text('status', { enum: ['planned', 'active', 'released'] })
      .notNull()
      .default('planned'),
    startDate: text('start_date'),
    dueDate: text('due_date'),
    ...owned(),
  },
  (t) => [
    ...filterIndexes('builder_versions', t, { project: t.projectId, status: t.status }),
    ...sortIndexes('builder_versions', t, { due: t.dueDate, name: t.name }),
  ],
);

/** Scope: the baseline and change requests, each with its estimate; the client decides a change request. */
export const builderScopeItems = tenantTable(
  'builder_scope_items',
  {
    projectId: projectRef(),
    title: text('title').notNull(),
    description: text('description'),
    hours: doublePrecision('hours').notNull().default(0),
    priceMinor: integer('price_minor').notNull().default(0),
    kind: text('kind', { enum: ['baseline', 'change'] })
      .notNull()
      .default('baseline'),
    status: text('status', { enum: ['proposed', 'approved', 'rejected'] })
      .notNull()
      .default('proposed'),
    decidedBy: ref('decided_by', () => users, 'set null'),
    decidedAt: instant('decided_at'),
    decisionNote: text('decision_note'),
    ...owned(),
  },
  (t) => [
    ...filterIndexes('builder_scope_items', t, { project: t.projectId, status: t.status, kind: t.kind }),
    ...sortIndexes('builder_scope_items', t, { title: t.title, hours: t.hours }),
  ],
);

export const builderTaskLists = tenantTable(
  'builder_task_lists',
  { projectId: projectRef(), name: text('name').notNull(), position: integer('position').notNull().default(0), ...owned() },
  (t) => [
    index('builder_task_lists_project_idx').on(t.tenantId, t.projectId, t.position),
    ...sortIndexes('builder_task_lists', t, { name: t.name, position: t.position }),
  ],
);

export const builderTasks = tenantTable(
  'builder_tasks',
  {
    projectId: projectRef(),
    taskListId: ref('task_list_id', () => builderTaskLists, 'set null'),
    title: text('title').notNull(),
    description: text('description'),
    /** One of the project's task statuses (checked on write). */
    status: text('status').notNull().default('todo'),
    /** Order within its column: a number between its neighbours' (the board's drag and drop). */
    position: doublePrecision('position').notNull().default(0),
    assigneeId: ref('assignee_id', () => users, 'set null'),
    estimateHours: doublePrecision('estimate_hours'),
    dueDate: text('due_date'),
    priority: text('priority', { enum: ['low', 'medium', 'high', 'urgent'] })
      .notNull()
      .default('medium'),
    labels: text('labels').array().notNull().default([]),
    storyId: ref('story_id', () => builderStories, 'set null'),
    pageId: ref('page_id', () => builderPages, 'set null'),
    versionId: ref('version_id', () => builderVersions, 'set null'),
    /** What the client asked for, in their words (save-requirement). */
    requirement: text('requirement'),
    completedAt: instant('completed_at'),
    ...owned(),
  },
  (t) => [
    index('builder_tasks_board_idx').on(t.tenantId, t.projectId, t.status, t.position),
    index('builder_tasks_assignee_idx').on(t.tenantId, t.assigneeId, t.status),
    ...filterIndexes('builder_tasks', t, {
      list: t.taskListId,
      story: t.storyId,
      priority: t.priority,
      status: t.status,
      page: t.pageId,
      version: t.versionId,
    }),
    index('builder_tasks_labels_idx').using('gin', t.labels),
    ...sortIndexes('builder_tasks', t, { title: t.title, due: t.dueDate, position: t.position }),
  ],
);

/** A comment in a pinned note's thread. */
export interface NoteComment {
  id: string;
  text: string;
  by: string | null;
  byName: string | null;
  at: string;
  /** An image attached to the comment (image-comment), a stored file's id. */
  imageId?: string | null;
}
/** A note pinned on a design image at x,y (fractions of its width and height, 0–1). */
export interface DesignNote {
  id: string;
  task: string;
  platform: 'web' | 'mobile';
  x: number;
  y: number;
  visible: boolean;
  comments: NoteComment[];
}
export interface DesignHistoryEntry {
  at: string;
  by: string | null;
  byName: string | null;
  action: string;
  detail?: Record<string, unknown>;
}

/** A design review (seed 001's "UX task"): web and mobile images, pinned notes, approval per platform. */
export const builderDesigns = tenantTable(
  'builder_designs',
  {
    projectId: projectRef(),
    name: text('name').notNull(),
    page: text('page'),
    type: text('type'),
    description: text('description'),
    ticketId: text('ticket_id'),
    taskListId: ref('task_list_id', () => builderTaskLists, 'set null'),
    storyId: ref('story_id', () => builderStories, 'set null'),
    uxNotes: jsonb('ux_notes').$type<DesignNote[]>().notNull().default([]),
    uxHistory: jsonb('ux_history').$type<DesignHistoryEntry[]>().notNull().default([]),
    uxStatus: text('ux_status').notNull().default('Pending'),
    uxWebStatus: text('ux_web_status').notNull().default('Pending'),
    uxMobileStatus: text('ux_mobile_status').notNull().default('Pending'),
    webUiuxDesign: ref('web_uiux_design', () => files, 'set null'),
    mobileUiuxDesign: ref('mobile_uiux_design', () => files, 'set null'),
    figma: text('figma'),
    figmaFile: text('figma_file'),
    figmaNode: text('figma_node'),
    platform: text('platform', { enum: ['web', 'mobile'] })
      .notNull()
      .default('web'),
    sprint: text('sprint').notNull().default(''),
    versionId: ref('version_id', () => builderVersions, 'set null'),
    ...owned(),
  },
  (t) => [
    ...filterIndexes('builder_designs', t, {
      project: t.projectId,
      story: t.storyId,
      ux_web_status: t.uxWebStatus,
      ux_mobile_status: t.uxMobileStatus,
    }),
    ...sortIndexes('builder_designs', t, { name: t.name }),
  ],
);

export const ISSUE_LOOKUPS = ['status', 'type', 'module', 'found_on', 'severity', 'priority'] as const;

/** The values an issue's six lookups take, per community (defaults in issues/lookups.ts until it names its own). */
export const builderIssueLookups = tenantTable(
  'builder_issue_lookups',
  {
    kind: text('kind', { enum: ISSUE_LOOKUPS }).notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('builder_issue_lookups_kind_name_idx').on(t.tenantId, t.kind, t.name),
    ...sortIndexes('builder_issue_lookups', t, { name: t.name, position: t.position }),
  ],
);

export interface IssueComment {
  id: string;
  text: string;
  by: string | null;
  byName: string | null;
  at: string;
}

export const builderIssues = tenantTable(
  'builder_issues',
  {
    projectId: projectRef(),
    title: text('title').notNull(),
    description: text('description'),
    type: text('type').notNull().default('Bug'),
    module: text('module'),
    foundOn: text('found_on'),
    severity: text('severity').notNull().default('Major'),
    priority: text('priority').notNull().default('Medium'),
    status: text('status').notNull().default('Open'),
    assigneeId: ref('assignee_id', () => users, 'set null'),
    reporterId: ref('reporter_id', () => users, 'set null'),
    taskId: ref('task_id', () => builderTasks, 'set null'),
    attachmentIds: refs('attachment_ids', () => files, 'set null'),
    comments: jsonb('comments').$type<IssueComment[]>().notNull().default([]),
    ...owned(),
  },
  (t) => [
    ...filterIndexes('builder_issues', t, {
      project: t.projectId,
      status: t.status,
      severity: t.severity,
      assignee: t.assigneeId,
      type: t.type,
      module: t.module,
      found_on: t.foundOn,
      priority: t.priority,
      reporter: t.reporterId,
      task: t.taskId,
    }),
    ...sortIndexes('builder_issues', t, { title: t.title }),
    // The issue board: one index range per status column of a project, newest first.
    index('builder_issues_board_idx').on(t.tenantId, t.projectId, t.status, t.createdAt, t.id),
  ],
);

/** Time entries: hours someone logged against a project (and task). */
export const builderTimeLogs = tenantTable(
  'builder_time_logs',
  {
    projectId: projectRef(),
    taskId: ref('task_id', () => builderTasks, 'set null'),
    userId: ref('user_id', () => users, 'set null'),
    date: text('date').notNull(),
    minutes: integer('minutes').notNull(),
    note: text('note'),
    ...owned(),
  },
  (t) => [
    index('builder_time_logs_user_idx').on(t.tenantId, t.userId, t.date),
    index('builder_time_logs_project_idx').on(t.tenantId, t.projectId, t.date),
    ...filterIndexes('builder_time_logs', t, { task: t.taskId }),
    ...sortIndexes('builder_time_logs', t, { date: t.date, minutes: t.minutes }),
  ],
);

/** The attendance log table: one row a person a day. */
export const builderAttendance = tenantTable(
  'builder_attendance',
  {
    userId: ref('user_id', () => users, 'cascade'),
    date: text('date').notNull(),
    status: text('status', { enum: ['present', 'remote', 'half_day', 'leave', 'absent'] })
      .notNull()
      .default('present'),
    checkIn: text('check_in'),
    checkOut: text('check_out'),
    note: text('note'),
    ...owned(),
  },
  (t) => [
    index('builder_attendance_user_idx').on(t.tenantId, t.userId, t.date),
    ...sortIndexes('builder_attendance', t, { date: t.date }),
    ...filterIndexes('builder_attendance', t, { status: t.status }),
  ],
);

export const LOG_FIELD_TYPES = ['text', 'textarea', 'number', 'date', 'boolean', 'select'] as const;
export type LogFieldType = (typeof LOG_FIELD_TYPES)[number];

/** A field of a log table: what each of its entries records. */
export interface LogField {
  key: string;
  label: string;
  type: LogFieldType;
  required?: boolean;
  /** The choices of a `select` field. */
  options?: string[];
}

/** A log table (logs/*LogTable): a category of logs with its own fields (stand-up notes, deployments…). */
export const builderLogTables = tenantTable(
  'builder_log_tables',
  {
    projectId: projectRef(),
    name: text('name').notNull(),
    description: text('description'),
    fields: jsonb('fields').$type<LogField[]>().notNull().default([]),
    ...owned(),
  },
  (t) => [...filterIndexes('builder_log_tables', t, { project: t.projectId }), ...sortIndexes('builder_log_tables', t, { name: t.name })],
);

/** An entry of a log table: its values, checked against the table's fields when written. */
export const builderLogEntries = tenantTable(
  'builder_log_entries',
  {
    logTableId: ref('log_table_id', () => builderLogTables, 'cascade').notNull(),
    /** The log table's project (copied: the entries are read by its members). */
    projectId: projectRef(),
    date: text('date').notNull(),
    values: jsonb('values').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    ...owned(),
  },
  (t) => [index('builder_log_entries_table_idx').on(t.tenantId, t.logTableId, t.date, t.createdAt, t.id)],
);
