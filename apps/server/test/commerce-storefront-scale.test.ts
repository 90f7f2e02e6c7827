import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXACT_TOTAL_LIMIT } from '../src/kernel/resources/list-query';
import { visitorScope } from '../src/kernel/resources/public-view';
import { explain } from '../src/kernel/resources/resource';
import { shopProductsView } from '../src/modules/commerce/orders/catalogue-read';
import { appWith } from './helpers';
import { planNodes, scanNames } from './list-plans';

/**
 * The storefront's product list on the kit's path, at 20,000 products on sale (and 20,000 drafts) of
 * one community: its default order (newest first) is read in the order of the index of its scope,
 * never sorted, on the first page and on a page reached by cursor; the total is capped; paging by
 * cursor walks the same list as paging by offset. Runs on whichever engine the suite runs on.
 */

const ON_SALE = 20_000;
const DRAFTS = 20_000;
const [t, a, b] = await appWith(2);

beforeAll(async () => {
  // Newest first is g = 1, 2, …; "Walnut" in one product of 10; brand "Rare" in 5. Drafts were never
  // published (published_at null, first in a newest-first walk of any index but the scope's own).
  const insert = (tenantId: string, n: number, status: string, offset: number) =>
    t.app.db.query(
      `insert into commerce_products (tenant_id, title, slug, brand, status, min_price, max_price, published_at)
       select $1::uuid, 'Tile ' || g || case when g % 10 = 0 then ' Walnut' else ' Slate' end, 'tile-' || g,
              case when g % ($3::int / 5) = 0 then 'Rare' else 'Common' end, $4::text, 1000 + g % 500, 1500 + g % 500,
              case when $4::text = 'active' then now() - g * interval '1 second' end
         from generate_series($5::int + 1, $5::int + $2::int) g`,
      [tenantId, n, Math.max(5, n), status, offset],
    );
  await insert(a.tenantId, ON_SALE, 'active', 0);
  await insert(a.tenantId, DRAFTS, 'draft', ON_SALE);
  await insert(b.tenantId, 500, 'active', 0);
  await t.app.db.query('analyze commerce_products');
}, 180_000);
afterAll(() => t?.close());

const list = (query: Record<string, string>) =>
  t.request({ method: 'GET', url: `/public/${a.name}/shop/products`, query, remoteAddress: `10.9.${(Math.random() * 250) | 0}.1` });

/** The scans of commerce_products and whether anything sorts, in the plan of the view's page for `query`. */
async function pagePlan(query: Record<string, unknown>) {
  const community = { id: a.tenantId, name: a.name } as never;
  return t.app.db.readAsTenant(a.tenantId, async (db) => {
    const q = shopProductsView.pageQuery({ db, scope: visitorScope(t.app.db, a.tenantId), community }, query);
    const [plan] = await explain(db, q.page);
    const nodes = planNodes(plan.Plan);
    return {
      scans: scanNames(nodes.filter((n) => n['Relation Name'] === 'commerce_products')),
      sorted: nodes.some((n) => String(n['Node Type']).includes('Sort')),
    };
  });
}

describe('the storefront product list at 20,000 products on sale', () => {
  it('reads its default order (newest first) from the index of its scope, first page and a page by cursor', async () => {
    const first = await pagePlan({ limit: 24 });
    expect(first.scans.join()).toMatch(/^Index Scan( Backward)? commerce_products_on_sale_idx$/);
    expect(first.sorted).toBe(false);

    const page = await list({ limit: '24' });
    expect(page.statusCode, page.body).toBe(200);
    const cursor = page.json().nextCursor;
    expect(cursor).toEqual(expect.any(String));
    const next = await pagePlan({ limit: 24, cursor });
    expect(next.scans.join()).toMatch(/^Index Scan( Backward)? commerce_products_on_sale_idx$/);
    expect(next.sorted).toBe(false);
  });

  it('answers a capped total: an estimate far past the cap, "at least 1,000" past it, exact below', async () => {
    const all = (await list({ limit: '24' })).json();
    expect(all.data).toHaveLength(24);
    expect(all).toMatchObject({ totalIsEstimate: true, totalAtLeast: null });
    // Products on sale only (the planner's estimate: within a small factor).
    expect(all.total).toBeGreaterThan(ON_SALE / 2);
    expect(all.total).toBeLessThan(ON_SALE * 2);

    // "Tile 1…" ("Tile 1", "Tile 10"…"Tile 19", …, "Tile 10000"…"Tile 19999"): 11,111 matches, counted to 1,000 or estimated.
    const broad = (await list({ q: 'Tile 1', limit: '24' })).json();
    expect(broad.totalIsEstimate).toBe(true);
    expect(broad.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);

    const rare = (await list({ brand: 'Rare', limit: '2' })).json();
    expect(rare).toMatchObject({ total: 5, totalIsEstimate: false, totalAtLeast: null });
    expect(rare.data.map((p: { brand: string }) => p.brand)).toEqual(['Rare', 'Rare']);
    // Searched by brand too; the other community's and the drafts' invisible.
    expect((await list({ q: 'rare', limit: '10' })).json()).toMatchObject({ total: 5, totalIsEstimate: false });
  });

  it('pages by cursor through the same products as by offset, newest first, and refuses a crafted cursor', async () => {
    const byOffset: string[] = [];
    for (const offset of [0, 50, 100]) byOffset.push(...(await list({ limit: '50', offset: String(offset) })).json().data.map(titleOf));
    const byCursor: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 3; i++) {
      const page = (await list({ limit: '50', ...(cursor ? { cursor } : {}) })).json();
      byCursor.push(...page.data.map(titleOf));
      cursor = page.nextCursor;
    }
    expect(byCursor).toEqual(byOffset);
    expect(byCursor.slice(0, 3)).toEqual(['Tile 1 Slate', 'Tile 2 Slate', 'Tile 3 Slate']);
    expect(new Set(byCursor).size).toBe(150);

    const bad = await list({ cursor: 'not-a-cursor' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ cursor: 'Invalid cursor' });
  });

  it('keeps the price filters’ meaning: minPrice finds something at that price or above, maxPrice at or below', async () => {
    const dear = (await list({ minPrice: '1995', limit: '100' })).json().data as { maxPrice: number }[];
    expect(dear.length).toBeGreaterThan(0);
    for (const p of dear) expect(p.maxPrice).toBeGreaterThanOrEqual(1995);
    const cheap = (await list({ maxPrice: '1003', limit: '100' })).json().data as { minPrice: number }[];
    expect(cheap.length).toBeGreaterThan(0);
    for (const p of cheap) expect(p.minPrice).toBeLessThanOrEqual(1003);
    const other = (await t.request({ method: 'GET', url: `/public/${b.name}/shop/products`, query: { limit: '100' } })).json();
    expect(other.data.length).toBe(100);
    expect(other).toMatchObject({ total: 500, totalIsEstimate: false });
  });
});

const titleOf = (p: { title: string }) => p.title;
