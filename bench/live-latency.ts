// Live updates across server processes (issue 25 item 11): two real server processes on one fresh
// PostgreSQL database; a console stream (SSE) open on B; on A, a change that announces itself live (a
// console notification created through the API, 200 times, one after another). Each latency is
// from sending A's request to B's stream reading the event: the write, its commit, NOTIFY, B's
// hub and the stream. Target: p95 within 1 s.
//
//   npm run bench:live   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
import { call } from '../apps/server/test/server-process';
import { openSse } from '../apps/server/test/sse-client';
import { report, run } from './lib/bench-app';
import { liveLatencies, withTwoProcesses } from './lib/two-processes';

const EVENTS = Number(process.env.LIVE_EVENTS ?? 200);
const TARGET_MS = 1_000;

run(() =>
  withTwoProcesses('bench_live', async ({ a, b, community, token }) => {
    const stream = await openSse(`${b.url}/api/v1/live`, { authorization: `Bearer ${token}`, 'community-name': community });
    if (stream.status !== 200) throw new Error(`stream refused: ${stream.status} ${JSON.stringify(stream.body)}`);
    await stream.next((e) => e.event === 'ready');
    const times = await liveLatencies(stream, EVENTS, async (i) => {
      const created = await call(a, 'POST', '/api/v1/ops/notifications', { token, community, body: { title: `Live ${i}` } });
      if (created.status !== 201) throw new Error(`create failed: ${created.text}`);
      const id = created.body.data.id as string;
      return (e) => e.event === 'notification.created' && JSON.parse(e.data).data.id === id;
    });
    stream.close();
    console.log(`Live updates: a change on process A read from an SSE stream on process B (PostgreSQL LISTEN/NOTIFY)`);
    const ok = report('change on A → event on B', times, TARGET_MS);
    if (!ok) process.exitCode = 1;
  }),
);
