import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

// Real server processes (`node --import tsx src/main.ts`) on a PostgreSQL database of their own:
// for the tests of what only several processes, or a process's death, can show.

const serverDir = fileURLToPath(new URL('..', import.meta.url));
/** Shared by every process a test file starts: a session made on one is valid on the others. */
const JWT_SECRET = randomBytes(32).toString('hex');

/** Keys for processes that must share them, when a test wants its own (each process gets the file's by default). */
export const sharedKeys = () => ({ JWT_SECRET: randomBytes(32).toString('hex'), SECRETS_KEY: 'a'.repeat(64) });

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  dataDir: string;
  /** What it printed (stdout lines and stderr), for a failure's message. */
  output: string[];
}

/**
 * Starts one server process on a random port; resolves once it listens. `dataDir` shares a
 * DATA_DIR (stored files) with an earlier process; by default it gets a fresh one.
 */
export function startProcess(
  env: Record<string, string>,
  options: {
    dataDir?: string;
    /** The script to run instead of the server's own `src/main.ts` (a test's server with its own module). */
    entry?: string;
    /** Called with each line the process prints (a test waiting for a line of its own). */
    onLine?: (line: string) => void;
  } = {},
): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'atrium-proc-'));
  const child = spawn(process.execPath, ['--import', 'tsx', options.entry ?? 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      JOBS: 'on',
      JWT_SECRET,
      PUBLIC_URL: 'https://atrium.example.com',
      // Production requires both keys; the processes share them (one sealed credential, any process opens it).
      SECRETS_KEY: 'a'.repeat(64),
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output.push(line);
      options.onLine?.(line);
      const address = /^\{/.test(line) ? (JSON.parse(line) as { address?: string }).address : undefined;
      if (address) resolve({ url: address, child, dataDir, output });
    });
    child.on('exit', (code) => reject(new Error(`server process exited (${code}):\n${output.join('\n').slice(-3000)}`)));
  });
}

/** Stops a process (SIGTERM, unless it has already exited) and, unless `keepData`, deletes its DATA_DIR. */
export async function stopProcess(p: ServerProcess | undefined, options: { keepData?: boolean } = {}) {
  if (!p) return;
  if (p.child.exitCode === null && p.child.signalCode === null) {
    const exited = new Promise((resolve) => p.child.on('exit', resolve));
    p.child.kill('SIGTERM');
    await exited;
  }
  if (!options.keepData) rmSync(p.dataDir, { recursive: true, force: true });
}

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/** One HTTP request to a process, JSON in and out. */
export async function call(
  p: ServerProcess,
  method: string,
  path: string,
  options: { token?: string; community?: string; body?: unknown } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.community) headers['community-name'] = options.community;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${p.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null, text };
}

/**
 * A fresh database on the PostgreSQL server of `serverUrl` (TEST_DATABASE_URL): its address, and
 * a function that drops it (closing whatever connections are left).
 */
export async function freshDatabase(serverUrl: string, suffix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${new URL(serverUrl).pathname.slice(1) || 'atrium'}_${suffix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}
