import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from './helpers';
import { startSmtp } from './smtp';

/**
 * kill -9 between a workflow's steps and between an event's commit and its subscriber: a server
 * process with the relay module (test/relay-server.ts) is killed while it holds a step's (or a
 * subscriber's) transaction open; the next process finishes the work, each step and subscriber
 * taking effect once. PostgreSQL only (the embedded database belongs to one process).
 */
const server = process.env.TEST_DATABASE_URL;
const serverDir = fileURLToPath(new URL('..', import.meta.url));

interface Child {
  url: string;
  child: ChildProcess;
  dataDir: string;
  /** Resolves when the process prints the relay module's `blocked` line for `at`. */
  blocked(at: string): Promise<void>;
}

function startChild(env: Record<string, string>): Promise<Child> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-kill-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/relay-server.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      JOBS: 'on',
      JWT_SECRET: 'k'.repeat(64),
      PUBLIC_URL: 'https://atrium.example.com',
      SECRETS_KEY: 'a'.repeat(64),
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const waiting = new Map<string, () => void>();
  const seen = new Set<string>();
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output.push(line);
      if (!line.startsWith('{')) return;
      const parsed = JSON.parse(line) as { address?: string; relay?: string; at?: string };
      if (parsed.relay === 'blocked' && parsed.at) {
        seen.add(parsed.at);
        waiting.get(parsed.at)?.();
      }
      if (parsed.address) {
        resolve({
          url: parsed.address,
          child,
          dataDir,
          blocked: (at) => (seen.has(at) ? Promise.resolve() : new Promise((r) => waiting.set(at, r))),
        });
      }
    });
    child.on('exit', (code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`server process exited (${code}):\n${output.join('\n').slice(-3000)}`));
    });
  });
}

async function kill9(c: Child) {
  const exited = new Promise((resolve) => c.child.on('exit', resolve));
  c.child.kill('SIGKILL');
  await exited;
  rmSync(c.dataDir, { recursive: true, force: true });
}

async function stop(c: Child | undefined) {
  if (!c) return;
  if (c.child.exitCode === null && c.child.signalCode === null) {
    const exited = new Promise((resolve) => c.child.on('exit', resolve));
    c.child.kill('SIGTERM');
    await exited;
  }
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
    const name = `${new URL(server!).pathname.slice(1) || 'atrium'}_k_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    };
    const url = new URL(server!);
    url.pathname = `/${name}`;
    smtp = await startSmtp();
    env = { DATABASE_URL: url.toString(), SMTP_URL: `smtp://127.0.0.1:${smtp.port}` };
    db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await stop(last);
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
