/**
 * The resource kit against a bare floor, at a million rows.
 *
 *   npm run bench                      (from the repo root; needs PostgreSQL, default 127.0.0.1:5432)
 *   BENCH_DATABASE_URL=postgres://user@host:5432/postgres BENCH_SECONDS=10 BENCH_CONNECTIONS=10 npm run bench
 *   BENCH_ROWS=100000 BENCH_PGLITE_ROWS=0 BENCH_ONLY=get npm run bench     (a quicker run while working)
 *   BENCH_KEEP=1 BENCH_ONLY=none BENCH_PGLITE_ROWS=0 npm run bench          (seed a database and keep it for psql)
 *
 * PostgreSQL: a throw-away database (dropped afterwards) with the real app on it, one community of
 * BENCH_ROWS (1,000,000) site products and 50 communities of 1,000, generated in SQL (indexes built
 * after the rows). Each query is measured with autocannon against the kit (bearer token, session
 * check, access check, validation, row-level security, the query builder, serialisation) and
 * against a floor: bare Fastify + a pg Pool running the best hand-written SQL for the same answer
 * (same page, same total: the planner's estimate from ESTIMATE_TRUSTED_FROM expected matches, else exact up to EXACT_TOTAL_LIMIT
 * and the estimate beyond), no auth, no RLS.
 * Embedded PGlite: the same queries on the kit at BENCH_PGLITE_ROWS (100,000).
 * Prints p50/p95/p99, requests/s and kit/floor. Not part of `npm test`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { CURSOR_VALUE, EXACT_TOTAL_LIMIT, encodeCursor } from '../apps/server/src/kernel/resources/list-query';
import { signup } from './lib/bench-app';
import { type Measured, measure, ms } from './lib/cannon';
import { floorServer } from './lib/floor';

const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const MAIN_ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const PGLITE_ROWS = Number(process.env.BENCH_PGLITE_ROWS ?? 100_000);
const ONLY = process.env.BENCH_ONLY?.split(',');
/** Keep the PostgreSQL database afterwards (to study plans with psql); its name is printed. */
const KEEP = process.env.BENCH_KEEP === '1';
/** Measure on a database kept by an earlier run (BENCH_KEEP=1) instead of seeding a new one: its name. */
const REUSE = process.env.BENCH_REUSE;
const OTHER_COMMUNITIES = 50;
const OTHER_ROWS = 1_000;
const PAGE = 50;
const WOODS = ['walnut', 'oak', 'pine', 'ash', 'elm', 'teak', 'birch'];
/** In 5 products of the main community, whatever its size. */
const RARE = 'zebrano';
const TARGET_SHARE = 0.8;
const TARGET_P95_MS = 30;

/** The benchmark's queries: the kit's URL, and the floor's route. */
interface Query {
  key: string;
  label: string;
  list: boolean;
  kit: string;
  floor: string;
  /** What both must answer (checked before timing). */
  expect: (body: any) => boolean;
}

type Run = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** Products, generated in SQL: names like "Product 123 blue walnut", 60% published, "walnut" in 1 of 7. */
function seedProducts(run: Run, tenantId: string, count: number) {
  return run(
    `insert into site_products (tenant_id, code, name, slug, summary, description, specifications, tags, status, featured,
                                sort_order, publish_at, created_at, updated_at)
     select $1::uuid, 'P-' || g,
            'Product ' || g || ' ' || (array['blue','red','green'])[g % 3 + 1] || ' ' || w || case when g % $4::int = 0 then ' ${RARE}' else '' end,
            'product-' || g, 'A ' || w || ' board for floors and walls.',
            '<p>Solid ' || w || ', kiln dried, oiled. Made to order in lengths up to 2.4 m.</p>',
            jsonb_build_array(jsonb_build_object('label', 'Finish', 'value', 'Oiled'), jsonb_build_object('label', 'Thickness', 'value', (12 + g % 10) || ' mm')),
            array['boards', w], case when g % 10 < 6 then 'published' else 'draft' end, g % 50 = 0,
            g % 1000, t - interval '1 hour', t, t
       from generate_series(1, $3::int) g,
            lateral (select ($2::text[])[g % 7 + 1] as w, now() - g * interval '1 second' as t) as v`,
    [tenantId, WOODS, count, Math.max(1, Math.floor(count / 5))],
  );
}

