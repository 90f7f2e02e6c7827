import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport } from './csv-helpers';
import { startTestApp, type TestApp, type TestCommunity } from './helpers';

// Issue 22, finding 9: one suppression rule for every way a contact's consent changes. An address
// on the suppression list is not opted in again by an edit (PATCH, bulk edit, revision restore, a
// compat call: refused, 409) nor by a file (the opt-in dropped); only the double opt-in link brings
// it back.

type Json = Record<string, any>;

describe('the suppression rule on every consent path', () => {
  let t: TestApp;
  let c: TestCommunity;
  const api = async (method: string, path: string, payload?: unknown) => {
    const res = await t.request({ method: method as 'GET', url: `/api/v1/${path}`, payload: payload as object, as: c });
    return { status: res.statusCode, body: res.json() as Json, raw: res.body };
  };
  const compat = async (path: string, payload: Json) => {
    const res = await t.request({ method: 'POST', url: `/compat/content${path}`, payload, as: c });
    return { status: res.statusCode, body: res.json() as Json, raw: res.body };
  };
  const contact = async (id: string) => (await api('GET', `marketing/contacts/${id}`)).body.data as Json;
  /** A contact opted out of email whose address is suppressed (it unsubscribed). */
  const unsubscribed = async (email: string) => {
    const created = await api('POST', 'marketing/contacts', { name: 'Leaver', email, emailConsent: 'opted_in' });
    expect(created.status, created.raw).toBe(201);
    const id = created.body.data.id as string;
    expect((await api('PATCH', `marketing/contacts/${id}`, { emailConsent: 'opted_out' })).status).toBe(200);
    const listed = await api('POST', 'marketing/suppressions', { channel: 'email', address: email, reason: 'unsubscribed' });
    expect(listed.status, listed.raw).toBe(201);
    return id;
  };

  beforeAll(async () => {
    t = await startTestApp();
    c = await t.signup();
  });
  afterAll(() => t.close());

  it('PATCH: an opt-in of a suppressed address is refused, as on the consent route', async () => {
    const id = await unsubscribed('patch@example.com');
    const patched = await api('PATCH', `marketing/contacts/${id}`, { emailConsent: 'opted_in' });
    expect(patched.status, patched.raw).toBe(409);
    expect(patched.body.error.code).toBe('suppressed');
    const route = await api('POST', `marketing/contacts/${id}/consent`, { channel: 'email', status: 'opted_in' });
    expect(route.status).toBe(409);
    expect(await contact(id)).toMatchObject({ emailConsent: 'opted_out' });
    // Other edits of the contact, and an opt-out, still go through.
    expect((await api('PATCH', `marketing/contacts/${id}`, { name: 'Renamed', emailConsent: 'opted_out' })).status).toBe(200);
  });

  it('PATCH: moving an opted-in contact to a suppressed address is refused', async () => {
    await unsubscribed('taken@example.com');
    const other = await api('POST', 'marketing/contacts', { name: 'Fan', email: 'fan@example.com', emailConsent: 'opted_in' });
    const moved = await api('PATCH', `marketing/contacts/${other.body.data.id}`, { email: 'somebody-else@example.com' });
    expect(moved.status).toBe(200);
    await api('POST', 'marketing/suppressions', { channel: 'email', address: 'blocked@example.com', reason: 'complained' });
    const blocked = await api('PATCH', `marketing/contacts/${other.body.data.id}`, { email: 'blocked@example.com' });
    expect(blocked.status, blocked.raw).toBe(409);
  });

  it('a new contact (console or compat) is not created opted in at a suppressed address', async () => {
    await api('POST', 'marketing/suppressions', { channel: 'email', address: 'new@example.com', reason: 'unsubscribed' });
    const created = await api('POST', 'marketing/contacts', { name: 'New', email: 'new@example.com', emailConsent: 'opted_in' });
    expect(created.status, created.raw).toBe(409);
    const added = await compat('/users/addUser', { name: 'New', email: 'new@example.com', emailConsent: 'opted_in' });
    expect(added.status, added.raw).toBe(409);
    expect((await api('GET', 'marketing/contacts?q=new@example.com')).body.data).toEqual([]);
  });

  it('a revision restore does not bring an opt-in back', async () => {
    const id = await unsubscribed('restore@example.com');
    const revisions = (await api('GET', `marketing/contacts/${id}/revisions`)).body.data as Json[];
    const optedIn =
      revisions.find((r) => r.changes?.some?.((ch: Json) => ch.field === 'emailConsent' && ch.after === 'opted_in')) ?? revisions.at(-1);
    expect(optedIn?.id).toEqual(expect.any(String));
    const restored = await api('POST', `marketing/contacts/${id}/revisions/${optedIn!.id}/restore`);
    expect(restored.status, restored.raw).toBe(409);
    expect(await contact(id)).toMatchObject({ emailConsent: 'opted_out' });
  });

  it('a bulk edit cannot set consent', async () => {
    const id = await unsubscribed('bulk@example.com');
    const res = await api('PATCH', 'marketing/contacts', { ids: [id], patch: { emailConsent: 'opted_in' } });
    expect(res.status).toBe(400);
    expect(await contact(id)).toMatchObject({ emailConsent: 'opted_out' });
  });

  it('an import and a compat upload drop the opt-in of a suppressed address and keep the rest', async () => {
    const id = await unsubscribed('file@example.com');
    const job = await runImport(
      t,
      c,
      'marketing/contacts',
      'Name,Email,Email consent\nLeaver,file@example.com,opted_in\nFresh,fresh@example.com,opted_in\n',
      {
        mapping: { Name: 'name', Email: 'email', 'Email consent': 'emailConsent' },
      },
    );
    expect(job, JSON.stringify(job.errors)).toMatchObject({ status: 'done', failed: 0 });
    expect(await contact(id)).toMatchObject({ emailConsent: 'opted_out' });
    const [fresh] = (await api('GET', 'marketing/contacts?q=fresh@example.com')).body.data as Json[];
    expect(fresh).toMatchObject({ emailConsent: 'opted_in' });
    const uploaded = await compat('/users/uploadInBulk', {
      users: [{ name: 'Leaver', email: 'file@example.com', emailConsent: 'opted_in' }],
    });
    expect(uploaded.status, uploaded.raw).toBe(200);
    expect(await contact(id)).toMatchObject({ emailConsent: 'opted_out' });
  });
});
