// Live updates across server processes (issue 25 item 11): two real server processes on one fresh
// PostgreSQL database; a console stream (SSE) open on B; on A, a change that announces itself live (a
// console notification created through the API, 200 times, one after another). Each latency is
// from sending A's request to B's stream reading the event: the write, its commit, NOTIFY, B's
// hub and the stream. Target: p95 within 1 s.
//
//   npm run bench:live   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
import { call, freshDatabase, type ServerProcess, sharedKeys, startProcess, stopProcess } from '../apps/server/test/server-process';
import { openSse } from '../apps/server/test/sse-client';
import { report, run } from './lib/bench-app';

const EVENTS = Number(process.env.LIVE_EVENTS ?? 200);
const TARGET_MS = 1_000;

run(async () => {
  const database = await freshDatabase(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'bench_live');
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  try {
    const env = { ...sharedKeys(), DATABASE_URL: database.url };
    a = await startProcess(env);
    b = await startProcess(env);
    const community = `live${Date.now().toString(36)}`;
    const signup = await call(a, 'POST', '/api/v1/auth/signup', {
      body: { community, name: 'Bench owner', email: `owner@${community}.example`, password: 'bench-password-1' },
    });
    if (signup.status !== 201) throw new Error(`signup failed: ${signup.text}`);
    const token = signup.body.token as string;
    const stream = await openSse(`${b.url}/api/v1/live`, { authorization: `Bearer ${token}`, 'community-name': community });
    if (stream.status !== 200) throw new Error(`stream refused: ${stream.status} ${JSON.stringify(stream.body)}`);
    await stream.next((e) => e.event === 'ready');
    const times: number[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const from = stream.events.length;
      const started = performance.now();
      const created = await call(a, 'POST', '/api/v1/ops/notifications', { token, community, body: { title: `Live ${i}` } });
      if (created.status !== 201) throw new Error(`create failed: ${created.text}`);
      const id = created.body.data.id as string;
      const got = await stream.next((e) => e.event === 'notification.created' && JSON.parse(e.data).data.id === id, 10_000, from);
      times.push(got.at - started);
    }
    stream.close();
    console.log(`Live updates: a change on process A read from an SSE stream on process B (PostgreSQL LISTEN/NOTIFY)`);
    const ok = report('change on A → event on B', times, TARGET_MS);
    if (!ok) process.exitCode = 1;
  } finally {
    await Promise.all([stopProcess(a), stopProcess(b)]);
    await database.drop();
  }
});
