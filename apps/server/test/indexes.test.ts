import { getTableColumns, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortableFields, sortTerms } from '../src/kernel/resources/list-query';
import { type PublicView, visitorScope } from '../src/kernel/resources/public-view';
import { explain, type Resource } from '../src/kernel/resources/resource';
import {
  declaredFulltextColumns,
  declaredSearchColumns,
  ensureSearchIndexes,
  fulltextIndexName,
  SEARCH_PENDING_KB,
  SEARCH_STATISTICS,
  searchIndexName,
} from '../src/kernel/resources/search-indexes';
import { shopProductsView } from '../src/modules/commerce/orders/catalogue-read';
import { startTestApp, type TestApp } from './helpers';
import { planNodes } from './list-plans';

/**
 * Lists stay fast at any size: every filter and sort a resource offers (and createdAt/updatedAt)
 * is served by an index that leads with tenant_id followed directly by that column, so
 * `where tenant_id = $1 and col = $2` and `where tenant_id = $1 order by col` are index scans.
 * Checked on the migrated database, so it is the committed migrations that count.
 */

let t: TestApp;
/** Per table: the key columns of each usable index (no partial indexes; expressions as null). */
let indexes: Map<string, { name: string; columns: (string | null)[] }[]>;
/** Trigram GIN indexes: (table, column). */
let trigram: { table: string; column: string }[];

beforeAll(async () => {
  t = await startTestApp();
  const rows = await t.app.db.query<{ table: string; name: string; columns: (string | null)[] }>(
    `select t.relname as table, i.relname as name,
            array(select a.attname::text
                    from unnest(ix.indkey::int2[]) with ordinality as k(attnum, n)
                    left join pg_attribute a on a.attrelid = ix.indrelid and a.attnum = k.attnum
                   where k.n <= ix.indnkeyatts
                   order by k.n) as columns
       from pg_index ix
       join pg_class i on i.oid = ix.indexrelid
       join pg_class t on t.oid = ix.indrelid
       join pg_namespace ns on ns.oid = t.relnamespace
      where ns.nspname = 'public' and ix.indpred is null and ix.indisvalid`,
  );
  trigram = await t.app.db.query<{ table: string; column: string }>(
    `select t.relname as table, a.attname as column
       from pg_index ix
       join pg_class i on i.oid = ix.indexrelid
       join pg_class t on t.oid = ix.indrelid
       join pg_am am on am.oid = i.relam
       join pg_opclass oc on oc.oid = ix.indclass[0]
       join pg_attribute a on a.attrelid = ix.indrelid and a.attnum = ix.indkey[0]
      where am.amname = 'gin' and oc.opcname = 'gin_trgm_ops' and ix.indisvalid`,
  );
  indexes = new Map();
  for (const row of rows) {
    const list = indexes.get(row.table) ?? [];
    list.push({ name: row.name, columns: row.columns });
    indexes.set(row.table, list);
  }
});
afterAll(() => t?.close());

/**
 * A platform catalogue (platformTable: plans, add-ons, suites) has no tenant_id: the same rules hold
 * without it (primary key (id); an index led by each filter and sort column).
 */
function isPlatform(resource: Resource): boolean {
  return !('tenantId' in getTableColumns(resource.table));
}

/** The columns a resource lets clients filter or sort on (an ordering's first column), by key. */
function listedColumns(resource: Resource): string[] {
  const sorted = sortableFields(resource.config).map((key) => sortTerms(resource.config, key)[0].key);
  return [...new Set([...(resource.config.list?.filters ?? []), ...sorted])];
}

