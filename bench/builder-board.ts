// The project builder at scale (issue 29, "Done when"): a project with 10,000 tasks on PostgreSQL,
// in two real server processes on one database.
// - The board's first load (GET /api/v1/builder/projects/:id/board: each column's first 50 cards and
//   its count), BOARD_LOADS times one after another on process A, signed in as a member of the
//   project (the row rules apply): target p95 ≤ 300 ms. Timed by the client over loopback, so it is
//   the server's time plus well under a millisecond.
// - A builder notification (a task assigned to a developer: "Assigned to you: …") made on A and read
//   from the developer's console stream (SSE) on process B, LIVE_EVENTS times: target p95 ≤ 1 s.
//
//   npm run bench:builder -w @atrium/server   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
import pg from 'pg';
import { call } from '../apps/server/test/server-process';
import { openSse } from '../apps/server/test/sse-client';
import { report, run } from './lib/bench-app';
import { liveLatencies, withTwoProcesses } from './lib/two-processes';

const TASKS = Number(process.env.BENCH_TASKS ?? 10_000);
const BOARD_LOADS = Number(process.env.BOARD_LOADS ?? 100);
const EVENTS = Number(process.env.LIVE_EVENTS ?? 100);
const BOARD_TARGET_MS = 300;
const LIVE_TARGET_MS = 1_000;
/** How the tasks spread over the default columns: a project well under way. */
const SPREAD: [string, number][] = [
  ['todo', 0.4],
  ['in_progress', 0.2],
  ['in_review', 0.1],
  ['done', 0.3],
];

run(() =>
  withTwoProcesses('bench_builder', async ({ a, b, databaseUrl, community, token }) => {
    const as = (t: string) => ({ token: t, community });
    const ok = async (answer: ReturnType<typeof call>, status = 200) => {
      const res = await answer;
      if (res.status !== status) throw new Error(`${res.status}: ${res.text}`);
      return res.body.data;
    };

    // A developer of the project: a role with the builder's rights, an admin, signed in.
    const role = await ok(
      call(a, 'POST', '/api/v1/identity/roles', {
        ...as(token),
        body: { name: 'Developer', permissions: { builder: 'write', notifications: 'write' } },
      }),
      201,
    );
    const email = `dev@${community}.example`;
    const password = 'bench-developer-password';
    const dev = await ok(
      call(a, 'POST', '/api/v1/identity/admins', { ...as(token), body: { name: 'Dev', email, password, roleId: role.id } }),
      201,
    );
    const login = await call(a, 'POST', '/api/v1/auth/login', { body: { email, password, community } });
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.text}`);
    const devToken = login.body.token as string;
    const project = await ok(call(a, 'POST', '/api/v1/builder/projects', { ...as(token), body: { name: 'Big project' } }), 201);
    await ok(
      call(a, 'PUT', `/api/v1/builder/projects/${project.id}/members`, {
        ...as(token),
        body: { members: [{ userId: dev.id, developer: true, pm: true }] },
      }),
    );

    // The tasks, generated in SQL (as the owner of the database: row-level security does not apply).
    const started = performance.now();
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const [{ tenant_id: tenantId }] = (await db.query('select tenant_id from builder_projects where id = $1', [project.id])).rows;
      // Each column's last task number: the running sum of the shares.
      const bounds = SPREAD.map((_, i) => Math.round(SPREAD.slice(0, i + 1).reduce((n, [, share]) => n + share, 0) * TASKS));
      await db.query(
        `insert into builder_tasks (tenant_id, id, project_id, title, status, position, priority, labels, estimate_hours, due_date, created_by, completed_at)
         select $1, gen_random_uuid(), $2, 'Task ' || i,
                case when i <= $4 then 'todo' when i <= $5 then 'in_progress' when i <= $6 then 'in_review' else 'done' end,
                i * 1024, (array['low','medium','high','urgent'])[1 + i % 4], array['backend', 'sprint-' || (i % 12)],
                1 + i % 8, to_char(date '2026-12-01' + (i % 90), 'YYYY-MM-DD'), $7,
                case when i > $6 then now() end
         from generate_series(1, $3) as i`,
        [tenantId, project.id, TASKS, bounds[0], bounds[1], bounds[2], dev.id],
      );
      await db.query('analyze builder_tasks');
    } finally {
      await db.end();
    }
    console.log(`Generated ${TASKS.toLocaleString('en')} tasks in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // The board's first load, as the developer (a member: the project's row rule is part of the read).
    const boardPath = `/api/v1/builder/projects/${project.id}/board`;
    const loads: number[] = [];
    for (let i = 0; i < BOARD_LOADS; i++) {
      const t0 = performance.now();
      const board = await ok(call(a, 'GET', boardPath, as(devToken)));
      loads.push(performance.now() - t0);
      if (i === 0) {
        const total = board.columns.reduce((n: number, c: { count: number }) => n + c.count, 0);
        const shown = board.columns.map((c: { cards: unknown[] }) => c.cards.length);
        if (total !== TASKS) throw new Error(`the board counts ${total} tasks, not ${TASKS}`);
        console.log(`Board: ${board.columns.length} columns, ${shown.join(' + ')} cards shown of ${total.toLocaleString('en')}`);
        console.log(`First request after generating (cold caches): ${loads[0].toFixed(1)} ms`);
      }
    }

    // A task assigned on A reaches the assignee's bell on B.
    const ids = (
      await ok(call(a, 'GET', `/api/v1/builder/tasks?projectId=${project.id}&status=todo&limit=${EVENTS}&withTotal=false`, as(token)))
    ).map((t: { id: string }) => t.id) as string[];
    const stream = await openSse(`${b.url}/api/v1/live`, { authorization: `Bearer ${devToken}`, 'community-name': community });
    if (stream.status !== 200) throw new Error(`stream refused: ${stream.status} ${JSON.stringify(stream.body)}`);
    await stream.next((e) => e.event === 'ready');
    const times = await liveLatencies(stream, Math.min(EVENTS, ids.length), async (i) => {
      await ok(call(a, 'PATCH', `/api/v1/builder/tasks/${ids[i]}`, { ...as(token), body: { assigneeId: dev.id } }));
      return (e) => e.event === 'notification.created';
    });
    stream.close();

    console.log(`\nProject builder, PostgreSQL, ${TASKS.toLocaleString('en')} tasks in one project, two server processes`);
    const boardOk = report("board's first load (server time)", loads, BOARD_TARGET_MS);
    const liveOk = report('assignment on A → notification on B (SSE)', times, LIVE_TARGET_MS);
    if (!boardOk || !liveOk) process.exitCode = 1;
  }),
);
