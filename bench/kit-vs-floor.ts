/**
 * The resource kit against a bare floor, on a real PostgreSQL.
 *
 *   npm run bench                      (from the repo root; needs PostgreSQL, default 127.0.0.1:5432)
 *   BENCH_DATABASE_URL=postgres://user@host:5432/postgres BENCH_SECONDS=15 BENCH_CONNECTIONS=50 npm run bench
 *
 * It creates a fresh database (dropped afterwards), builds the real app on it, signs up one community
 * with 100,000 log entries (ops/logs, table app_logs, listed newest first through the
 * (tenant_id, created_at, id) index) and 50 other communities with 1,000 each. Then autocannon measures:
 *   1. kit list   GET /api/v1/ops/logs?limit=50&sort=-createdAt   (bearer token, session check, RLS transaction, total)
 *   2. kit get    GET /api/v1/ops/logs/:id
 *   3. floor list the same page and count on a bare Fastify + pg Pool, no auth, no transaction
 *   4. floor get  the same row by id
 * and prints requests/s, p99 latency and kit/floor.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Cannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  workers?: number;
}) => Promise<CannonResult>;
// autocannon ships no types; the few fields used here are declared above.
const autocannon = createRequire(import.meta.url)('autocannon') as Cannon;

const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const MAIN_ROWS = 100_000;
const OTHER_COMMUNITIES = 50;
const OTHER_ROWS = 1_000;
const POOL_MAX = 20; // the app's pool size (openDatabase default); the floor gets the same

const COLUMNS = `id, created_at as "createdAt", updated_at as "updatedAt", kind, level, message, code,
  request_id as "requestId", context`;

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** `count` log entries for a community, spread over the past, one statement. */
function seedLogs(app: FastifyInstance, tenantId: string, count: number) {
  return app.db.query(
    `insert into app_logs (tenant_id, created_at, updated_at, kind, level, message, code, context)
     select $1::uuid, t, t,
            case when g % 10 = 0 then 'error' else 'application' end,
            case when g % 10 = 0 then 'error' else 'info' end,
            'Benchmark entry ' || g || ': ' || md5(g::text),
            case when g % 10 = 0 then 'bench_error' end,
            jsonb_build_object('n', g, 'ip', '10.0.' || (g % 250) || '.' || (g % 200))
       from generate_series(1, $2::int) g,
            lateral (select now() - make_interval(secs => g * 7.3)) as at(t)`,
    [tenantId, count],
  );
}

async function signup(app: FastifyInstance, community: string, ip: string) {
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

/** The floor: what the same two reads cost with nothing but Fastify and a pg Pool. */
async function floorServer(databaseUrl: string, tenantId: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_MAX });
  const app = Fastify({ logger: false });
  app.get('/logs', async () => {
    const rows = await pool.query(`select ${COLUMNS} from app_logs where tenant_id = $1 order by created_at desc, id desc limit 50`, [
      tenantId,
    ]);
    const [{ n }] = (await pool.query('select count(*)::int as n from app_logs where tenant_id = $1', [tenantId])).rows;
    return { data: rows.rows, total: n, limit: 50, offset: 0 };
  });
  app.get('/logs/:id', async (req, reply) => {
    const { id } = req.params as { id: string };
    const { rows } = await pool.query(`select ${COLUMNS} from app_logs where tenant_id = $1 and id = $2`, [tenantId, id]);
    if (rows.length === 0) return reply.code(404).send({ error: { code: 'not_found', message: 'Log entry not found' } });
    return { data: rows[0] };
  });
  app.addHook('onClose', () => pool.end());
  return app;
}

interface Row {
  name: string;
  rps: number;
  p99: number;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  // A short warm-up (JIT, pool connections, PostgreSQL caches), then the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers, workers: 1 });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers, workers: 1 });
  const failed = r.non2xx + r.errors + r.timeouts;
  if (failed > 0) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  console.log(`  ${name.padEnd(12)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms`);
  return { name, rps: r.requests.average, p99: r.latency.p99 };
}

