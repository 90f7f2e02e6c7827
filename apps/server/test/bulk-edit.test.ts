import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiOf, appWith, dataOf, signedInAdmin, type TestCommunity } from './helpers';

/** PATCH /api/v1/<resource>: the same fields on several records, all or nothing. */

const [t, a, b] = await appWith(2);
const api = apiOf(t, a);
const ids: string[] = [];
const url = '/api/v1/site/products';

const get = async (as: TestCommunity, id: string) => (await t.request({ method: 'GET', url: `${url}/${id}`, as })).json().data;

beforeAll(async () => {
  for (const code of ['B-1', 'B-2', 'B-3']) ids.push(dataOf(await api('POST', 'site/products', { code, name: `Bulk ${code}` }), 201).id);
});

describe('bulk edit', () => {
  it('declares its fields in meta: enum, relation, tags and yes/no fields by default', async () => {
    const meta = await t.request({ method: 'GET', url: '/api/v1/meta/resources', as: a });
    const products = meta.json().data.find((r: { path: string }) => r.path === 'site/products');
    expect(products.ui.bulkEdit.sort()).toEqual(['categoryId', 'featured', 'status', 'subcategoryId', 'tags']);
    const audit = meta.json().data.find((r: { path: string }) => r.path === 'ops/audit-log');
    expect(audit.ui.bulkEdit).toEqual([]);
  });

  it('sets the fields on the given records, one audit entry each', async () => {
    const res = await t.request({
      method: 'PATCH',
      url,
      as: a,
      payload: { ids: ids.slice(0, 2), patch: { status: 'published', tags: ['sale'] } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 2, ids: ids.slice(0, 2) });
    for (const id of ids.slice(0, 2)) expect(await get(a, id)).toMatchObject({ status: 'published', tags: ['sale'] });
    expect(await get(a, ids[2])).toMatchObject({ status: 'draft', tags: [] });
    for (const id of ids.slice(0, 2)) {
      const audit = await t.request({ method: 'GET', url: '/api/v1/ops/audit-log', query: { recordId: id, action: 'update' }, as: a });
      expect(audit.json().data).toHaveLength(1);
    }
  });

  it('sets them on every record a filter matches', async () => {
    const res = await t.request({
      method: 'PATCH',
      url,
      as: a,
      payload: { filter: { q: 'Bulk', status: 'published' }, patch: { featured: true } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().updated).toBe(2);
    expect((await get(a, ids[2])).featured).toBe(false);
  });

  it("changes nothing when one id is another community's, a field is not bulk-editable or a value is refused", async () => {
    const theirs = (await t.request({ method: 'POST', url, as: b, payload: { code: 'T-1', name: 'Theirs' } })).json().data;
    const before = await Promise.all(ids.map((id) => get(a, id)));
    const foreign = await t.request({ method: 'PATCH', url, as: a, payload: { ids: [ids[2], theirs.id], patch: { status: 'archived' } } });
    expect(foreign.statusCode, foreign.body).toBe(404);
    const missing = await t.request({
      method: 'PATCH',
      url,
      as: a,
      payload: { ids: [ids[2], randomUUID()], patch: { status: 'archived' } },
    });
    expect(missing.statusCode, missing.body).toBe(404);
    const name = await t.request({ method: 'PATCH', url, as: a, payload: { ids, patch: { name: 'Same for all' } } });
    expect(name.statusCode, name.body).toBe(400);
    expect(name.json().error.fields).toEqual({ 'patch.name': 'This field cannot be changed on several records at once' });
    const value = await t.request({ method: 'PATCH', url, as: a, payload: { ids, patch: { status: 'gone' } } });
    expect(value.statusCode, value.body).toBe(400);
    expect(Object.keys(value.json().error.fields)).toEqual(['patch.status']);
    const category = await t.request({ method: 'PATCH', url, as: a, payload: { ids, patch: { categoryId: randomUUID() } } });
    expect(category.statusCode, category.body).toBe(400);
    const both = await t.request({ method: 'PATCH', url, as: a, payload: { ids, filter: {}, patch: { status: 'draft' } } });
    expect(both.statusCode, both.body).toBe(400);
    const tooMany = await t.request({
      method: 'PATCH',
      url,
      as: a,
      payload: { ids: Array.from({ length: 501 }, () => randomUUID()), patch: { status: 'draft' } },
    });
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(await Promise.all(ids.map((id) => get(a, id)))).toEqual(before);
    expect(await get(b, theirs.id)).toEqual(theirs);
  });

  it('keeps the privilege rules: no bulk move to a bigger role, and a disabled admin is signed out at once', async () => {
    const manager = await signedInAdmin(t, a, { 'admin-management': 'write' });
    const editor = await signedInAdmin(t, a, { site: 'write' });
    const admins = '/api/v1/identity/admins';
    const bigger = await t.request({
      method: 'PATCH',
      url: admins,
      as: manager,
      payload: { ids: [manager.userId], patch: { roleId: editor.roleId } },
    });
    expect(bigger.statusCode, bigger.body).toBe(403);
    expect(bigger.json().error.code).toBe('privilege_beyond_own');
    expect((await t.request({ method: 'GET', url: '/api/v1/auth/me', as: editor })).statusCode).toBe(200);
    const disabled = await t.request({
      method: 'PATCH',
      url: admins,
      as: a,
      payload: { ids: [editor.userId], patch: { status: 'disabled' } },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/v1/site/products', as: editor })).statusCode).toBe(401);
  });

  it('needs write permission', async () => {
    const reader = await signedInAdmin(t, a, { site: 'read' });
    const res = await t.request({ method: 'PATCH', url, as: reader, payload: { ids, patch: { status: 'archived' } } });
    expect(res.statusCode, res.body).toBe(403);
  });
});
