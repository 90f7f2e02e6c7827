/**
 * What a list's total costs, at the match counts real searches have, and the storefront's product
 * list at two catalogue sizes.
 *
 *   npm run bench:totals                         (from the repo root; PostgreSQL at 127.0.0.1:5432, then PGlite)
 *   BENCH_ROWS=1000000 npm run bench:totals      (a million site products instead of 100,000)
 *   BENCH_ENGINES=postgres BENCH_SECONDS=10 BENCH_CONNECTIONS=50 BENCH_LATENCY_CONNECTIONS=10 npm run bench:totals
 *
 * One community of BENCH_ROWS site products whose names hold search terms matched by about 500,
 * 5,000 and 9,000 of them (scattered by a hash, whatever its size), generated in SQL. Each
 * console list (the whole list, then each term) is measured with autocannon with its default total
 * and with `withTotal=false`, at BENCH_CONNECTIONS (50): beside each rate the ratio with/without;
 * and with its total at BENCH_LATENCY_CONNECTIONS (10) for p95 (on PGlite, which runs one statement
 * at a time, BENCH_PGLITE_CONNECTIONS (10) replaces the 50). Then the storefront's product list
 * (newest first, 24 a page) of a shop of 10,000 and of one of 100,000 products on sale (and a tenth
 * as many drafts): its rate, p95 and the database's CPU per request (PostgreSQL's backends, read
 * from /proc, so on this machine only), which should not grow with the catalogue.
 * PostgreSQL: the database BENCH_DATABASE (atrium_totals_bench) on BENCH_DATABASE_URL's server,
 * made again for each run and dropped afterwards unless BENCH_KEEP=1. PGlite: in memory.
 * The machine's load is printed at the start and the end. Not part of `npm test`, never gates CI.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { signup } from './lib/bench-app';
import { type Measured, measure } from './lib/cannon';

const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env.BENCH_DATABASE ?? 'atrium_totals_bench';
const KEEP = process.env.BENCH_KEEP === '1';
const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LATENCY_CONNECTIONS = Number(process.env.BENCH_LATENCY_CONNECTIONS ?? 10);
/** PGlite runs one statement at a time in this process: 50 waiting connections only time out there. */
const PGLITE_CONNECTIONS = Number(process.env.BENCH_PGLITE_CONNECTIONS ?? 10);
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SHOPS = [10_000, 100_000];
const PAGE = 50;
/** Search terms and how many products hold each (whatever BENCH_ROWS). */
const TERMS = { kauri: 500, sapele: 5_000, walnut: 9_000 } as const;
const TARGET_RATIO = 0.5;
const TARGET_P95_MS = 30;

/** What a list answers (the fields read here). */
interface ListAnswer {
  data?: unknown[];
  total: number;
  totalIsEstimate: boolean;
  totalAtLeast?: number | null;
}

type Run = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * Site products "Board <g> <colour>" and a term for each of TERMS it holds: product g holds a term
 * matched by n of `rows` when a hash of g (salted per term) falls below n of rows, so about n hold it,
 * scattered. (Every k-th product, as before, aliased with the planner's sample: ANALYZE's histogram of
 * the names, taken at even steps of their sorted order, held no "sapele" at all, and its estimate of
 * 10 matches for 5,000 sent the search down a path that reads every match.)
 */
function seedSiteProducts(run: Run, tenantId: string, rows: number) {
  const holds = Object.entries(TERMS)
    .map(([term, n], i) => `case when (hashint4(g + ${(i + 1) * 10_000_000}) & 2147483647)::bigint % $2 < ${n} then ' ${term}' else '' end`)
    .join(' || ');
  return run(
    `insert into site_products (tenant_id, code, name, slug, status, sort_order, publish_at, created_at, updated_at)
     select $1::uuid, 'B-' || g, 'Board ' || g || ' ' || (array['blue','red','green'])[g % 3 + 1] || ${holds},
            'board-' || g, case when g % 10 < 6 then 'published' else 'draft' end, g % 1000,
            now() - g * interval '1 minute', now() - g * interval '1 second', now() - g * interval '1 second'
       from generate_series(1, $2::int) g`,
    [tenantId, rows],
  );
}

