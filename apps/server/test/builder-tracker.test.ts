import { beforeAll, describe, expect, it } from 'vitest';
import { apiOf, appWith, dataOf, refusal, signedInAdmin, type TestAdmin } from './helpers';

type Json = Record<string, any>;

// The builder's scope decisions, issue board, log tables, members and developer slots, and the
// board's column paging (issue 29's remaining gaps), each through the real API.

const [t, owner, other] = await appWith(2);
const api = apiOf(t, owner);
const put = (path: string, payload: unknown, as: { token: string } = owner) =>
  t.request({ method: 'PUT', url: `/api/v1/${path}`, payload: payload as Json, as: as as never });

const perms = { builder: 'write', notifications: 'write', 'issue-tracker': 'write', 'work-logs': 'write' };
let client: TestAdmin;
let otherClient: TestAdmin;
let dev: TestAdmin;
let dev2: TestAdmin;
let project: Json;
let second: Json;

beforeAll(async () => {
  [client, otherClient, dev, dev2] = [
    await signedInAdmin(t, owner, perms),
    await signedInAdmin(t, owner, perms),
    await signedInAdmin(t, owner, perms),
    await signedInAdmin(t, owner, perms),
  ];
  project = dataOf(await api('POST', 'builder/projects', { name: 'Tracker shop' }), 201);
  second = dataOf(await api('POST', 'builder/projects', { name: 'Other client project' }), 201);
  dataOf(
    await put(`builder/projects/${project.id}/members`, {
      members: [
        { userId: owner.userId, pm: true },
        { userId: client.userId, client: true },
        { userId: dev.userId, developer: true, developerSlot: 1 },
        { userId: dev2.userId, developer: true, developerSlot: 2 },
      ],
    }),
  );
  // otherClient is the client of the second project only; dev is the second project's client too.
  dataOf(
    await put(`builder/projects/${second.id}/members`, {
      members: [
        { userId: owner.userId, pm: true },
        { userId: otherClient.userId, client: true },
        { userId: dev.userId, client: true },
      ],
    }),
  );
});

describe('scope decisions', () => {
  it('a client decides only their own project’s change requests, once; a rejection leaves the estimate', async () => {
    dataOf(await api('POST', 'builder/scope-items', { projectId: project.id, title: 'Catalogue', hours: 20, priceMinor: 100_000 }), 201);
    const baseline = dataOf(await api('GET', `builder/scope-items?projectId=${project.id}&kind=baseline`))[0];
    const change = dataOf(
      await api('POST', `builder/projects/${project.id}/change-requests`, { title: 'Wishlist', hours: 8, priceMinor: 40_000 }),
      201,
    );
    // A client of another project does not see this one's change request at all.
    refusal(await api('POST', `builder/scope-items/${change.id}/decision`, { decision: 'approve' }, otherClient), 404, 'not_found');
    // A client elsewhere who is only a developer here is no client of this project.
    refusal(await api('POST', `builder/scope-items/${change.id}/decision`, { decision: 'approve' }, dev), 403, 'forbidden');
    // Another community's caller neither.
    refusal(await api('POST', `builder/scope-items/${change.id}/decision`, { decision: 'approve' }, other), 404, 'not_found');
    refusal(await api('POST', `builder/scope-items/${baseline.id}/decision`, { decision: 'approve' }, client), 409, 'not_a_change');
    refusal(await api('POST', `builder/scope-items/${change.id}/decision`, { decision: 'maybe' }, client), 400, 'validation_failed');

    const rejected = dataOf(await api('POST', `builder/scope-items/${change.id}/decision`, { decision: 'reject', note: 'Later' }, client));
    expect(rejected).toMatchObject({ status: 'rejected', decidedBy: client.userId, decisionNote: 'Later' });
    expect(dataOf(await api('GET', `builder/projects/${project.id}`))).toMatchObject({ estimateHours: 20, estimateMinor: 100_000 });
    // Deciding twice is a conflict, either way.
    refusal(await api('POST', `builder/scope-items/${change.id}/decision`, { decision: 'approve' }, client), 409, 'already_decided');
    refusal(await api('POST', `builder/scope-items/${change.id}/decision`, { decision: 'reject' }, client), 409, 'already_decided');
    // A change request cannot be approved by editing its status.
    refusal(await api('PATCH', `builder/scope-items/${change.id}`, { status: 'approved' }), 400, 'validation_failed');

    const approved = dataOf(
      await api('POST', `builder/projects/${project.id}/change-requests`, { title: 'Reviews', hours: 5, priceMinor: 25_000 }),
      201,
    );
    dataOf(await api('POST', `builder/scope-items/${approved.id}/decision`, { decision: 'approve' }, client));
    expect(dataOf(await api('GET', `builder/projects/${project.id}`))).toMatchObject({ estimateHours: 25, estimateMinor: 125_000 });
    const history = dataOf(await api('GET', `builder/scope-items/${change.id}/revisions`));
    expect(history.some((h: Json) => h.changes?.some?.((c: Json) => c.field === 'status') ?? JSON.stringify(h).includes('rejected'))).toBe(
      true,
    );
  });
});

