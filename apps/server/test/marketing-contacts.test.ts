import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { unsubscribePath } from '../src/modules/marketing/contacts/links';
import { sendableOn } from '../src/modules/marketing/contacts/suppression';
import { marketingContacts } from '../src/modules/marketing/tables/contacts';
import { apiOf, appWith, dataOf, droppedMail, refusal, signedInAdmin, type TestCommunity } from './helpers';

/** Contacts (kit resource with the merge rules), consent events, double opt-in, unsubscribe, suppressions, compat. */
const [t, c] = await appWith(1);
const api = apiOf(t, c);
const base = '/api/v1/marketing/contacts';

const create = (payload: Record<string, unknown>, as: TestCommunity = c) => t.request({ method: 'POST', url: base, as, payload });
const compat = (path: string, payload: Record<string, unknown>, method: 'POST' | 'GET' = 'POST', service = 'content') =>
  t.request({
    method,
    url: `/compat/${service}${path}`,
    as: c,
    ...(method === 'GET' ? { query: payload as Record<string, string> } : { payload }),
  });
const eventsOf = async (contactId: string) =>
  (await t.request({ method: 'GET', url: `/api/v1/marketing/consent-events?contactId=${contactId}&sort=createdAt`, as: c })).json()
    .data as {
    channel: string;
    status: string;
    source: string;
    ip: string | null;
  }[];

describe('contacts through the kit', () => {
  it('normalises email and phones (E.164, read in the contact’s country) and records the consent given', async () => {
    const res = await create({
      name: 'Asha Menon',
      email: 'Asha.Menon@Example.COM',
      phone: '098450 12345',
      country: 'in',
      emailConsent: 'opted_in',
    });
    expect(res.statusCode, res.body).toBe(201);
    const contact = res.json().data;
    expect(contact).toMatchObject({ email: 'asha.menon@example.com', phone: '+919845012345', country: 'IN', emailConsent: 'opted_in' });
    expect(await eventsOf(contact.id)).toMatchObject([{ channel: 'email', status: 'opted_in', source: 'console' }]);
  });

  it('refuses an impossible phone, a contact with neither email nor phone, and answers 409 on a duplicate email or phone', async () => {
    const bad = await create({ name: 'X', phone: '12' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['phone']);
    const none = await create({ name: 'Nobody' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields.email).toMatch(/email or a phone/);
    expect((await create({ email: 'dup@example.com' })).statusCode).toBe(201);
    const dup = await create({ email: 'DUP@example.com' });
    expect(dup.statusCode, dup.body).toBe(409);
    expect((await create({ phone: '+44 7700 900123' })).statusCode).toBe(201);
    const dupPhone = await create({ phone: '+447700900123', email: 'other@example.com' });
    expect(dupPhone.statusCode).toBe(409);
  });

  it('filters by consent, country, tags and searches by name, email or phone', async () => {
    await create({
      name: 'Lukas Weber',
      email: 'lukas@example.de',
      country: 'DE',
      tags: ['architect', 'vip'],
      smsConsent: 'opted_in',
      phone: '+49 151 23456789',
    });
    const list = (q: string) =>
      t.request({ method: 'GET', url: `${base}?${q}`, as: c }).then((r) => r.json().data.map((x: { email: string }) => x.email));
    expect(await list('country=DE')).toEqual(['lukas@example.de']);
    expect(await list('tags=vip')).toEqual(['lukas@example.de']);
    expect(await list('smsConsent=opted_in')).toEqual(['lukas@example.de']);
    expect(await list('q=4915123')).toEqual(['lukas@example.de']);
  });

  it('a console opt-in of a suppressed address is refused; opting out is recorded', async () => {
    const contact = (await create({ email: 'bounced@example.com' })).json().data;
    const sup = dataOf(
      await api('POST', 'marketing/suppressions', { channel: 'email', address: 'Bounced@Example.com', reason: 'bounced' }),
      201,
    );
    expect(sup.address).toBe('bounced@example.com');
    const consent = `marketing/contacts/${contact.id}/consent`;
    refusal(await api('POST', consent, { channel: 'email', status: 'opted_in' }), 409, 'suppressed');
    expect(dataOf(await api('POST', consent, { channel: 'sms', status: 'opted_out' })).smsConsent).toBe('opted_out');
    expect((await eventsOf(contact.id)).map((e) => `${e.channel}:${e.status}`)).toEqual(['sms:opted_out']);
  });

  it('a reader cannot write contacts', async () => {
    const reader = await signedInAdmin(t, c, { 'marketing-contacts': 'read' });
    expect((await create({ email: 'reader@example.com' }, reader)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: base, as: reader })).statusCode).toBe(200);
  });
});

