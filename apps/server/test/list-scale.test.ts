import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scopeOf } from '../src/kernel/auth/context';
import { EXACT_TOTAL_LIMIT, type ListQuery, MAX_OFFSET } from '../src/kernel/resources/list-query';
import { explain, type Resource } from '../src/kernel/resources/resource';
import { startTestApp } from './helpers';
import { expectFiltersAndSortsIndexed, expectIndexed, listPlan, planNodes } from './list-plans';

/**
 * Lists at 100,000 rows of one community (site products, generated in SQL): search, every declared
 * filter and every declared sort are served by an index under row-level security (no sequential
 * scan of the table), and totals past 1,000 stop there, flagged. Runs on whichever engine the
 * suite runs on (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */

const ROWS = 100_000;
const WOODS = ['walnut', 'oak', 'pine', 'ash', 'elm', 'teak', 'birch'];
const t = await startTestApp();
const a = await t.signup();
let products: Resource;
let blogs: Resource;

beforeAll(async () => {
  const b = await t.signup();
  products = t.app.resources.all().find((r) => r.path === 'site/products')!;
  blogs = t.app.resources.all().find((r) => r.path === 'site/blogs')!;
  // One product in 200 has a category (a real one: the column is a foreign key).
  const insert = async (tenantId: string, n: number) => {
    const [category] = await t.app.db.query<{ id: string }>(
      `insert into site_product_categories (tenant_id, name, slug) values ($1::uuid, 'Timber', 'timber') returning id`,
      [tenantId],
    );
    await t.app.db.query(
      `insert into site_products (tenant_id, code, name, slug, status, featured, sort_order, publish_at, category_id, created_at, updated_at)
       select $1::uuid, 'P-' || g, 'Product ' || g || ' ' || (array['blue','red','green'])[g % 3 + 1] || ' ' || ($2::text[])[g % 7 + 1],
              'product-' || g, case when g % 10 < 6 then 'published' else 'draft' end, g % 50 = 0, g % 1000,
              now() - g * interval '1 minute', case when g % 200 = 0 then $4::uuid end,
              now() - g * interval '1 second', now() - g * interval '1 second'
         from generate_series(1, $3::int) g`,
      [tenantId, WOODS, n, category.id],
    );
  };
  // Blog posts with prose bodies: a wood in every post, "terrazzo" in one post of 5,000.
  const insertPosts = (tenantId: string, n: number) =>
    t.app.db.query(
      `insert into site_blogs (tenant_id, title, slug, body, status, publish_at, created_at, updated_at)
       select $1::uuid, 'Post ' || g, 'post-' || g,
              '<p>Notes on ' || ($2::text[])[g % 7 + 1] || ' panels for site ' || g || ', with fixings and finishes.</p>'
                || case when g % 5000 = 0 then '<p>Terrazzo floors: polishing terrazzo.</p>' else '' end,
              case when g % 10 < 6 then 'published' else 'draft' end,
              now() - g * interval '1 minute', now() - g * interval '1 second', now() - g * interval '1 second'
         from generate_series(1, $3::int) g`,
      [tenantId, WOODS, n],
    );
  await insert(a.tenantId, ROWS);
  await insert(b.tenantId, 1_000);
  await insertPosts(a.tenantId, ROWS);
  await insertPosts(b.tenantId, 1_000);
  await t.app.db.query('analyze site_products');
  await t.app.db.query('analyze site_blogs');
}, 120_000);
afterAll(() => t?.close());

/** The scans of site_products (or site_blogs) in the plan of the list's page and of its count. */
async function scans(query: Partial<ListQuery>, which: 'page' | 'count' = 'page', resource = products): Promise<string[]> {
  const table = resource === products ? 'site_products' : 'site_blogs';
  return (await listPlan(t.app, a.tenantId, { resource, table, limit: 50 }, query, which)).found;
}