describe('issue board', () => {
  it('columns follow the status list with counts under filters; a status change moves a card; comments make a thread', async () => {
    const a = dataOf(
      await api('POST', 'builder/issues', { projectId: project.id, title: 'Logo blurry', severity: 'Minor', type: 'Bug' }, dev),
      201,
    );
    const b = dataOf(
      await api('POST', 'builder/issues', { projectId: project.id, title: 'Cart empty', severity: 'Critical', type: 'Bug' }, dev),
      201,
    );
    dataOf(
      await api('POST', 'builder/issues', { projectId: project.id, title: 'Add PDF invoices', type: 'Enhancement', severity: 'Minor' }),
      201,
    );
    dataOf(await api('POST', 'builder/issues', { projectId: second.id, title: 'Elsewhere' }), 201);
    let board = dataOf(await api('GET', `builder/projects/${project.id}/issue-board`, undefined, client));
    expect(board.statuses).toEqual(['Open', 'In progress', 'Fixed', 'Retest', 'Closed', 'Reopened']);
    expect(board.columns[0]).toMatchObject({ status: 'Open', count: 3 });
    // Newest first.
    expect(board.columns[0].cards.map((c: Json) => c.title)).toEqual(['Add PDF invoices', 'Cart empty', 'Logo blurry']);
    const bugs = dataOf(await api('GET', `builder/projects/${project.id}/issue-board?type=Bug&severity=Critical`));
    expect(bugs.columns.map((c: Json) => c.count)).toEqual([1, 0, 0, 0, 0, 0]);
    expect(bugs.columns[0].cards[0].id).toBe(b.id);
    dataOf(await api('PATCH', `builder/issues/${a.id}`, { status: 'In progress' }, dev));
    refusal(await api('PATCH', `builder/issues/${a.id}`, { status: 'Vanished' }, dev), 400, 'validation_failed');
    // The client reads the board but moves no card (team only).
    refusal(await api('PATCH', `builder/issues/${a.id}`, { status: 'Closed' }, client), 404, 'not_found');
    board = dataOf(await api('GET', `builder/projects/${project.id}/issue-board`));
    expect(board.columns.map((c: Json) => c.count)).toEqual([2, 1, 0, 0, 0, 0]);
    // Comments: the client asks, the developer answers; both in the thread, in order.
    dataOf(await api('POST', `builder/issues/${a.id}/comments`, { text: 'Which page?' }, client));
    const commented = dataOf(await api('POST', `builder/issues/${a.id}/comments`, { text: 'The home page header' }, dev));
    expect(commented.comments.map((c: Json) => [c.text, c.by])).toEqual([
      ['Which page?', client.userId],
      ['The home page header', dev.userId],
    ]);
    refusal(await api('POST', `builder/issues/${a.id}/comments`, { text: '' }, client), 400, 'validation_failed');
    refusal(await api('POST', `builder/issues/${a.id}/comments`, { text: 'Hi' }, otherClient), 404, 'not_found');
    board = dataOf(await api('GET', `builder/projects/${project.id}/issue-board`));
    expect(board.columns[1].cards[0]).toMatchObject({ id: a.id, comments: 2, attachments: 0 });
    // Outside the project or the community there is no board.
    refusal(await api('GET', `builder/projects/${project.id}/issue-board`, undefined, otherClient), 404, 'not_found');
    refusal(await api('GET', `builder/projects/${project.id}/issue-board`, undefined, other), 404, 'not_found');
    refusal(await api('GET', `builder/projects/${project.id}/issue-board?assigneeId=nope`), 400, 'validation_failed');
  });
});

