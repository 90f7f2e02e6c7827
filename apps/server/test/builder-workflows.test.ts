import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedBuilder } from '../src/modules/builder/seed';
import { apiOf, appWith, dataOf, platformOwner, refusal, signedInAdmin, type TestAdmin, upload } from './helpers';

type Json = Record<string, any>;

const [t, owner, other] = await appWith(2);
const api = apiOf(t, owner);
const put = (path: string, payload: unknown) => t.request({ method: 'PUT', url: `/api/v1/${path}`, payload: payload as Json, as: owner });

let png: Buffer;
let ux: TestAdmin;
let client: TestAdmin;
let dev: TestAdmin;
let outsider: TestAdmin;
let project: Json;

const perms = { builder: 'write', notifications: 'write', 'issue-tracker': 'write', 'work-logs': 'write' };

beforeAll(async () => {
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#cd3197' } })
    .png()
    .toBuffer();
  [ux, client, dev, outsider] = [
    await signedInAdmin(t, owner, perms),
    await signedInAdmin(t, owner, perms),
    await signedInAdmin(t, owner, perms),
    await signedInAdmin(t, owner, perms),
  ];
  const suites = dataOf(await api('GET', 'builder/suites?limit=50'));
  const store = suites.find((s: Json) => s.key === 'online-store');
  project = dataOf(await api('POST', 'builder/projects', { name: 'Web shop', suiteId: store.id }), 201);
  dataOf(
    await put(`builder/projects/${project.id}/members`, {
      members: [
        { userId: owner.userId, pm: true },
        { userId: ux.userId, ux: true },
        { userId: client.userId, client: true },
        { userId: dev.userId, developer: true },
      ],
    }),
  );
});

describe('projects', () => {
  it('a project from a suite copies its pages, roles and stories; the creator manages it', async () => {
    const pages = dataOf(await api('GET', `builder/pages?projectId=${project.id}&limit=100`));
    expect(pages.map((p: Json) => p.name)).toEqual(expect.arrayContaining(['Home', 'Checkout', 'Orders']));
    expect(pages.find((p: Json) => p.name === 'Orders').kind).toBe('admin');
    const stories = dataOf(await api('GET', `builder/stories?projectId=${project.id}`));
    expect(stories.length).toBe(3);
    expect(stories.find((s: Json) => s.title.includes('pay')).pageId).toBe(pages.find((p: Json) => p.name === 'Checkout').id);
    expect(dataOf(await api('GET', `builder/project-roles?projectId=${project.id}`)).map((r: Json) => r.name)).toEqual([
      'Shopper',
      'Store manager',
    ]);
    const members = dataOf(await api('GET', `builder/projects/${project.id}/members`));
    expect(members.find((m: Json) => m.userId === client.userId)).toMatchObject({ client: true, ux: false });
  });

  it('members see the project; others of the community and other communities do not', async () => {
    expect(dataOf(await api('GET', `builder/projects/${project.id}`, undefined, dev)).id).toBe(project.id);
    refusal(await api('GET', `builder/projects/${project.id}`, undefined, outsider), 404, 'not_found');
    expect(dataOf(await api('GET', 'builder/projects', undefined, outsider)).map((p: Json) => p.id)).not.toContain(project.id);
    refusal(await api('GET', `builder/projects/${project.id}/board`, undefined, outsider), 404, 'not_found');
    refusal(await api('GET', `builder/projects/${project.id}`, undefined, other), 404, 'not_found');
  });

  it('a client reads but does not edit; a suite that does not exist is a 400', async () => {
    refusal(await api('PATCH', `builder/projects/${project.id}`, { name: 'Mine now' }, client), 404, 'not_found');
    const bad = refusal(
      await api('POST', 'builder/projects', { name: 'X', suiteId: '00000000-0000-4000-8000-000000000000' }),
      400,
      'validation_failed',
    );
    expect(bad.fields).toHaveProperty('suiteId');
    refusal(
      await put(`builder/projects/${project.id}/members`, { members: [{ userId: other.userId, pm: true }] }),
      400,
      'validation_failed',
    );
  });

  it('platform operators alone write the suites catalogue', async () => {
    refusal(await api('POST', 'builder/suites', { key: 'mine', name: 'Mine' }), 403, 'forbidden');
    const operator = await platformOwner(t);
    const made = dataOf(
      await api('POST', 'builder/suites', { key: 'news-site', name: 'News site', pages: [{ name: 'Home', route: '/' }] }, operator),
      201,
    );
    expect(dataOf(await api('GET', `builder/suites/${made.id}`)).name).toBe('News site');
  });
});

