import { describe, expect, it } from 'vitest';
import { isCountryCode, isCurrencyCode, isLanguageCode, isTimeZone } from '../src/kernel/resources/codes';
import { appWith } from './helpers';

const [t, a, b] = await appWith(2);

const create = async (payload: Record<string, unknown>) => {
  const res = await t.request({ method: 'POST', url: '/api/v1/site/products', as: a, payload });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; name: string; createdAt: string };
};
const undo = (body: Record<string, unknown>, as = a) => t.request({ method: 'POST', url: '/api/v1/site/products/undo', as, payload: body });
const get = (id: string) => t.request({ method: 'GET', url: `/api/v1/site/products/${id}`, as: a });

describe('undo: the caller puts back their latest deletion or change', () => {
  it('brings a deleted record back with its id, fields and creation time, audited as a creation', async () => {
    const row = await create({ code: 'UN-1', name: 'Oak strip', summary: 'Kept words' });
    expect((await t.request({ method: 'DELETE', url: `/api/v1/site/products/${row.id}`, as: a })).statusCode).toBe(204);
    expect((await get(row.id)).statusCode).toBe(404);
    const res = await undo({ ids: [row.id], action: 'delete' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ restored: 1, ids: [row.id] });
    const back = await get(row.id);
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({ id: row.id, code: 'UN-1', name: 'Oak strip', summary: 'Kept words' });
    expect(new Date(back.json().data.createdAt).getTime()).toBe(new Date(row.createdAt).getTime());
    const history = (await t.request({ method: 'GET', url: `/api/v1/site/products/${row.id}/revisions`, as: a })).json().data;
    expect(history.map((r: { action: string }) => r.action)).toEqual(['create', 'delete', 'create']);
    // Undone once: the latest entry is now the restoring creation, so a second undo is refused.
    expect((await undo({ ids: [row.id], action: 'delete' })).statusCode).toBe(409);
  });

  it('undoes a bulk delete all together and a bulk edit field by field', async () => {
    const one = await create({ code: 'UN-2', name: 'Slate one', status: 'draft' });
    const two = await create({ code: 'UN-3', name: 'Slate two', status: 'published' });
    const edit = await t.request({
      method: 'PATCH',
      url: '/api/v1/site/products',
      as: a,
      payload: { ids: [one.id, two.id], patch: { status: 'archived' } },
    });
    expect(edit.statusCode).toBe(200);
    const undone = await undo({ ids: [one.id, two.id], action: 'update' });
    expect(undone.statusCode).toBe(200);
    expect((await get(one.id)).json().data.status).toBe('draft');
    expect((await get(two.id)).json().data.status).toBe('published');

    const removed = await t.request({
      method: 'POST',
      url: '/api/v1/site/products/bulk-delete',
      as: a,
      payload: { ids: [one.id, two.id] },
    });
    expect(removed.json().deleted).toBe(2);
    expect((await undo({ ids: [one.id, two.id], action: 'delete' })).json().restored).toBe(2);
    expect((await get(two.id)).json().data.name).toBe('Slate two');
  });

  it('refuses what it cannot undo: the wrong kind, another community, bad input', async () => {
    const row = await create({ code: 'UN-4', name: 'Teak board' });
    // The latest change is a creation, not a deletion: nothing undone.
    const wrong = await undo({ ids: [row.id], action: 'delete' });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error.code).toBe('not_undoable');
    await t.request({ method: 'DELETE', url: `/api/v1/site/products/${row.id}`, as: a });
    // Another community does not see the history: 409, and the record stays deleted for it and us.
    expect((await undo({ ids: [row.id], action: 'delete' }, b)).statusCode).toBe(409);
    expect((await get(row.id)).statusCode).toBe(404);
    expect((await undo({ ids: [], action: 'delete' })).statusCode).toBe(400);
    expect((await undo({ ids: ['nope'], action: 'delete' })).statusCode).toBe(400);
    expect((await undo({ ids: [row.id], action: 'create' })).statusCode).toBe(400);
  });
});