describe('log tables', () => {
  let standup: Json;
  it('a log table defines its fields; entries are checked against them and listed newest first', async () => {
    const bad = refusal(
      await api('POST', 'builder/log-tables', {
        projectId: project.id,
        name: 'Broken',
        fields: [
          { key: 'env', label: 'Env', type: 'select' },
          { key: 'env', label: 'Again', type: 'text' },
        ],
      }),
      400,
      'validation_failed',
    );
    expect(Object.keys(bad.fields ?? {}).join(' ')).toMatch(/fields/);
    standup = dataOf(
      await api(
        'POST',
        'builder/log-tables',
        {
          projectId: project.id,
          name: 'Stand-up',
          fields: [
            { key: 'today', label: 'Today', type: 'textarea', required: true },
            { key: 'hours', label: 'Hours', type: 'number' },
            { key: 'mood', label: 'Mood', type: 'select', options: ['good', 'stuck'] },
            { key: 'blocked', label: 'Blocked', type: 'boolean' },
          ],
        },
        dev,
      ),
      201,
    );
    const entries = `builder/log-tables/${standup.id}/entries`;
    const refused = refusal(
      await api('POST', entries, { date: '2026-11-20', values: { hours: 'many', mood: 'sleepy', extra: 1 } }, dev),
      400,
      'validation_failed',
    );
    expect(refused.fields).toMatchObject({
      'values.today': 'Required',
      'values.hours': 'A number',
      'values.mood': 'One of good, stuck',
      'values.extra': 'Not a field of this log table',
    });
    refusal(await api('POST', entries, { date: '20 Nov', values: { today: 'x' } }, dev), 400, 'validation_failed');
    const first = dataOf(
      await api('POST', entries, { date: '2026-11-20', values: { today: 'Checkout', hours: '3.5', blocked: false } }, dev),
      201,
    );
    expect(first).toMatchObject({
      date: '2026-11-20',
      values: { today: 'Checkout', hours: 3.5, mood: null, blocked: false },
      createdBy: dev.userId,
    });
    for (const date of ['2026-11-21', '2026-11-22', '2026-11-23']) {
      dataOf(await api('POST', entries, { date, values: { today: `Work of ${date}`, mood: 'good' } }, dev), 201);
    }
    const page1 = dataOf(await api('GET', `${entries}?limit=3`, undefined, client));
    expect(page1.entries.map((e: Json) => e.date)).toEqual(['2026-11-23', '2026-11-22', '2026-11-21']);
    expect(page1.entries[0].byName).toMatch(/\S/);
    const page2 = dataOf(await api('GET', `${entries}?limit=3&cursor=${page1.nextCursor}`, undefined, client));
    expect(page2).toMatchObject({ nextCursor: null });
    expect(page2.entries.map((e: Json) => e.id)).toEqual([first.id]);
    // The client reads the project's logs but writes none; outsiders and other communities see nothing.
    refusal(await api('POST', entries, { date: '2026-11-24', values: { today: 'x' } }, client), 404, 'not_found');
    refusal(await api('GET', entries, undefined, otherClient), 404, 'not_found');
    refusal(await api('GET', entries, undefined, other), 404, 'not_found');
    refusal(await t.request({ method: 'DELETE', url: `/api/v1/builder/log-entries/${first.id}`, as: other }), 404, 'not_found');
    refusal(await t.request({ method: 'DELETE', url: `/api/v1/builder/log-entries/${first.id}`, as: client }), 404, 'not_found');
    expect((await t.request({ method: 'DELETE', url: `/api/v1/builder/log-entries/${first.id}`, as: dev })).statusCode).toBe(204);
    expect(dataOf(await api('GET', entries)).entries).toHaveLength(3);
    // The old clients' lines name log tables.
    const compat = await t.request({
      method: 'POST',
      url: '/compat/content/logs/getLogTable',
      as: owner,
      payload: { limit: 50 },
    });
    expect(compat.statusCode, compat.body).toBe(200);
    expect(JSON.stringify(compat.json())).toContain('Stand-up');
  });
});

