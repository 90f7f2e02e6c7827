// The contacts import at 100,000 rows: a CSV (name, email, phone, country, tags, city) uploaded to
// POST /api/v1/marketing/contacts/import and run as the kit's import job (streamed, batches of
// 1,000 written with multi-row upserts). Prints the time from upload to done, the rows per second
// and the peak RSS (sampled every 50 ms). Target: ≤ 30 s, memory flat.
//
//   npm run bench:marketing-contacts -w @atrium/server   (or: cd apps/server && node --import tsx ../../bench/marketing-import.ts)
//   (optional: ROWS=20000, DATABASE_URL=postgres://… to run on PostgreSQL)
//
// Measured 2026-11-24 ~01:40 UTC on this shared 2-core machine (load average 3–8, falling from 20+):
// PostgreSQL 100,000 rows in 20.7 s (4,830 rows/s), RSS 369 → 616 MB peak; embedded PGlite (on disk)
// 34.3 s (2,915 rows/s), RSS 854 → 1,038 MB peak. 98,000 created, 1,500 merged duplicates, 500 refused.

import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { run, withBench } from './lib/bench-app';

const ROWS = Number(process.env.ROWS ?? 100_000);
const TARGET_S = 30;
const COUNTRIES = [
  ['IN', '+9198'],
  ['GB', '+4477'],
  ['DE', '+49151'],
  ['US', '+1415'],
] as const;

function csvOf(rows: number): string {
  const lines = ['Name,Email,Phone,Country,Tags,City'];
  for (let i = 0; i < rows; i++) {
    const [country, prefix] = COUNTRIES[i % COUNTRIES.length]!;
    const digits = country === 'US' ? 7 : 8;
    // 2% of the rows repeat an earlier email (duplicates inside the file), 0.5% have a bad phone.
    const n = i % 50 === 49 ? i - 7 : i;
    const phone = i % 200 === 199 ? '12' : `${prefix}${String(n).padStart(digits, '0')}`;
    lines.push(`Contact ${n},contact${n}@bench.example,${phone},${country},bench;${country.toLowerCase()},City ${n % 97}`);
  }
  return `${lines.join('\n')}\n`;
}

function multipart(parts: { field: string; filename?: string; data: string }[]) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.field}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.filename ? 'Content-Type: text/csv\r\n' : ''}\r\n`),
    );
    chunks.push(Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function main() {
  const bench = { prefix: 'contacts', database: 'env', inMemory: false, env: { MAX_UPLOAD_MB: '50' } } as const;
  await withBench(bench, async ({ app, headers }) => {
    let peak = 0;
    // unref: a failed run does not wait for the sampler.
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50).unref();
    const csv = csvOf(ROWS);
    const before = process.memoryUsage().rss;
    const start = performance.now();
    const body = multipart([
      { field: 'mode', data: 'run' },
      { field: 'options', data: JSON.stringify({ addTags: ['imported'], consent: { email: 'opted_in' } }) },
      { field: 'file', filename: 'contacts.csv', data: csv },
    ]);
    const started = await app.inject({
      method: 'POST',
      url: '/api/v1/marketing/contacts/import',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    if (started.statusCode !== 202) throw new Error(`import: ${started.statusCode} ${started.body.slice(0, 300)}`);
    const id = started.json().data.id as string;
    let job: Record<string, unknown> = started.json().data;
    while (job.status !== 'done' && job.status !== 'failed') {
      await new Promise((r) => setTimeout(r, 100));
      job = (await app.inject({ method: 'GET', url: `/api/v1/marketing/contacts/import/${id}`, headers })).json().data;
    }
    const seconds = (performance.now() - start) / 1000;
    const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
    console.log(
      `marketing import on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}: ${ROWS.toLocaleString('en')} rows (${mb(csv.length)} CSV) in ${seconds.toFixed(1)} s` +
        ` (${Math.round(ROWS / seconds).toLocaleString('en')} rows/s; target ≤ ${TARGET_S} s: ${seconds <= TARGET_S ? 'met' : 'NOT met'})`,
    );
    console.log(
      `  status ${job.status}: ${job.created} created, ${job.updated} updated, ${job.unchanged} unchanged, ${job.failed} refused`,
    );
    console.log(`  RSS before the upload ${mb(before)}, peak during the import ${mb(peak)}`);
    clearInterval(sampler);
  });
}

run(main);
