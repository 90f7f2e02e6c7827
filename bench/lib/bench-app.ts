// What every benchmark starts with: the server built in this process on a database of its own, a
// fresh community signed up through the API, and its owner's headers; and, at the end, everything
// it made removed again. Also the percentile report the benchmarks print.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';

type App = Awaited<ReturnType<typeof buildApp>>;

export interface BenchOptions {
  /** Names the database, the data folder and the community (`<prefix>…`). */
  prefix: string;
  /**
   * `server`: a database created for this run on BENCH_DATABASE_URL's PostgreSQL server
   * (default postgres://postgres@127.0.0.1:5432/postgres; named after its database unless that is
   * `postgres`), dropped afterwards unless BENCH_KEEP is set.
   * `env`: DATABASE_URL when set, else embedded PGlite (in memory unless `inMemory: false`).
   */
  database: 'server' | 'env';
  inMemory?: boolean;
  /** More of the server's environment (e.g. MAX_UPLOAD_MB). */
  env?: Record<string, string>;
}

export interface Bench {
  app: App;
  community: string;
  tenantId: string;
  token: string;
  headers: { authorization: string; 'community-name': string };
}

/** Builds the app, signs a community up, runs `body`, then closes and removes what it made. */
export async function withBench<T>(options: BenchOptions, body: (bench: Bench) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), `atrium-bench-${options.prefix}-`));
  const server = options.database === 'server' ? await freshDatabase(options.prefix) : null;
  try {
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        JOBS: 'off',
        DATA_DIR: dataDir,
        ...(server ? {} : { DATABASE_URL: process.env.DATABASE_URL }),
        ...options.env,
      },
      {
        jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
        ...(server ? { databaseUrl: server.url } : { inMemory: (options.inMemory ?? true) && !process.env.DATABASE_URL }),
      },
    );
    const app = await buildApp(config, { seed: false, logger: false });
    await app.ready();
    try {
      const community = `${options.prefix}${Date.now().toString(36)}`;
      const signup = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        payload: { community, name: 'Bench owner', email: `owner@${community}.example`, password: 'bench-password-1' },
      });
      if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.body}`);
      const { token, community: created } = signup.json();
      const headers = { authorization: `Bearer ${token}`, 'community-name': community };
      return await body({ app, community, tenantId: created.id as string, token, headers });
    } finally {
      await app.close();
    }
  } finally {
    await server?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function freshDatabase(prefix: string) {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  // Named after BENCH_DATABASE_URL's database when it names one (a session's own prefix), as the tests' clones are.
  const base = new URL(serverUrl).pathname.slice(1);
  const name = `${base && base !== 'postgres' ? base : 'atrium_bench'}_${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      if (process.env.BENCH_KEEP) console.log(`kept database ${name} (BENCH_KEEP)`);
      else await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** One line: p50, p95 and max of `times`, and whether p95 is within `target` ms. */
export function report(name: string, times: number[], target: number, width = 44) {
  const sorted = [...times].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  const ms = (n: number | undefined) => `${(n ?? 0).toFixed(1).padStart(6)} ms`;
  console.log(
    `${name.padEnd(width)} n=${String(sorted.length).padStart(4)}  p50 ${ms(percentile(sorted, 50))}  p95 ${ms(p95)}  max ${ms(sorted.at(-1))}  ${p95 <= target ? 'ok' : `OVER ${target} ms`}`,
  );
  return p95 <= target;
}

/** Runs a benchmark's main and exits 1 with the error if it throws. */
export function run(main: () => Promise<unknown>) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

/** Signs up `community` (its owner's token and the community's id), from `ip` so rate limits count it apart. */
export async function signup(app: FastifyInstance, community: string, ip: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { community, name: `Owner of ${community}`, email: `owner@${community}.example`, password: 'benchmark-password' },
    remoteAddress: ip,
  });
  if (res.statusCode !== 201) throw new Error(`signup ${community} failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { token: body.token as string, tenantId: body.community.id as string };
}