describe('members and developer slots', () => {
  it('a slot is one developer’s; each slot view shows its own developer’s open work', async () => {
    const one = dataOf(await api('POST', 'builder/tasks', { projectId: project.id, title: 'Slot one task', assigneeId: dev.userId }), 201);
    dataOf(
      await api('POST', 'builder/tasks', { projectId: project.id, title: 'Slot one done', assigneeId: dev.userId, status: 'done' }),
      201,
    );
    const two = dataOf(await api('POST', 'builder/tasks', { projectId: project.id, title: 'Slot two task', assigneeId: dev2.userId }), 201);
    dataOf(await api('POST', 'builder/tasks', { projectId: second.id, title: 'Elsewhere', assigneeId: dev.userId }), 201);
    const issue = dataOf(
      await api('POST', 'builder/issues', { projectId: project.id, title: 'Slot two bug', assigneeId: dev2.userId }),
      201,
    );
    const s1 = dataOf(await api('GET', `builder/projects/${project.id}/developer-slots/1`, undefined, client));
    expect(s1.member.userId).toBe(dev.userId);
    expect(s1.tasks.map((x: Json) => x.id)).toEqual([one.id]);
    const s2 = dataOf(await api('GET', `builder/projects/${project.id}/developer-slots/2`));
    expect(s2.member.userId).toBe(dev2.userId);
    expect(s2.tasks.map((x: Json) => x.id)).toEqual([two.id]);
    expect(s2.issues.map((x: Json) => x.id)).toEqual([issue.id]);
    expect(dataOf(await api('GET', `builder/projects/${project.id}/developer-slots/3`))).toMatchObject({ member: null, tasks: [] });
    refusal(await api('GET', `builder/projects/${project.id}/developer-slots/4`), 400, 'validation_failed');
    refusal(await api('GET', `builder/projects/${project.id}/developer-slots/1`, undefined, other), 404, 'not_found');

    // Slots: a developer's only, one developer each; the members list shows them; a slot can pass on.
    const members = dataOf(await api('GET', `builder/projects/${project.id}/members`));
    const strip = (m: Json) => ({
      userId: m.userId,
      ba: m.ba,
      client: m.client,
      ux: m.ux,
      pm: m.pm,
      qa: m.qa,
      developer: m.developer,
      capacityHours: m.capacityHours,
      developerSlot: m.developerSlot,
    });
    const list = members.map(strip);
    const withSlot = (userId: string, patch: Json) => list.map((m: Json) => (m.userId === userId ? { ...m, ...patch } : m));
    const idx = (userId: string) => list.findIndex((m: Json) => m.userId === userId);
    let bad = refusal(
      await put(`builder/projects/${project.id}/members`, { members: withSlot(client.userId, { developerSlot: 3 }) }),
      400,
      'validation_failed',
    );
    expect(bad.fields).toHaveProperty(`members.${idx(client.userId)}.developerSlot`);
    bad = refusal(
      await put(`builder/projects/${project.id}/members`, { members: withSlot(dev2.userId, { developerSlot: 1 }) }),
      400,
      'validation_failed',
    );
    expect(Object.keys(bad.fields ?? {})[0]).toMatch(/developerSlot$/);
    // Swap the two developers' slots and change a role and capacity in one save.
    const swapped = list.map((m: Json) =>
      m.userId === dev.userId
        ? { ...m, developerSlot: 2, qa: true }
        : m.userId === dev2.userId
          ? { ...m, developerSlot: 1, capacityHours: 20 }
          : m,
    );
    const saved = dataOf(await put(`builder/projects/${project.id}/members`, { members: swapped }));
    expect(saved.find((m: Json) => m.userId === dev.userId)).toMatchObject({ developerSlot: 2, qa: true, developer: true });
    expect(saved.find((m: Json) => m.userId === dev2.userId)).toMatchObject({ developerSlot: 1, capacityHours: 20 });
    expect(dataOf(await api('GET', `builder/projects/${project.id}/developer-slots/1`)).member.userId).toBe(dev2.userId);
    // Only the project's manager changes its members.
    refusal(await put(`builder/projects/${project.id}/members`, { members: swapped }, dev), 403, 'forbidden');
    // Removing a member: they no longer see the project.
    const without = swapped.filter((m: Json) => m.userId !== dev2.userId);
    dataOf(await put(`builder/projects/${project.id}/members`, { members: without }));
    refusal(await api('GET', `builder/projects/${project.id}`, undefined, dev2), 404, 'not_found');
    expect(dataOf(await api('GET', `builder/projects/${project.id}/developer-slots/1`)).member).toBeNull();
  });
});