/** A shop's products: `onSale` on sale (newest first by g) and a tenth as many drafts, never published. */
function seedShopProducts(run: Run, tenantId: string, onSale: number) {
  return run(
    `insert into commerce_products (tenant_id, title, slug, brand, status, min_price, max_price, published_at, created_at, updated_at)
     select $1::uuid, 'Tile ' || g, 'tile-' || g, 'Atelier', case when g <= $2 then 'active' else 'draft' end,
            1000 + g % 5000, 1000 + g % 5000, case when g <= $2 then now() - g * interval '1 second' end, now(), now()
       from generate_series(1, $2::int + $2::int / 10) g`,
    [tenantId, onSale],
  );
}

/** Builds each table's indexes again after its rows (faster than keeping them up to date row by row), then analyses. */
async function withIndexesAfter(run: Run, tables: string[], fill: () => Promise<void>) {
  const indexes = await run(
    `select indexname as name, indexdef as def from pg_indexes where tablename = any($1::text[]) and indexname not like '%\\_pk'`,
    [tables],
  );
  for (const { name } of indexes) await run(`drop index "${name}"`);
  await fill();
  for (const { def } of indexes) await run(String(def));
  for (const table of tables) await run(`analyze ${table}`);
}

/** Storefront requests from 1,000 client addresses in turn (the storefront limits each address to 600 a minute). */
const fromManyAddresses = Array.from({ length: 1_000 }, (_, i) => ({
  method: 'GET',
  headers: { 'x-forwarded-for': `10.${(i >> 8) & 255}.${i & 255}.7` },
}));

