import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, startTestApp, type TestCommunity } from './helpers';

/** /api/v1/me/saved-views: each user's own views, inside their community. */

const t = await startTestApp();
let a: TestCommunity;
let colleague: TestCommunity;
let b: TestCommunity;
const url = '/api/v1/me/saved-views';
const view = {
  resource: 'site/products',
  name: 'Published tiles',
  filters: { status: ['published'], q: ['tile'] },
  sort: '-updatedAt',
  columns: ['name', 'status'],
};

beforeAll(async () => {
  a = await t.signup();
  b = await t.signup();
  colleague = await signedInAdmin(t, a, { site: 'write' });
});
afterAll(() => t.close());

const list = (as: TestCommunity, resource = 'site/products') => t.request({ method: 'GET', url, query: { resource }, as });

describe('saved views', () => {
  it('saves, lists, renames and deletes a view of its owner', async () => {
    const created = await t.request({ method: 'POST', url, as: a, payload: view });
    expect(created.statusCode, created.body).toBe(201);
    const saved = created.json().data;
    expect(saved).toMatchObject(view);
    expect((await list(a)).json().data).toEqual([saved]);

    const renamed = await t.request({ method: 'PATCH', url: `${url}/${saved.id}`, as: a, payload: { name: 'Live tiles', columns: null } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Live tiles', columns: null, filters: view.filters });

    const removed = await t.request({ method: 'DELETE', url: `${url}/${saved.id}`, as: a });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await list(a)).json().data).toEqual([]);
  });

  it('keeps views to their user: a colleague and another community neither see nor change them', async () => {
    const saved = (await t.request({ method: 'POST', url, as: a, payload: { ...view, name: 'Mine' } })).json().data;
    const other = await t.request({ method: 'POST', url, as: colleague, payload: { ...view, name: 'Mine' } });
    expect(other.statusCode, other.body).toBe(201);
    expect((await list(colleague)).json().data.map((v: { id: string }) => v.id)).toEqual([other.json().data.id]);
    expect((await list(b)).json().data).toEqual([]);
    for (const as of [colleague, b]) {
      const patch = await t.request({ method: 'PATCH', url: `${url}/${saved.id}`, as, payload: { name: 'Stolen' } });
      expect(patch.statusCode, patch.body).toBe(404);
      const del = await t.request({ method: 'DELETE', url: `${url}/${saved.id}`, as });
      expect(del.statusCode, del.body).toBe(404);
    }
    expect((await list(a)).json().data).toEqual([saved]);
    // Row-level security on its own: as community b, the table shows none of a's views.
    const seen = await t.app.db.withTenant(b.tenantId, (tx) => tx.execute(sql`select count(*)::int as n from saved_views`));
    expect((seen as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it('refuses a duplicate name, a list the user cannot read, bad input and unknown ids', async () => {
    await t.request({ method: 'POST', url, as: a, payload: { ...view, name: 'Twice' } });
    const twice = await t.request({ method: 'POST', url, as: a, payload: { ...view, name: 'Twice' } });
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json().error.fields).toEqual({ name: 'Already in use' });
    const noRead = await signedInAdmin(t, a, {});
    const unreadable = await t.request({ method: 'POST', url, as: noRead, payload: view });
    expect(unreadable.statusCode, unreadable.body).toBe(400);
    expect((await list(noRead)).statusCode).toBe(400);
    const unknown = await t.request({ method: 'POST', url, as: a, payload: { ...view, resource: 'no/such' } });
    expect(unknown.statusCode, unknown.body).toBe(400);
    const badFilter = await t.request({ method: 'POST', url, as: a, payload: { ...view, name: 'x', filters: { 'drop table': ['1'] } } });
    expect(badFilter.statusCode, badFilter.body).toBe(400);
    const empty = await t.request({ method: 'POST', url, as: a, payload: { ...view, name: '  ' } });
    expect(empty.statusCode, empty.body).toBe(400);
    const missing = await t.request({ method: 'PATCH', url: `${url}/${randomUUID()}`, as: a, payload: { name: 'x' } });
    expect(missing.statusCode, missing.body).toBe(404);
    const anonymous = await t.request({ method: 'GET', url, query: { resource: 'site/products' } });
    expect(anonymous.statusCode).toBe(401);
  });
});
