// Where a storefront checkout's time goes, on PostgreSQL at SHOPPERS concurrent shoppers (their
// carts filled beforehand, so only checkouts run while measured): every statement a checkout sends
// (how many per checkout, and the mean time the client waits for each), this process's CPU per
// checkout, and what the database's backends were waiting on meanwhile (pg_stat_activity, sampled).
// Relative figures: run it before and after a change, on the same machine at the same load.
//
//   cd apps/server && node --import tsx ../../bench/profile-checkout.ts
//   (SHOPPERS=10 CHECKOUTS=300 BENCH_DATABASE_URL=…; WAITS=0 without the sampler, CPU_PROFILE=<file> to profile)

import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { percentile, report, run, withBench } from './lib/bench-app';
import { seedShop, shopper } from './lib/shop';

const SHOPPERS = Number(process.env.SHOPPERS ?? 10);
const CHECKOUTS = Number(process.env.CHECKOUTS ?? 300);
const PRODUCTS = 1000;

/** Statements of the checkout requests: label → the time of each. */
const statements = new Map<string, number[]>();
/** Only the checkouts are measured: the carts are all filled first. */
let measuring = false;

/** A statement's first words, its parameters left out: what kind of statement it is. */
const label = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/'[0-9a-f-]{36}'/g, "'…'")
    .trim()
    .slice(0, 90);

/** Clients whose statements are not the checkouts' (the sampler's). */
const ignored = new WeakSet<pg.Client>();

function instrument() {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (!measuring || ignored.has(this)) return query.apply(this, args);
    const first = args[0] as string | { text: string };
    const key = label(typeof first === 'string' ? first : first.text);
    const t0 = performance.now();
    const done = () => {
      const times = statements.get(key) ?? [];
      times.push(performance.now() - t0);
      statements.set(key, times);
    };
    // pg.Pool#query passes a callback; drizzle and the rest take the promise.
    const callback = args.at(-1);
    if (typeof callback === 'function')
      args[args.length - 1] = (...results: unknown[]) => {
        done();
        return callback(...results);
      };
    const result = query.apply(this, args);
    return result instanceof Promise ? result.finally(done) : result;
  } as typeof pg.Client.prototype.query;
}

async function main() {
  instrument();
  await withBench({ prefix: 'checkout', database: 'server' }, async ({ app, community, tenantId }) => {
    await seedShop(app, tenantId, { products: PRODUCTS, nextOrderNumber: 1001 });
    await app.db.query('analyze');
    const shop = await shopper(app, community, tenantId);
    const carts: string[] = [];
    for (let i = 0; i < CHECKOUTS; i++) carts.push(await shop.fillCart());

    // What the backends wait on, sampled from a connection of its own.
    const [{ db }] = await app.db.query<{ db: string }>('select current_database() as db');
    const sampler = new pg.Client({ connectionString: app.db.pool!.options.connectionString });
    ignored.add(sampler);
    await sampler.connect();
    const waits = new Map<string, number>();
    // WAITS=0 leaves the sampler out (its queries cost this process CPU too).
    const sampled = process.env.WAITS !== '0';
    let sampling = sampled;
    let samples = 0;
    const sample = (async () => {
      while (sampling) {
        const { rows } = await sampler.query<{ w: string; n: number }>(
          `select coalesce(wait_event_type || ':' || wait_event, 'on CPU') || ' (' || state || ')' as w, count(*)::int as n
             from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and state <> 'idle' group by 1`,
          [db],
        );
        samples++;
        for (const r of rows) waits.set(r.w, (waits.get(r.w) ?? 0) + r.n);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    })();

    const times: number[] = [];
    let next = 0;
    async function shopping() {
      while (next < CHECKOUTS) times.push(await shop.checkout(carts[next++]));
    }
    // CPU_PROFILE=file.cpuprofile: a CPU profile of this process while the checkouts run.
    const session = process.env.CPU_PROFILE ? new Session() : null;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    measuring = true;
    const cpu0 = process.cpuUsage();
    const wall0 = performance.now();
    await Promise.all(Array.from({ length: SHOPPERS }, shopping));
    const cpu = process.cpuUsage(cpu0);
    const wall = performance.now() - wall0;
    measuring = false;
    if (session) writeFileSync(process.env.CPU_PROFILE!, JSON.stringify((await session.post('Profiler.stop')).profile));
    sampling = false;
    await sample;
    await sampler.end();
    report(`checkout at ${SHOPPERS} concurrent shoppers`, times, 50);
    console.log(
      `${(CHECKOUTS / (wall / 1000)).toFixed(0)} checkouts/s; this process's CPU: ${((cpu.user + cpu.system) / CHECKOUTS).toFixed(0)} µs per checkout${sampled ? " (with the sampler's)" : ''}`,
    );

    console.log('\nstatements per checkout (count; mean, p95 and max ms as the client waits; total ms per checkout):');
    let perCheckout = 0;
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    for (const [key, took] of [...statements].sort((a, b) => sum(b[1]) - sum(a[1]))) {
      perCheckout += took.length / times.length;
      const sorted = [...took].sort((a, b) => a - b);
      const ms = (n: number) => n.toFixed(2).padStart(6);
      console.log(
        `  ${(took.length / times.length).toFixed(2).padStart(5)}  ${ms(sum(took) / took.length)} ${ms(percentile(sorted, 95))} ${ms(sorted.at(-1)!)}  ${ms(sum(took) / times.length)}  ${key}`,
      );
    }
    console.log(`  ${perCheckout.toFixed(2)} statements per checkout`);
    if (sampled) console.log(`\nbackends busy in the bench database, mean over ${samples} samples:`);
    for (const [w, n] of [...waits].sort((a, b) => b[1] - a[1])) console.log(`  ${(n / samples).toFixed(2).padStart(6)}  ${w}`);
  });
}

run(main);