const rate = (m: Measured) => m.rps.toFixed(0);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function bench(engine: 'postgres' | 'pglite') {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-totals-'));
  const admin = engine === 'postgres' ? new pg.Client({ connectionString: SERVER }) : null;
  let app: FastifyInstance | undefined;
  let seeder: pg.Client | undefined;
  try {
    let databaseUrl: string | undefined;
    if (admin) {
      await admin.connect();
      await admin.query(`drop database if exists "${DATABASE}" with (force)`);
      await admin.query(`create database "${DATABASE}"`);
      const url = new URL(SERVER);
      url.pathname = `/${DATABASE}`;
      databaseUrl = url.toString();
    }
    const config = loadConfig(
      // The storefront's requests come through 127.0.0.1 from many addresses (fromManyAddresses).
      { NODE_ENV: 'development', LOG_LEVEL: 'silent', JOBS: 'off', DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1' },
      { jwtSecret: randomBytes(32).toString('hex'), ...(databaseUrl ? { databaseUrl } : { inMemory: true }) },
    );
    app = await buildApp(config, { seed: false, logger: false });
    await app.ready();
    console.log(`\n${engine === 'postgres' ? `PostgreSQL (${DATABASE})` : 'Embedded PGlite (in memory)'} · load ${load()}`);
    let run: Run;
    if (databaseUrl) {
      seeder = new pg.Client({ connectionString: databaseUrl });
      await seeder.connect();
      await seeder.query("set maintenance_work_mem = '256MB'");
      const client = seeder;
      run = async (text, params) => (await client.query(text, params)).rows;
    } else {
      const db = app.db;
      run = (text, params) => db.query(text, params);
    }

    const started = Date.now();
    const main = await signup(app, 'totals-main', '10.250.0.1');
    const shops = await Promise.all(SHOPS.map((n, i) => signup(app!, `totals-shop-${n}`, `10.250.1.${i + 1}`)));
    await withIndexesAfter(run, ['site_products'], () => seedSiteProducts(run, main.tenantId, ROWS).then(() => undefined));
    await withIndexesAfter(run, ['commerce_products'], async () => {
      for (const [i, n] of SHOPS.entries()) await seedShopProducts(run, shops[i].tenantId, n);
    });
    if (engine === 'postgres') await run('vacuum analyze site_products, commerce_products');
    console.log(
      `  seeded ${ROWS.toLocaleString('en')} site products and shops of ${SHOPS.map((n) => n.toLocaleString('en')).join(' and ')} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );

    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const connections = engine === 'pglite' ? PGLITE_CONNECTIONS : CONNECTIONS;
    const auth = { authorization: `Bearer ${main.token}` };
    const db = admin ? { admin, name: DATABASE } : undefined;

    // ---- console lists: with and without their total -------------------------------------
    const lists: [string, string, number][] = [['the whole list', '', ROWS]];
    // The seed scatters each term by a hash: about TERMS' count; the table says how many exactly.
    for (const term of Object.keys(TERMS)) {
      const [{ n }] = await run('select count(*)::int as n from site_products where tenant_id = $1 and name ilike $2', [
        main.tenantId,
        `%${term}%`,
      ]);
      lists.push([`q=${term}`, `&q=${term}`, Number(n)]);
    }
    console.log(
      `\n  console lists, ${PAGE} a page: req/s at ${connections} connections with the default total and without (withTotal=false), p95 with the total at ${LATENCY_CONNECTIONS}\n`,
    );
    console.log(
      `| list | matches | total answered | with total req/s | without req/s | with/without | p95 with total @${LATENCY_CONNECTIONS} |`,
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    let met = true;
    for (const [label, query, matches] of lists) {
      const url = `${address}/api/v1/site/products?limit=${PAGE}${query}`;
      const answer = (await (await fetch(url, { headers: auth })).json()) as ListAnswer;
      if (answer.data?.length !== PAGE) throw new Error(`${label}: ${JSON.stringify(answer).slice(0, 300)}`);
      const shown = answer.totalIsEstimate
        ? answer.totalAtLeast != null
          ? `${answer.totalAtLeast.toLocaleString('en')}+`
          : `about ${answer.total.toLocaleString('en')}`
        : answer.total.toLocaleString('en');
      const withTotal = await measure(url, { connections, seconds: SECONDS, headers: auth, db });
      const without = await measure(`${url}&withTotal=false`, { connections, seconds: SECONDS, headers: auth, db });
      const latency =
        connections === LATENCY_CONNECTIONS
          ? withTotal
          : await measure(url, { connections: LATENCY_CONNECTIONS, seconds: SECONDS, headers: auth, db });
      const ratio = withTotal.rps / without.rps;
      const ok = ratio >= TARGET_RATIO && latency.latency.p95 <= TARGET_P95_MS;
      met &&= ok;
      console.log(
        `| ${label} | ${matches.toLocaleString('en')} | ${shown} | ${rate(withTotal)} | ${rate(without)} | ${ratio.toFixed(2)} ${ok ? '✓' : '✗'} | ${latency.latency.p95} ms |`,
      );
    }
    console.log(
      `\n  Targets (with/without ≥ ${TARGET_RATIO} at ${connections} connections, p95 ≤ ${TARGET_P95_MS} ms at ${LATENCY_CONNECTIONS}): ${met ? 'met' : 'NOT met'} · load ${load()}`,
    );

    // ---- the storefront's product list at two catalogue sizes ----------------------------
    console.log(`\n  storefront GET /public/<shop>/shop/products (newest first, 24 a page) at ${connections} connections\n`);
    console.log(`| products on sale | total answered | req/s | p50 / p95 ms | database CPU µs/request | server CPU µs/request |`);
    console.log('|---:|---:|---:|---:|---:|---:|');
    for (const n of SHOPS) {
      const url = `${address}/public/totals-shop-${n}/shop/products`;
      const answer = (await (await fetch(url, { headers: fromManyAddresses[0].headers })).json()) as ListAnswer;
      if (answer.data?.length !== 24) throw new Error(`shop of ${n}: ${JSON.stringify(answer).slice(0, 300)}`);
      const m = await measure(url, { connections, seconds: SECONDS, db, requests: fromManyAddresses });
      console.log(
        `| ${n.toLocaleString('en')} | ${answer.totalIsEstimate ? 'about ' : ''}${answer.total.toLocaleString('en')} | ${rate(m)} | ${m.latency.p50} / ${m.latency.p95} | ${db ? m.cpu.db.toFixed(0) : 'n/a (in process)'} | ${m.cpu.node.toFixed(0)} |`,
      );
    }
  } finally {
    await app?.close().catch(() => {});
    await seeder?.end().catch(() => {});
    if (admin) {
      if (KEEP) console.log(`  kept database ${DATABASE} (BENCH_KEEP)`);
      else await admin.query(`drop database if exists "${DATABASE}" with (force)`).catch((err) => console.error('drop failed:', err));
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const started = Date.now();
  console.log(
    `${new Date().toISOString()} · node ${process.version} · ${cpus().length} CPUs · load ${load()} · ${ROWS.toLocaleString('en')} rows · autocannon ${SECONDS} s each after a 2 s warm-up`,
  );
  for (const engine of ENGINES) await bench(engine as 'postgres' | 'pglite');
  console.log(`\nTotal ${((Date.now() - started) / 1000).toFixed(0)} s · load ${load()}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