describe('indexes for list filters and sorts', () => {
  it('every resource table has a primary key leading with tenant_id (a platform catalogue: its id)', () => {
    const resources = t.app.resources.all();
    // The catalogues are few and named: a tenant table never passes as one.
    expect(
      resources
        .filter(isPlatform)
        .map((r) => getTableConfig(r.table).name)
        .sort(),
    ).toEqual(['billing_addons', 'billing_plans', 'billing_seller', 'billing_tax_rates', 'builder_suites']);
    for (const resource of resources) {
      const table = getTableConfig(resource.table).name;
      const [pk] = (indexes.get(table) ?? []).filter((i) => i.name === `${table}_pk`);
      expect(pk?.columns, table).toEqual(isPlatform(resource) ? ['id'] : ['tenant_id', 'id']);
    }
  });

  it('every filter and sort column has an index (tenant_id, column, …)', () => {
    const missing: string[] = [];
    for (const resource of t.app.resources.all()) {
      const table = getTableConfig(resource.table).name;
      const columns = getTableColumns(resource.table) as Record<string, PgColumn>;
      for (const key of listedColumns(resource)) {
        const column = columns[key]?.name;
        expect(Object.keys(columns), `${resource.path}: ${key} is not a column`).toContain(key);
        // A list column (tags) is filtered with `&&`, which a GIN index on the column itself serves.
        const isList = columns[key].dataType === 'array';
        const lead = isList || isPlatform(resource) ? [column] : ['tenant_id', column];
        const served = (indexes.get(table) ?? []).some((i) => lead.every((c, n) => i.columns[n] === c));
        if (!served) missing.push(`${resource.path}: ${key} (${table}.${column})`);
      }
    }
    expect(missing, `add an index (tenant_id, column), on a platform catalogue (column), to the table for:\n${missing.join('\n')}`).toEqual(
      [],
    );
  });

  it('every declared search column has a trigram index (substring search under row-level security)', async () => {
    const served = new Set(trigram.map((i) => `${i.table}.${i.column}`));
    const declared = declaredSearchColumns(t.app.resources.all());
    expect(declared.length).toBeGreaterThan(10);
    const missing = declared.map((d) => `${d.table}.${d.column}`).filter((k) => !served.has(k));
    expect(missing).toEqual([]);
    // ILIKE may serve as an index condition under the tenant policy only when it is leakproof.
    const [fn] = await t.app.db.query<{ leakproof: boolean }>("select proleakproof as leakproof from pg_proc where proname = 'texticlike'");
    expect(fn.leakproof).toBe(true);
  });

  it('every declared prose field has a generated tsvector column with a GIN index (full-text search)', async () => {
    const declared = declaredFulltextColumns(t.app.resources.all());
    expect(declared.map((d) => `${d.table}.${d.column}`)).toEqual(expect.arrayContaining(['site_blogs.body']));
    const found = await t.app.db.query<{ table: string; vector: string; generated: string }>(
      `select c.relname as table, a.attname as vector, pg_get_expr(d.adbin, d.adrelid) as generated
         from pg_index ix
         join pg_class i on i.oid = ix.indexrelid
         join pg_class c on c.oid = ix.indrelid
         join pg_am am on am.oid = i.relam
         join pg_attribute a on a.attrelid = ix.indrelid and a.attnum = ix.indkey[0]
         join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where am.amname = 'gin' and a.atttypid = 'tsvector'::regtype and a.attgenerated = 's' and ix.indisvalid`,
    );
    for (const d of declared) {
      const index = found.find((f) => f.table === d.table && f.vector === d.vector);
      expect(index?.generated, `${d.table}.${d.vector}`).toContain(`to_tsvector('${d.language}'::regconfig`);
      expect(index?.generated).toContain(d.column);
    }
    // `@@` may serve as an index condition under the tenant policy only when it is leakproof.
    const [fn] = await t.app.db.query<{ leakproof: boolean }>(
      "select proleakproof as leakproof from pg_proc where proname = 'ts_match_vq'",
    );
    expect(fn.leakproof).toBe(true);
  });

  it('every search index keeps a small pending list, also one built before the bound (bounded at the next start, its list merged)', async () => {
    const resources = t.app.resources.all();
    const names = [
      ...declaredSearchColumns(resources).map((d) => searchIndexName(d.table, d.column)),
      ...declaredFulltextColumns(resources).map((d) => fulltextIndexName(d.table, d.column)),
    ];
    const options = async () =>
      new Map(
        (
          await t.app.db.query<{ name: string; options: string[] | null }>(
            'select relname as name, reloptions as options from pg_class where relname = any($1::text[])',
            [names],
          )
        ).map((r) => [r.name, r.options ?? []]),
      );
    const bound = `gin_pending_list_limit=${SEARCH_PENDING_KB}`;
    const before = await options();
    expect([...before.keys()].sort()).toEqual([...names].sort());
    expect(names.filter((n) => !before.get(n)?.includes(bound))).toEqual([]);
    // An index from before the bound (PostgreSQL's default list: 4 MB, read by every search).
    const [old] = names;
    await t.app.db.query(`alter index "${old}" reset (gin_pending_list_limit)`);
    expect((await options()).get(old)).not.toContain(bound);
    await ensureSearchIndexes(t.app.db, resources);
    expect((await options()).get(old)).toContain(bound);
  });

  it('every searched column keeps a large statistics sample, also one set by an earlier version (raised at the next start)', async () => {
    const resources = t.app.resources.all();
    const columns = declaredSearchColumns(resources);
    const targets = async () =>
      new Map(
        (
          await t.app.db.query<{ key: string; target: number | null }>(
            `select c.relname || '.' || a.attname as key, a.attstattarget::int as target
               from pg_attribute a join pg_class c on c.oid = a.attrelid where c.relname = any($1::text[]) and a.attnum > 0`,
            [[...new Set(columns.map((d) => d.table))]],
          )
        ).map((r) => [r.key, r.target]),
      );
    const keys = columns.map((d) => `${d.table}.${d.column}`);
    expect(keys.length).toBeGreaterThan(0);
    const before = await targets();
    expect(keys.filter((k) => before.get(k) !== SEARCH_STATISTICS)).toEqual([]);
    const [{ table, column }] = columns;
    await t.app.db.query(`alter table "${table}" alter column "${column}" set statistics 300`);
    expect((await targets()).get(keys[0])).toBe(300);
    await ensureSearchIndexes(t.app.db, resources);
    expect((await targets()).get(keys[0])).toBe(SEARCH_STATISTICS);
  });
});