describe('scope', () => {
  it('baseline makes the estimate; a change request waits for the client, whose approval adds it', async () => {
    dataOf(await api('POST', 'builder/scope-items', { projectId: project.id, title: 'Checkout', hours: 40, priceMinor: 200_000 }), 201);
    const change = dataOf(
      await api('POST', `builder/projects/${project.id}/change-requests`, { title: 'Gift cards', hours: 10, priceMinor: 50_000 }, ux),
      201,
    );
    expect(change).toMatchObject({ kind: 'change', status: 'proposed' });
    expect(dataOf(await api('GET', `builder/projects/${project.id}`))).toMatchObject({ estimateHours: 40, estimateMinor: 200_000 });
    refusal(await api('POST', `builder/scope-items/${change.id}/decision`, { decision: 'approve' }, ux), 403, 'forbidden');
    refusal(await api('POST', `builder/scope-items/${change.id}/decision`, { decision: 'approve' }, outsider), 404, 'not_found');
    expect(dataOf(await api('POST', `builder/scope-items/${change.id}/decision`, { decision: 'approve', note: 'OK' }, client)).status).toBe(
      'approved',
    );
    expect(dataOf(await api('GET', `builder/projects/${project.id}`))).toMatchObject({ estimateHours: 50, estimateMinor: 250_000 });
    refusal(await api('POST', `builder/scope-items/${change.id}/decision`, { decision: 'reject' }, client), 409, 'already_decided');
    refusal(await api('PATCH', `builder/scope-items/${change.id}`, { hours: 99 }), 409, 'scope_decided');
    const history = dataOf(await api('GET', `builder/scope-items/${change.id}/revisions`));
    expect(history.length).toBeGreaterThanOrEqual(2);
    const told = dataOf(await api('GET', 'ops/notifications?limit=50', undefined, ux));
    expect(told.map((n: Json) => n.title)).toContain('Change request approved: Gift cards');
  });
});

