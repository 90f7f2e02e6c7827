// Real server processes (`node --import tsx src/main.ts`) for the tests and benches that need more
// than one: each on a random port, on the database the environment names.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  dataDir: string;
}

/** The keys every process of one test shares (a session signed by one is verified by the others). */
export const sharedKeys = () => ({ JWT_SECRET: randomBytes(32).toString('hex'), SECRETS_KEY: 'a'.repeat(64) });

/** One real server process on a random port; resolves once it listens. `env` adds to a production-like environment. */
export function startProcess(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-proc-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      JOBS: 'on',
      PUBLIC_URL: 'https://atrium.example.com',
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
      const address = /^\{/.test(line) ? (JSON.parse(line) as { address?: string }).address : undefined;
      if (address) resolve({ url: address, child, dataDir });
    });
    child.on('exit', (code) => reject(new Error(`server process exited (${code}):\n${output.join('\n').slice(-3000)}`)));
  });
}

export async function stopProcess(p: ServerProcess | undefined) {
  if (!p) return;
  if (p.child.exitCode === null) {
    const exited = new Promise((resolve) => p.child.on('exit', resolve));
    p.child.kill('SIGTERM');
    await exited;
  }
  rmSync(p.dataDir, { recursive: true, force: true });
}

/** A fresh database on the PostgreSQL server of `serverUrl`: its URL, and drop() to remove it. */
export async function freshDatabase(serverUrl: string, suffix: string) {
  const name = `${new URL(serverUrl).pathname.slice(1) || 'atrium'}_${suffix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

/** A JSON call to a server process. */
export async function call(
  p: ServerProcess,
  method: string,
  path: string,
  options: { token?: string; community?: string; body?: unknown } = {},
) {
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
  return { status: res.status, body: text ? JSON.parse(text) : null, text };
}
