import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  type CompatCall,
  type CompatEntry,
  compatCrud,
  compatId,
  compatScope,
  compatTable,
  crudLines,
  Envelope,
  firstOf,
  inCompatTx,
} from '../../kernel/compat';
import { notificationsResource } from '../../kernel/notifications';
import { type Db, errors, type Resource, type Row, type Scope } from '../../kernel/resources';
import { designsResource, setDesignImage } from './resources/designs';
import { issuesResource } from './resources/issues';
import { logTablesResource } from './resources/log-tables';
import { timeLogsResource } from './resources/logs';
import { pagesResource, projectRolesResource, storiesResource, taskListsResource, versionsResource } from './resources/planning';
import { projectsResource } from './resources/projects';
import { scopeItemsResource } from './resources/scope';
import { suitesResource } from './resources/suites';
import { tasksResource } from './resources/tasks';
import { lookupValues } from './services/lookups';
import { myTasks, projectsOverview } from './services/overview';
import { addComment, addNote, lockDesign, type Platform } from './services/review';
import { addPages, addRoles, suiteById } from './services/suite-copy';
import { builderSuites, type SuitePage, type SuiteRole } from './tables';

/**
 * The seeds' builder calls (000 §7 "Builder", "Project API host", "Issue tracker and logs"; 001 §7
 * "Design" and "Notifications"). Payloads are not shown in the seeds: each call takes the v1 names
 * and the old console's (projectName, ticketID, taskList, ux_notes…); answers are the v1 records, a
 * design also under its seed field names.
 */

type Handle = CompatEntry['handle'];
const pick = firstOf;
const B = 'builder:read' as const;
const W = 'builder:write' as const;

const projectIdOf = (call: CompatCall) => compatId(call, 'projectId', 'projectId', 'project', 'project_id', 'id');

/** A list of one resource, filtered by the call's project (and more), in the seeds' paging. */
const listWith =
  (resource: Resource, extra: (call: CompatCall) => Record<string, unknown>): Handle =>
  (call) =>
    compatCrud(resource).list({ ...call, body: { ...call.body, ...extra(call) } });

const projectFilter = (call: CompatCall) => {
  const projectId = pick(call.body, 'projectId', 'project');
  return projectId ? { projectId } : {};
};

/** A design under its v1 names and the seed's (ticketID, taskList, ux_notes, UX_Web_status…). */
export const designOut = (d: Row) => ({
  ...d,
  ticketID: d.ticketId,
  taskList: d.taskListId,
  ux_notes: d.uxNotes,
  ux_history: d.uxHistory,
  UX_status: d.uxStatus,
  UX_Web_status: d.uxWebStatus,
  UX_Mobile_status: d.uxMobileStatus,
  web_uiux_design: d.webUiuxDesign,
  mobile_uiux_design: d.mobileUiuxDesign,
});

const designInput = (body: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries({
      projectId: pick(body, 'projectId', 'project'),
      name: pick(body, 'name'),
      page: pick(body, 'page'),
      type: pick(body, 'type'),
      description: pick(body, 'description'),
      ticketId: pick(body, 'ticketId', 'ticketID'),
      taskListId: pick(body, 'taskListId', 'taskList'),
      storyId: pick(body, 'storyId', 'story'),
      figma: pick(body, 'figma'),
      figmaFile: pick(body, 'figmaFile'),
      figmaNode: pick(body, 'figmaNode'),
    }).filter(([, v]) => v !== undefined),
  );