describe('double opt-in and unsubscribe', () => {
  const linkIn = (text: string) => new URL(text.match(/https?:\/\/\S+/)![0]);

  it('mails a signed link; following it opts the email in with the visitor’s IP', async () => {
    const contact = (await create({ name: 'Mei Tan', email: 'mei.tan@example.sg' })).json().data;
    const sent = await t.request({ method: 'POST', url: `${base}/${contact.id}/confirmation`, as: c });
    expect(sent.statusCode, sent.body).toBe(202);
    const link = linkIn(droppedMail(t, 'mei.tan@example.sg').text);
    expect(link.pathname).toBe(`/public/${c.name}/marketing/consent/confirm`);
    const ok = await t.request({ method: 'GET', url: `${link.pathname}${link.search}`, remoteAddress: '203.0.113.9' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ confirmed: true, email: 'mei.tan@example.sg' });
    const after = (await t.request({ method: 'GET', url: `${base}/${contact.id}`, as: c })).json().data;
    expect(after.emailConsent).toBe('opted_in');
    expect(await eventsOf(contact.id)).toMatchObject([
      { channel: 'email', status: 'opted_in', source: 'confirmation link', ip: '203.0.113.9' },
    ]);
  });

  it('refuses a tampered, foreign or expired link', async () => {
    const contact = (await create({ email: 'late@example.com' })).json().data;
    await t.request({ method: 'POST', url: `${base}/${contact.id}/confirmation`, as: c });
    const link = linkIn(droppedMail(t, 'late@example.com').text);
    const token = link.searchParams.get('token')!;
    const tampered = await t.request({ method: 'GET', url: `${link.pathname}?token=${token.slice(0, -3)}abc` });
    expect(tampered.statusCode).toBe(403);
    const other = await t.signup();
    const foreign = await t.request({ method: 'GET', url: `/public/${other.name}/marketing/consent/confirm?token=${token}` });
    expect(foreign.statusCode).toBe(403);
    // A link signed like ours but expired: 410.
    const { createHmac } = await import('node:crypto');
    const key = createHmac('sha256', t.config.jwtSecret).update('atrium marketing consent links').digest();
    const expired = await new SignJWT({ p: 'confirm', c: c.name, ch: 'email', a: 'late@example.com' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(contact.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3 * 86400)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 86400)
      .sign(key);
    const res = await t.request({ method: 'GET', url: `${link.pathname}?token=${expired}` });
    expect(res.statusCode).toBe(410);
    expect(res.json().error.code).toBe('link_expired');
    expect((await t.request({ method: 'GET', url: `${base}/${contact.id}`, as: c })).json().data.emailConsent).toBe('unknown');
  });

  it('the unsubscribe link opts out, suppresses the address, and a confirmation link made before it no longer works', async () => {
    const contact = (await create({ email: 'leaver@example.com', emailConsent: 'opted_in' })).json().data;
    await t.request({ method: 'POST', url: `${base}/${contact.id}/confirmation`, as: c });
    const confirm = linkIn(droppedMail(t, 'leaver@example.com').text);
    // Tokens carry seconds: the unsubscribe must come strictly after the link was made.
    await new Promise((r) => setTimeout(r, 1100));
    const path = await unsubscribePath(t.config.jwtSecret, c.name, contact.id, 'email', 'leaver@example.com');
    const res = await t.request({ method: 'GET', url: path, remoteAddress: '198.51.100.4' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.request({ method: 'GET', url: `${base}/${contact.id}`, as: c })).json().data.emailConsent).toBe('opted_out');
    const sups = (await t.request({ method: 'GET', url: '/api/v1/marketing/suppressions?q=leaver', as: c })).json().data;
    expect(sups).toMatchObject([{ channel: 'email', address: 'leaver@example.com', reason: 'unsubscribed', contactId: contact.id }]);
    const stale = await t.request({ method: 'GET', url: `${confirm.pathname}${confirm.search}` });
    expect(stale.statusCode).toBe(403);
    // A new confirmation lifts the suppression: only the address's owner can come back.
    await t.request({ method: 'POST', url: `${base}/${contact.id}/confirmation`, as: c });
    const fresh = linkIn(droppedMail(t, 'leaver@example.com').text);
    expect((await t.request({ method: 'GET', url: `${fresh.pathname}${fresh.search}` })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/v1/marketing/suppressions?q=leaver', as: c })).json().data).toEqual([]);
  });
});

describe('sendableOn: opted in on the channel and not suppressed', () => {
  it('counts only contacts opted in with an address on the channel that is not on the suppression list', async () => {
    const d = await t.signup();
    const add = async (payload: Record<string, unknown>) => {
      const res = await create(payload, d);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data;
    };
    await add({ name: 'A', email: 'a@example.com', phone: '+919845000001', emailConsent: 'opted_in', smsConsent: 'opted_in' });
    await add({ name: 'B', email: 'b@example.com', emailConsent: 'opted_in', smsConsent: 'opted_in' }); // no phone: no SMS
    await add({ name: 'C', email: 'c@example.com', emailConsent: 'opted_out' });
    await add({ name: 'E', phone: '+919845000002', whatsapp: '+919845000003', whatsappConsent: 'opted_in', emailConsent: 'opted_in' });
    await add({ name: 'F', email: 'f@example.com', emailConsent: 'opted_in' });
    for (const payload of [
      { channel: 'email', address: 'f@example.com', reason: 'bounced' },
      { channel: 'sms', address: '+919845000001', reason: 'unsubscribed' },
      { channel: 'whatsapp', address: '+919845000002', reason: 'manual' }, // E's phone, not the WhatsApp number it uses
    ]) {
      expect((await t.request({ method: 'POST', url: '/api/v1/marketing/suppressions', as: d, payload })).statusCode).toBe(201);
    }
    const names = (channel: 'email' | 'sms' | 'whatsapp') =>
      t.app.db.withTenant(d.tenantId, (tx) =>
        tx
          .select({ name: marketingContacts.name })
          .from(marketingContacts)
          .where(and(eq(marketingContacts.tenantId, d.tenantId), sendableOn(channel)))
          .orderBy(marketingContacts.name),
      );
    expect((await names('email')).map((r) => r.name)).toEqual(['A', 'B']);
    expect(await names('sms')).toEqual([]);
    expect((await names('whatsapp')).map((r) => r.name)).toEqual(['E']);
  });
});

describe('compat /users/* and /optin/getAllOptinUser', () => {
  it('adds, lists, finds, merges WhatsApp users, uploads in bulk and lists opt-ins', async () => {
    const other = await t.signup();
    const added = await compat('/users/addUser', { name: 'Kofi Mensah', email: 'kofi@example.com', phone: '+233 24 123 4567' });
    expect(added.statusCode, added.body).toBe(200);
    const kofi = added.json().data;
    expect(kofi).toMatchObject({ _id: kofi.id, phone: '+233241234567' });
    const found = await compat('/users/findUser', { phone: '+233 24 123 4567' });
    expect(found.json().data.id).toBe(kofi.id);
    expect((await compat('/users/findUser', { email: 'KOFI@example.com' })).json().data.id).toBe(kofi.id);
    expect((await compat('/users/findUser', { email: 'nobody@example.com' })).statusCode).toBe(404);

    const wa = await compat('/users/addUserFromWhatsapp', { name: 'Kofi M.', waId: '233241234567', optIn: true });
    expect(wa.statusCode, wa.body).toBe(200);
    expect(wa.json().data).toMatchObject({ id: kofi.id, created: false, whatsapp: '+233241234567', whatsappConsent: 'opted_in' });

    const bulk = await compat('/users/uploadInBulk', {
      users: [
        { name: 'Ada', email: 'ada@example.com', phone: '+44 7700 900456' },
        { name: 'Ada Lovelace', email: 'ADA@example.com', tags: ['math'] },
        { name: 'Bad', email: 'not-an-email' },
        { name: 'Kofi again', email: 'kofi@example.com', city: 'Accra' },
      ],
      addTags: ['bulk'],
      consent: { sms: 'opted_in' },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().data).toMatchObject({
      created: 1,
      updated: 2,
      failed: 1,
      errors: [{ row: 2, fields: { email: expect.any(String) } }],
    });

    const optins = await compat('/optin/getAllOptinUser', { channel: 'sms', limit: '50' }, 'GET', 'core');
    expect(optins.statusCode, optins.body).toBe(200);
    const emails = optins.json().data.map((x: { email: string }) => x.email);
    expect(emails).toEqual(expect.arrayContaining(['ada@example.com', 'kofi@example.com']));
    const wa2 = await compat('/optin/getAllOptinUser', {}, 'GET', 'core');
    expect(wa2.json().data.map((x: { id: string }) => x.id)).toEqual([kofi.id]);

    const all = await compat('/users/all', { search: 'ada' });
    expect(all.json().data).toMatchObject([{ name: 'Ada Lovelace', phone: '+447700900456', tags: ['bulk', 'math'] }]);
    const theirs = await t.request({ method: 'POST', url: '/compat/content/users/all', as: other, payload: {} });
    expect(theirs.json().data).toEqual([]);
  });
});
