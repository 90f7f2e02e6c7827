// Segments at scale on PostgreSQL: 1,000,000 contacts in one community, generated in SQL, then
// dynamic segments of three rules through the API (app.inject: token, access, validation, RLS):
// (1) the live count (POST /api/v1/marketing/segments/preview-count) — target ≤ 200 ms;
// (2) paging the saved segment's members by keyset cursor (GET …/segments/:id/members) — p95 ≤ 30 ms;
// (3) an audience's count after consent and suppression, and (4) paging its members by cursor.
// Prints the exact count beside each segment's answer.
// Countries, languages, plans and tags come from different moduli of the row number, so rules are
// not correlated by construction (the planner's estimates stay honest).
//
//   npm run bench:marketing-segments -w @atrium/server
//   (BENCH_DATABASE_URL=postgres://… (default postgres://postgres@127.0.0.1:5432/postgres),
//    CONTACTS=1000000 REQUESTS=100; BENCH_KEEP=1 keeps the database to EXPLAIN)

import { performance } from 'node:perf_hooks';
import { report as reportTimes, run, withBench } from './lib/bench-app';

const CONTACTS = Number(process.env.CONTACTS ?? 1_000_000);
const REQUESTS = Number(process.env.REQUESTS ?? 100);

const report = (name: string, times: number[], target: number) => reportTimes(name, times, target, 58);

/** Three-rule segments: a selective one (~0.1 %) and a broad one (~2 %). */
const SEGMENTS = {
  'VIP + India + email opted in': {
    op: 'and',
    rules: [
      { type: 'tags', op: 'any', values: ['vip'] },
      { type: 'country', op: 'in', values: ['IN'] },
      { type: 'consent', channel: 'email', status: 'opted_in' },
    ],
  },
  'India + plan gold + active in 90 days': {
    op: 'and',
    rules: [
      { type: 'country', op: 'in', values: ['IN'] },
      { type: 'attribute', key: 'plan', op: 'equals', value: 'gold' },
      { type: 'last_activity', op: 'within_days', days: 90 },
    ],
  },
  'newsletter + (AE or GB) + created in 365 days': {
    op: 'and',
    rules: [
      { type: 'tags', op: 'all', values: ['newsletter'] },
      { type: 'country', op: 'in', values: ['AE', 'GB'] },
      { type: 'created', op: 'within_days', days: 365 },
    ],
  },
} as const;