describe('board column paging', () => {
  it('a column pages by keyset after its last card, ties of position ordered by id, under the board filters', async () => {
    const paged = dataOf(await api('POST', 'builder/projects', { name: 'Paged board' }), 201);
    const made: Json[] = [];
    for (let i = 0; i < 7; i++) made.push(dataOf(await api('POST', 'builder/tasks', { projectId: paged.id, title: `Card ${i}` }), 201));
    // Two cards share a position: the order is (position, id) on every page.
    await t.app.db.query('update builder_tasks set position = $2 where id = any($1::uuid[])', [[made[2].id, made[3].id], 3000]);
    const board = dataOf(await api('GET', `builder/projects/${paged.id}/board`));
    const all = board.columns[0].cards.map((c: Json) => c.id);
    expect(all).toHaveLength(7);
    const seen: string[] = [];
    let after = all[0];
    seen.push(after);
    for (;;) {
      const page = dataOf(await api('GET', `builder/projects/${paged.id}/board/column?status=todo&afterId=${after}&limit=2`));
      seen.push(...page.cards.map((c: Json) => c.id));
      if (!page.more) break;
      after = page.cards.at(-1).id;
    }
    expect(seen).toEqual(all);
    const filtered = dataOf(await api('GET', `builder/projects/${paged.id}/board/column?status=todo&afterId=${all[0]}&q=Card%206&limit=5`));
    expect(filtered.cards.map((c: Json) => c.title)).toEqual(['Card 6']);
    refusal(await api('GET', `builder/projects/${paged.id}/board/column?status=done&afterId=${all[0]}`), 400, 'validation_failed');
    refusal(
      await api('GET', `builder/projects/${paged.id}/board/column?status=todo&afterId=${all[0]}`, undefined, other),
      404,
      'not_found',
    );
  });
});

