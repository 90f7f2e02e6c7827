import { doublePrecision, text } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantTable } from '../src/kernel/resources';
import { deriveSchemas } from '../src/kernel/resources/schemas';
import { apiOf, appWith, dataOf, type TestCommunity } from './helpers';

const [t, a, b] = await appWith(2);
const api = apiOf(t, a);

describe('console API: labels, people sentences, revisions', () => {
  const meta = async (as: TestCommunity, path: string) => {
    const res = await t.request({ method: 'GET', url: '/api/v1/meta/resources', as });
    expect(res.statusCode).toBe(200);
    return res.json().data.find((r: { path: string }) => r.path === path);
  };

  it('meta names every enum value with a label and colour, and declares the status', async () => {
    const products = await meta(a, 'site/products');
    expect(products.ui.fields.status.options).toEqual([
      { value: 'draft', label: 'Draft', color: 'gray' },
      { value: 'published', label: 'Published', color: 'green' },
      { value: 'archived', label: 'Archived', color: 'gray' },
    ]);
    expect(products.ui.status).toEqual({ field: 'status', tabs: ['draft', 'published', 'archived'] });
    expect(products.ui.fields.categoryId.relation.resource).toBe('site/product-categories');
    const inbound = await meta(a, 'site/get-in-touch-messages');
    expect(inbound.ui.fields.status.options[1]).toEqual({ value: 'in_progress', label: 'In progress', color: 'yellow' });
    const offices = await meta(a, 'site/contact-details');
    expect(offices.ui.fields.type.options.find((o: { value: string }) => o.value === 'head_office').label).toBe('Head office');
    expect(offices.ui.status).toBeUndefined();
  });

  it('answers invalid input with sentences people understand', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/site/products',
      as: a,
      payload: { code: 'P-1', name: '', status: 'live', sortOrder: -200_000 },
    });
    expect(res.statusCode).toBe(400);
    const { message, fields } = res.json().error;
    expect(message).toBe('Some fields need attention');
    expect(fields.name).toBe('Enter a name');
    expect(fields.status).toBe('Choose one of: Draft, Published, Archived');
    expect(fields.sortOrder).toBe('Must be -100000 or more');
    const missing = await t.request({ method: 'POST', url: '/api/v1/site/products', as: a, payload: { name: 'X' } });
    expect(missing.json().error.fields.code).toBe('Enter a code');
    const negative = await t.request({
      method: 'POST',
      url: '/api/v1/site/products',
      as: a,
      payload: { code: 'P-2', name: 'X', variants: [{ code: 'V', price: -5 }] },
    });
    expect(negative.statusCode).toBe(400);
    expect(Object.values(negative.json().error.fields)).toContain('Must be 0 or more');
    for (const text of Object.values({ ...fields, ...negative.json().error.fields }) as string[]) {
      expect(text).not.toMatch(/Too small|Too big|Invalid input|expected/);
    }
  });

  describe('revisions', () => {
    let id: string;
    beforeAll(async () => {
      const created = await t.request({
        method: 'POST',
        url: '/api/v1/site/products',
        as: a,
        payload: { code: 'WP-1', name: 'Walnut panel', summary: 'First words' },
      });
      expect(created.statusCode).toBe(201);
      id = created.json().data.id;
      const edited = await t.request({
        method: 'PATCH',
        url: `/api/v1/site/products/${id}`,
        as: a,
        payload: { name: 'Walnut panel XL', summary: 'Second words' },
      });
      expect(edited.statusCode).toBe(200);
    });

    it('lists who changed which fields, newest first', async () => {
      const res = await t.request({ method: 'GET', url: `/api/v1/site/products/${id}/revisions`, as: a });
      expect(res.statusCode).toBe(200);
      const [update, create] = res.json().data;
      expect(update.action).toBe('update');
      expect(update.actorName).toBe(`Owner of ${a.name}`);
      expect(update.changes).toEqual(
        expect.arrayContaining([
          { field: 'name', before: 'Walnut panel', after: 'Walnut panel XL' },
          { field: 'summary', before: 'First words', after: 'Second words' },
        ]),
      );
      expect(update.changes.map((c: { field: string }) => c.field)).not.toContain('updatedAt');
      expect(create.action).toBe('create');
      expect(create.changes).toContainEqual({ field: 'name', before: null, after: 'Walnut panel' });
    });

    it('restores a revision through an audited, validated update', async () => {
      const list = (await t.request({ method: 'GET', url: `/api/v1/site/products/${id}/revisions`, as: a })).json().data;
      const created = list.find((r: { action: string }) => r.action === 'create');
      const res = await t.request({ method: 'POST', url: `/api/v1/site/products/${id}/revisions/${created.id}/restore`, as: a });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ name: 'Walnut panel', summary: 'First words' });
      const after = (await t.request({ method: 'GET', url: `/api/v1/site/products/${id}/revisions`, as: a })).json().data;
      expect(after).toHaveLength(3);
      expect(after[0].changes).toContainEqual({ field: 'name', before: 'Walnut panel XL', after: 'Walnut panel' });
    });

    it('hides the history from another community and refuses unknown revisions', async () => {
      expect((await t.request({ method: 'GET', url: `/api/v1/site/products/${id}/revisions`, as: b })).statusCode).toBe(404);
      const list = (await t.request({ method: 'GET', url: `/api/v1/site/products/${id}/revisions`, as: a })).json().data;
      const other = await t.request({ method: 'POST', url: `/api/v1/site/products/${id}/revisions/${list[0].id}/restore`, as: b });
      expect(other.statusCode).toBe(404);
      const unknown = await t.request({
        method: 'POST',
        url: `/api/v1/site/products/${id}/revisions/00000000-0000-4000-8000-000000000000/restore`,
        as: a,
      });
      expect(unknown.statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: `/api/v1/site/products/not-an-id/revisions`, as: a })).statusCode).toBe(400);
    });

    it('refuses history to a caller without the module and restore to a read-only role', async () => {
      const role = await t.request({
        method: 'POST',
        url: '/api/v1/identity/roles',
        as: a,
        payload: { name: 'Site reader', permissions: { site: 'read' } },
      });
      const email = `reader@${a.name}.example`;
      await t.request({
        method: 'POST',
        url: '/api/v1/identity/admins',
        as: a,
        payload: { name: 'Reader', email, password: 'reader-password-1', roleId: role.json().data.id },
      });
      const login = await t.request({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'community-name': a.name },
        payload: { email, password: 'reader-password-1' },
      });
      const token = login.json().token;
      expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      const reader = { ...a, headers: { authorization: `Bearer ${token}`, 'community-name': a.name } };
      const list = await t.request({ method: 'GET', url: `/api/v1/site/products/${id}/revisions`, as: reader });
      expect(list.statusCode).toBe(200);
      const restore = await t.request({
        method: 'POST',
        url: `/api/v1/site/products/${id}/revisions/${list.json().data[0].id}/restore`,
        as: reader,
      });
      expect(restore.statusCode).toBe(403);
    });
  });

  describe('what a console load costs', () => {
    it('answers the resource descriptions compressed, and 304 to their entity tag until what the caller holds changes', async () => {
      const first = await t.request({ method: 'GET', url: '/api/v1/meta/resources', as: a, headers: { 'accept-encoding': 'br, gzip' } });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-encoding']).toBe('br');
      const plain = await t.request({ method: 'GET', url: '/api/v1/meta/resources', as: a });
      expect(first.rawPayload.length * 4).toBeLessThan(plain.rawPayload.length);
      const tag = String(first.headers.etag);
      expect(tag).toMatch(/^"[\w-]+\.[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const again = await t.request({ method: 'GET', url: '/api/v1/meta/resources', as: a, headers: { 'if-none-match': tag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      // Another community's owner holds the same: same descriptions, same tag (nothing in it names a community).
      expect((await t.request({ method: 'GET', url: '/api/v1/meta/resources', as: b })).headers.etag).toBe(tag);
      // A reader of the site only: another answer, another tag, and the owner's tag no longer matches.
      const role = await api('POST', 'identity/roles', { name: 'Site only', permissions: { site: 'read' } });
      const email = `site-only@${a.name}.example`;
      await api('POST', 'identity/admins', { name: 'Site only', email, password: 'site-only-password', roleId: dataOf(role, 201).id });
      const login = await t.request({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'community-name': a.name },
        payload: { email, password: 'site-only-password' },
      });
      const reader = { ...a, headers: { authorization: `Bearer ${login.json().token}`, 'community-name': a.name } };
      const narrow = await t.request({ method: 'GET', url: '/api/v1/meta/resources', as: reader, headers: { 'if-none-match': tag } });
      expect(narrow.statusCode).toBe(200);
      expect(narrow.headers.etag).not.toBe(tag);
      // The site's resources, and the platform catalogues every signed-in admin reads.
      const described = narrow.json().data as { module: string; platform: boolean }[];
      expect(described.filter((r) => r.module === 'site').length).toBeGreaterThan(0);
      expect(described.filter((r) => r.module !== 'site' && !r.platform)).toEqual([]);
    });

    it('leaves small answers and unasked-for encodings alone', async () => {
      const health = await t.request({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
      expect(health.headers['content-encoding']).toBeUndefined();
      const list = await t.request({ method: 'GET', url: '/api/v1/site/products?limit=50', as: a });
      expect(list.headers['content-encoding']).toBeUndefined();
    });
  });

  describe('inbound records keep what the visitor sent', () => {
    const path = 'site/get-in-touch-messages';
    let id: string;
    beforeAll(async () => {
      const created = await t.request({
        method: 'POST',
        url: `/api/v1/${path}`,
        as: a,
        payload: { name: 'Ada Visitor', email: 'ada@example.com', message: 'Do you ship to Lyon?' },
      });
      expect(created.statusCode, created.body).toBe(201);
      id = created.json().data.id;
    });

    it('meta declares the fields a change may set, and bulk edit offers only those', async () => {
      const described = await meta(a, path);
      expect(described.ui.editable).toEqual(['status', 'notes', 'assigneeId']);
      expect(described.ui.fields.assigneeId.relation.resource).toBe('identity/admins');
      const downloads = await meta(a, 'site/catalogue-downloads');
      expect(downloads.ui.bulkEdit).toEqual(['status', 'assigneeId']);
      expect((await meta(a, 'site/products')).ui.editable).toBeNull();
    });

    it('refuses a change of what was sent, naming the field, and keeps the record', async () => {
      const res = await t.request({
        method: 'PATCH',
        url: `/api/v1/${path}/${id}`,
        as: a,
        payload: { message: 'Changed', status: 'done' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ message: 'Cannot be changed: it stays as it was sent' });
      const now = (await t.request({ method: 'GET', url: `/api/v1/${path}/${id}`, as: a })).json().data;
      expect(now).toMatchObject({ message: 'Do you ship to Lyon?', status: 'new' });
      const bulk = await t.request({ method: 'PATCH', url: `/api/v1/${path}`, as: a, payload: { ids: [id], patch: { name: 'X' } } });
      expect(bulk.statusCode).toBe(400);
      expect(Object.keys(bulk.json().error.fields)).toEqual(['patch.name']);
    });

    it('changes status, notes and assignee', async () => {
      const res = await t.request({
        method: 'PATCH',
        url: `/api/v1/${path}/${id}`,
        as: a,
        payload: { status: 'in_progress', notes: 'Call back Monday', assigneeId: a.userId },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'in_progress', notes: 'Call back Monday', assigneeId: a.userId });
      const expanded = await t.request({ method: 'GET', url: `/api/v1/${path}/${id}?expand=assignee`, as: a });
      expect(expanded.json().data.expanded.assignee).toEqual({ id: a.userId, title: `Owner of ${a.name}` });
      const foreign = await t.request({ method: 'PATCH', url: `/api/v1/${path}/${id}`, as: a, payload: { assigneeId: b.userId } });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().error.fields).toHaveProperty('assigneeId');
    });
  });

  describe('money and currency', () => {
    it('every signed-in user reads the community currency, set on the brand profile', async () => {
      const before = await t.request({ method: 'GET', url: '/api/v1/settings/locale', as: a });
      expect(before.json()).toEqual({ data: { currency: 'USD' } });
      const created = dataOf(await api('POST', 'settings/client-profile', { businessName: 'Lyon Tiles', currency: 'eur' }), 201);
      expect(created.currency).toBe('EUR');
      expect((await t.request({ method: 'GET', url: '/api/v1/settings/locale', as: a })).json()).toEqual({ data: { currency: 'EUR' } });
      expect((await t.request({ method: 'GET', url: '/api/v1/settings/locale', as: b })).json()).toEqual({ data: { currency: 'USD' } });
      const wrong = await api('PATCH', `settings/client-profile/${created.id}`, { currency: 'euro' });
      expect(wrong.json().error.fields.currency).toBe('Use a three-letter currency code such as EUR or INR');
    });

    it('a money field refuses negative amounts, whichever resource declares it', () => {
      const table = tenantTable('money_probe', { name: text('name').notNull(), price: doublePrecision('price') });
      const { create, update } = deriveSchemas({
        path: 'probe/money',
        module: 'site',
        table,
        label: { singular: 'Probe', plural: 'Probes' },
        fields: { price: { widget: 'money' } },
        examples: [],
      } as never);
      expect(create.safeParse({ name: 'A', price: 12.5 }).success).toBe(true);
      const negative = update.safeParse({ price: -5 });
      expect(negative.error?.issues[0].message).toBe('Cannot be negative');
    });
  });
});
