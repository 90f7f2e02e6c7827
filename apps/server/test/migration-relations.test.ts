import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { getTableName } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRelations } from '../src/kernel/db/relations';
import { SEEDED_START_TIMEOUT, startTestApp, type TestApp } from './helpers';

/**
 * The migration that turned relations into foreign keys (drizzle/<n>_relations.sql), run on a
 * database holding the demo community (seed.ts) plus references written before there were foreign
 * keys that point at nothing: every record survives, dangling references are resolved as the
 * migration documents, and each relation is a foreign key with its delete rule.
 */
const drizzleDir = new URL('../drizzle/', import.meta.url);
const migrationFile = readdirSync(drizzleDir).find((f) => /^\d{4}_relations\.sql$/.test(f));
if (!migrationFile) throw new Error('drizzle/<n>_relations.sql is missing');
const migration = readFileSync(new URL(migrationFile, drizzleDir), 'utf8');
const statements = migration
  .split('--> statement-breakpoint')
  .map((s) => s.trim())
  .filter(Boolean);
const constraints = [...migration.matchAll(/ALTER TABLE "(\w+)" ADD CONSTRAINT "(\w+)" FOREIGN KEY/g)].map(([, table, name]) => ({
  table,
  name,
}));

const indexes = [...migration.matchAll(/CREATE INDEX "(\w+)"/g)].map(([, name]) => name);

const DELETE_RULES = { restrict: 'r', cascade: 'c', 'set null': 'n' } as const;

describe('migration <n>_relations: become foreign keys without losing data', () => {
  let t: TestApp;
  const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => t.app.db.query<T>(text, params);
  /** Every tenant table with its rows, in a stable order, as the migration found them. */
  let before: Map<string, Record<string, unknown>[]>;
  let demo: string;
  const ghost = randomUUID();
  const orphans: { product: string; project: string; keptProducts: string[]; session: string } = {
    product: '',
    project: '',
    keptProducts: [],
    session: '',
  };

  const tables = async () =>
    (
      await q<{ name: string }>(
        `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'r'
           and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id')
         order by 1`,
      )
    ).map((r) => r.name);
  const snapshot = async () => {
    const out = new Map<string, Record<string, unknown>[]>();
    for (const name of await tables()) out.set(name, await q(`select * from "${name}" order by tenant_id, id`));
    return out;
  };

  beforeAll(async () => {
    t = await startTestApp({ adminPassword: 'demo-owner-password' }, { seed: true });
    demo = t.config.seedCommunity;
    const [community] = await q<{ id: string }>('select id from communities where name = $1', [demo]);
    // Back to the schema before the migration: no foreign keys.
    for (const c of constraints) await q(`alter table "${c.table}" drop constraint "${c.name}"`);
    for (const name of indexes) await q(`drop index "${name}"`);
    // References to records that do not exist, as the old schema allowed.
    const [product] = await q<{ id: string }>('select id from site_products where tenant_id = $1 order by code limit 1', [community.id]);
    await q('update site_products set category_id = $1 where id = $2', [ghost, product.id]);
    orphans.product = product.id;
    const [project] = await q<{ id: string; product_ids: string[] }>(
      'select id, product_ids from site_projects where tenant_id = $1 and cardinality(product_ids) > 1 order by slug limit 1',
      [community.id],
    );
    orphans.keptProducts = project.product_ids;
    await q('update site_projects set product_ids = $1::uuid[] where id = $2', [
      [project.product_ids[0], ghost, ...project.product_ids.slice(1)],
      project.id,
    ]);
    orphans.project = project.id;
    const [session] = await q<{ id: string }>(
      `insert into sessions (tenant_id, user_id, expires_at) values ($1, $2, now() + interval '1 day') returning id`,
      [community.id, ghost],
    );
    orphans.session = session.id;
    before = await snapshot();
    for (const statement of statements) await q(statement);
  }, SEEDED_START_TIMEOUT);
  afterAll(() => t?.close());

  it('seeded the demo content it migrates', () => {
    expect(before.get('site_products')!.length).toBeGreaterThanOrEqual(3);
    expect(before.get('site_projects')!.length).toBeGreaterThanOrEqual(1);
    expect(statements.length).toBeGreaterThan(constraints.length);
  });

  it('keeps every record; only the dangling references change, as documented', async () => {
    const after = await snapshot();
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [table, rows] of before) {
      const expected = rows
        .filter((r) => !(table === 'sessions' && r.id === orphans.session))
        .map((r) => {
          if (table === 'site_products' && r.id === orphans.product) return { ...r, category_id: null };
          if (table === 'site_projects' && r.id === orphans.project) return { ...r, product_ids: orphans.keptProducts };
          return r;
        });
      expect(after.get(table), table).toEqual(expected);
    }
  });

  it('creates a foreign key (tenant_id, column) → (tenant_id, id) with its delete rule for every single relation', async () => {
    const found = await q<{ name: string; table: string; target: string; columns: string[]; rule: string }>(
      `select con.conname as name, src.relname as "table", dst.relname as target, con.confdeltype as rule,
              array(select a.attname::text from unnest(con.conkey) with ordinality k(n, i)
                    join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i) as columns
       from pg_constraint con join pg_class src on src.oid = con.conrelid join pg_class dst on dst.oid = con.confrelid
       where con.contype = 'f'`,
    );
    const byName = new Map(found.map((f) => [f.name, f]));
    const checked: string[] = [];
    for (const spec of allRelations()) {
      if (spec.many) continue;
      const name = getTableName(spec.table);
      const fk = byName.get(`${name}_${spec.column}_fk`);
      expect(fk, `${name}.${spec.column}`).toMatchObject({
        table: name,
        target: getTableName(spec.target()),
        columns: ['tenant_id', spec.column],
        rule: DELETE_RULES[spec.onDelete],
      });
      checked.push(`${name}_${spec.column}_fk`);
    }
    // Every constraint of the migration is a declared relation (and later relations are checked too).
    expect(checked).toEqual(expect.arrayContaining(constraints.map((c) => c.name)));
    // The columns named by a set-null rule leave tenant_id alone (ON DELETE SET NULL (column)).
    const [setNull] = await q<{ def: string }>(
      "select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'site_documents_product_id_fk'",
    );
    expect(setNull.def).toContain('ON DELETE SET NULL (product_id)');
  });
});
