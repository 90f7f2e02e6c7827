import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from './helpers';
import { freshDatabase, type ServerProcess, startProcess, stopProcess } from './server-process';
import { startSmtp } from './smtp';

/**
 * kill -9 between a workflow's steps and between an event's commit and its subscriber: a server
 * process with the tests' module (test/relay-server.ts) is killed while it holds a step's (or a
 * subscriber's) transaction open; the next process finishes the work, each step and subscriber
 * taking effect once. PostgreSQL only (the embedded database belongs to one process).
 */
const server = process.env.TEST_DATABASE_URL;

interface Child extends ServerProcess {
  /** Resolves when the process prints the relay module's `blocked` line for `at`. */
  blocked(at: string): Promise<void>;
}

/** A server process with the tests' module (test/relay-server.ts), telling when it blocks where RELAY_BLOCK_AT says. */
async function startChild(env: Record<string, string>): Promise<Child> {
  const waiting = new Map<string, () => void>();
  const seen = new Set<string>();
  const onLine = (line: string) => {
    if (!line.startsWith('{')) return;
    const parsed = JSON.parse(line) as { relay?: string; at?: string };
    if (parsed.relay !== 'blocked' || !parsed.at) return;
    seen.add(parsed.at);
    waiting.get(parsed.at)?.();
  };
  const p = await startProcess(env, { entry: 'test/relay-server.ts', onLine });
  return { ...p, blocked: (at) => (seen.has(at) ? Promise.resolve() : new Promise((r) => waiting.set(at, r))) };
}

async function kill9(c: Child) {
  const exited = new Promise((resolve) => c.child.on('exit', resolve));
  c.child.kill('SIGKILL');
  await exited;
  rmSync(c.dataDir, { recursive: true, force: true });
}

describe.skipIf(!server)('kill -9 between workflow steps and before a subscriber (needs TEST_DATABASE_URL; skipped without it)', () => {
  let db: pg.Client;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let env: Record<string, string>;
  let dropDatabase = async () => {};
  let last: Child | undefined;
  const community = `kill${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    const database = await freshDatabase(server!, 'k');
    dropDatabase = database.drop;
    smtp = await startSmtp();
    env = { DATABASE_URL: database.url, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` };
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await stopProcess(last);
    await db?.end();
    await smtp?.close();
    await dropDatabase();
  }, 60_000);

  async function call(c: Child, path: string, body: object, token?: string) {
    const res = await fetch(`${c.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}`, 'community-name': community } : {}) },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    expect(res.status, text).toBeLessThan(300);
    return JSON.parse(text);
  }

  const effects = async () =>
    Object.fromEntries(
      (await db.query<{ kind: string; key: string; times: number }>('select kind, key, times from relay_effects')).rows.map((r) => [
        `${r.kind} ${r.key}`,
        r.times,
      ]),
    );

  it('after restarts the workflow completes with each step run once, and the subscriber applies once', async () => {
    // A: the run's first two steps commit, then the process dies inside the third step's transaction.
    const a = await startChild({ ...env, RELAY_BLOCK_AT: 'confirm' });
    last = a;
    const signup = await call(a, '/api/v1/auth/signup', {
      community,
      name: 'Owner',
      email: `o@${community}.example`,
      password: 'correct-horse-battery',
    });
    const token = signup.token as string;
    const run = (await call(a, '/api/v1/relay/runs', { key: 'kill-1', orderRef: 'K1', amount: 9 }, token)).data;
    await a.blocked('confirm');
    await kill9(a);
    const stopped = await db.query<{ name: string }>('select name from workflow_steps where run_id = $1 order by position', [run.id]);
    expect(stopped.rows.map((r) => r.name)).toEqual(['reserve', 'charge']);
    expect((await db.query('select status from workflow_runs where id = $1', [run.id])).rows[0].status).toBe('running');

    // B resumes the run at its first unfinished step; then an event commits and B dies inside its subscriber.
    const b = await startChild({ ...env, RELAY_BLOCK_AT: 'subscriber' });
    last = b;
    await waitFor(
      'the run completed by B',
      async () =>
        (await db.query('select status from workflow_runs where id = $1', [run.id])).rows[0].status === 'completed' ? true : undefined,
      60_000,
    );
    await call(b, '/api/v1/relay/notes', { noteId: 'kill-note', text: 'after commit' }, token);
    await b.blocked('subscriber');
    await kill9(b);
    const [pending] = (await db.query("select status from event_deliveries where event_name = 'relay.note.created'")).rows;
    expect(pending.status).toBe('pending');
    expect((await effects())['noted kill-note']).toBeUndefined();

    // C hands the pending delivery out again at start: the subscriber applies once.
    const c = await startChild(env);
    last = c;
    await waitFor(
      'the delivery done by C',
      async () =>
        (await db.query("select status from event_deliveries where event_name = 'relay.note.created'")).rows[0].status === 'done'
          ? true
          : undefined,
      60_000,
    );
    expect(await effects()).toEqual({
      'step:reserve K1': 1,
      [`charge ${run.id}:charge`]: 1,
      'step:confirm K1': 1,
      'noted kill-note': 1,
    });
    // Nothing runs twice later either (pg-boss's own retry of the killed jobs finds them done).
    await new Promise((r) => setTimeout(r, 2000));
    expect(Object.values(await effects()).every((times) => times === 1)).toBe(true);
  }, 240_000);
});
