import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageCache } from '../src/modules/marketing/pages/cache';
import { SIGNUP_LIMIT } from '../src/modules/marketing/pages/public';
import { today } from '../src/modules/marketing/pages/stats';
import { marketingConsentEvents, marketingContacts } from '../src/modules/marketing/tables/contacts';
import { appWith, droppedMail, randomIp, type TestCommunity } from './helpers';

type Json = Record<string, any>;

const design = (blocks: Json[]) => ({ accent: '#1f6feb', blocks });
const signupBlock = (optIn: 'single' | 'double', extra: Json = {}) => ({
  id: 'join',
  type: 'signup',
  heading: 'Join',
  consentText: 'I agree to receive news by email.',
  optIn,
  askPhone: true,
  tags: ['spring'],
  ...extra,
});
const ctaBlock = { id: 'buy', type: 'cta', label: 'Buy now', url: 'https://shop.example/buy' };

const [t, c, other] = await appWith(2);

describe('landing pages', () => {
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: Json, as: TestCommunity = c) =>
    t.request({ method, url: `/api/v1/${path}`, payload, as });
  const ok = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: Json, as: TestCommunity = c) => {
    const res = await call(method, path, payload, as);
    expect(res.statusCode, `${method} ${path}: ${res.body}`).toBeLessThan(300);
    return res.json().data;
  };
  const compat = (path: string, payload: Json, as: TestCommunity | undefined = c) =>
    t.request({ method: 'POST', url: `/compat/content${path}`, payload, as });
  const page = (slug: string, headers: Record<string, string> = {}, community = c) =>
    t.request({ method: 'GET', url: `/public/${community.name}/p/${slug}`, headers, remoteAddress: randomIp() });
  /** The page's HTML form as a client posts it: JSON answers, or (`browser`) a page like a browser gets. */
  const signup = (slug: string, blockId: string, form: Record<string, string>, ip = randomIp(), browser = false) =>
    t.request({
      method: 'POST',
      url: `/public/${c.name}/p/${slug}/signup/${blockId}`,
      payload: new URLSearchParams(form).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': 'Vitest browser',
        ...(browser ? { accept: 'text/html,application/xhtml+xml' } : {}),
      },
      remoteAddress: ip,
    });
  const contactByEmail = (email: string, tenantId = c.tenantId) =>
    t.app.db.withTenant(tenantId, async (tx) => {
      const [row] = await tx
        .select()
        .from(marketingContacts)
        .where(and(eq(marketingContacts.tenantId, tenantId), eq(marketingContacts.email, email)));
      return row;
    });
  const stats = (id: string) => ok('GET', `marketing/landing-pages/${id}/stats?days=7`);

  describe('pages, templates and slugs', () => {
    it('lists the starter templates and makes a page from one, with a slug from the name', async () => {
      const templates = await ok('GET', 'marketing/landing-page-templates');
      expect(templates.map((x: Json) => x.key)).toEqual(['lead-capture', 'product-launch', 'event-invitation']);
      const made = await ok('POST', 'marketing/landing-pages', { name: 'Summer Guide 2026', templateKey: 'lead-capture' });
      expect(made).toMatchObject({ slug: 'summer-guide-2026', status: 'draft', templateKey: 'lead-capture', opens: 0 });
      expect(made.design.blocks.map((b: Json) => b.type)).toEqual(['hero', 'features', 'signup', 'footer']);
      const again = await ok('POST', 'marketing/landing-pages', { name: 'Summer guide 2026' });
      expect(again.slug).toBe('summer-guide-2026-2');
      const edited = await ok('PATCH', `marketing/landing-pages/${again.id}`, { name: 'Winter guide' });
      expect(edited.name).toBe('Winter guide');
      expect((await call('DELETE', `marketing/landing-pages/${again.id}`)).statusCode).toBe(204);
      expect((await call('GET', `marketing/landing-pages/${again.id}`)).statusCode).toBe(404);
    });

    it('refuses a slug another page of the community has (409), allows it in another community', async () => {
      await ok('POST', 'marketing/landing-pages', { name: 'Taken', slug: 'taken-slug' });
      const dup = await call('POST', 'marketing/landing-pages', { name: 'Also', slug: 'taken-slug' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().error.fields).toEqual({ slug: 'Already used by another page' });
      const mine = await ok('POST', 'marketing/landing-pages', { name: 'Mine', slug: 'mine' });
      const moved = await compat('/marcom/landingpage/updateUrl', { _id: mine.id, slug: 'taken-slug' });
      expect(moved.statusCode).toBe(409);
      const renamed = await compat('/marcom/landingpage/updateUrl', { _id: mine.id, url: 'Mine-Renamed' });
      expect(renamed.json().data.slug).toBe('mine-renamed');
      const bad = await compat('/marcom/landingpage/updateUrl', { _id: mine.id, slug: 'no spaces/here' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().error.fields)).toEqual(['slug']);
      expect((await ok('POST', 'marketing/landing-pages', { name: 'Elsewhere', slug: 'taken-slug' }, other)).slug).toBe('taken-slug');
    });

    it('validates the design: unknown block types, unsafe links and repeated block ids are refused with the field named', async () => {
      const unsafe = await call('POST', 'marketing/landing-pages', {
        name: 'Bad',
        design: design([{ ...ctaBlock, url: 'javascript:alert(1)' }]),
      });
      expect(unsafe.statusCode).toBe(400);
      expect(Object.keys(unsafe.json().error.fields).join()).toMatch(/design/);
      const twice = await call('POST', 'marketing/landing-pages', { name: 'Bad', design: design([ctaBlock, ctaBlock]) });
      expect(twice.statusCode).toBe(400);
      const unknown = await call('POST', 'marketing/landing-pages', { name: 'Bad', design: design([{ id: 'x', type: 'marquee' }]) });
      expect(unknown.statusCode).toBe(400);
    });
  });

  describe('the public page', () => {
    let p: Json;

    beforeAll(async () => {
      p = await ok('POST', 'marketing/landing-pages', {
        name: 'Offer <b>now</b>',
        slug: 'offer',
        seoTitle: 'Tiles & "slabs"',
        seoDescription: 'Spring <offer>',
        design: design([
          { id: 'hero', type: 'hero', heading: '<script>alert(1)</script> Big sale', ctaLabel: 'Shop', ctaUrl: 'https://shop.example/' },
          ctaBlock,
          signupBlock('single'),
        ]),
      });
    });

    it('is 404 while a draft, refused publishing without blocks, served once published', async () => {
      expect((await page('offer')).statusCode).toBe(404);
      const empty = await ok('POST', 'marketing/landing-pages', { name: 'Empty', design: design([]) });
      const refused = await call('PATCH', `marketing/landing-pages/${empty.id}`, { status: 'published' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual({ design: 'Add at least one block before publishing' });
      const published = await ok('PATCH', `marketing/landing-pages/${p.id}`, { status: 'published' });
      expect(published.publishedAt).toMatch(/^\d{4}-/);
      expect((await page('offer')).statusCode).toBe(200);
      expect((await page('offer', {}, other)).statusCode).toBe(404);
    });

    it('escapes everything and carries no inline script', async () => {
      const res = await page('offer');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const html = res.body;
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Big sale');
      expect(html).toContain('<title>Tiles &amp; &quot;slabs&quot;</title>');
      expect(html).toContain('content="Spring &lt;offer&gt;"');
      expect(html).not.toContain('<script>alert');
      expect([...html.matchAll(/<script[^>]*>/g)].map((m) => m[0])).toEqual([
        `<script src="/public/${c.name}/p/-/landing.js" defer></script>`.replace('</script>', ''),
      ]);
      expect(html).toContain(`href="/public/${c.name}/p/offer/go/buy"`);
      expect(html).toContain(`action="/public/${c.name}/p/offer/signup/join"`);
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
      const js = await t.request({ method: 'GET', url: `/public/${c.name}/p/-/landing.js` });
      expect(js.headers['content-type']).toMatch(/javascript/);
      expect(js.body).toContain('sendBeacon');
    });

    it('serves the second request from memory, answers 304 to its ETag, renders again after an edit', async () => {
      const first = await page('offer');
      const hitsBefore = pageCache.hits;
      const second = await page('offer');
      expect(second.headers['x-cache']).toBe('hit');
      expect(pageCache.hits).toBe(hitsBefore + 1);
      expect(second.body).toBe(first.body);
      expect(second.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
      const etag = String(second.headers.etag);
      expect(etag).toMatch(/^W\/"/);
      const notModified = await page('offer', { 'if-none-match': etag });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.body).toBe('');

      await ok('PATCH', `marketing/landing-pages/${p.id}`, { seoTitle: 'New title' });
      const after = await page('offer', { 'if-none-match': etag });
      expect(after.statusCode).toBe(200);
      expect(after.headers['x-cache']).toBe('miss');
      expect(after.body).toContain('<title>New title</title>');
      expect(after.headers.etag).not.toBe(etag);
    });

    it('is gone again once unpublished', async () => {
      await ok('PATCH', `marketing/landing-pages/${p.id}`, { status: 'draft' });
      expect((await page('offer')).statusCode).toBe(404);
      await ok('PATCH', `marketing/landing-pages/${p.id}`, { status: 'published' });
      expect((await page('offer')).statusCode).toBe(200);
    });

    it('counts opens per page and clicks per block, in one row per day', async () => {
      for (let i = 0; i < 3; i++) {
        const open = await t.request({ method: 'POST', url: `/public/${c.name}/p/offer/open`, remoteAddress: randomIp() });
        expect(open.statusCode).toBe(204);
      }
      const go = await t.request({ method: 'GET', url: `/public/${c.name}/p/offer/go/buy`, remoteAddress: randomIp() });
      expect(go.statusCode).toBe(302);
      expect(go.headers.location).toBe('https://shop.example/buy');
      await t.request({ method: 'GET', url: `/public/${c.name}/p/offer/go/hero`, remoteAddress: randomIp() });
      await t.request({ method: 'GET', url: `/public/${c.name}/p/offer/go/hero`, remoteAddress: randomIp() });
      expect((await t.request({ method: 'GET', url: `/public/${c.name}/p/offer/go/join` })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: `/public/${c.name}/p/offer/go/nope` })).statusCode).toBe(404);

      const s = await stats(p.id);
      expect(s.days).toHaveLength(7);
      expect(s.days.at(-1)).toEqual({ day: today(), opens: 3, clicks: 3, signups: 0 });
      expect(s.blocks).toEqual([
        { blockId: 'hero', clicks: 2, signups: 0 },
        { blockId: 'buy', clicks: 1, signups: 0 },
      ]);
      expect(s.page).toMatchObject({ opens: 3, clicks: 3 });
      const rows = await t.app.db.query<{ n: number }>('select count(*)::int as n from marketing_landing_stats where page_id = $1', [p.id]);
      expect(rows[0]!.n).toBe(3);
    });

    it('a single opt-in signup creates a contact with the consent and its proof (IP), and counts toward conversion', async () => {
      const res = await signup(
        'offer',
        'join',
        { email: 'Ravi.K@Example.com', phone: '+91 98450 11111', consent: 'yes' },
        '198.51.100.7',
        true,
      );
      expect(res.statusCode, res.body).toBe(202);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('Thank you! We will be in touch.');
      const contact = await contactByEmail('ravi.k@example.com');
      expect(contact).toMatchObject({ phone: '+919845011111', source: 'landing_page', emailConsent: 'opted_in', tags: ['spring'] });
      const events = await t.app.db.withTenant(c.tenantId, (tx) =>
        tx.select().from(marketingConsentEvents).where(eq(marketingConsentEvents.contactId, contact!.id)),
      );
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ channel: 'email', status: 'opted_in', ip: '198.51.100.7', userAgent: 'Vitest browser' });
      expect(events[0]!.source).toContain('landing page offer');

      // The same person again merges (no second contact) and adds no consent event (nothing changed).
      const json = await t.request({
        method: 'POST',
        url: `/public/${c.name}/p/offer/signup/join`,
        payload: { email: 'ravi.k@example.com', name: 'Ravi', consent: 'yes' },
        remoteAddress: randomIp(),
      });
      expect(json.statusCode).toBe(202);
      expect(json.json().data).toEqual({ received: true, confirmation: 'not_needed' });
      const s = await stats(p.id);
      expect(s.page).toMatchObject({ opens: 3, signups: 2 });
      expect(s.period.conversionRate).toBe(66.7);
      expect(s.blocks.find((b: Json) => b.blockId === 'join')).toEqual({ blockId: 'join', clicks: 0, signups: 2 });

      // The dashboard's card: every page's days summed, the pages opened most, the conversion.
      const traffic = await ok('GET', 'marketing/landing-pages/traffic?days=7');
      expect(traffic.days).toHaveLength(7);
      const pageRow = traffic.pages.find((row: Json) => row.id === p.id);
      expect(pageRow).toMatchObject({ name: p.name, opens: 3, signups: 2, conversionRate: 66.7 });
      const summed = traffic.days.reduce((n: number, d: Json) => n + d.opens, 0);
      expect(traffic.period.opens).toBe(summed);
      expect(traffic.period.opens).toBeGreaterThanOrEqual(3);
      expect((await t.request({ method: 'GET', url: '/api/v1/marketing/landing-pages/traffic', as: other })).json().data.pages).toEqual([]);
    });

    it('a double opt-in signup leaves the consent unknown until confirmed', async () => {
      const d = await ok('POST', 'marketing/landing-pages', {
        name: 'Double',
        status: 'published',
        design: design([signupBlock('double', { id: 'form' })]),
      });
      const res = await t.request({
        method: 'POST',
        url: `/public/${c.name}/p/${d.slug}/signup/form`,
        payload: { email: 'double@example.com', consent: 'yes' },
        remoteAddress: randomIp(),
      });
      expect(res.json().data).toEqual({ received: true, confirmation: 'pending' });
      expect(await contactByEmail('double@example.com')).toMatchObject({ emailConsent: 'unknown', source: 'landing_page' });
      // The signed confirmation link is mailed; following it opts the email in.
      const link = new URL(droppedMail(t, 'double@example.com').text.match(/https?:\/\/\S+/)![0]);
      const confirmed = await t.request({ method: 'GET', url: `${link.pathname}${link.search}`, remoteAddress: randomIp() });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(await contactByEmail('double@example.com')).toMatchObject({ emailConsent: 'opted_in' });
    });

    it('refuses bad signups (400 naming the field), ignores a filled honeypot, limits per address', async () => {
      const noConsent = await signup('offer', 'join', { email: 'x@example.com' });
      expect(noConsent.statusCode).toBe(400);
      expect(Object.keys(noConsent.json().error.fields)).toEqual(['consent']);
      const inBrowser = await signup('offer', 'join', { email: 'x@example.com' }, randomIp(), true);
      expect(inBrowser.statusCode).toBe(400);
      expect(inBrowser.headers['content-type']).toMatch(/^text\/html/);
      expect(inBrowser.body).toContain('Tick the box to agree');
      const badEmail = await signup('offer', 'join', { email: 'not-an-email', consent: 'yes' });
      expect(Object.keys(badEmail.json().error.fields)).toEqual(['email']);
      const badPhone = await signup('offer', 'join', { email: 'p@example.com', phone: '12', consent: 'yes' });
      expect(badPhone.json().error.fields).toHaveProperty('phone');
      expect((await signup('offer', 'hero', { email: 'x@example.com', consent: 'yes' })).statusCode).toBe(404);
      const bot = await signup('offer', 'join', { email: 'bot@example.com', consent: 'yes', website: 'http://spam.example' });
      expect(bot.statusCode).toBe(202);
      expect(await contactByEmail('bot@example.com')).toBeUndefined();

      const ip = randomIp();
      for (let i = 0; i < SIGNUP_LIMIT.max; i++) {
        expect((await signup('offer', 'join', { email: `limit${i}@example.com`, consent: 'yes' }, ip)).statusCode).toBe(202);
      }
      const limited = await signup('offer', 'join', { email: 'limit-over@example.com', consent: 'yes' }, ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('rate_limited');
      expect(await contactByEmail('limit-over@example.com')).toBeUndefined();
    });
  });

  describe('compat lines', () => {
    it('add, getAll, getSingle, updateLandingPage, deleteLanding', async () => {
      const added = (await compat('/marcom/landingpage/add', { name: 'Compat page', templateKey: 'event-invitation' })).json().data;
      expect(added).toMatchObject({ slug: 'compat-page', status: 'draft' });
      const all = await compat('/marcom/landingpage/getAll', { search: 'Compat' });
      expect(all.json().data.map((r: Json) => r.id)).toEqual([added.id]);
      const single = (await compat('/marcom/landingpage/getSingle', { _id: added.id })).json().data;
      expect(single).toMatchObject({ id: added.id, stats: { period: { opens: 0, conversionRate: 0 } } });
      expect(single.stats.days).toHaveLength(30);
      const updated = await compat('/marcom/landingpage/updateLandingPage', { _id: added.id, status: 'published' });
      expect(updated.json().data.status).toBe('published');
      expect((await compat('/marcom/landingpage/getSingle', { _id: added.id }, other)).statusCode).toBe(404);
      expect((await compat('/marcom/landingpage/deleteLanding', { _id: added.id })).statusCode).toBe(200);
      expect((await compat('/marcom/landingpage/getSingle', { _id: added.id })).statusCode).toBe(404);
    });

    it('updateOpens and updateClientClick count on a published page without signing in', async () => {
      const p = await ok('POST', 'marketing/landing-pages', { name: 'Counted', status: 'published', design: design([ctaBlock]) });
      const opened = await compat('/marcom/landingpage/updateOpens', { community: c.name, _id: p.id }, undefined);
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.json().data).toMatchObject({ id: p.id, counted: true });
      expect(
        (await compat('/marcom/landingpage/updateClientClick', { community: c.name, id: p.id, blockId: 'buy' }, undefined)).statusCode,
      ).toBe(200);
      const noBlock = await compat('/marcom/landingpage/updateClientClick', { community: c.name, id: p.id, blockId: 'nope' }, undefined);
      expect(noBlock.statusCode).toBe(400);
      expect((await compat('/marcom/landingpage/updateOpens', {}, undefined)).statusCode).toBe(400);
      // Another community's name does not reach the page.
      expect((await compat('/marcom/landingpage/updateOpens', { community: other.name, id: p.id }, undefined)).statusCode).toBe(404);
      const s = await stats(p.id);
      expect(s.page).toMatchObject({ opens: 1, clicks: 1 });
      expect(s.blocks).toEqual([{ blockId: 'buy', clicks: 1, signups: 0 }]);
    });
  });
});