describe('tasks and board', () => {
  let tasks: Json[];
  it('tasks take the project statuses; an illegal status is a 400', async () => {
    tasks = [];
    for (const title of ['A', 'B', 'C']) tasks.push(dataOf(await api('POST', 'builder/tasks', { projectId: project.id, title }, dev), 201));
    expect(tasks.map((x) => x.status)).toEqual(['todo', 'todo', 'todo']);
    const bad = refusal(
      await api('POST', 'builder/tasks', { projectId: project.id, title: 'D', status: 'blocked' }),
      400,
      'validation_failed',
    );
    expect(bad.fields?.status).toMatch(/todo, in_progress, in_review, done/);
    refusal(await api('PATCH', `builder/tasks/${tasks[0].id}`, { title: 'Client edit' }, client), 404, 'not_found');
  });

  it('moves between and within columns keep their order; the last column completes a task', async () => {
    const [a, b, c] = tasks;
    dataOf(await api('POST', `builder/tasks/${c.id}/move`, { status: 'todo', afterId: a.id }, dev));
    let board = dataOf(await api('GET', `builder/projects/${project.id}/board`, undefined, client));
    expect(board.columns[0].cards.map((x: Json) => x.title)).toEqual(['C', 'A', 'B']);
    const moved = dataOf(await api('POST', `builder/tasks/${a.id}/move`, { status: 'done' }, dev));
    expect(moved.completedAt).not.toBeNull();
    board = dataOf(await api('GET', `builder/projects/${project.id}/board`));
    expect(board.columns.map((col: Json) => col.count)).toEqual([2, 0, 0, 1]);
    // The board's filter (`/` on the console): titles holding the text, counts of what matches; % is no wildcard.
    const filtered = dataOf(await api('GET', `builder/projects/${project.id}/board?q=c`));
    expect(filtered.columns.map((col: Json) => [col.count, col.cards.map((x: Json) => x.title)])).toEqual([
      [1, ['C']],
      [0, []],
      [0, []],
      [0, []],
    ]);
    expect(dataOf(await api('GET', `builder/projects/${project.id}/board?q=%25`)).columns.map((col: Json) => col.count)).toEqual([
      0, 0, 0, 0,
    ]);
    refusal(await api('POST', `builder/tasks/${b.id}/move`, { status: 'nowhere' }, dev), 400, 'validation_failed');
    refusal(await api('POST', `builder/tasks/${b.id}/move`, { status: 'todo', beforeId: a.id }, dev), 400, 'validation_failed');
    refusal(await api('POST', `builder/tasks/${b.id}/move`, { status: 'done' }, client), 404, 'not_found');
  });

  it('a drop between two cards with no gap left renumbers their column and keeps the order', async () => {
    const [a, b, c] = tasks;
    // Two neighbours a ten-millionth apart: no position fits between them.
    await t.app.db.query('update builder_tasks set position = $2 where id = $1', [c.id, 5000]);
    await t.app.db.query('update builder_tasks set position = $2 where id = $1', [b.id, 5000 + 1e-7]);
    const moved = dataOf(await api('POST', `builder/tasks/${a.id}/move`, { status: 'todo', beforeId: c.id, afterId: b.id }, dev));
    expect(moved.completedAt).toBeNull();
    const board = dataOf(await api('GET', `builder/projects/${project.id}/board`));
    expect(board.columns[0].cards.map((x: Json) => [x.title, x.position])).toEqual([
      ['C', 1024],
      ['A', 1536],
      ['B', 2048],
    ]);
  });

  it('my work lists open tasks assigned to me; assignment notifies the assignee', async () => {
    dataOf(await api('PATCH', `builder/tasks/${tasks[1].id}`, { assigneeId: dev.userId }));
    const mine = dataOf(await api('GET', 'builder/my-tasks', undefined, dev));
    expect(mine.map((x: Json) => x.id)).toEqual([tasks[1].id]);
    const bell = dataOf(await api('GET', 'ops/notifications?limit=50', undefined, dev));
    expect(bell.map((n: Json) => n.title)).toContain('Assigned to you: B');
    // Another admin's bell does not hear of it.
    const theirs = dataOf(await api('GET', 'ops/notifications?limit=50', undefined, ux));
    expect(theirs.map((n: Json) => n.title)).not.toContain('Assigned to you: B');
  });
});

