// temporary profiling harness (not committed)
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';

const autocannon = createRequire(import.meta.url)('autocannon');
const SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';
async function main() {
  const dbName = `atrium_h5prof_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  const url = new URL(SERVER);
  url.pathname = `/${dbName}`;
  const config = loadConfig(
    { NODE_ENV: 'development', LOG_LEVEL: 'silent', JOBS: 'off', DATA_DIR: mkdtempSync(join(tmpdir(), 'h5p-')) },
    { databaseUrl: url.toString(), jwtSecret: randomBytes(32).toString('hex') },
  );
  const kit = await buildApp(config, { seed: false, logger: false });
  await kit.ready();
  const res = await kit.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { community: 'p', name: 'P', email: 'o@p.example', password: 'benchmark-password' },
  });
  const { token, community } = res.json();
  await kit.db.query(
    `insert into site_products (tenant_id, code, name, slug, summary, description, specifications, tags, status, created_at, updated_at)
    select $1::uuid, 'P-' || g, 'Product ' || g || ' walnut', 'p-' || g, 'A walnut board.', '<p>Solid walnut, oiled.</p>', '[{"label":"Finish","value":"Oiled"}]'::jsonb, array['a','b'], case when g % 10 < 6 then 'published' else 'draft' end, now() - g * interval '1 second', now() from generate_series(1, 2000) g`,
    [community.id],
  );
  await kit.db.query('vacuum analyze site_products');
  const [{ id }] = await kit.db.query<any>('select id from site_products limit 1');
  const address = await kit.listen({ port: 0, host: '127.0.0.1' });
  const headers = { authorization: `Bearer ${token}` };
  const which = process.env.P ?? 'get';
  const path = which === 'get' ? `/api/v1/site/products/${id}` : `/api/v1/site/products?limit=50&sort=-createdAt&withTotal=false`;
  const s = await autocannon({ url: address + path, connections: 10, duration: Number(process.env.S ?? 10), headers, workers: 1 });
  console.log(which, s.requests.average, 'req/s', 'p50', s.latency.p50, 'non2xx', s.non2xx);
  await kit.close();
  await admin.query(`drop database "${dbName}" with (force)`);
  await admin.end();
}
main();