describe('contacts sync and contact-us leads', async () => {
  // A community of its own on the file's app.
  const c = await t.signup();

  const create = async (path: string, payload: Json) => {
    const res = await t.request({ method: 'POST', url: `/api/v1/${path}`, payload, as: c });
    expect(res.statusCode, `${path}: ${res.body}`).toBe(201);
    return res.json().data;
  };
  const contacts = () =>
    t.app.db.withTenant(c.tenantId, (tx) => tx.select().from(marketingContacts).where(eq(marketingContacts.tenantId, c.tenantId)));

  it('brings in subscribers, form senders, customers, event guests and contact-us senders; a second run creates nothing', async () => {
    await create('site/subscribers', { email: 'Sub.One@example.com', name: 'Sub One' });
    await create('site/subscribers', { email: 'gone@example.com', subscribed: false });
    await create('site/get-in-touch-messages', {
      name: 'Gita',
      email: 'gita@example.com',
      phone: '+91 98450 22222',
      message: 'Quote please',
    });
    await create('site/event-registrations', { name: 'Eve', email: 'eve@example.com', attendees: 2 });
    // The same person as the subscriber: merged, and the customer's phone fills the blank.
    await create('commerce/customers', {
      name: 'Sub One',
      email: 'sub.one@example.com',
      phone: '+44 20 7946 0018',
      acceptsMarketing: true,
    });
    await create('commerce/customers', { name: 'Carl', email: 'carl@example.com', acceptsMarketing: false });
    await create('contact-us/messages', { name: 'Lena', email: 'lena@example.com', message: 'Hello' });

    const first = await t.request({ method: 'POST', url: '/compat/content/marcom/admin/dbSync', payload: {}, as: c });
    expect(first.statusCode, first.body).toBe(200);
    const report = first.json().data;
    expect(report).toMatchObject({ created: 6, updated: 1, skipped: 0 });
    const bySource = Object.fromEntries(report.sources.map((s: Json) => [s.key, [s.read, s.created, s.updated]]));
    expect(bySource).toMatchObject({
      'site.subscribers': [2, 2, 0],
      'site.get-in-touch': [1, 1, 0],
      'site.event-registrations': [1, 1, 0],
      'commerce.customers': [2, 1, 1],
      'contact-us.messages': [1, 1, 0],
    });
    const rows = await contacts();
    const by = Object.fromEntries(rows.map((r) => [r.email, r]));
    expect(by['sub.one@example.com']).toMatchObject({
      name: 'Sub One',
      phone: '+442079460018',
      emailConsent: 'opted_in',
      source: 'website',
    });
    expect(by['gone@example.com']!.emailConsent).toBe('opted_out');
    expect(by['carl@example.com']).toMatchObject({ emailConsent: 'unknown', source: 'shop' });
    expect(by['eve@example.com']!.source).toBe('event');
    expect(by['gita@example.com']!.phone).toBe('+919845022222');

    const second = (await t.request({ method: 'POST', url: '/api/v1/marketing/contacts/sync', as: c })).json().data;
    expect(second).toMatchObject({ created: 0, updated: 0 });
    expect(await contacts()).toHaveLength(6);
  });

  it('converts a contact-us message to a contact, linked back; converting again merges into the same contact', async () => {
    const message = await create('contact-us/messages', {
      name: 'Omar Haddad',
      email: 'Omar@Example.com',
      phone: '+971 50 123 4567',
      message: 'Hi',
    });
    const res = await t.request({ method: 'POST', url: `/api/v1/contact-us/messages/${message.id}/convert`, as: c });
    expect(res.statusCode, res.body).toBe(200);
    const converted = res.json().data;
    expect(converted).toMatchObject({ id: message.id, created: true });
    const contact = (await contacts()).find((r) => r.id === converted.contactId);
    expect(contact).toMatchObject({ email: 'omar@example.com', phone: '+971501234567', tags: ['contact-us'], emailConsent: 'unknown' });
    const linked = await t.request({ method: 'GET', url: `/api/v1/contact-us/messages/${message.id}`, as: c });
    expect(linked.json().data.contactId).toBe(converted.contactId);
    const again = (await t.request({ method: 'POST', url: `/api/v1/contact-us/messages/${message.id}/convert`, as: c })).json().data;
    expect(again).toEqual({ id: message.id, contactId: converted.contactId, created: false });
    const missing = await t.request({
      method: 'POST',
      url: '/api/v1/contact-us/messages/00000000-0000-4000-8000-000000000000/convert',
      as: c,
    });
    expect(missing.statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: `/api/v1/contact-us/messages/${message.id}/convert` })).statusCode).toBe(401);
  });
});