async function main() {
  await withBench({ prefix: 'segments', database: 'server' }, async ({ app, tenantId, headers }) => {
    const api = async (method: 'GET' | 'POST', path: string, payload?: object) => {
      const res = await app.inject({ method, url: `/api/v1/${path}`, payload, headers });
      if (res.statusCode >= 300) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
      return res.json();
    };

    const started = performance.now();
    // 1M contacts, in batches of 100,000: countries, tags (1 % vip, ~14 % newsletter), a plan
    // attribute, consents and dates spread like a real list. 1 in 200 email addresses suppressed.
    for (let from = 1; from <= CONTACTS; from += 100_000) {
      await app.db.query(
        `insert into marketing_contacts (tenant_id, name, email, phone, country, language, tags, attributes, source,
                                         email_consent, sms_consent, created_at, last_activity_at)
         select $1::uuid, 'Contact ' || g, 'c' || g || '@example.com', '+9198' || lpad(g::text, 8, '0'),
                (array['IN','IN','IN','AE','GB','US','SG','DE','FR','AU'])[(g / 7) % 10 + 1],
                (array['en','en','hi','ar','ta'])[(g / 3) % 5 + 1],
                case when g % 100 = 0 then array['vip','newsletter'] when g % 7 = 0 then array['newsletter'] else array[]::text[] end,
                jsonb_build_object('plan', (array['free','silver','gold','free'])[(g / 11) % 4 + 1], 'spend', g % 5000),
                (array['import','website','shop','console'])[g % 4 + 1],
                (array['opted_in','unknown','opted_out'])[g % 3 + 1],
                (array['opted_in','unknown'])[g % 2 + 1],
                now() - (g % 1500) * interval '1 day', case when g % 6 = 0 then null else now() - (g % 700) * interval '1 day' end
           from generate_series($2::int, $3::int) g`,
        [tenantId, from, Math.min(CONTACTS, from + 99_999)],
      );
    }
    await app.db.query(
      `insert into marketing_suppressions (tenant_id, channel, address, reason)
       select $1, 'email', 'c' || g || '@example.com', 'bounced' from generate_series(200, $2::int, 200) g`,
      [tenantId, CONTACTS],
    );
    // What autovacuum does to a table after a bulk insert (visibility map, statistics).
    await app.db.query('vacuum (analyze) marketing_contacts');
    await app.db.query('vacuum (analyze) marketing_suppressions');
    console.log(`generated ${CONTACTS.toLocaleString()} contacts in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    for (const [label, rules] of Object.entries(SEGMENTS)) {
      // (1) The live count while editing: nothing saved.
      const counts: number[] = [];
      let answer: { total: number; totalIsEstimate: boolean } | null = null;
      for (let i = 0; i < REQUESTS + 5; i++) {
        const t0 = performance.now();
        answer = (await api('POST', 'marketing/segments/preview-count', { rules, sample: 0 })).data;
        if (i >= 5) counts.push(performance.now() - t0);
      }
      // The same condition counted exactly, for comparison (one run, timed).
      const segment = (await api('POST', 'marketing/segments', { name: label, rules })).data;
      const t0 = performance.now();
      const exact = await app.db.readAsTenant(tenantId, async (tx) => {
        const { compileRules } = await import('../apps/server/src/modules/marketing/segments/compile');
        const { sql } = await import('drizzle-orm');
        const r = (await tx.execute(
          sql`select count(*)::int as n from marketing_contacts where tenant_id = ${tenantId} and ${compileRules(rules as never)}`,
        )) as unknown as { rows: { n: number }[] };
        return r.rows[0].n;
      });
      const exactMs = performance.now() - t0;
      report(`count: ${label}`, counts, 200);
      console.log(
        `  answer ${answer!.totalIsEstimate ? '≈ ' : ''}${answer!.total.toLocaleString()}; exact ${exact.toLocaleString()} (exact count(*) took ${exactMs.toFixed(0)} ms)`,
      );

      // (2) Paging the saved segment by cursor, 50 a page, from the start again when it runs out.
      const pages: number[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < REQUESTS + 5; i++) {
        const t1 = performance.now();
        const page = await api('GET', `marketing/segments/${segment.id}/members?limit=50${cursor ? `&cursor=${cursor}` : ''}`);
        if (i >= 5) pages.push(performance.now() - t1);
        cursor = page.nextCursor;
      }
      report(`page of 50 by cursor: ${label}`, pages, 30);
    }

    // (3) An audience over the selective segment on email: consent and suppression applied.
    const segments = (await api('GET', 'marketing/segments?limit=10')).data as { id: string; name: string }[];
    const audience = { channel: 'email', includeSegmentIds: segments.map((s) => s.id).slice(0, 2), excludeSegmentIds: [] };
    const times: number[] = [];
    let reach: { total: number; totalIsEstimate: boolean } | null = null;
    for (let i = 0; i < REQUESTS + 5; i++) {
      const t0 = performance.now();
      reach = (await api('POST', 'marketing/audiences/preview-count', audience)).data;
      if (i >= 5) times.push(performance.now() - t0);
    }
    report('audience count: two segments on email (consent, suppression)', times, 200);
    console.log(`  answer ${reach!.totalIsEstimate ? '≈ ' : ''}${reach!.total.toLocaleString()}`);

    // (4) The same audience saved, its members paged by cursor (what a campaign's batches read).
    const saved = (await api('POST', 'marketing/audiences', { name: 'Bench audience', ...audience })).data;
    const pages: number[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < REQUESTS + 5; i++) {
      const t1 = performance.now();
      const page = await api('GET', `marketing/audiences/${saved.id}/members?limit=50${cursor ? `&cursor=${cursor}` : ''}`);
      if (i >= 5) pages.push(performance.now() - t1);
      cursor = page.nextCursor;
    }
    report('audience page of 50 by cursor', pages, 30);
  });
}

run(main);
