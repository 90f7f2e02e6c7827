// Orders at scale on PostgreSQL: 100,000 orders (with their lines) in one community, generated in
// SQL, then (1) the console's order list filtered by status and searched by customer name, email
// and order number — 200 requests each through app.inject, target p95 ≤ 30 ms; (2) placing an
// order through the storefront checkout at 10 concurrent shoppers — target p95 ≤ 50 ms.
//
//   npm run bench:orders -w @atrium/server
//   (BENCH_DATABASE_URL=postgres://… (default postgres://postgres@127.0.0.1:5432/postgres),
//    ORDERS=100000 REQUESTS=200 SHOPPERS=10 CHECKOUTS=200; BENCH_KEEP=1 keeps the database to EXPLAIN)

import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { scopeOf } from '../apps/server/src/kernel/auth/context';
import { EXACT_TOTAL_LIMIT, type ListQuery } from '../apps/server/src/kernel/resources/list-query';
import { report, run, withBench } from './lib/bench-app';
import { seedShop, shopper } from './lib/shop';

const ORDERS = Number(process.env.ORDERS ?? 100_000);
const REQUESTS = Number(process.env.REQUESTS ?? 200);
const SHOPPERS = Number(process.env.SHOPPERS ?? 10);
const CHECKOUTS = Number(process.env.CHECKOUTS ?? 200);
const PRODUCTS = 1000;

const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`;

async function main() {
  await withBench({ prefix: 'orders', database: 'server' }, async ({ app, community, tenantId, headers }) => {
    console.log(`start: ${load()} (the machine may be shared: the EXPLAIN ANALYZE times below are the database's alone)`);
    const started = performance.now();
    await seedShop(app, tenantId, { products: PRODUCTS, nextOrderNumber: 1001 + ORDERS });
    // 20,000 customers (24 × 24 names), each with a few orders over the last ~70 days.
    const FIRST = ['Asha', 'Ravi', 'Meera', 'Tomas', 'Lena', 'Kenji', 'Amara', 'Diego', 'Priya', 'Noah', 'Sara', 'Omar'];
    FIRST.push('Ines', 'Farid', 'Yuki', 'Chen', 'Olga', 'Kwame', 'Lucia', 'Arjun', 'Hana', 'Mateo', 'Zara', 'Emil');
    const LAST = ['Menon', 'Iyer', 'Berg', 'Vogel', 'Sato', 'Okafor', 'Alvarez', 'Raman', 'Keller', 'Haddad', 'Novak', 'Singh'];
    LAST.push('Costa', 'Dubois', 'Nakamura', 'Petrov', 'Mensah', 'Rossi', 'Kapoor', 'Larsen', 'Moreau', 'Silva', 'Weber', 'Khan');
    await app.db.query(
      `insert into commerce_orders (tenant_id, number, reference, email, customer_name, status, currency, prices_include_tax,
                                    subtotal, tax, total, shipping_address, created_at, pay_by)
       select $1, 1000 + g, '#' || (1000 + g),
              lower(($2::text[])[1 + c % 24]) || '.' || lower(($3::text[])[1 + (c / 24) % 24]) || c || '@example.com',
              ($2::text[])[1 + c % 24] || ' ' || ($3::text[])[1 + (c / 24) % 24],
              (array['pending_payment','paid','processing','partially_dispatched','dispatched','delivered','cancelled','refunded'])[1 + (g * 7) % 8],
              'INR', true, 2000 + g % 5000, (2000 + g % 5000) * 18 / 118, 2000 + g % 5000,
              '{"name":"x","line1":"1 Road","city":"Pune","postalCode":"411001","country":"IN"}'::jsonb,
              now() - make_interval(mins => ${ORDERS} - g), now() + interval '1 day'
         from generate_series(1, ${ORDERS}) g, lateral (select (g * 7919) % 20000 as c) customer`,
      [tenantId, FIRST, LAST],
    );
    await app.db.query(
      `insert into commerce_order_lines (tenant_id, order_id, title, sku, unit_price, quantity, tax_class, net, tax, total)
       select o.tenant_id, o.id, 'Product', 'SKU', o.total, 1, 'standard', o.total - o.tax, o.tax, o.total from commerce_orders o where o.tenant_id = $1`,
      [tenantId],
    );
    await app.db.query('analyze');
    console.log(
      `generated ${ORDERS.toLocaleString()} orders and ${PRODUCTS} products in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    // (1) The order list, as the console asks for it.
    const lists: [string, Record<string, string>][] = [
      ['list: status=paid', { status: 'paid', limit: '25' }],
      ['list: status=pending_payment, newest', { status: 'pending_payment', limit: '25', sort: '-createdAt' }],
      ['search: customer "Meera Iyer"', { q: 'Meera Iyer', limit: '25' }],
      ['search: email "lena.keller1234"', { q: 'lena.keller1234', limit: '25' }],
      ['search: order number "#54321"', { q: '#54321', limit: '25' }],
      ['search: "Okafor" with status=delivered', { q: 'Okafor', status: 'delivered', limit: '25' }],
      ['search, broad: first name "meera" (~4,000 hits)', { q: 'meera', limit: '25' }],
    ];
    for (const [label, query] of lists) {
      const times: number[] = [];
      for (let i = 0; i < REQUESTS + 10; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url: '/api/v1/commerce/orders', query, headers });
        if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
        if (i >= 10) times.push(performance.now() - t0);
      }
      report(label, times, 30);
    }

    // The same lists as the database runs them (EXPLAIN ANALYZE of the kit's page and count
    // statements, median of 20): what the list costs without this process's share of the machine.
    const orders = app.resources.all().find((r) => r.path === 'commerce/orders')!;
    const scope = scopeOf(app.db, { tenantId } as never);
    const ms = (plan: Record<string, unknown>) => (plan['Planning Time'] as number) + (plan['Execution Time'] as number);
    for (const [label, query] of lists) {
      const page: number[] = [];
      const total: number[] = [];
      for (let i = 0; i < 20; i++) {
        await app.db.readAsTenant(tenantId, async (tx) => {
          const q = orders.pageQuery(tx, scope, orders.listQuery.parse(query) as ListQuery);
          const analyze = async (statement: SQLWrapper) => {
            const result = (await tx.execute(sql`explain (analyze, format json) ${statement}`)) as unknown as {
              rows: Record<string, unknown>[];
            };
            const cell = result.rows[0]['QUERY PLAN'];
            return ms((typeof cell === 'string' ? JSON.parse(cell) : cell)[0]);
          };
          page.push(await analyze(q.page));
          // As countUpTo counts (after asking the planner for its estimate, not timed here).
          total.push(await analyze(sql`select count(*) from (${q.matching(undefined, EXACT_TOTAL_LIMIT + 1)}) as capped`));
        });
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)].toFixed(2);
      console.log(`${`  explain analyze: ${label}`.padEnd(58)} page ${median(page).padStart(6)} ms  count ${median(total).padStart(6)} ms`);
    }

    // (2) Checkout at SHOPPERS concurrent shoppers: each fills a guest cart (not timed) and orders it (timed).
    const shop = await shopper(app, community, tenantId);
    const times: number[] = [];
    let next = 0;
    async function shopping() {
      while (next < CHECKOUTS) {
        next++;
        times.push(await shop.checkout(await shop.fillCart()));
      }
    }
    await Promise.all(Array.from({ length: SHOPPERS }, shopping));
    report(`checkout at ${SHOPPERS} concurrent shoppers`, times, 50);
    console.log(`end: ${load()}`);
  });
}

run(main);