const designIdOf = (call: CompatCall) => compatId(call, 'designId', 'designId', 'task', 'taskId', 'id');
const platformOf = (body: Record<string, unknown>): Platform => {
  const raw = String(pick(body, 'platform', 'type') ?? 'web').toLowerCase();
  if (raw !== 'web' && raw !== 'mobile') throw errors.validation({ platform: 'web or mobile' });
  return raw;
};
const noteInput = (call: CompatCall, needText = true) => {
  const parsed = z
    .object({
      x: z.coerce.number(),
      y: z.coerce.number(),
      text: needText ? z.string().trim().min(1).max(5000) : z.string().trim().max(5000),
    })
    .safeParse({ x: call.body.x, y: call.body.y, text: pick(call.body, 'text', 'comment', 'comments', 'note') ?? '' });
  if (!parsed.success) throw errors.validation(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
  return { ...parsed.data, platform: platformOf(call.body) };
};

const withDesign = (call: CompatCall, act: (tx: Db, s: Scope, d: Row) => Promise<unknown>) =>
  inCompatTx(call, async (tx, s) => act(tx, s, await lockDesign(tx, s, (t) => designsResource.getIn(t, s, designIdOf(call)))));

const designLines: Record<string, Handle> = {
  get: async (call) => {
    if (call.body.id !== undefined) return designOut(await designsResource.get(compatScope(call), compatId(call, 'id')));
    const page = (await compatCrud(designsResource).list({ ...call, body: { ...call.body, ...projectFilter(call) } })) as Envelope;
    return new Envelope((page.data as Row[]).map(designOut), page.meta);
  },
  create: async (call) => designOut(await designsResource.create(compatScope(call), designInput(call.body))),
  remove: async (call) => {
    const removed = await designsResource.remove(compatScope(call), compatId(call, 'id', 'id', 'designId'));
    return { id: removed.id, deleted: true };
  },
  note: (call) => withDesign(call, async (tx, s, d) => designOut((await addNote(tx, s, d, noteInput(call))).design)),
  comment: (call) => withDesign(call, async (tx, s, d) => designOut((await addComment(tx, s, d, noteInput(call))).design)),
  // A comment carrying an image: on the note at x,y, or a new note there.
  imageComment: (call) => {
    const image = ((call.body.files ?? []) as { id: string; contentType: string }[])[0];
    if (!image?.contentType.startsWith('image/')) throw errors.validation({ file: 'An image (PNG, JPEG, WebP…)' });
    const input = { ...noteInput(call, false), imageId: image.id };
    const text = input.text || 'Image';
    return withDesign(call, async (tx, s, d) => {
      const onNote = ((d.uxNotes as { platform: string; x: number; y: number }[]) ?? []).some(
        (n) => n.platform === input.platform && Math.abs(n.x - input.x) < 1e-5 && Math.abs(n.y - input.y) < 1e-5,
      );
      const saved = onNote ? await addComment(tx, s, d, { ...input, text }) : await addNote(tx, s, d, { ...input, text });
      return designOut(saved.design);
    });
  },
  map: (call) => {
    const image = ((call.body.files ?? []) as { id: string; contentType: string }[])[0];
    if (!image?.contentType.startsWith('image/')) throw errors.validation({ file: 'An image (PNG, JPEG, WebP…)' });
    return withDesign(call, async (tx, s, d) => designOut(await setDesignImage(tx, s, d, platformOf(call.body), image.id)));
  },
};

/** createProject: a project (from a suite, by id or key), the old console's projectName accepted. */
const createProject: Handle = (call) =>
  projectsResource.create(
    compatScope(call),
    Object.fromEntries(
      Object.entries({
        name: pick(call.body, 'name', 'projectName'),
        description: pick(call.body, 'description'),
        suiteId: pick(call.body, 'suiteId', 'suite'),
        startDate: pick(call.body, 'startDate'),
        dueDate: pick(call.body, 'dueDate'),
        addons: pick(call.body, 'addons'),
      }).filter(([, v]) => v !== undefined),
    ),
  );

const money = z.coerce.number().int().min(0).max(2_000_000_000);
/** updateBill: the project's estimate, invoiced and paid amounts (minor units). */
const updateBill: Handle = (call) => {
  const parsed = z.object({ estimateMinor: money.optional(), invoicedMinor: money.optional(), paidMinor: money.optional() }).safeParse({
    estimateMinor: pick(call.body, 'estimateMinor', 'estimate'),
    invoicedMinor: pick(call.body, 'invoicedMinor', 'invoiced'),
    paidMinor: pick(call.body, 'paidMinor', 'paid'),
  });
  if (!parsed.success) throw errors.validation(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
  const patch = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
  if (Object.keys(patch).length === 0) throw errors.validation({ estimate: 'Send estimate, invoiced or paid' });
  return projectsResource.update(compatScope(call), projectIdOf(call), patch);
};

/** save-requirement: the client's requirement on a task (an existing one by id, or a new task). */
const saveRequirement: Handle = (call) => {
  const requirement = pick(call.body, 'requirement', 'text', 'description');
  if (typeof requirement !== 'string' || !requirement.trim()) throw errors.validation({ requirement: 'Required' });
  const id = pick(call.body, 'taskId', 'id');
  if (id !== undefined) return tasksResource.update(compatScope(call), compatId(call, 'taskId', 'taskId', 'id'), { requirement });
  return tasksResource.create(compatScope(call), {
    title: pick(call.body, 'title', 'name') ?? requirement.trim().slice(0, 120),
    requirement,
    ...projectFilter(call),
  });
};

/** The suite a call names, by id or key (a platform catalogue). */
const suiteOf = (call: CompatCall) =>
  inCompatTx(call, async (tx, s) => {
    const key = pick(call.body, 'suiteKey', 'key');
    if (key === undefined) return suitesResource.getIn(tx, s, compatId(call, 'suiteId', 'suiteId', 'suite', 'id'));
    const suite = await suitesResource.findIn(tx, s, [eq(builderSuites.key, String(key))]);
    if (!suite) throw errors.notFound('Business suite');
    return suite;
  });

const suitesList: Handle = (call) => compatCrud(suitesResource).list(call);

const masterStories: Handle = async (call) => {
  const suites =
    pick(call.body, 'suiteId', 'suite', 'suiteKey', 'key') !== undefined
      ? [await suiteOf(call)]
      : (await suitesResource.list(compatScope(call), { limit: 200, offset: 0, withTotal: 'false' })).data;
  return suites.flatMap((s) => ((s.stories as unknown[]) ?? []).map((story) => ({ suiteId: s.id, suite: s.name, ...(story as object) })));
};

/** Pages or roles given by name (or objects), or a suite's, added to a project. */
const namedList = <T>(raw: unknown, field: string, make: (v: Record<string, unknown>) => T): T[] => {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 200) throw errors.validation({ [field]: 'A list of 1 to 200' });
  return raw.map((v, i) => {
    const item = typeof v === 'string' ? { name: v } : ((v ?? {}) as Record<string, unknown>);
    if (typeof item.name !== 'string' || !item.name.trim() || item.name.length > 120)
      throw errors.validation({ [`${field}.${i}.name`]: 'Required' });
    return make(item);
  });
};

const addRolesToProject: Handle = (call) =>
  inCompatTx(call, async (tx, s) => {
    const project = await projectsResource.getIn(tx, s, projectIdOf(call), true);
    const roles: SuiteRole[] =
      call.body.roles === undefined && pick(call.body, 'suiteId', 'suite')
        ? (await suiteById(tx, String(pick(call.body, 'suiteId', 'suite')))).roles
        : namedList(call.body.roles, 'roles', (r) => ({
            name: String(r.name).trim(),
            description: r.description ? String(r.description) : undefined,
          }));
    return addRoles(tx, s.tenantId, project.id, roles, s.actor.id);
  });

const addPagesToProject: Handle = (call) =>
  inCompatTx(call, async (tx, s) => {
    const project = await projectsResource.getIn(tx, s, projectIdOf(call), true);
    const pages: SuitePage[] =
      call.body.pages === undefined && pick(call.body, 'suiteId', 'suite')
        ? (await suiteById(tx, String(pick(call.body, 'suiteId', 'suite')))).pages
        : namedList(call.body.pages, 'pages', (p) => ({
            name: String(p.name).trim(),
            route: String(p.route ?? p.path ?? ''),
            admin: p.admin === true || p.type === 'Admin' || p.kind === 'admin',
          }));
    return addPages(tx, s.tenantId, project.id, pages, s.actor.id);
  });

/** getData: a project with its pages, admin pages, roles, stories and versions. */
const projectData: Handle = async (call) => {
  const scope = compatScope(call);
  const projectId = projectIdOf(call);
  const project = await projectsResource.get(scope, projectId);
  const all = <R extends Row>(resource: Resource<R>) =>
    resource.list(scope, { projectId, limit: 200, offset: 0, withTotal: 'false' }).then((r) => r.data);
  const pages = await all(pagesResource);
  return {
    project,
    pages: pages.filter((p) => p.kind === 'page'),
    adminPages: pages.filter((p) => p.kind === 'admin'),
    roles: await all(projectRolesResource),
    stories: await all(storiesResource),
    versions: await all(versionsResource),
  };
};

/** Custom admin pages (with the headingName the old console shows). */
const headingsPages: Handle = async (call) => {
  const page = (await listWith(pagesResource, (c) => ({ ...projectFilter(c), kind: 'admin' }))(call)) as Envelope;
  return new Envelope(
    (page.data as Row[]).map((p) => ({ ...p, title: p.name, headingName: p.name, path: p.route, type: 'Admin', show: true })),
    page.meta,
  );
};

const defaultPages: Handle = async (call) => {
  const suite = await suiteOf(call);
  return ((suite.pages as SuitePage[]) ?? []).map((p) => ({ ...p, kind: p.admin ? 'admin' : 'page', suiteId: suite.id }));
};

const lookup =
  (kind: Parameters<typeof lookupValues>[2]): Handle =>
  (call) =>
    inCompatTx(call, (tx, s) => lookupValues(tx, s.tenantId, kind));

// Notifications: the kernel's (the console's bell), the caller's own and the team's.
const myNotifications = (call: CompatCall, extra: Record<string, unknown> = {}) =>
  compatCrud(notificationsResource).list({ ...call, body: { ...call.body, ...extra } });
const unreadCount: Handle = async (call) => {
  const page = (await compatCrud(notificationsResource).list({ ...call, body: { read: 'false', limit: 1 } })) as Envelope;
  return { unread: page.meta.total ?? 0 };
};
const markRead: Handle = (call) =>
  inCompatTx(call, async (tx, s) => {
    const raw = pick(call.body, 'ids', 'id', 'notificationId');
    const ids =
      raw === undefined
        ? undefined
        : z
            .array(z.uuid())
            .min(1)
            .max(500)
            .safeParse(Array.isArray(raw) ? raw : [raw]);
    if (ids && !ids.success) throw errors.validation({ ids: 'Notification ids' });
    const targets = ids
      ? ids.data
      : (await notificationsResource.listIn(tx, s, { read: 'false', limit: 500, offset: 0, withTotal: 'false' })).data.map((n) => n.id);
    for (const id of targets) await notificationsResource.updateIn(tx, s, id, { read: true });
    return { read: targets.length, ids: targets };
  });

export const builderCompat: CompatEntry[] = compatTable([
  // Suites and masters (platform catalogues)
  ['content', 'POST', '/masters/suite/Get', B, suitesList],
  ['project', 'POST', '/view_suites', B, suitesList],
  ['content', 'POST', '/uibuilder/getDefaultPages', B, defaultPages],
  ['content', 'POST', '/masters/stories/get', B, masterStories],
  ['content', 'POST', '/masters/roles/addRolesToProject', W, addRolesToProject],
  ['content', 'POST', '/masters/page/addPagesToProject', W, addPagesToProject],
  ['studio', 'POST', '/masters/page/getHeadingsPages', B, headingsPages],
  // Projects
  ['content', 'POST', '/project/createProject', W, createProject],
  crudLines('content', projectsResource, { get: '/project/getProject', update: '/project/updateProject' }),
  ['content', 'POST', '/project/updateBill', W, updateBill],
  ['content', 'POST', '/project/getProjects', B, (call) => inCompatTx(call, (tx, s) => projectsOverview(tx, s))],
  ['project', 'POST', '/getProjects', B, (call) => inCompatTx(call, (tx, s) => projectsOverview(tx, s))],
  crudLines('content', versionsResource, { get: '/project/getVersion' }),
  crudLines('content', storiesResource, { get: '/project/getUserStories' }),
  ['content', 'POST', '/uibuilder/getUserStories', B, listWith(storiesResource, projectFilter)],
  ['content', 'POST', '/uibuilder/getRoles', B, listWith(projectRolesResource, projectFilter)],
  ['content', 'POST', '/uibuilder/getPages', B, listWith(pagesResource, (c) => ({ ...projectFilter(c), kind: 'page' }))],
  ['content', 'POST', '/uibuilder/getAdminPages', B, listWith(pagesResource, (c) => ({ ...projectFilter(c), kind: 'admin' }))],
  ['content', 'POST', '/uibuilder/getData', B, projectData],
  // Scope
  crudLines('content', scopeItemsResource, { get: '/billing/scope/get', add: '/billing/scope/add', update: '/billing/scope/update' }),
  // Tasks
  crudLines('content', taskListsResource, {
    get: '/task-manager/project/gettasklist',
    add: '/task-manager/project',
    update: '/task-manager/project/updateTasklist',
  }),
  crudLines('content', tasksResource, { get: '/task-manager/task/getPaginatedTasks' }),
  [
    'content',
    'POST',
    '/task-manager/task/getAssignTask',
    B,
    (call) => inCompatTx(call, (tx, s) => myTasks(tx, s, Math.min(Number(call.body.limit ?? 50) || 50, 200))),
  ],
  ['content', 'POST', '/task-manager/task/save-requirement', W, saveRequirement],
  // Design review
  ['core', 'GET', '/task-manager/design/', B, designLines.get],
  ['core', 'POST', '/task-manager/design/', W, designLines.create],
  ['core', 'DELETE', '/task-manager/design/', W, designLines.remove],
  ['core', 'POST', '/task-manager/design/note', B, designLines.note],
  ['core', 'POST', '/task-manager/design/comment', B, designLines.comment],
  ['core', 'POST', '/task-manager/design/image-comment', B, designLines.imageComment],
  ['core', 'POST', '/task-manager/design/map', W, designLines.map],
  // Notifications
  ['core', 'POST', '/task-manager/notification/get', 'notifications:read', (call) => myNotifications(call)],
  ['core', 'POST', '/task-manager/notification/get-by-count', 'notifications:read', unreadCount],
  ['core', 'POST', '/task-manager/notification/get-by-page', 'notifications:read', (call) => myNotifications(call)],
  ['core', 'PATCH', '/task-manager/notification/read', 'notifications:write', markRead],
  // Issue tracker
  crudLines('content', issuesResource, { get: '/issuetracker/getIssueTracker', add: '/issuetracker/addIssueTracker' }),
  ['content', 'POST', '/issuetracker/issuetable/getIssueStatus', 'issue-tracker:read', lookup('status')],
  ['content', 'POST', '/issuetracker/issuetable/getIssueType', 'issue-tracker:read', lookup('type')],
  ['content', 'POST', '/issuetracker/issuetable/getModule', 'issue-tracker:read', lookup('module')],
  ['content', 'POST', '/issuetracker/issuetable/getFoundOn', 'issue-tracker:read', lookup('found_on')],
  ['content', 'POST', '/issuetracker/issuetable/getSeverity', 'issue-tracker:read', lookup('severity')],
  ['content', 'POST', '/issuetracker/issuetable/getPriority', 'issue-tracker:read', lookup('priority')],
  // Work logs
  crudLines('content', timeLogsResource, {
    get: '/logs/getLogs',
    add: '/logs/addLogs',
    update: '/logs/editLogs',
    delete: '/logs/deleteLogs',
  }),
  // Log tables: categories of logs with their own fields (their entries: /api/v1/builder/log-tables/:id/entries).
  crudLines('content', logTablesResource, {
    get: '/logs/getLogTable',
    add: '/logs/addLogTable',
    update: '/logs/editLogTable',
    delete: '/logs/deleteLogTable',
  }),
]);
