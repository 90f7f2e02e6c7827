/**
 * Profiles one kit request against a kept bench database (BENCH_KEEP=1 npm run bench):
 *   PROFILE_DB=postgres://postgres@127.0.0.1:5432/atrium_bench_… node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/profile-get.ts [path]
 * Prints req/s and CPU µs per request; the .cpuprofile shows where the time goes.
 * PROFILE_FLOOR=1 profiles the bare floor (bench/lib/floor.ts) instead, at its own path
 * (/newest, /search?status=published&q=walnut, /rare?q=zebrano, /get/<id>, /after?createdAt=…&id=…).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { floorServer } from './lib/floor';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as (
  o: object,
) => Promise<{ requests: { average: number; total: number }; latency: { p50: number; p99: number }; non2xx: number }>;

async function main() {
  const databaseUrl = process.env.PROFILE_DB;
  if (!databaseUrl) throw new Error('PROFILE_DB is required');
  const config = loadConfig(
    { NODE_ENV: 'development', LOG_LEVEL: 'silent', JOBS: 'off', DATA_DIR: mkdtempSync(join(tmpdir(), 'atrium-prof-')) },
    { databaseUrl, jwtSecret: randomBytes(32).toString('hex') },
  );
  const app = await buildApp(config, { seed: false, logger: false });
  const floor = process.env.PROFILE_FLOOR === '1';
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { community: 'bench-main', email: 'owner@bench-main.example', password: 'benchmark-password' },
  });
  const token = login.json().token as string;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query("select id, tenant_id from site_products where code = 'P-500000' limit 1");
  await client.end();
  const server = floor ? await floorServer(databaseUrl, rows[0].tenant_id, 50) : app;
  const address = await server.listen({ port: 0, host: '127.0.0.1' });
  const path = process.argv[2] ?? (floor ? `/get/${rows[0].id}` : `/api/v1/site/products/${rows[0].id}`);
  const load = { url: address + path, connections: 10, headers: { authorization: `Bearer ${token}` }, workers: 1 };
  await autocannon({ ...load, duration: 2 }); // warm-up
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  const cpu0 = process.cpuUsage();
  const r = await autocannon({ ...load, duration: Number(process.env.PROFILE_SECONDS ?? 10) });
  const cpu = process.cpuUsage(cpu0);
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(process.env.PROFILE_OUT ?? 'kit.cpuprofile', JSON.stringify(profile));
  console.log(
    `${path}: ${r.requests.average} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, CPU ${((cpu.user + cpu.system) / r.requests.total).toFixed(0)} µs/request`,
  );
  if (floor) await server.close();
  await app.close();
}
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
