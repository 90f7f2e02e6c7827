import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXACT_TOTAL_LIMIT } from '../src/kernel/resources/list-query';
import { visitorScope } from '../src/kernel/resources/public-view';
import { explain, type PlanNode } from '../src/kernel/resources/resource';
import { productsView } from '../src/modules/site/public-views';
import { appWith } from './helpers';
import { planNodes } from './list-plans';

/**
 * The website's product list (site/products, the model of every public view) at 20,000 products, 12,000
 * of them published: its default order (sortOrder, then name) is read from the index of its scope
 * (site_products_public_idx: tenant, status, sort_order, name, id), never sorted, on the first page and
 * on a page reached by cursor, where the cursor is the index's own range start (a row comparison), so a
 * deep page reads its rows and no more; the total is capped; cursor paging walks the same list as offsets.
 */

const ROWS = 20_000;
const [t, a, b] = await appWith(2);

beforeAll(async () => {
  // Product g: published when g % 10 < 6; sortOrder g % 50 (400 products share each, ordered by name);
  // "Walnut" in one of 10 (all 2,000 published), "Kauri" in one of 1,000 (all 20 published).
  const insert = (tenantId: string, n: number) =>
    t.app.db.query(
      `insert into site_products (tenant_id, code, name, slug, status, sort_order, publish_at)
       select $1::uuid, 'B-' || g, 'Board ' || lpad(g::text, 6, '0')
                || case when g % 10 = 0 then ' Walnut' else ' Slate' end || case when g % 1000 = 3 then ' Kauri' else '' end,
              'board-' || g, case when g % 10 < 6 then 'published' else 'draft' end, g % 50, now() - interval '1 day'
         from generate_series(1, $2::int) g`,
      [tenantId, n],
    );
  await insert(a.tenantId, ROWS);
  await insert(b.tenantId, 300);
  await t.app.db.query('analyze site_products');
}, 180_000);
afterAll(() => t?.close());

const list = (query: Record<string, string>) =>
  t.request({ method: 'GET', url: `/public/${a.name}/site/products`, query, remoteAddress: `10.8.${(Math.random() * 250) | 0}.1` });

/** The scans of site_products (index and its condition) and whether anything sorts, in the plan of the view's page. */
async function pagePlan(query: Record<string, unknown>) {
  const community = { id: a.tenantId, name: a.name } as never;
  return t.app.db.readAsTenant(a.tenantId, async (db) => {
    const q = productsView.pageQuery({ db, scope: visitorScope(t.app.db, a.tenantId), community }, query);
    const [plan] = await explain(db, q.page);
    const nodes = planNodes(plan.Plan);
    const scans = nodes.filter((n: PlanNode) => n['Relation Name'] === 'site_products');
    return {
      scans: scans.map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`.trim()),
      condition: scans.map((n) => String(n['Index Cond'] ?? '')).join(' '),
      sorted: nodes.some((n) => String(n['Node Type']).includes('Sort')),
    };
  });
}

describe('the website product list at 20,000 products', () => {
  it('reads its default order from the index of its scope, first page and a deep page by cursor', async () => {
    const first = await pagePlan({ limit: 24 });
    expect(first.scans.join()).toMatch(/^Index (Only )?Scan site_products_public_idx$/);
    expect(first.condition).toContain("status = 'published'");
    expect(first.sorted).toBe(false);

    // A cursor far into the list (its 100th page).
    const pages = await list({ limit: '100', offset: '9900' });
    expect(pages.statusCode, pages.body).toBe(200);
    const cursor = pages.json().nextCursor;
    expect(cursor).toEqual(expect.any(String));
    const deep = await pagePlan({ limit: 24, cursor });
    expect(deep.scans.join()).toMatch(/^Index (Only )?Scan site_products_public_idx$/);
    expect(deep.sorted).toBe(false);
    // The cursor is where the index starts reading, not a filter of every row before it.
    expect(deep.condition).toMatch(/ROW\(sort_order, name, id\) > ROW\(/);
  });

  it('answers a capped total: an estimate far past the cap, "at least 1,000" or an estimate past it, exact below', async () => {
    const all = (await list({ limit: '24' })).json();
    expect(all.data).toHaveLength(24);
    expect(all).toMatchObject({ totalIsEstimate: true, totalAtLeast: null });
    expect(all.total).toBeGreaterThan(12_000 / 2);
    expect(all.total).toBeLessThan(12_000 * 2);

    const walnut = (await list({ q: 'walnut', limit: '24' })).json();
    expect(walnut.totalIsEstimate).toBe(true);
    expect(walnut.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);

    const kauri = (await list({ q: 'kauri', limit: '5' })).json();
    expect(kauri).toMatchObject({ total: 20, totalIsEstimate: false, totalAtLeast: null });
    for (const p of kauri.data as { name: string }[]) expect(p.name).toContain('Kauri');
    // The other community's products and the drafts are not counted.
    expect((await t.request({ method: 'GET', url: `/public/${b.name}/site/products`, query: { limit: '100' } })).json()).toMatchObject({
      total: 180,
      totalIsEstimate: false,
    });
  });

  it('pages by cursor through the same products as by offset, in (sortOrder, name) order', async () => {
    const byOffset: string[] = [];
    for (const offset of [0, 100, 200, 300, 400])
      byOffset.push(...(await list({ limit: '100', offset: String(offset) })).json().data.map(nameOf));
    const byCursor: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 5; i++) {
      const page = (await list({ limit: '100', ...(cursor ? { cursor } : {}) })).json();
      byCursor.push(...page.data.map(nameOf));
      cursor = page.nextCursor;
    }
    expect(byCursor).toEqual(byOffset);
    expect(new Set(byCursor).size).toBe(500);
    // sortOrder 0 first (products 50, 100, …, all published), by name; then sortOrder 1 (1, 51, …).
    expect(byCursor.slice(0, 3)).toEqual(['Board 000050 Walnut', 'Board 000100 Walnut', 'Board 000150 Walnut']);
    expect(byCursor.slice(399, 402)).toEqual(['Board 020000 Walnut', 'Board 000001 Slate', 'Board 000051 Slate']);
  });
});

const nameOf = (p: { name: string }) => p.name;