describe('issue board paging and live changes', () => {
  it('a status column pages newest first by keyset, equal instants ordered by id, under the board filters', async () => {
    const paged = dataOf(await api('POST', 'builder/projects', { name: 'Paged issues' }), 201);
    const made: Json[] = [];
    for (let i = 0; i < 6; i++) {
      const severity = i % 2 === 0 ? 'Minor' : 'Critical';
      made.push(dataOf(await api('POST', 'builder/issues', { projectId: paged.id, title: `Issue ${i}`, severity }), 201));
    }
    // Two issues made at the same instant (to the microsecond): the order is (created, id) on every page.
    await t.app.db.query("update builder_issues set created_at = '2026-01-02T03:04:05.123456Z' where id = any($1::uuid[])", [
      [made[2].id, made[3].id],
    ]);
    const board = dataOf(await api('GET', `builder/projects/${paged.id}/issue-board`));
    const all = board.columns[0].cards.map((c: Json) => c.id);
    expect(all).toHaveLength(6);
    const seen = [all[0]];
    let after = all[0];
    for (;;) {
      const page = dataOf(await api('GET', `builder/projects/${paged.id}/issue-board/column?status=Open&afterId=${after}&limit=2`));
      expect(page.cards.length).toBeLessThanOrEqual(2);
      seen.push(...page.cards.map((c: Json) => c.id));
      if (!page.more) break;
      after = page.cards.at(-1).id;
    }
    expect(seen).toEqual(all);
    const critical = board.columns[0].cards.filter((c: Json) => c.severity === 'Critical').map((c: Json) => c.id);
    const next = dataOf(
      await api('GET', `builder/projects/${paged.id}/issue-board/column?status=Open&afterId=${critical[0]}&severity=Critical&limit=10`),
    );
    expect(next).toMatchObject({ more: false });
    expect(next.cards.map((c: Json) => c.id)).toEqual(critical.slice(1));
    expect(next.cards[0]).toMatchObject({ severity: 'Critical', comments: 0, attachments: 0 });
    // A cursor outside the column (another status, or filtered out) is refused; outsiders see no column.
    refusal(await api('GET', `builder/projects/${paged.id}/issue-board/column?status=Closed&afterId=${all[0]}`), 400, 'validation_failed');
    refusal(
      await api('GET', `builder/projects/${paged.id}/issue-board/column?status=Open&afterId=${made[0].id}&severity=Critical`),
      400,
      'validation_failed',
    );
    refusal(
      await api('GET', `builder/projects/${paged.id}/issue-board/column?status=Open&afterId=${all[0]}`, undefined, other),
      404,
      'not_found',
    );
    refusal(await api('GET', `builder/projects/${paged.id}/issue-board/column?status=Open&afterId=nope`), 400, 'validation_failed');
  });

  it('a created, moved, commented and deleted issue is published live on its record topic, as tasks are', async () => {
    const since = Number((await t.app.db.query<{ id: string }>('select coalesce(max(id), 0) as id from live_events'))[0].id);
    const issue = dataOf(await api('POST', 'builder/issues', { projectId: project.id, title: 'Live issue' }, dev), 201);
    dataOf(await api('PATCH', `builder/issues/${issue.id}`, { status: 'Fixed' }, dev));
    dataOf(await api('POST', `builder/issues/${issue.id}/comments`, { text: 'Fixed on staging' }, dev));
    expect((await api('DELETE', `builder/issues/${issue.id}`, undefined, dev)).statusCode).toBe(204);
    const events = await t.app.db.query<{ event: string; topic: Json; data: Json }>(
      "select event, topic, data from live_events where id > $1 and tenant_id = $2 and event like 'builder.issue.%' order by id",
      [since, owner.tenantId],
    );
    expect(events.map((e) => [e.event, e.data.status])).toEqual([
      ['builder.issue.created', 'Open'],
      ['builder.issue.changed', 'Fixed'],
      ['builder.issue.changed', 'Fixed'],
      ['builder.issue.removed', 'Fixed'],
    ]);
    for (const e of events) {
      expect(e.topic).toEqual({ record: ['builder/issues', issue.id] });
      expect(e.data).toMatchObject({ id: issue.id, projectId: project.id });
    }
  });
});

describe('issue lists', () => {
  it("a community replaces one list whole, in order; the board's columns follow; an empty list restores the defaults", async () => {
    const third = await t.signup();
    const put3 = (kind: string, values: unknown, as: { token: string } = third) =>
      put(`builder/issue-lookups/values/${kind}`, { values }, as);
    const listed = async (as: { token: string } = third) =>
      dataOf(await t.request({ method: 'GET', url: '/api/v1/builder/issue-lookups/values', as: as as never }));
    const defaults = (await listed()).status.map((v: Json) => v.name);
    expect(defaults).toEqual(['Open', 'In progress', 'Fixed', 'Retest', 'Closed', 'Reopened']);
    const apiAs = apiOf(t, third);
    const shop = dataOf(await apiAs('POST', 'builder/projects', { name: 'Lists shop' }), 201);
    const issue = dataOf(await apiAs('POST', 'builder/issues', { projectId: shop.id, title: 'Held in Retest', status: 'Retest' }), 201);

    const mine = dataOf(await put3('status', ['New', 'Doing', 'Done']));
    expect(mine.map((v: Json) => [v.name, v.custom])).toEqual([
      ['New', true],
      ['Doing', true],
      ['Done', true],
    ]);
    // Reordered and changed: kept values keep their record, the removed one goes.
    const again = dataOf(await put3('status', ['Doing', 'New', 'Blocked']));
    expect(again.map((v: Json) => v.name)).toEqual(['Doing', 'New', 'Blocked']);
    expect(again.find((v: Json) => v.name === 'New').id).toBe(mine.find((v: Json) => v.name === 'New').id);
    // The board: the list's columns, then the status an issue still holds.
    const board = dataOf(await apiAs('GET', `builder/projects/${shop.id}/issue-board`));
    expect(board.statuses).toEqual(['Doing', 'New', 'Blocked', 'Retest']);
    expect(board.columns[3]).toMatchObject({ status: 'Retest', count: 1 });
    // New issues take the list's values; the old one is refused now.
    refusal(await apiAs('PATCH', `builder/issues/${issue.id}`, { status: 'Open' }), 400, 'validation_failed');
    dataOf(await apiAs('PATCH', `builder/issues/${issue.id}`, { status: 'Blocked' }));
    // Other kinds and other communities keep theirs.
    expect((await listed()).severity.map((v: Json) => v.name)).toEqual(['Critical', 'Major', 'Minor', 'Trivial']);
    expect((await listed(owner)).status.map((v: Json) => v.name)).toEqual(defaults);
    // Bad input: a repeated value, an empty name, an unknown kind; a reader may not change lists.
    refusal(await put3('status', ['Done', 'done']), 400, 'validation_failed');
    refusal(await put3('status', ['Done', ' ']), 400, 'validation_failed');
    refusal(await put3('colour', ['Red']), 400, 'validation_failed');
    const reader = await signedInAdmin(t, third, { builder: 'read', 'issue-tracker': 'read' });
    refusal(await put3('status', ['Mine'], reader), 403, 'forbidden');
    // Empty: the defaults again.
    const reset = dataOf(await put3('status', []));
    expect(reset.map((v: Json) => [v.name, v.custom])).toEqual(defaults.map((d: string) => [d, false]));
  });
});