describe('standard code fields', () => {
  it('knows real codes from the runtime and refuses others', () => {
    expect(isCountryCode('IN')).toBe(true);
    expect(isCountryCode('in')).toBe(true);
    expect(isCountryCode('UK')).toBe(false); // withdrawn alias of GB
    expect(isCountryCode('EU')).toBe(false);
    expect(isCountryCode('XX')).toBe(false);
    expect(isCurrencyCode('INR')).toBe(true);
    expect(isCurrencyCode('ABC')).toBe(false);
    expect(isCurrencyCode('eur')).toBe(true);
    expect(isCurrencyCode('DEM')).toBe(false); // named by ICU, withdrawn: no amount is kept in it
    expect(isLanguageCode('en')).toBe(true);
    expect(isLanguageCode('fr-CA')).toBe(true);
    expect(isLanguageCode('english')).toBe(false);
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  it('declares the fields in meta and refuses an unknown code at the field', async () => {
    const meta = (await t.request({ method: 'GET', url: '/api/v1/meta/resources', as: a })).json().data;
    const taxRates = meta.find((r: { path: string }) => r.path === 'commerce/tax-rates');
    expect(taxRates.ui.fields.country.widget).toBe('country');
    const settings = meta.find((r: { path: string }) => r.path === 'commerce/settings');
    expect(settings.ui.fields.currency.widget).toBe('currency');
    const bad = await t.request({
      method: 'POST',
      url: '/api/v1/commerce/tax-rates',
      as: a,
      payload: { name: 'Nowhere', taxClass: 'standard', country: 'QQ', ratePpm: 10_000 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.country).toMatch(/country/i);
    const good = await t.request({
      method: 'POST',
      url: '/api/v1/commerce/tax-rates',
      as: a,
      payload: { name: 'France', taxClass: 'standard', country: 'fr', ratePpm: 200_000 },
    });
    expect(good.statusCode).toBe(201);
    expect(good.json().data.country).toBe('FR');
  });
});

describe('starred pages: the user’s own, at most 10, in order', () => {
  const me = (as = a) => t.request({ method: 'GET', url: '/api/v1/auth/me', as });
  const star = (starred: unknown, as = a) => t.request({ method: 'PATCH', url: '/api/v1/auth/me', as, payload: { starred } });

  it('keeps the starred paths of each user in the order given, and no one else sees them', async () => {
    expect((await me()).json().data.starred).toEqual([]);
    const paths = ['/admin-panel/controlcenter/e-commerce/coupon-Management', '/admin-panel/dashboard'];
    const res = await star(paths);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.starred).toEqual(paths);
    expect((await me()).json().data.starred).toEqual(paths);
    expect((await me(b)).json().data.starred).toEqual([]);
    // The admins screen never shows another user's stars.
    const admins = (await t.request({ method: 'GET', url: '/api/v1/identity/admins', as: a })).json().data as Record<string, unknown>[];
    expect(admins.length).toBeGreaterThan(0);
    for (const admin of admins) expect(Object.keys(admin)).not.toContain('starred');
    expect((await star([])).json().data.starred).toEqual([]);
  });

  it('refuses an eleventh star, the same page twice and what is not a console path, at the field', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `/admin-panel/page-${i}`);
    for (const bad of [eleven, ['/admin-panel/dashboard', '/admin-panel/dashboard'], ['https://evil.example/'], ['/a b'], 'dashboard']) {
      const res = await star(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(
        Object.keys(res.json().error.fields ?? {}).some((k) => k.startsWith('starred')),
        JSON.stringify(res.json()),
      ).toBe(true);
    }
    expect((await star(eleven.slice(0, 10))).statusCode).toBe(200);
    expect((await me()).json().data.starred).toHaveLength(10);
    expect((await star([])).statusCode).toBe(200);
  });
});