describe('lists at 100,000 rows', () => {
  it('searches through the trigram indexes, page and count', async () => {
    for (const q of ['walnut', 'Product 4242', 'P-9999']) expectIndexed(await scans({ q }), `page of q=${q}`);
    // Counting a selective term goes through the trigram index itself. (A term in 14% of rows may
    // be counted by a scan that stops at 10,001 matches: the planner's call, bounded either way.)
    for (const q of ['Product 4242', 'P-9999', 'P-42424']) {
      const found = await scans({ q }, 'count');
      expectIndexed(found, `count of q=${q}`);
      expect(found.join(), q).toMatch(/_trgm/);
    }
  });

  it("reads a rare term's matches first, then sorts them: every match by cursor, in order, counted on the way", async () => {
    // "Product 424", "Product 4240".."4249", "Product 42400".."42499": 111 of 100,000. Walking the
    // default order's index (sortOrder, name) would check ~45,000 rows for a page of 50.
    const query = { q: 'Product 424', limit: 50, offset: 0, withTotal: 'true' } as ListQuery;
    const found = await scans(query);
    expect(found.join(), 'page of q=Product 424').toMatch(/site_products_name_trgm/);
    expect(found.join(), 'page of q=Product 424').not.toMatch(/site_products_sort_idx/);
    const scope = scopeOf(t.app.db, { tenantId: a.tenantId } as never);
    const statement = (q: Partial<ListQuery>) =>
      t.app.db.readAsTenant(a.tenantId, (tx) => products.pageStatement(tx, scope, { ...query, ...q } as ListQuery));
    expect((await statement({})).countsOnTheWay).toBe(true);
    expect((await statement({ withTotal: 'false' })).countsOnTheWay).toBe(false);
    // A common term (1 row in 7) walks the ordering's index, which finds a page in ~350 rows.
    expect((await statement({ q: 'walnut' })).countsOnTheWay).toBe(false);
    expect((await scans({ q: 'walnut' })).join()).toMatch(/Index Scan site_products_sort_idx/);

    const expected = (
      await t.app.db.query<{ id: string }>(
        `select id from site_products where tenant_id = $1::uuid and (name ilike '%Product 424%' or code ilike '%Product 424%')
          order by sort_order, name, id`,
        [a.tenantId],
      )
    ).map((r) => r.id);
    expect(expected).toHaveLength(111);
    const ids: string[] = [];
    let cursor: string | null = null;
    let first = true;
    do {
      const after: string = cursor ? `&cursor=${cursor}` : '';
      const res = await t.request({ method: 'GET', url: `/api/v1/site/products?q=Product 424&limit=50${after}`, as: a });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      if (first) expect(body).toMatchObject({ total: 111, totalIsEstimate: false, totalAtLeast: null });
      first = false;
      ids.push(...body.data.map((p: { id: string }) => p.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(ids).toEqual(expected);
    // An offset page of the same search: the same rows as the cursor reached.
    const third = await t.request({ method: 'GET', url: '/api/v1/site/products?q=Product 424&limit=50&offset=100', as: a });
    expect(third.json().data.map((p: { id: string }) => p.id)).toEqual(expected.slice(100));
    expect(third.json().total).toBe(111);
  });

  it('searches prose through the full-text index (ranked page and count)', async () => {
    // Ranked (no sort asked for), with a filter, and counted: each reaches the body's GIN index.
    for (const query of [{ q: 'terrazzo' }, { q: '"polishing terrazzo"', status: 'published' }]) {
      for (const which of ['page', 'count'] as const) {
        const found = await scans(query, which, blogs);
        expectIndexed(found, `${which} of ${JSON.stringify(query)}`);
        expect(found.join(), JSON.stringify(query)).toMatch(/site_blogs_body_fts/);
      }
    }
    // In a given order the planner may walk that order's index instead (it expects the term in more
    // rows than it is): indexed either way, never a scan of the table.
    expectIndexed(await scans({ q: 'terrazzo', sort: '-publishAt' }, 'page', blogs), 'page of terrazzo by -publishAt');
    const res = await t.request({ method: 'GET', url: '/api/v1/site/blogs?q=terrazzo floor&limit=50', as: a });
    expect(res.statusCode).toBe(200);
    // Stemmed ("floor" finds "floors"), both words required, one post in 5,000 (the other community's are invisible).
    expect(res.json()).toMatchObject({ total: ROWS / 5000, totalIsEstimate: false });
    for (const post of res.json().data) expect(post.body).toMatch(/Terrazzo floors/);
  });

  it('serves every declared filter and sort with an index', async () => {
    const filters: Record<string, string> = {
      status: 'published',
      categoryId: '00000000-0000-4000-8000-000000000001',
      subcategoryId: '00000000-0000-4000-8000-000000000001',
      featured: 'true',
      'publishAt.gte': new Date(Date.now() - 3600_000).toISOString(),
    };
    await expectFiltersAndSortsIndexed(products, filters, (query) => scans(query));
  });

  it('counts exactly up to 1,000 matches, stops there and says so, and estimates far beyond', async () => {
    const get = async (q: string) => (await t.request({ method: 'GET', url: `/api/v1/site/products?${q}&limit=5`, as: a })).json();
    expect(await get('q=P-42424')).toMatchObject({ total: 1, totalIsEstimate: false, totalAtLeast: null });
    // More matches than the page: counted, exactly.
    const page = await get('q=Product 4242');
    expect(page).toMatchObject({ total: 11, totalIsEstimate: false, totalAtLeast: null });
    expect(page.data).toHaveLength(5);
    // "Product 420", "Product 4200".."Product 4209", "Product 42000".."Product 42099"
    expect(await get('q=Product 420')).toMatchObject({ total: 1 + 10 + 100, totalIsEstimate: false, totalAtLeast: null });

    // "Product 42", "Product 420".."Product 429", "Product 4200".."Product 4299", "Product 42000".."Product 42999":
    // 1,111 matches, past the cap: the count stops at 1,000 and the answer says "at least".
    const some = await get('q=Product 42');
    expect(some).toMatchObject({ totalIsEstimate: true, totalAtLeast: EXACT_TOTAL_LIMIT });
    expect(some.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    expect(some.data).toHaveLength(5);
    expect(some.nextCursor).toEqual(expect.any(String));

    // The count reads no more than the cap + 1 matches, whatever the number of matches.
    const scope = scopeOf(t.app.db, { tenantId: a.tenantId } as never);
    const read = await t.app.db.readAsTenant(a.tenantId, async (tx) => {
      const q = products.pageQuery(tx, scope, { q: 'walnut', limit: 5, offset: 0, withTotal: 'true' } as ListQuery);
      const [plan] = await explain(tx, sql`select count(*) from (${q.matching(undefined, EXACT_TOTAL_LIMIT + 1)}) as capped`, true);
      return planNodes(plan.Plan).find((n) => n['Node Type'] === 'Limit')?.['Actual Rows'];
    });
    expect(read).toBe(EXACT_TOTAL_LIMIT + 1);

    // Exact counts are counted on every request (only the planner's estimates are reused): a new
    // match shows at once.
    await t.app.db.query(
      `insert into site_products (tenant_id, code, name, slug, status) values ($1::uuid, 'P-X', 'Product 4242 extra', 'product-4242-extra', 'draft')`,
      [a.tenantId],
    );
    expect(await get('q=Product 4242')).toMatchObject({ total: 12, totalIsEstimate: false, totalAtLeast: null });
    await t.app.db.query(`delete from site_products where tenant_id = $1::uuid and code = 'P-X'`, [a.tenantId]);

    // Far more expected than the cap: the planner's estimate, not counted.
    const all = await get('sort=-createdAt');
    expect(all).toMatchObject({ totalIsEstimate: true, totalAtLeast: null });
    expect(all.total).toBeGreaterThan(ROWS * 0.5);
    expect(all.total).toBeLessThan(ROWS * 2);
  });

  it('refuses offsets past the cap and points at the cursor', async () => {
    const res = await t.request({ method: 'GET', url: `/api/v1/site/products?offset=${MAX_OFFSET + 1}`, as: a });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message + JSON.stringify(res.json().error.fields)).toMatch(/cursor/);
    const ok = await t.request({ method: 'GET', url: `/api/v1/site/products?offset=${MAX_OFFSET}&limit=1`, as: a });
    expect(ok.statusCode).toBe(200);
  });
});