describe('requirements', () => {
  it("the business analyst's requirements: the project's tasks holding the client's words, with their story", async () => {
    const reqs = dataOf(await api('POST', 'builder/projects', { name: 'Requirements shop' }), 201);
    dataOf(
      await put(`builder/projects/${reqs.id}/members`, {
        members: [
          { userId: owner.userId, pm: true },
          { userId: client.userId, client: true },
        ],
      }),
    );
    const story = dataOf(await api('POST', 'builder/stories', { projectId: reqs.id, title: 'Dealer sees their prices' }), 201);
    const priced = dataOf(
      await api('POST', 'builder/tasks', {
        projectId: reqs.id,
        title: 'Price lists',
        storyId: story.id,
        requirement: 'Each dealer gets their own price list',
      }),
      201,
    );
    const plain = dataOf(await api('POST', 'builder/tasks', { projectId: reqs.id, title: 'Set up CI' }), 201);
    dataOf(await api('POST', 'builder/tasks', { projectId: reqs.id, title: 'Blank', requirement: '' }), 201);
    dataOf(await api('PATCH', `builder/tasks/${plain.id}`, { requirement: 'Deploys on every merge' }));
    const listed = dataOf(await api('GET', `builder/projects/${reqs.id}/requirements`, undefined, client));
    expect(listed.map((r: Json) => [r.title, r.requirement, r.story])).toEqual([
      ['Set up CI', 'Deploys on every merge', null],
      ['Price lists', 'Each dealer gets their own price list', 'Dealer sees their prices'],
    ]);
    expect(listed[1]).toMatchObject({ id: priced.id, storyId: story.id, status: 'todo' });
    expect(dataOf(await api('GET', `builder/projects/${reqs.id}/requirements?limit=1`)).map((r: Json) => r.id)).toEqual([plain.id]);
    refusal(await api('GET', `builder/projects/${reqs.id}/requirements`, undefined, otherClient), 404, 'not_found');
    refusal(await api('GET', `builder/projects/${reqs.id}/requirements`, undefined, other), 404, 'not_found');
    refusal(await api('GET', `builder/projects/${reqs.id}/requirements?limit=0`), 400, 'validation_failed');
  });
});

describe('issue comment mentions', () => {
  it('a member named with @ is told they were mentioned; the reporter hears of the comment; a non-member is not told', async () => {
    const issue = dataOf(await api('POST', 'builder/issues', { projectId: project.id, title: 'Mention me' }), 201);
    dataOf(
      await api('POST', `builder/issues/${issue.id}/comments`, { text: `@${dev.email} and @${otherClient.email}, please look` }, client),
    );
    const bell = async (who: { token: string }) =>
      (dataOf(await api('GET', 'ops/notifications?limit=50', undefined, who as never)) as Json[]).filter((n) => n.recordId === issue.id);
    expect((await bell(dev)).map((n) => n.title)).toEqual(['You were mentioned on Mention me']);
    expect((await bell(owner)).map((n) => n.title)).toEqual(['New comment on Mention me']);
    expect(await bell(otherClient)).toEqual([]);
    expect(await bell(client)).toEqual([]);
  });
});