/**
 * A public view's conjuncts that the index must serve: an equality (`status = 'published'`,
 * `placement = 'home'`) or a yes/no column (`active`, `NOT downloadable`). Time bounds
 * (`publish_at <= now`, `unpublish_at IS NULL OR …`) stay row checks: they move with the clock.
 */
function equalities(filter: string | undefined): string[] {
  if (!filter) return [];
  const conjuncts: string[] = [];
  let depth = 0;
  let start = 0;
  const text = filter.replace(/^\((.*)\)$/, '$1');
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')') depth--;
    else if (depth === 0 && text.startsWith(' AND ', i)) {
      conjuncts.push(text.slice(start, i));
      start = i + 5;
    }
  }
  conjuncts.push(text.slice(start));
  return conjuncts.map((c) => c.trim()).filter((c) => (/ = /.test(c) && !/ OR /.test(c)) || /^\(?(NOT )?[a-z_]+\)?$/.test(c));
}

/** The columns a conjunct from `equalities` compares (`status`, `active`). */
const columnOf = (conjunct: string) => conjunct.replace(/^\(?(NOT )?\(?/, '').match(/^[a-z_]+/)?.[0] ?? conjunct;

/** The sort a view lists by when the visitor names none, as the kit orders it (its columns, then id). */
function defaultOrder(view: PublicView): string[] {
  const { choice, resource } = view.config;
  const requested = (choice ? choice.options[choice.default].sort : view.config.sort) ?? resource.config.list?.defaultSort ?? '-createdAt';
  const descending = requested.startsWith('-');
  const columns = getTableColumns(resource.table) as Record<string, PgColumn>;
  return [...sortTerms(resource.config, descending ? requested.slice(1) : requested).map((term) => term.column.name), columns.id.name];
}

describe('indexes for public views', () => {
  /**
   * A website's list (the storefront's and every public view's) reads its default order from one
   * index under its scope: the scope's and default filters' equalities are the index's condition
   * (so it walks only the rows the view shows) and the rows come in the index's order (no sort), so
   * a page costs the same at any catalogue size. Planned with sequential scans, bitmaps and sorts
   * priced out, on the migrated schema: an index that cannot serve it leaves a Sort or a row filter.
   * On these empty tables two indexes giving the same order can cost the planner alike: a row filter
   * passes when the table has the index (tenant_id, those columns, the order's columns, id), which
   * it prefers once it has rows (commerce-storefront-scale.test.ts checks that at 20,000 products).
   */
  it('every public view reads its default order from an index whose condition holds its scope', async () => {
    const [community] = await t.app.db.query<{ id: string; name: string }>('select id, name from communities limit 1');
    const tenantId = community?.id ?? '00000000-0000-4000-8000-000000000000';
    // The storefront's product list is served by the shop's own routes, through the same kit.
    const views = [...t.app.publicViews, shopProductsView];
    expect(views.map((v) => v.path)).toEqual(expect.arrayContaining(['site/products', 'site/blogs', 'shop/products']));
    const problems: string[] = [];
    for (const view of views) {
      const table = getTableConfig(view.config.resource.table).name;
      const order = defaultOrder(view);
      await t.app.db.withTenant(tenantId, async (db) => {
        for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort', 'enable_incremental_sort']) {
          await db.execute(sql.raw(`set local ${setting} = off`));
        }
        const ctx = { db, scope: visitorScope(t.app.db, tenantId), community: { id: tenantId, name: 'x' } as never };
        const [plan] = await explain(db, view.pageQuery(ctx, {}).page);
        const nodes = planNodes(plan.Plan);
        const scans = nodes.filter((n) => n['Relation Name'] === table);
        const names = scans.map((n) => n['Index Name'] ?? n['Node Type']).join();
        if (nodes.some((n) => String(n['Node Type']).includes('Sort'))) {
          problems.push(
            `${view.path}: sorted after ${names} (wants an index on ${table} (tenant_id, <scope's columns>, ${order.join(', ')}))`,
          );
        }
        for (const scan of scans) {
          const unserved = equalities(scan.Filter as string | undefined);
          if (unserved.length === 0) continue;
          const wanted = new Set(unserved.map(columnOf));
          const serving = (indexes.get(table) ?? []).some(
            (i) =>
              i.columns[0] === 'tenant_id' &&
              i.columns.slice(1, 1 + wanted.size).every((c) => c !== null && wanted.has(c)) &&
              order.every((c, n) => i.columns[1 + wanted.size + n] === c),
          );
          if (!serving) {
            problems.push(
              `${view.path}: ${names} filters ${unserved.join(' AND ')} (wants ${table} (tenant_id, ${[...wanted, ...order].join(', ')}))`,
            );
          }
        }
      });
    }
    expect(problems).toEqual([]);
  });
});
