// Two real server processes on one fresh PostgreSQL database (what LISTEN/NOTIFY crosses), a
// community signed up on the first, and the latency of live events from a change on A to an SSE
// stream on B. Shared by bench/live-latency.ts and bench/builder-board.ts.

import { call, freshDatabase, type ServerProcess, sharedKeys, startProcess, stopProcess } from '../../apps/server/test/server-process';
import type { SseClient, SseEvent } from '../../apps/server/test/sse-client';

export interface TwoProcesses {
  a: ServerProcess;
  b: ServerProcess;
  /** The database's address (to generate rows in SQL). */
  databaseUrl: string;
  community: string;
  /** The community owner's token. */
  token: string;
}

/** Starts A and B on a fresh database at BENCH_DATABASE_URL, signs a community up on A, runs `body`, then stops both and drops the database. */
export async function withTwoProcesses<T>(prefix: string, body: (p: TwoProcesses) => Promise<T>): Promise<T> {
  const database = await freshDatabase(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', prefix);
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  try {
    const env = { ...sharedKeys(), DATABASE_URL: database.url };
    a = await startProcess(env);
    b = await startProcess(env);
    const community = `${prefix.replace(/[^a-z]/g, '')}${Date.now().toString(36)}`;
    const signup = await call(a, 'POST', '/api/v1/auth/signup', {
      body: { community, name: 'Bench owner', email: `owner@${community}.example`, password: 'bench-password-1' },
    });
    if (signup.status !== 201) throw new Error(`signup failed: ${signup.text}`);
    return await body({ a, b, databaseUrl: database.url, community, token: signup.body.token as string });
  } finally {
    await Promise.all([stopProcess(a), stopProcess(b)]);
    await database.drop();
  }
}

/**
 * `count` times, one after another: `change(i)` on A (it resolves once A answered) returns the
 * event it expects; the time is from the change's start to `stream` (on B) reading that event.
 */
export async function liveLatencies(
  stream: SseClient,
  count: number,
  change: (i: number) => Promise<(e: SseEvent) => boolean>,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const from = stream.events.length;
    const started = performance.now();
    const expected = await change(i);
    const got = await stream.next(expected, 10_000, from);
    times.push(got.at - started);
  }
  return times;
}