describe('design review', () => {
  let design: Json;
  let story: Json;
  it('a designer uploads a web design; the client pins a note; a comment joins the note at the same x,y', async () => {
    story = dataOf(await api('GET', `builder/stories?projectId=${project.id}`)).find((s: Json) => s.title.includes('pay'));
    design = dataOf(
      await api('POST', 'builder/designs', { projectId: project.id, name: 'Checkout', page: 'Checkout', storyId: story.id }, ux),
      201,
    );
    refusal(
      await api('POST', `builder/designs/${design.id}/notes`, { platform: 'web', x: 0.5, y: 0.5, text: 'Hi' }, client),
      409,
      'no_design_image',
    );
    const refused = await upload(
      t,
      `/api/v1/builder/designs/${design.id}/image`,
      [
        { field: 'platform', data: 'web' },
        { field: 'file', filename: 'web.png', type: 'image/png', data: png },
      ],
      client,
    );
    expect(refused.statusCode, refused.body).toBe(403);
    const up = await upload(
      t,
      `/api/v1/builder/designs/${design.id}/image`,
      [
        { field: 'platform', data: 'web' },
        { field: 'file', filename: 'web.png', type: 'image/png', data: png },
      ],
      ux,
    );
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data).toMatchObject({ uxWebStatus: 'Ready for review' });
    const off = refusal(
      await api('POST', `builder/designs/${design.id}/notes`, { platform: 'web', x: 1.2, y: 0.5, text: 'Off' }, client),
      400,
      'validation_failed',
    );
    expect(off.fields).toHaveProperty('x');
    const first = dataOf(
      await api('POST', `builder/designs/${design.id}/notes`, { platform: 'web', x: 0.25, y: 0.5, text: 'Bigger button' }, client),
    );
    const second = dataOf(
      await api('POST', `builder/designs/${design.id}/notes`, { platform: 'web', x: 0.75, y: 0.1, text: 'Logo?' }, client),
    );
    expect(second.design.uxNotes.map((n: Json) => n.visible)).toEqual([false, true]);
    const reply = dataOf(
      await api('POST', `builder/designs/${design.id}/comments`, { platform: 'web', x: 0.25, y: 0.5, text: 'Done @' + client.email }, ux),
    );
    expect(reply.note.id).toBe(first.note.id);
    expect(reply.note.comments.map((c: Json) => c.text)).toEqual(['Bigger button', `Done @${client.email}`]);
    refusal(
      await api('POST', `builder/designs/${design.id}/comments`, { platform: 'web', x: 0.3, y: 0.5, text: 'Nowhere' }, ux),
      404,
      'not_found',
    );
    refusal(
      await api('POST', `builder/designs/${design.id}/notes`, { platform: 'web', x: 0.1, y: 0.1, text: 'Peek' }, outsider),
      404,
      'not_found',
    );
    const bell = dataOf(await api('GET', 'ops/notifications?limit=50', undefined, client));
    expect(bell.map((n: Json) => n.title)).toContain('You were mentioned on Checkout');
  });

  it('approval is the client’s, per platform; the story is approved for web only', async () => {
    refusal(await api('POST', `builder/designs/${design.id}/approval`, { platform: 'web', status: 'Approved' }, ux), 403, 'forbidden');
    refusal(await api('PATCH', `builder/designs/${design.id}`, { uxWebStatus: 'Approved' }, ux), 400, 'validation_failed');
    const approved = dataOf(await api('POST', `builder/designs/${design.id}/approval`, { platform: 'web', status: 'Approved' }, client));
    expect(approved).toMatchObject({ uxWebStatus: 'Approved', uxMobileStatus: 'Pending', uxStatus: 'Partly approved' });
    const web = dataOf(await api('GET', `builder/projects/${project.id}/story-approvals?platform=web`));
    expect(web.approved.map((s: Json) => s.id)).toEqual([story.id]);
    const mobile = dataOf(await api('GET', `builder/projects/${project.id}/story-approvals?platform=mobile`));
    expect(mobile.approved).toEqual([]);
    expect(mobile.unapproved.map((s: Json) => s.id)).toContain(story.id);
    expect(approved.uxHistory.map((h: Json) => h.action)).toEqual([
      'created',
      'design uploaded',
      'note added',
      'note added',
      'comment added',
      'approval',
    ]);
  });

  it('design reset: platform web, sprint empty, version null', async () => {
    const version = dataOf(await api('POST', 'builder/versions', { projectId: project.id, name: 'v1' }), 201);
    dataOf(
      await api('POST', `builder/designs/${design.id}/context`, { platform: 'mobile', sprint: 'Sprint 2', versionId: version.id }, ux),
    );
    const reset = dataOf(await api('POST', `builder/designs/${design.id}/reset`, {}, ux));
    expect(reset).toMatchObject({ platform: 'web', sprint: '', versionId: null });
    expect(reset.uxHistory.at(-1).action).toBe('reset');
  });

  it('a design image set by an edit (a file of the media library) follows the upload’s rules', async () => {
    const stored = await upload(t, '/api/v1/media/files', [{ field: 'file', filename: 'mobile.png', type: 'image/png', data: png }], owner);
    expect(stored.statusCode, stored.body).toBe(201);
    const file = stored.json().data[0] as Json;
    // A developer of the team edits the design, but uploads no design: that is the UX designer's.
    refusal(await api('PATCH', `builder/designs/${design.id}`, { mobileUiuxDesign: file.id }, dev), 403, 'forbidden');
    const set = dataOf(await api('PATCH', `builder/designs/${design.id}`, { mobileUiuxDesign: file.id }, ux));
    expect(set).toMatchObject({ mobileUiuxDesign: file.id, uxMobileStatus: 'Ready for review' });
    expect(set.uxHistory.at(-1)).toMatchObject({ action: 'design uploaded', detail: { platform: 'mobile', file: file.id } });
    const bell = dataOf(await api('GET', 'ops/notifications?limit=50', undefined, client));
    expect(bell.map((n: Json) => n.title)).toContain('Mobile design ready for review: Checkout');
  });
});