/**
 * Fills the app's database: the main community and `others` of OTHER_ROWS. The table's indexes
 * (search ones too) are dropped while rows go in and built again afterwards, then analysed.
 */
async function seed(app: FastifyInstance, run: Run, rows: number, others: number) {
  const started = Date.now();
  const main = await signup(app, 'bench-main', '10.255.0.1');
  const indexes = await run(
    "select indexname as name, indexdef as def from pg_indexes where tablename = 'site_products' and indexname <> 'site_products_pk'",
  );
  for (const { name } of indexes) await run(`drop index "${name}"`);
  await seedProducts(run, main.tenantId, rows);
  for (let n = 0; n < others; n++) {
    const other = await signup(app, `bench-other-${n}`, `10.254.${n}.1`);
    await seedProducts(run, other.tenantId, OTHER_ROWS);
  }
  for (const { def } of indexes) await run(String(def));
  await run('vacuum analyze site_products');
  console.log(
    `  seeded ${rows.toLocaleString('en')} products + ${others} × ${OTHER_ROWS.toLocaleString('en')} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  return main;
}

/** The queries, for a main community of `rows` products; `after` is the cursor position of page 200. */
function queries(rows: number, { id, after, walnutPublished }: Awaited<ReturnType<typeof positions>>): Query[] {
  const cursor = encodeCursor({ [CURSOR_VALUE]: after.createdAt, id: after.id }, ['createdAt']);
  const estimated = (b: any) => b.data.length === PAGE && b.totalIsEstimate === true && b.total > EXACT_TOTAL_LIMIT;
  const all: Query[] = [
    {
      key: 'newest',
      label: 'newest 50 + total',
      list: true,
      kit: `/api/v1/site/products?limit=${PAGE}&sort=-createdAt`,
      floor: '/newest',
      expect: (b) => (rows > EXACT_TOTAL_LIMIT ? estimated(b) : b.total === rows),
    },
    {
      key: 'search',
      label: 'published + "walnut" + total',
      list: true,
      kit: `/api/v1/site/products?limit=${PAGE}&sort=-createdAt&status=published&q=walnut`,
      floor: '/search?status=published&q=walnut',
      expect: (b) =>
        b.data.length === PAGE && (walnutPublished > EXACT_TOTAL_LIMIT ? b.totalIsEstimate === true : b.total === walnutPublished),
    },
    {
      key: 'rare',
      label: `rare term "${RARE}" (5 matches)`,
      list: true,
      kit: `/api/v1/site/products?limit=${PAGE}&sort=-createdAt&q=${RARE}`,
      floor: `/rare?q=${RARE}`,
      expect: (b) => b.data.length === 5 && b.total === 5,
    },
    {
      key: 'get',
      label: 'get by id',
      list: false,
      kit: `/api/v1/site/products/${id}`,
      floor: `/get/${id}`,
      expect: (b) => b.data.id === id,
    },
    {
      key: 'cursor',
      label: 'page 200 by cursor (no total)',
      list: true,
      kit: `/api/v1/site/products?limit=${PAGE}&sort=-createdAt&withTotal=false&cursor=${cursor}`,
      floor: `/after?createdAt=${encodeURIComponent(after.createdAt)}&id=${after.id}`,
      expect: (b) => b.data.length === PAGE && b.total === null,
    },
  ];
  return all.filter((q) => !ONLY || ONLY.includes(q.key));
}

const cpuOf = (m: Measured) => `${m.cpu.node.toFixed(0)} + ${m.cpu.db.toFixed(0)}`;

async function check(name: string, url: string, headers: Record<string, string>, expect: (body: any) => boolean): Promise<any> {
  const res = await fetch(url, { headers });
  const body = await res.json();
  if (res.status !== 200 || !expect(body))
    throw new Error(`${name}: unexpected answer ${res.status} ${JSON.stringify(body).slice(0, 400)}`);
  return body;
}

/** The id of a product in the middle, and where page 200 (newest first) starts. */
async function positions(run: Run, tenantId: string, rows: number) {
  if (rows < 200 * PAGE) throw new Error(`page 200 needs at least ${200 * PAGE} rows`);
  const [{ id }] = await run('select id from site_products where tenant_id = $1 order by created_at desc, id desc offset $2 limit 1', [
    tenantId,
    Math.floor(rows / 2),
  ]);
  const [after] = await run(
    'select created_at::text as "createdAt", id from site_products where tenant_id = $1 order by created_at desc, id desc offset $2 limit 1',
    [tenantId, 199 * PAGE - 1],
  );
  const [{ n }] = await run(
    "select count(*)::int as n from site_products where tenant_id = $1 and status = 'published' and name ilike '%walnut%'",
    [tenantId],
  );
  return { id: String(id), after: after as { createdAt: string; id: string }, walnutPublished: Number(n) };
}

/** Signs in to the main community of a kept database. */
async function signIn(app: FastifyInstance, run: Run) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { community: 'bench-main', email: 'owner@bench-main.example', password: 'benchmark-password' },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const [{ id }] = await run("select id from communities where name = 'bench-main'");
  return { token: res.json().token as string, tenantId: String(id) };
}

async function onPostgres() {
  const dbName = REUSE ?? `atrium_bench_${randomBytes(4).toString('hex')}`;
  const url = new URL(SERVER);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-'));
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  if (!REUSE) await admin.query(`create database "${dbName}"`);
  let kit: FastifyInstance | undefined;
  let floor: FastifyInstance | undefined;
  let seeder: pg.Client | undefined;
  try {
    const config = loadConfig(
      { NODE_ENV: 'development', LOG_LEVEL: 'silent', JOBS: 'off', DATA_DIR: dataDir },
      { databaseUrl, jwtSecret: randomBytes(32).toString('hex') },
    );
    kit = await buildApp(config, { seed: false, logger: false });
    await kit.ready();
    console.log(`PostgreSQL (${dbName}, ${REUSE ? 'reused' : KEEP ? 'kept' : 'dropped afterwards'})`);
    seeder = new pg.Client({ connectionString: databaseUrl });
    await seeder.connect();
    await seeder.query("set maintenance_work_mem = '256MB'");
    const client = seeder;
    const run: Run = async (text, params) => (await client.query(text, params)).rows;
    const rows = REUSE
      ? Number(
          (
            await run('select count(*)::int as n from site_products where tenant_id = (select id from communities where name = $1)', [
              'bench-main',
            ])
          )[0].n,
        )
      : MAIN_ROWS;
    const main = REUSE ? await signIn(kit, run) : await seed(kit, run, rows, OTHER_COMMUNITIES);
    const at = await positions(run, main.tenantId, rows);

    const kitAddress = await kit.listen({ port: 0, host: '127.0.0.1' });
    floor = await floorServer(databaseUrl, main.tenantId, PAGE);
    const floorAddress = await floor.listen({ port: 0, host: '127.0.0.1' });
    const auth = { authorization: `Bearer ${main.token}` };

    const results: { q: Query; kit: Measured; floor: Measured }[] = [];
    const db = { admin, name: dbName };
    for (const q of queries(rows, at)) {
      // Both answer the same before they are timed.
      const k = await check(`kit ${q.key}`, kitAddress + q.kit, auth, q.expect);
      const f = await check(`floor ${q.key}`, floorAddress + q.floor, {}, q.expect);
      const same = JSON.stringify(k.data.id ?? k.data.map((r: { id: string }) => r.id));
      if (same !== JSON.stringify(f.data.id ?? f.data.map((r: { id: string }) => r.id)) || k.total !== f.total) {
        throw new Error(`${q.key}: kit and floor answer differently`);
      }
      results.push({
        q,
        kit: await measure(kitAddress + q.kit, { connections: CONNECTIONS, seconds: SECONDS, headers: auth, db }),
        floor: await measure(floorAddress + q.floor, { connections: CONNECTIONS, seconds: SECONDS, db }),
      });
      const last = results[results.length - 1];
      console.log(
        `  ${q.label.padEnd(34)} kit ${last.kit.rps.toFixed(0).padStart(6)} req/s  floor ${last.floor.rps.toFixed(0).padStart(6)} req/s`,
      );
    }

    console.log(`\n| query | kit req/s | kit p50 / p95 / p99 | floor req/s | floor p50 / p95 / p99 | kit/floor |`);
    console.log('|---|---:|---:|---:|---:|---:|');
    let met = true;
    for (const { q, kit: k, floor: f } of results) {
      const share = k.rps / f.rps;
      const ok = share >= TARGET_SHARE && (!q.list || k.latency.p95 <= TARGET_P95_MS);
      met &&= ok;
      console.log(
        `| ${q.label} | ${k.rps.toFixed(0)} | ${ms(k.latency)} | ${f.rps.toFixed(0)} | ${ms(f.latency)} | ${(share * 100).toFixed(0)}% ${ok ? '✓' : '✗'} |`,
      );
    }
    console.log(
      `\nTargets (each ≥ ${TARGET_SHARE * 100}% of its floor, p95 ≤ ${TARGET_P95_MS} ms for lists at ${CONNECTIONS} connections): ${met ? 'met' : 'NOT met'}`,
    );
    // With both processes on this machine's cores, requests per second follow CPU per request:
    // floor/kit CPU is what kit/floor would be on a quiet machine, and it holds on a busy one.
    console.log('\n| query | kit CPU µs/request (node + database) | floor CPU µs/request | floor/kit CPU |');
    console.log('|---|---:|---:|---:|');
    for (const { q, kit: k, floor: f } of results) {
      const share = (f.cpu.node + f.cpu.db) / (k.cpu.node + k.cpu.db);
      console.log(`| ${q.label} | ${cpuOf(k)} | ${cpuOf(f)} | ${(share * 100).toFixed(0)}% |`);
    }
  } finally {
    await floor?.close().catch(() => {});
    await kit?.close().catch(() => {});
    await seeder?.end().catch(() => {});
    if (!KEEP && !REUSE)
      await admin.query(`drop database if exists "${dbName}" with (force)`).catch((err) => console.error('drop failed:', err));
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPglite() {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-'));
  let kit: FastifyInstance | undefined;
  try {
    const config = loadConfig(
      { NODE_ENV: 'development', LOG_LEVEL: 'silent', JOBS: 'off', DATA_DIR: dataDir },
      { inMemory: true, jwtSecret: randomBytes(32).toString('hex') },
    );
    kit = await buildApp(config, { seed: false, logger: false });
    await kit.ready();
    console.log('\nEmbedded PGlite (in memory)');
    const app = kit;
    const run: Run = (text, params) => app.db.query(text, params);
    const main = await seed(kit, run, PGLITE_ROWS, 10);
    const at = await positions(run, main.tenantId, PGLITE_ROWS);
    const address = await kit.listen({ port: 0, host: '127.0.0.1' });
    const auth = { authorization: `Bearer ${main.token}` };
    console.log('\n| query | kit req/s | kit p50 / p95 / p99 |');
    console.log('|---|---:|---:|');
    for (const q of queries(PGLITE_ROWS, at)) {
      await check(`pglite ${q.key}`, address + q.kit, auth, q.expect);
      const k = await measure(address + q.kit, { connections: CONNECTIONS, seconds: SECONDS, headers: auth });
      console.log(`| ${q.label} | ${k.rps.toFixed(0)} | ${ms(k.latency)} |`);
    }
  } finally {
    await kit?.close().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const started = Date.now();
  console.log(
    `${new Date().toISOString()} · node ${process.version} · ${cpus().length} CPUs · load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} · autocannon ${CONNECTIONS} connections, ${SECONDS} s each after a 2 s warm-up\n`,
  );
  if (MAIN_ROWS > 0) await onPostgres();
  if (PGLITE_ROWS > 0) await onPglite();
  console.log(`\nTotal ${((Date.now() - started) / 1000).toFixed(0)} s · load ${loadavg()[0].toFixed(1)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
