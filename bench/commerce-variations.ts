// A product with 1,000 variations through the API: generated from 40 colours × 25 sizes, then
// loaded (product + all variations) and saved (a bulk price and stock edit of all 1,000, each its
// own values, as the console's grid sends it). Target: each ≤ 1 s. Prints min/median/max of RUNS.
//
//   npm run bench:variations -w @atrium/server   (or: cd apps/server && node --import tsx ../../bench/commerce-variations.ts)
//   (optional: RUNS=10 DATABASE_URL=postgres://… to run on PostgreSQL)

import { performance } from 'node:perf_hooks';
import { withBench } from './lib/bench-app';

const RUNS = Number(process.env.RUNS ?? 5);
const TARGET_MS = 1000;

type Json = Record<string, any>;

async function main() {
  await withBench({ prefix: 'variations', database: 'env' }, async ({ app, headers }) => {
    const api = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Json, status = 200) => {
      const res = await app.inject({ method, url: `/api/v1/${url}`, headers, payload });
      if (res.statusCode !== status) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json().data;
    };
    const attribute = async (name: string, n: number) => {
      const a = await api('POST', 'commerce/attributes', { name }, 201);
      const values = await api(
        'POST',
        `commerce/attributes/${a.id}/values`,
        { values: Array.from({ length: n }, (_, i) => ({ value: `${name} ${i + 1}` })) },
        201,
      );
      return (values as Json[]).map((v) => v.id as string);
    };
    const colours = await attribute('Colour', 40);
    const sizes = await attribute('Size', 25);
    const product = await api('POST', 'commerce/products', { title: 'Bench tee', price: 49_900 }, 201);

    const time = async <T>(fn: () => Promise<T>) => {
      const start = performance.now();
      const result = await fn();
      return { ms: performance.now() - start, result };
    };
    const generated = await time(() =>
      api('POST', `commerce/products/${product.id}/variations/generate`, { attributeValueIds: [...colours, ...sizes] }),
    );
    if (generated.result.created !== 1000) throw new Error(`expected 1,000 variations, got ${generated.result.created}`);

    const loads: number[] = [];
    const saves: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const load = await time(async () => {
        const [p, variations] = await Promise.all([
          api('GET', `commerce/products/${product.id}`),
          api('GET', `commerce/products/${product.id}/variations`),
        ]);
        return { p, variations: variations as Json[] };
      });
      if (load.result.variations.length !== 1000) throw new Error('load did not return 1,000 variations');
      loads.push(load.ms);
      const edits = load.result.variations.map((v, i) => ({
        id: v.id,
        price: 49_900 + run * 100 + (i % 7) * 1000,
        onHand: (i * 13 + run) % 50,
      }));
      const save = await time(() => api('PATCH', `commerce/products/${product.id}/variations`, { variations: edits }));
      if (save.result.updated !== 1000) throw new Error('save did not update 1,000 variations');
      saves.push(save.ms);
    }
    const after = await api('GET', `commerce/products/${product.id}`);
    const stats = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return { min: s[0], median: s[Math.floor(s.length / 2)], max: s[s.length - 1] };
    };
    const line = (label: string, xs: number[]) => {
      const { min, median, max } = stats(xs);
      const verdict = max <= TARGET_MS ? 'ok' : 'OVER TARGET';
      console.log(
        `${label.padEnd(38)} min ${min.toFixed(0)} ms · median ${median.toFixed(0)} ms · max ${max.toFixed(0)} ms  (${verdict}, target ≤ ${TARGET_MS} ms)`,
      );
      return max <= TARGET_MS;
    };
    console.log(
      `engine: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)'}, ${RUNS} runs, 1,000 variations (40 colours × 25 sizes)`,
    );
    console.log(`generate 1,000 variations              ${generated.ms.toFixed(0)} ms`);
    const ok = [line('load (product + 1,000 variations)', loads), line('save (bulk price/stock edit of 1,000)', saves)].every(Boolean);
    console.log(`price range after the last save: ${after.minPrice}–${after.maxPrice}`);
    process.exitCode = ok ? 0 : 1;
  });
}

await main();