describe('issues, logs and reports', () => {
  it('issue lookups default per community and refuse unknown values; comments notify the reporter', async () => {
    const lists = dataOf(await api('GET', 'builder/issue-lookups/values'));
    expect(lists.severity.map((v: Json) => v.name)).toEqual(['Critical', 'Major', 'Minor', 'Trivial']);
    const issue = dataOf(await api('POST', 'builder/issues', { projectId: project.id, title: 'Broken', severity: 'Critical' }, dev), 201);
    expect(issue.reporterId).toBe(dev.userId);
    refusal(await api('POST', 'builder/issues', { projectId: project.id, title: 'X', severity: 'Apocalyptic' }), 400, 'validation_failed');
    dataOf(await api('POST', 'builder/issue-lookups', { kind: 'severity', name: 'Blocker' }), 201);
    expect(dataOf(await api('GET', 'builder/issue-lookups/values')).severity.map((v: Json) => v.name)).toEqual(['Blocker']);
    dataOf(await api('POST', `builder/issues/${issue.id}/comments`, { text: 'Looking' }, ux));
    expect(dataOf(await api('GET', 'ops/notifications?limit=50', undefined, dev)).map((n: Json) => n.title)).toContain(
      'New comment on Broken',
    );
  });

  it('time entries and attendance make the summary report; capacity per person in the stats', async () => {
    dataOf(await api('POST', 'builder/time-logs', { projectId: project.id, date: '2026-11-24', minutes: 120 }, dev), 201);
    refusal(
      await api('POST', 'builder/time-logs', { projectId: project.id, date: '2026-11-24', minutes: 0 }, dev),
      400,
      'validation_failed',
    );
    dataOf(await api('POST', 'builder/attendance', { date: '2026-11-24', checkIn: '09:00', checkOut: '17:30' }, dev), 201);
    refusal(
      await api('POST', 'builder/attendance', { date: '2026-11-25', checkIn: '18:00', checkOut: '09:00' }, dev),
      400,
      'validation_failed',
    );
    const report = dataOf(await api('GET', 'builder/reports/summary?from=2026-11-01&to=2026-11-30'));
    expect(report.hours.find((h: Json) => h.userId === dev.userId)).toMatchObject({ hours: 2, project: 'Web shop' });
    expect(report.attendance.find((a: Json) => a.userId === dev.userId)).toMatchObject({ status: 'present', days: 1 });
    const outsiders = dataOf(await api('GET', 'builder/reports/summary?from=2026-11-01&to=2026-11-30', undefined, outsider));
    expect(outsiders.hours).toEqual([]);
    const stats = dataOf(await api('GET', `builder/projects/${project.id}/stats`));
    expect(stats.people.map((p: Json) => p.userId)).toEqual(expect.arrayContaining([dev.userId, ux.userId]));
    // A, B and C are to do; B is the developer's; the one change request was approved.
    expect(stats.statuses.map((x: Json) => [x.status, x.count])).toEqual([
      ['todo', 3],
      ['in_progress', 0],
      ['in_review', 0],
      ['done', 0],
    ]);
    expect(stats.people.find((p: Json) => p.userId === dev.userId)).toMatchObject({ openTasks: 1, capacityHours: 40 });
    expect(stats.risks).toMatchObject({ overdue: 0, urgentUnassigned: 0, pendingChanges: 0, pendingHours: 0 });
  });

  it("a project's summary report (progress, scope vs done, hours per person, open issues) downloads as a PDF", async () => {
    dataOf(await api('POST', 'builder/tasks', { projectId: project.id, title: 'Shipped', status: 'done', estimateHours: 5 }), 201);
    const { estimateHours } = dataOf(await api('GET', `builder/projects/${project.id}`));
    const devName = dataOf(await api('GET', `identity/admins/${dev.userId}`)).name;
    const report = dataOf(await api('GET', `builder/projects/${project.id}/report`));
    expect(report.progress).toEqual({ tasks: 4, done: 1, percent: 25 });
    expect(report.scope).toMatchObject({ approvedHours: estimateHours, doneHours: 5, pendingChanges: 0 });
    expect(report.hours).toEqual([{ userId: dev.userId, name: devName, hours: 2 }]);
    expect(report.issues).toEqual([{ severity: 'Critical', open: 1 }]);

    const res = await t.request({ method: 'GET', url: `/api/v1/builder/projects/${project.id}/report.pdf`, as: owner });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain('Summary report Web shop');
    const pdf = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), { mergePages: true });
    const text = (pdf.text as string).replace(/\s+/g, ' '); // narrow blocks wrap their lines
    for (const expected of [
      'Summary report',
      'Web shop',
      'Status: planning',
      '25% done',
      '1 of 4 tasks done',
      `5 h of ${estimateHours} h`,
      `Approved: ${estimateHours} h`,
      'Done: 5 h',
      '1 open',
      'Critical: 1',
      'PERSON HOURS',
      `${devName} 2`,
    ]) {
      expect(text).toContain(expected);
    }
    // Another community's caller does not see the project: no report, in either form.
    refusal(await t.request({ method: 'GET', url: `/api/v1/builder/projects/${project.id}/report.pdf`, as: other }), 404, 'not_found');
    refusal(await api('GET', `builder/projects/${project.id}/report`, undefined, other), 404, 'not_found');
  });
});

describe('sample data', () => {
  it('the demo project is mid-flight: a board in every column, scope waiting, a design with a pinned note', async () => {
    const fresh = await t.signup();
    const scope = { db: t.app.db, tenantId: fresh.tenantId, actor: { id: fresh.userId, name: 'Owner', isOwner: true } };
    await seedBuilder(t.app, scope);
    const [demo] = dataOf(await api('GET', 'builder/overview', undefined, fresh));
    expect(demo).toMatchObject({ name: 'Showroom web shop', tasks: 8, doneTasks: 2 });
    const board = dataOf(await api('GET', `builder/projects/${demo.id}/board`, undefined, fresh));
    expect(board.columns.every((c: Json) => c.count > 0)).toBe(true);
    const scopeItems = dataOf(await api('GET', `builder/scope-items?projectId=${demo.id}`, undefined, fresh));
    expect(scopeItems.map((s: Json) => s.status).sort()).toEqual(['approved', 'approved', 'proposed']);
    const [design] = dataOf(await api('GET', `builder/designs?projectId=${demo.id}`, undefined, fresh));
    expect(design.uxNotes).toHaveLength(1);
    expect(design.webUiuxDesign).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});