async function check(name: string, url: string, headers: Record<string, string>, expect: (body: any) => boolean) {
  const res = await fetch(url, { headers });
  const body = await res.json();
  if (res.status !== 200 || !expect(body))
    throw new Error(`${name}: unexpected answer ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
}

async function main() {
  const started = Date.now();
  const dbName = `atrium_bench_${randomBytes(4).toString('hex')}`;
  const url = new URL(SERVER);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-'));
  await admin((c) => c.query(`create database "${dbName}"`));

  let kit: FastifyInstance | undefined;
  let floor: FastifyInstance | undefined;
  try {
    const config = loadConfig(
      { NODE_ENV: 'development', LOG_LEVEL: 'silent', JOBS: 'off', DATA_DIR: dataDir },
      { databaseUrl, jwtSecret: randomBytes(32).toString('hex') },
    );
    kit = await buildApp(config, { seed: false, logger: false });
    await kit.ready();

    console.log(
      `Seeding ${dbName}: ${MAIN_ROWS.toLocaleString('en')} log entries in one community, ${OTHER_ROWS} in each of ${OTHER_COMMUNITIES} others`,
    );
    const main = await signup(kit, 'bench-main', '10.255.0.1');
    await seedLogs(kit, main.tenantId, MAIN_ROWS);
    for (let i = 0; i < OTHER_COMMUNITIES; i += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, OTHER_COMMUNITIES - i) }, async (_, k) => {
          const n = i + k;
          const other = await signup(kit!, `bench-other-${n}`, `10.254.${n}.1`);
          await seedLogs(kit!, other.tenantId, OTHER_ROWS);
        }),
      );
    }
    await kit.db.query('vacuum analyze app_logs');
    const [{ id }] = await kit.db.query<{ id: string }>(
      'select id from app_logs where tenant_id = $1 order by created_at desc offset $2 limit 1',
      [main.tenantId, MAIN_ROWS / 2],
    );
    console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

    const kitAddress = await kit.listen({ port: 0, host: '127.0.0.1' });
    floor = await floorServer(databaseUrl, main.tenantId);
    const floorAddress = await floor.listen({ port: 0, host: '127.0.0.1' });
    const auth = { authorization: `Bearer ${main.token}` };
    const kitList = `${kitAddress}/api/v1/ops/logs?limit=50&sort=-createdAt`;
    const kitGet = `${kitAddress}/api/v1/ops/logs/${id}`;
    const floorList = `${floorAddress}/logs`;
    const floorGet = `${floorAddress}/logs/${id}`;

    // Both answer the same thing before they are timed.
    const fullPage = (b: any) => b.data.length === 50 && b.total === MAIN_ROWS;
    await check('kit list', kitList, auth, fullPage);
    await check('floor list', floorList, {}, fullPage);
    await check('kit get', kitGet, auth, (b) => b.data.id === id);
    await check('floor get', floorGet, {}, (b) => b.data.id === id);

    console.log(`autocannon: ${CONNECTIONS} connections, ${SECONDS} s each (after a 2 s warm-up), node ${process.version}`);
    const results = [
      await measure('kit list', kitList, auth),
      await measure('kit get', kitGet, auth),
      await measure('floor list', floorList),
      await measure('floor get', floorGet),
    ];
    const [kl, kg, fl, fg] = results;
    const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(0)}%`;
    console.log('\n| query | kit req/s | kit p99 | floor req/s | floor p99 | kit/floor |');
    console.log('|---|---:|---:|---:|---:|---:|');
    console.log(
      `| list 50 newest + total | ${kl.rps.toFixed(0)} | ${kl.p99} ms | ${fl.rps.toFixed(0)} | ${fl.p99} ms | ${pct(kl.rps, fl.rps)} |`,
    );
    console.log(`| get by id | ${kg.rps.toFixed(0)} | ${kg.p99} ms | ${fg.rps.toFixed(0)} | ${fg.p99} ms | ${pct(kg.rps, fg.rps)} |`);
    console.log(`\nTotal ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await floor?.close().catch(() => {});
    await kit?.close().catch(() => {});
    await admin((c) => c.query(`drop database if exists "${dbName}" with (force)`)).catch((err) => console.error('drop failed:', err));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
