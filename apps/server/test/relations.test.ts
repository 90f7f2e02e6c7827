import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Scope } from '../src/kernel/auth/context';
import type { Database, Db } from '../src/kernel/db/database';
import type { ListQuery } from '../src/kernel/resources/list-query';
import { appWith, logIn, type TestCommunity } from './helpers';

type Json = Record<string, any>;

const [t, c, other] = await appWith(2);

/**
 * Relations declared on tables (ref/refs): foreign keys with their delete rule, ids checked in one
 * query per field, `?expand=` in one query per relation, and the meta the console's pickers read.
 */
describe('relations', () => {
  const api = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: Json, as: TestCommunity = c) => {
    const res = await t.request({ method, url: `/api/v1/${path}`, payload, as });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
  const create = async (path: string, payload: Json, as: TestCommunity = c) => {
    const res = await api('POST', path, payload, as);
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
    return res.body.data as Json;
  };

  /** A scope whose reads count the statements they run (each select builder runs one). */
  function countingScope(as: TestCommunity): { scope: Scope; statements: () => number } {
    let n = 0;
    const counted = (db: Db) =>
      new Proxy(db, {
        get(target, prop, receiver) {
          const value = Reflect.get(target, prop, receiver);
          if (prop === 'select' || prop === 'execute') {
            return (...args: unknown[]) => {
              n++;
              return (value as (...a: unknown[]) => unknown).apply(target, args);
            };
          }
          return value;
        },
      });
    const db: Database = {
      ...t.app.db,
      withTenant: (tenantId, fn) => t.app.db.withTenant(tenantId, (inner) => fn(counted(inner))),
      readAsTenant: (tenantId, fn) => t.app.db.readAsTenant(tenantId, (inner) => fn(counted(inner))),
    };
    return { scope: { db, tenantId: as.tenantId, actor: { id: as.userId, name: 'Owner' } }, statements: () => n };
  }

  it('describes relation fields in meta for the console (resource, many, onDelete)', async () => {
    const res = await api('GET', 'meta/resources');
    expect(res.status).toBe(200);
    const meta = new Map((res.body.data as Json[]).map((m) => [m.path, m]));
    const field = (path: string, key: string) => meta.get(path)!.ui.fields[key];
    expect(field('site/products', 'categoryId')).toMatchObject({
      label: 'Category',
      type: 'relation',
      relation: { resource: 'site/product-categories', many: false, onDelete: 'restrict', expand: 'category' },
    });
    expect(field('site/projects', 'productIds')).toMatchObject({
      type: 'relation',
      relation: { resource: 'site/products', many: true, onDelete: 'set null', expand: 'products' },
    });
    expect(field('site/documents', 'productId').relation).toEqual({
      resource: 'site/products',
      many: false,
      onDelete: 'set null',
      expand: 'product',
    });
    expect(field('identity/admins', 'roleId').relation).toMatchObject({ resource: 'identity/roles', onDelete: 'restrict' });
    expect(field('site/career-applications', 'cvFileId').relation).toMatchObject({ resource: 'media/files', onDelete: 'set null' });
    // The record's JSON Schema stays plain: `expanded` is only in API answers.
    expect(meta.get('site/products')!.fields.properties).not.toHaveProperty('expanded');
  });

  it('refuses ids that are not records of the community, naming the field, in one query per field', async () => {
    const mine = await create('site/products', { code: `P-${randomUUID().slice(0, 8)}`, name: 'Mine' });
    const theirs = await create('site/products', { code: 'THEIRS', name: 'Theirs' }, other);
    const ghost = randomUUID();
    const res = await api('POST', 'site/projects', { title: 'Mixed', productIds: [mine.id, theirs.id, ghost] });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields.productIds).toBe(`No products with ids ${theirs.id}, ${ghost}`);
    const single = await api('POST', 'site/products', { code: 'X-1', name: 'X', categoryId: ghost });
    expect(single.status).toBe(400);
    expect(single.body.error.fields).toEqual({ categoryId: `No product category with id ${ghost}` });

    // 40 ids are checked by one statement, not 40.
    const many: string[] = [];
    for (let i = 0; i < 40; i++)
      many.push((await create('site/products', { code: `B-${i}-${randomUUID().slice(0, 6)}`, name: `B ${i}` })).id);
    const project = t.app.resources.get('site/projects')!;
    const counter = countingScope(c);
    const created = await project.create(counter.scope, { title: 'Forty', productIds: many });
    expect(created.productIds).toEqual(many);
    // slug lookup (autoSlug) + the relation check + audit entries are inserts, not selects.
    const withFive = countingScope(c);
    await project.create(withFive.scope, { title: 'Five', productIds: many.slice(0, 5) });
    expect(counter.statements()).toBe(withFive.statements());
  });

  it('expands a page of 200 rows with one extra query per relation', async () => {
    const cat = await create('site/product-categories', { name: 'Tiles' });
    const sub = await create('site/product-subcategories', { name: 'Floor', categoryId: cat.id });
    const rows = Array.from({ length: 200 }, (_, i) => ({
      code: `E-${i}`,
      name: `Expand ${i}`,
      slug: `expand-${i}`,
      categoryId: i % 2 === 0 ? cat.id : null,
      subcategoryId: i % 2 === 0 ? sub.id : null,
    }));
    const products = t.app.resources.get('site/products')!;
    await t.app.db.withTenant(c.tenantId, async (tx) => {
      await tx.insert(products.table).values(rows.map((r) => ({ ...r, tenantId: c.tenantId })) as never);
    });
    const query = { q: 'Expand', limit: 200, offset: 0, withTotal: 'false' } as ListQuery;

    const plain = countingScope(c);
    const page = await products.list(plain.scope, query);
    expect(page.data).toHaveLength(200);
    expect(page.data.some((r) => 'expanded' in r)).toBe(false);

    const one = countingScope(c);
    const expanded = await products.list(one.scope, { ...query, expand: 'category' });
    expect(one.statements()).toBe(plain.statements() + 1);

    const two = countingScope(c);
    await products.list(two.scope, { ...query, expand: 'category,subcategory' });
    expect(two.statements()).toBe(plain.statements() + 2);

    for (const row of expanded.data as Json[]) {
      expect(row.expanded).toEqual({ category: row.categoryId ? { id: cat.id, title: 'Tiles' } : null });
    }

    const res = await t.request({
      method: 'GET',
      url: '/api/v1/site/products',
      query: { q: 'Expand', limit: '2', expand: 'subcategory,category' },
      as: c,
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const row of res.json().data as Json[]) {
      expect(Object.keys(row.expanded).sort()).toEqual(['category', 'subcategory']);
    }
  });

  it('expands on get, a list relation in its order, and refuses unknown names', async () => {
    const a = await create('site/products', { code: 'ORD-A', name: 'Alpha' });
    const b = await create('site/products', { code: 'ORD-B', name: 'Beta' });
    const project = await create('site/projects', { title: 'Ordered', productIds: [b.id, a.id] });
    const got = await api('GET', `site/projects/${project.id}?expand=products`);
    expect(got.status).toBe(200);
    expect(got.body.data.expanded).toEqual({
      products: [
        { id: b.id, title: 'Beta' },
        { id: a.id, title: 'Alpha' },
      ],
    });
    const bad = await api('GET', 'site/projects?expand=products,owner');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.expand).toMatch(/owner.*expand one of: category, products/);
    const none = await api('GET', 'site/banners?expand=anything');
    expect(none.status).toBe(400);
    expect(none.body.error.fields).toHaveProperty('expand');
  });

  it('expanding needs read access to the related resource', async () => {
    const role = await create('identity/roles', { name: 'Admin reader', permissions: { 'admin-management': 'read' } });
    const email = `reader@${c.name}.example`;
    await create('identity/admins', { name: 'Reader', email, password: 'reader-password-123', roleId: role.id });
    const login = await logIn(t, email, 'reader-password-123', c.name);
    const reader = { ...c, headers: { authorization: `Bearer ${login.json().token}`, 'community-name': c.name } };
    expect((await api('GET', 'identity/admins', undefined, reader)).status).toBe(200);
    const refused = await api('GET', 'identity/admins?expand=role', undefined, reader);
    expect(refused.status).toBe(403);
    expect(refused.body.error.fields).toEqual({ expand: 'Cannot expand role' });
    const owner = await api('GET', 'identity/admins?expand=role');
    const row = (owner.body.data as Json[]).find((r) => r.email === email)!;
    expect(row.expanded.role).toEqual({ id: role.id, title: 'Admin reader' });
  });

  it('applies each delete rule: restrict refuses, set null unlinks, list ids are removed', async () => {
    const cat = await create('site/product-categories', { name: 'Doomed' });
    const product = await create('site/products', { code: 'DEL-1', name: 'Linked', categoryId: cat.id });
    const keep = await create('site/products', { code: 'DEL-2', name: 'Kept' });
    const refused = await api('DELETE', `site/product-categories/${cat.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'in_use',
      message: 'This product category still has 1 products; move or delete them first',
    });
    const bulk = await api('POST', 'site/product-categories/bulk-delete', { ids: [cat.id] });
    expect(bulk.status).toBe(409);
    expect((await api('GET', `site/product-categories/${cat.id}`)).status).toBe(200);

    const doc = await create('site/documents', { title: 'Guide', fileUrl: 'https://files.example/guide.pdf', productId: product.id });
    const last = await create('site/products', { code: 'DEL-3', name: 'Last' });
    const project = await create('site/projects', { title: 'Uses it', productIds: [last.id, product.id, keep.id] });
    expect((await api('DELETE', `site/products/${product.id}`)).status).toBe(204);
    expect((await api('GET', `site/documents/${doc.id}`)).body.data.productId).toBeNull();
    expect((await api('GET', `site/projects/${project.id}`)).body.data.productIds).toEqual([last.id, keep.id]);
    expect((await api('DELETE', `site/product-categories/${cat.id}`)).status).toBe(204);
  });

  it('deleting an admin deletes their sessions (cascade in the database)', async () => {
    const email = `gone@${c.name}.example`;
    const admin = await create('identity/admins', { name: 'Gone', email, password: 'gone-password-123' });
    const login = await logIn(t, email, 'gone-password-123', c.name);
    expect(login.statusCode, login.body).toBe(200);
    const sessions = () => t.app.db.query<{ n: number }>('select count(*)::int as n from sessions where user_id = $1', [admin.id]);
    expect((await sessions())[0].n).toBe(1);
    expect((await api('DELETE', `identity/admins/${admin.id}`)).status).toBe(204);
    expect((await sessions())[0].n).toBe(0);
  });

  it('the database refuses a reference into another community, whatever the application does', async () => {
    const theirs = await create('site/product-categories', { name: 'Theirs' }, other);
    await expect(
      t.app.db.query('insert into site_products (tenant_id, code, name, slug, category_id) values ($1, $2, $3, $4, $5)', [
        c.tenantId,
        'FK-1',
        'Cross',
        'cross',
        theirs.id,
      ]),
    ).rejects.toMatchObject({ code: '23503' });
  });
});
