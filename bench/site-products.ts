// Product listing under load: 10,000 products in one community on embedded PGlite (in memory),
// then 200 list requests through app.inject with a search term and a category filter, for the
// public website listing and the console's admin list. Prints p50/p95/max; the target is p95 < 50 ms.
//
//   npm run bench:site   (or: cd apps/server && node --import tsx ../../bench/site-products.ts)
//   (optional: PRODUCTS=20000 REQUESTS=500 DATABASE_URL=postgres://… to run on PostgreSQL)

import { performance } from 'node:perf_hooks';
import { siteProducts } from '../apps/server/src/modules/site/tables';
import { percentile, run, withBench } from './lib/bench-app';

const PRODUCTS = Number(process.env.PRODUCTS ?? 10_000);
const REQUESTS = Number(process.env.REQUESTS ?? 200);
const TARGET_P95_MS = 50;

const MATERIALS = ['Marble', 'Granite', 'Slate', 'Terrazzo', 'Oak', 'Teak', 'Walnut', 'Basalt', 'Onyx', 'Travertine', 'Concrete', 'Ivory'];
const KINDS = ['floor tile', 'wall tile', 'slab', 'plank', 'panel', 'cladding board', 'mosaic', 'step', 'skirting', 'deck board'];
const FINISHES = ['Matt', 'Gloss', 'Satin', 'Honed', 'Brushed', 'Textured'];
const SIZES = ['300 × 600', '600 × 600', '600 × 1200', '800 × 800', '1200 × 2400', '150 × 900'];
const TERMS = ['marble', 'teak', 'slab', 'panel', 'onyx', 'mosaic', 'walnut', 'tile', 'gloss', 'ter'];

const pick = <T>(list: T[], i: number) => list[i % list.length];

async function main() {
  await withBench({ prefix: 'products', database: 'env' }, async ({ app, community, tenantId, headers }) => {
    // Taxonomy through the API: 12 categories with 4 subcategories each.
    const categories: { id: string; subs: string[] }[] = [];
    for (let c = 0; c < 12; c++) {
      const cat = await app.inject({
        method: 'POST',
        url: '/api/v1/site/product-categories',
        headers,
        payload: { name: `${MATERIALS[c]} range` },
      });
      const id = cat.json().data.id as string;
      const subs: string[] = [];
      for (let s = 0; s < 4; s++) {
        const sub = await app.inject({
          method: 'POST',
          url: '/api/v1/site/product-subcategories',
          headers,
          payload: { name: `${MATERIALS[c]} ${KINDS[s]}s`, categoryId: id },
        });
        subs.push(sub.json().data.id);
      }
      categories.push({ id, subs });
    }

    // Products straight into the table, in batches (the API would take minutes for 10,000).
    const started = performance.now();
    const now = Date.now();
    for (let offset = 0; offset < PRODUCTS; offset += 1000) {
      const rows: (typeof siteProducts.$inferInsert)[] = [];
      for (let i = offset; i < Math.min(PRODUCTS, offset + 1000); i++) {
        const category = categories[i % categories.length];
        const name = `${pick(MATERIALS, i * 7 + 3)} ${pick(KINDS, i * 3 + 1)} ${pick(FINISHES, i)} ${pick(SIZES, i * 5)} #${i}`;
        const status = i % 10 === 0 ? ('draft' as const) : i % 23 === 0 ? ('archived' as const) : ('published' as const);
        rows.push({
          tenantId,
          code: `EBP-${String(i).padStart(6, '0')}`,
          name,
          slug: `product-${i}`,
          summary: `${name}: porcelain body, rectified edges.`,
          description: `<p>${name}</p>`,
          categoryId: category.id,
          subcategoryId: category.subs[i % 4],
          specifications: [
            { label: 'Size', value: pick(SIZES, i * 5) },
            { label: 'Finish', value: pick(FINISHES, i) },
          ],
          images: [{ url: `https://images.example/products/${i}.jpg`, alt: name }],
          variants: [{ code: `EBP-${i}-A`, finish: pick(FINISHES, i), size: pick(SIZES, i), available: true }],
          status,
          publishAt: status === 'published' ? new Date(now - (i % 500) * 3_600_000) : null,
          sortOrder: i % 100,
        });
      }
      await app.db.withTenant(tenantId, (tx) => tx.insert(siteProducts).values(rows));
    }
    await app.db.query('analyze site_products');
    console.log(`seeded ${PRODUCTS} products in ${((performance.now() - started) / 1000).toFixed(1)} s on ${app.db.engine}`);

    const scenarios = [
      {
        name: 'public  GET /public/:community/site/products?q=&categoryId=',
        url: (i: number) =>
          `/public/${community}/site/products?q=${pick(TERMS, i)}&categoryId=${categories[i % categories.length].id}&limit=24`,
        headers: {},
      },
      {
        name: 'console GET /api/v1/site/products?q=&categoryId=',
        url: (i: number) => `/api/v1/site/products?q=${pick(TERMS, i)}&categoryId=${categories[i % categories.length].id}&limit=25`,
        headers,
      },
    ];

    let failed = false;
    for (const scenario of scenarios) {
      for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url: scenario.url(i), headers: scenario.headers }); // warm-up
      const times: number[] = [];
      let matched = 0;
      for (let i = 0; i < REQUESTS; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url: scenario.url(i), headers: scenario.headers });
        times.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`${scenario.name}: ${res.statusCode} ${res.body}`);
        matched += res.json().total;
      }
      times.sort((a, b) => a - b);
      const p50 = percentile(times, 50);
      const p95 = percentile(times, 95);
      const ok = p95 < TARGET_P95_MS;
      failed ||= !ok;
      console.log(
        `${scenario.name}\n  ${REQUESTS} requests · p50 ${p50.toFixed(1)} ms · p95 ${p95.toFixed(1)} ms · max ${times[times.length - 1].toFixed(1)} ms · ` +
          `avg matches ${(matched / REQUESTS).toFixed(0)} · ${ok ? 'OK' : 'OVER'} (target p95 < ${TARGET_P95_MS} ms)`,
      );
    }
    process.exitCode = failed ? 1 : 0;
  });
}

run(main);
