import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Fastify, { type InjectOptions, type LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../src/app';
import { compatKey, type LegacyCall, readLegacyCalls } from '../src/kernel/compat/contract';
import { registerCompatRoutes } from '../src/kernel/compat/router';
import type { CompatEntry } from '../src/kernel/compat/types';
import { appLogs } from '../src/kernel/events/tables';
import { commerceProducts, commerceVariations } from '../src/modules/commerce/tables';
import { droppedMail, type Part, randomIp, startTestApp, type TestApp, type TestCommunity, upload as uploadTo } from './helpers';
import { type FakeGateways, fakePaymentsConfig, hmac, startFakeGateways } from './payment-fakes';
import { exampleInput, patchFor } from './resource-fixtures';

type Json = Record<string, any>;

/**
 * The contract: src/kernel/compat/legacy-calls.tsv, a copy of the product documents'
 * spec/legacy-calls.tsv (the seeds' 520 calls), kept in the repository so this test always runs.
 * Its hash is pinned: a changed contract is a deliberate edit here.
 */
const CONTRACT_SHA256 = 'd76ac6982d470c7634dafd894372d82981c8fc35ca35c988fb69f34366bdc70c';
/** Lines served today. Serving more lines means raising this and calling them in the walk below. */
const SERVED_LINES = 305;
/** Lines not served yet (answering 404 route_not_found): 520 − SERVED_LINES, counted below. */
const PENDING_LINES = 520 - SERVED_LINES;

/** Identity and settings lines (modules/identity): all of them must be served. */
const IDENTITY_LINES: [LegacyCall['service'], string, string, 'public' | 'guarded'][] = [
  ['content', 'POST', '/marcom/admin/signup', 'public'],
  ['content', 'POST', '/marcom/admin/login', 'public'],
  ['content', 'POST', '/marcom/admin/createNewPassword', 'guarded'],
  ['content', 'POST', '/marcom/admin/getAdmins', 'guarded'],
  ['content', 'POST', '/marcom/admin/deleteAdmins', 'guarded'],
  ['content', 'POST', '/marcom/admin/sendEmail', 'guarded'],
  ['content', 'POST', '/marcom/admin/resetPasswordOTP', 'public'],
  ['content', 'POST', '/marcom/admin/resetPassword', 'public'],
  ['content', 'POST', '/marcom/admin/update', 'guarded'],
  ['content', 'POST', '/users/addAdmin', 'guarded'],
  ['content', 'POST', '/users/editAdmin', 'guarded'],
  ['content', 'POST', '/admin/roles/get', 'guarded'],
  ['content', 'POST', '/admin/roles/add', 'guarded'],
  ['content', 'POST', '/admin/roles/remove', 'guarded'],
  ['content', 'POST', '/admin/modules/get', 'guarded'],
  ['content', 'POST', '/admin/errorcodes/get', 'guarded'],
  ['content', 'POST', '/admin/errorcodes/add', 'guarded'],
  ['content', 'POST', '/admin/errorcodes/edit', 'guarded'],
  ['content', 'POST', '/admin/errorcodes/remove', 'guarded'],
  ['content', 'POST', '/websiteRoles/create', 'guarded'],
  ['content', 'POST', '/websiteRoles/getWebsiteRole', 'guarded'],
  ['content', 'POST', '/websiteRoles/deleteWebsiteRole', 'guarded'],
  ['content', 'POST', '/websiteRoles/updateWebsiteRole', 'guarded'],
  ['core', 'POST', '/auth/signupWithPassword', 'public'],
  ['core', 'POST', '/auth/GenerateOTP', 'public'],
  ['core', 'POST', '/auth/VerifyOTP', 'public'],
  ['core', 'POST', '/auth/loginWithPassword', 'public'],
  ['core', 'POST', '/auth/logout', 'guarded'],
  ['core', 'POST', '/auth/forgotPassword', 'public'],
  ['core', 'POST', '/auth/updateUserDetails', 'guarded'],
  ['core', 'POST', '/auth/getapplicationlog', 'guarded'],
  ['core', 'POST', '/auth/errorlog', 'guarded'],
  ['core', 'GET', '/client/', 'guarded'],
  ['core', 'POST', '/client/edit', 'guarded'],
  ['core', 'POST', '/client/upload-logo', 'guarded'],
  ['core', 'POST', '/client/upload-favicon', 'guarded'],
  ['core', 'POST', '/utilities/upload-files', 'guarded'],
  ['core', 'POST', '/errormanagment/get', 'guarded'],
  ['core', 'POST', '/errormanagment/create', 'guarded'],
  ['core', 'POST', '/errormanagment/update', 'guarded'],
];

const urlOf = (c: { service: string; path: string }) => `/compat/${c.service}${c.path}`;

describe('compat contract', () => {
  let t: TestApp;
  /** Local fake Razorpay and PayU APIs: the payment lines create real orders there. */
  let fake: FakeGateways;
  const calls = readLegacyCalls();
  const entries = new Map<string, CompatEntry>(MODULES.flatMap((m) => m.compat ?? []).map((e) => [compatKey(e), e]));
  /** Lines the signed-in walk called. */
  const covered = new Set<string>();

  beforeAll(async () => {
    fake = await startFakeGateways();
    t = await startTestApp({ payments: fakePaymentsConfig(fake) });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** The line called as an old client would, without a token (JSON body for writes). */
  const callLine = (c: LegacyCall, extra: Partial<InjectOptions> & { as?: TestCommunity } = {}) =>
    t.request({
      method: c.method as InjectOptions['method'],
      url: urlOf(c),
      ...(c.method === 'GET' || c.method === 'DELETE' ? {} : { payload: {} }),
      remoteAddress: randomIp(),
      ...extra,
    });

  const isRouteNotFound = (res: { statusCode: number; json(): any }) =>
    res.statusCode === 404 && res.json()?.error?.code === 'route_not_found';

  it('the contract copy is the pinned one', () => {
    const text = readFileSync(new URL('../src/kernel/compat/legacy-calls.tsv', import.meta.url));
    expect(createHash('sha256').update(text).digest('hex')).toBe(CONTRACT_SHA256);
  });

  it('reads 520 distinct calls with a known service, method and body kind', () => {
    expect(calls).toHaveLength(520);
    expect(new Set(calls.map(compatKey)).size).toBe(calls.length);
    for (const c of calls) {
      expect(['content', 'site', 'project', 'core', 'ministore', 'studio'], compatKey(c)).toContain(c.service);
      expect(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], compatKey(c)).toContain(c.method);
      expect(['json', 'multipart'], compatKey(c)).toContain(c.body);
      expect(c.path, compatKey(c)).toMatch(/^\//);
    }
  });

  it('every mapped entry is a line of the contract', () => {
    const lines = new Set(calls.map(compatKey));
    for (const key of entries.keys()) expect(lines.has(key), key).toBe(true);
  });

  it('refuses to register an entry that is not a line of the contract, or a line mapped twice', () => {
    const handle = async () => ({});
    expect(() =>
      registerCompatRoutes(Fastify(), [{ service: 'content', method: 'POST', path: '/not/a/line', access: 'authenticated', handle }]),
    ).toThrow(/not a line/);
    expect(() =>
      registerCompatRoutes(Fastify(), [{ service: 'content', method: 'GET', path: '/marcom/admin/login', access: 'public', handle }]),
    ).toThrow(/not a line/);
    const line = { service: 'content', method: 'POST', path: '/marcom/admin/login', access: 'public', handle } as const;
    expect(() => registerCompatRoutes(Fastify(), [line, line])).toThrow(/mapped twice/);
  });

  it('every line is either served or answers 404 route_not_found; served guarded lines need a token', async () => {
    const served: string[] = [];
    const notServed: string[] = [];
    const byService = new Map<string, { served: number; total: number }>();
    for (const c of calls) {
      const key = compatKey(c);
      const res = await callLine(c);
      const body = res.json();
      // Every answer is the envelope: { data } or { error: { code, message } }; never a crash.
      expect(res.statusCode, `${key}: ${res.body}`).toBeLessThan(500);
      if (res.statusCode < 400) expect(body, key).toHaveProperty('data');
      else expect(body.error, key).toMatchObject({ code: expect.any(String), message: expect.any(String) });

      const isServed = !isRouteNotFound(res);
      (isServed ? served : notServed).push(key);
      const tally = byService.get(c.service) ?? { served: 0, total: 0 };
      tally.total++;
      if (isServed) tally.served++;
      byService.set(c.service, tally);

      const entry = entries.get(key);
      if (entry) {
        expect(isServed, `${key} is mapped but not served`).toBe(true);
        if (entry.access === 'public') {
          expect(body.error?.code, `${key} is public`).not.toBe('unauthenticated');
        } else {
          expect(res.statusCode, `${key} answered without a token: ${res.body}`).toBe(401);
          expect(body.error.code, key).toBe('unauthenticated');
        }
      }
    }
    expect(served.length + notServed.length).toBe(calls.length);
    // Pending lines are counted: a line that stops being served (or starts) changes this number.
    expect(notServed.length, `pending lines:\n${notServed.join('\n')}`).toBe(PENDING_LINES);
    expect(served.sort()).toEqual([...entries.keys()].sort());
    const summary = [...byService].map(([s, n]) => `${s} ${n.served}/${n.total}`).join(', ');
    console.log(`compat contract: ${served.length}/${calls.length} lines served (${summary}), ${notServed.length} pending`);
  });

  it('serves every identity and settings line; guarded ones answer 401 without a token', async () => {
    const keys = new Set(calls.map(compatKey));
    for (const [service, method, path, kind] of IDENTITY_LINES) {
      const line = { service, method, path, body: 'json' as const };
      const key = compatKey(line);
      expect(keys.has(key), `${key} is a line of the contract`).toBe(true);
      expect(entries.get(key)?.access === 'public', key).toBe(kind === 'public');
      const res = await callLine(line);
      expect(isRouteNotFound(res), `${key} is served`).toBe(false);
      if (kind === 'guarded') {
        expect(res.statusCode, key).toBe(401);
        expect(res.json().error.code).toBe('unauthenticated');
      } else {
        // Public lines validate their body: an empty one names what is missing.
        expect(res.statusCode, `${key}: ${res.body}`).toBe(400);
        expect(res.json().error.code).toBe('validation_failed');
      }
    }
  });

  it.each([
    ['POST', '/compat/content/nope'],
    ['GET', '/compat/content/nope'],
    ['POST', '/compat/nope/marcom/admin/login'],
    ['POST', '/compat/core/client/nope'],
    ['GET', '/compat/content/marcom/admin/login'],
    ['DELETE', '/compat/core/client/'],
    ['GET', '/api/v1/nope'],
    ['POST', '/api/v1/identity/nope'],
    ['GET', '/api/v2/identity/roles'],
    // (A GET outside /api, /compat and /public is a console page when the console is built.)
    ['GET', '/public/nope'],
    ['POST', '/nope/deeper?x=1'],
  ])('unknown route %s %s → 404 route_not_found, with or without a token', async (method, url) => {
    const c = await t.signup();
    for (const as of [undefined, c]) {
      const res = await t.request({ method: method as InjectOptions['method'], url, as, remoteAddress: randomIp() });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'route_not_found', message: expect.any(String) });
      expect(res.json().error.message).not.toContain('?');
    }
  });
  // ---- every served line, signed in, with a real payload ------------------------------------------

  describe('every served line does what its name says, called with a token', () => {
    let c: TestCommunity;
    let png: Buffer;
    beforeAll(async () => {
      c = await t.signup();
      png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#cd3197' } })
        .png()
        .toBuffer();
    });

    /** Calls a line by its contract key ('POST /site/blog/get'), JSON or multipart, as `as`. */
    const line = (key: string, body: unknown = {}, as: TestCommunity | null = c, headers: Record<string, string> = {}) => {
      const [method, path] = key.split(' ');
      covered.add(key);
      return t.request({
        method: method as InjectOptions['method'],
        url: `/compat${path}`,
        ...(method === 'GET' ? { query: body as Record<string, string> } : { payload: body as Json }),
        as: as ?? undefined,
        headers,
        remoteAddress: randomIp(),
      });
    };
    const upload = (key: string, parts: Part[], as: TestCommunity = c) => {
      covered.add(key);
      return uploadTo(t, `/compat${key.split(' ')[1]}`, parts, as);
    };
    const ok = (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const v1 = async (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: Json, as: TestCommunity = c) => {
      const res = await t.request({ method, url: `/api/v1/${path}`, payload, as });
      return { status: res.statusCode, data: res.statusCode === 204 ? null : res.statusCode < 300 ? res.json().data : res.json().error };
    };
    const made = async (path: string, payload: Json) => {
      const res = await v1('POST', path, payload);
      expect(res.status, `${path}: ${JSON.stringify(res.data)}`).toBe(201);
      return res.data as Json;
    };
    const withToken = (who: TestCommunity, token: string): TestCommunity => ({
      ...who,
      token,
      headers: { authorization: `Bearer ${token}`, 'community-name': who.name },
    });
    const signsIn = async (who: TestCommunity, token: string) => (await v1('GET', 'auth/me', undefined, withToken(who, token))).status;
    const codeFor = (email: string) => /\b(\d{6})\b/.exec(droppedMail(t, email).subject)![1];
    const ids = (rows: Json[]) => rows.map((r) => r.id);

    it('add, get, update and delete lines of a resource create, list, change and remove its records', async () => {
      for (const entry of entries.values()) {
        if (!entry.crud) continue;
        const { resource, verb } = entry.crud;
        const key = compatKey(entry);
        // A record of the resource's i-th example; records are removed after each step, so unique values
        // that cannot be varied (a country's two-letter code) do not collide.
        const fresh = async (i = 0) => (await made(resource.path, exampleInput(resource, i))) as Json;
        const removed = async (id: string) => expect((await v1('DELETE', `${resource.path}/${id}`)).status, key).toBe(204);
        if (verb === 'add') {
          const input = exampleInput(resource);
          const created = ok(await line(key, input));
          expect(created._id, key).toBe(created.id);
          const stored = await v1('GET', `${resource.path}/${created.id}`);
          expect(stored.status, key).toBe(200);
          // What was sent is what is stored (after the schema's own normalisation, e.g. a lowercased email).
          const sent = resource.schemas.create.parse(input) as Json;
          for (const [field, value] of Object.entries(sent)) {
            if (['string', 'number', 'boolean'].includes(typeof value) && field in stored.data) {
              expect(stored.data[field], `${key}: ${field}`).toEqual(value);
            }
          }
          await removed(created.id);
        } else if (verb === 'get') {
          const record = await fresh();
          const listed = await line(key, { limit: 200 });
          expect(ids(ok(listed)), key).toContain(record.id);
          expect(listed.json().total, key).toBeGreaterThanOrEqual(1);
          expect(ok(await line(key, { _id: record.id })).id, key).toBe(record.id);
          await removed(record.id);
        } else if (verb === 'update') {
          const record = await fresh();
          const patch = patchFor(resource);
          expect(patch, `${key}: nothing to patch`).not.toBeNull();
          const updated = ok(await line(key, { _id: record.id, ...patch!.body }));
          expect(JSON.parse(JSON.stringify(updated[patch!.key])), key).toEqual(JSON.parse(JSON.stringify(patch!.expected)));
          const stored = (await v1('GET', `${resource.path}/${record.id}`)).data;
          expect(stored[patch!.key], key).toEqual(updated[patch!.key]);
          await removed(record.id);
        } else {
          const record = await fresh();
          expect(ok(await line(key, { _id: record.id })), key).toMatchObject({ id: record.id, deleted: true });
          expect((await v1('GET', `${resource.path}/${record.id}`)).status, key).toBe(404);
          const two = [await fresh(0), await fresh(1)];
          expect(ok(await line(key, { ids: ids(two) })), key).toEqual({ deleted: 2, ids: expect.arrayContaining(ids(two)) });
        }
      }
    });

    it('sign-up, sign-in, one-time codes, password changes and sign-out', async () => {
      for (const key of ['POST /content/marcom/admin/signup', 'POST /core/auth/signupWithPassword']) {
        const name = `k${randomBytes(5).toString('hex')}`;
        const data = ok(
          await line(key, { name: 'New owner', email: `owner@${name}.example`, password: 'first-password-1' }, null, {
            'community-name': name,
          }),
        );
        expect(await signsIn({ ...c, name }, data.token), key).toBe(200);
      }
      for (const key of ['POST /content/marcom/admin/login', 'POST /core/auth/loginWithPassword']) {
        const data = ok(await line(key, { email: c.email, password: c.password }, null, { 'community-name': c.name }));
        expect(await signsIn(c, data.token), key).toBe(200);
      }

      const changer = await t.signup();
      ok(
        await line(
          'POST /content/marcom/admin/createNewPassword',
          { oldPassword: changer.password, newPassword: 'changed-password-1' },
          changer,
        ),
      );
      const changed = ok(
        await line('POST /core/auth/loginWithPassword', { email: changer.email, password: 'changed-password-1' }, null, {
          'community-name': changer.name,
        }),
      );
      expect(await signsIn(changer, changed.token)).toBe(200);

      const resetter = await t.signup();
      const header = { 'community-name': resetter.name };
      expect(ok(await line('POST /content/marcom/admin/resetPasswordOTP', { email: resetter.email }, null, header))).toEqual({
        sent: true,
      });
      const otp = codeFor(resetter.email);
      ok(
        await line('POST /content/marcom/admin/resetPassword', { email: resetter.email, otp, password: 'reset-password-1' }, null, header),
      );
      const relogin = ok(
        await line('POST /core/auth/loginWithPassword', { email: resetter.email, password: 'reset-password-1' }, null, header),
      );
      expect(await signsIn(resetter, relogin.token)).toBe(200);

      const forgetful = await t.signup();
      const fh = { 'community-name': forgetful.name };
      ok(await line('POST /core/auth/forgotPassword', { email: forgetful.email }, null, fh));
      ok(
        await line(
          'POST /core/auth/forgotPassword',
          { email: forgetful.email, otp: codeFor(forgetful.email), password: 'forgot-password-1' },
          null,
          fh,
        ),
      );
      expect(
        ok(await line('POST /core/auth/loginWithPassword', { email: forgetful.email, password: 'forgot-password-1' }, null, fh)).token,
      ).toMatch(/\./);

      ok(await line('POST /core/auth/GenerateOTP', { email: c.email }, null, { 'community-name': c.name }));
      const verified = ok(
        await line('POST /core/auth/VerifyOTP', { email: c.email, otp: codeFor(c.email) }, null, { 'community-name': c.name }),
      );
      expect(await signsIn(c, verified.token)).toBe(200);

      const leaving = withToken(c, verified.token);
      expect(ok(await line('POST /core/auth/logout', {}, leaving))).toEqual({ loggedOut: true });
      expect(await signsIn(c, verified.token)).toBe(401);
    });

    it('own details, modules, logs and mail to an admin', async () => {
      for (const [key, name] of [
        ['POST /content/marcom/admin/update', 'Renamed owner'],
        ['POST /core/auth/updateUserDetails', 'Owner again'],
      ]) {
        ok(await line(key, { name }));
        expect((await v1('GET', 'auth/me')).data.name, key).toBe(name);
      }
      const modules = ok(await line('POST /content/admin/modules/get')) as Json[];
      expect(modules.find((m) => m.key === 'site')).toMatchObject({ read: true, write: true });

      const subject = `Note ${randomUUID()}`;
      const sent = ok(await line('POST /content/marcom/admin/sendEmail', { email: c.email, subject, message: 'Hello' }));
      expect(sent).toMatchObject({ sent: true, to: c.email });
      expect(ids((await v1('GET', `ops/outbox?q=${encodeURIComponent(subject)}`)).data)).toEqual([sent.outboxId]);

      await t.app.db.withTenant(c.tenantId, (tx) =>
        tx.insert(appLogs).values([
          { tenantId: c.tenantId, kind: 'application', level: 'info', message: 'Catalogue imported' },
          { tenantId: c.tenantId, kind: 'error', level: 'error', message: 'Mailbox unavailable' },
        ]),
      );
      const appLog = ok(await line('POST /core/auth/getapplicationlog', { limit: 50 })) as Json[];
      expect(appLog.map((l) => l.message)).toContain('Catalogue imported');
      expect(appLog.every((l) => l.kind === 'application')).toBe(true);
      const errorLog = ok(await line('POST /core/auth/errorlog', { limit: 50 })) as Json[];
      expect(errorLog.map((l) => l.message)).toEqual(['Mailbox unavailable']);
    });

    it('brand profile, logo, favicon and file uploads', async () => {
      ok(await line('POST /core/client/edit', { businessName: 'Contract Tiles Ltd', primaryColor: '#123456' }));
      expect(ok(await line('GET /core/client/'))).toMatchObject({ businessName: 'Contract Tiles Ltd', primaryColor: '#123456' });
      const logo = ok(
        await upload('POST /core/client/upload-logo', [{ field: 'logo', filename: 'logo.png', type: 'image/png', data: png }]),
      );
      const favicon = ok(
        await upload('POST /core/client/upload-favicon', [{ field: 'favicon', filename: 'icon.png', type: 'image/png', data: png }]),
      );
      const profile = ok(await line('GET /core/client/'));
      expect(profile.logoUrl).toBe(logo.logoUrl);
      expect(profile.faviconUrl).toBe(favicon.faviconUrl);
      expect((await t.request({ method: 'GET', url: profile.logoUrl })).headers['content-type']).toBe('image/png');
      const stored = ok(
        await upload('POST /core/utilities/upload-files', [{ field: 'file', filename: 'a.png', type: 'image/png', data: png }]),
      ) as Json[];
      expect(stored).toHaveLength(1);
      expect((await v1('GET', `media/files/${stored[0].id}`)).data).toMatchObject({ filename: 'a.png', contentType: 'image/png' });
    });

    it('site lines beyond add/get/update/delete', async () => {
      const blog = await made('site/blogs', { title: 'Grout 101', body: '<p>Mix well</p>' });
      expect(ok(await line('POST /site/blog/single', { slug: blog.slug })).id).toBe(blog.id);
      const image = ok(
        await upload('POST /site/blog/imageuploader', [{ field: 'upload', filename: 'hero.png', type: 'image/png', data: png }]),
      );
      expect(image.url).toMatch(/\/files\//);

      const catalogue = await made('site/catalogues', { title: 'Catalogue 2026', fileUrl: 'https://files.example/c.pdf' });
      expect(ok(await line('POST /site/catalogue/getSingle', { slug: catalogue.slug })).id).toBe(catalogue.id);

      const category = await made('site/categories', { name: 'Flooring' });
      const sub = await made('site/subcategories', { name: 'Kitchens', categoryId: category.id });
      expect(ids(ok(await line('POST /site/category/getbycatid', { _id: category.id })).subcategories)).toEqual([sub.id]);
      expect(ids(ok(await line('POST /site/subcategory/getbycatid', { catid: category.id })))).toEqual([sub.id]);

      const event = await made('site/events', { title: 'Dealer meet', startsAt: '2026-05-01T10:00:00Z' });
      expect(ok(await line('POST /site/event/getSingle', { slug: event.slug })).id).toBe(event.id);
      ok(await line('POST /site/event/pastimage', { _id: event.id, images: [{ url: 'https://img.example/meet.jpg', alt: 'Hall' }] }));
      expect((await v1('GET', `site/events/${event.id}`)).data.pastImages).toEqual([{ url: 'https://img.example/meet.jpg', alt: 'Hall' }]);

      const tiles = await made('site/product-categories', { name: 'Tiles' });
      const floor = await made('site/product-subcategories', { name: 'Floor', categoryId: tiles.id });
      const product = await made('site/products', {
        code: 'CT-1',
        name: 'Contract tile',
        subcategoryId: floor.id,
        status: 'published',
        variants: [{ code: 'CT-1-M' }, { code: 'CT-1-G' }],
      });
      const draft = await made('site/products', { code: 'CT-2', name: 'Draft tile', categoryId: tiles.id, status: 'draft' });
      const admin = ok(await line('POST /site/product/getProductsAndVariantsAdmin', { limit: 200 })) as Json[];
      expect(admin.find((p) => p.id === product.id)?.variantCount).toBe(2);
      expect(ok(await line('POST /site/product/getSingle', { code: 'CT-1' })).id).toBe(product.id);
      expect(ids(ok(await line('POST /site/product/filterByCategory', { categoryId: tiles.id }))).sort()).toEqual(
        [product.id, draft.id].sort(),
      );
      expect(ids(ok(await line('POST /site/product/getproductbysubcatid', { subcategoryId: floor.id })))).toEqual([product.id]);
      expect(ids(ok(await line('POST /site/product/getproductbystatus', { status: 'draft' })))).toContain(draft.id);
      const published = ids(ok(await line('POST /site/product/mainGET', { categoryId: [tiles.id] })));
      expect(published).toEqual([product.id]);
      expect(ids(ok(await line('POST /site/productsubcategory/getsubcategorybycatid', { categoryId: tiles.id })))).toEqual([floor.id]);
      expect(ids(ok(await line('POST /site/productsubcategory/getsubcategorybymanycatid', [tiles.id])))).toEqual([floor.id]);

      const project = await made('site/projects', { title: 'Harbour towers' });
      ok(await line('POST /site/euro_project/addProductDetail', { _id: project.id, productIds: [product.id] }));
      ok(await line('POST /site/euro_project/images', { _id: project.id, images: [{ url: 'https://img.example/t.jpg', alt: 'Towers' }] }));
      const single = ok(await line('POST /site/euro_project/getSingleProject', { _id: project.id }));
      expect(single.productIds).toEqual([product.id]);
      expect(single.images).toEqual([{ url: 'https://img.example/t.jpg', alt: 'Towers' }]);

      const doc = await made('site/documents', { title: 'Warranty', fileUrl: 'https://files.example/warranty.pdf' });
      expect(ok(await line('POST /site/documents/download', { _id: doc.id }))).toMatchObject({ id: doc.id, url: doc.fileUrl });

      const subscriber = await made('site/subscribers', { email: `reader-${randomUUID()}@example.com` });
      const subscribers = ok(await line('POST /site/subscriber/getAll', { limit: 200 })) as Json[];
      expect(subscribers.find((s) => s.id === subscriber.id)?.unsubscribeUrl).toMatch(/unsubscribe/);
    });

    it('payment lines: the gateway catalogue, gateways, Razorpay and PayU orders, the ledger, payment emails', async () => {
      const kinds = ok(await line('POST /content/masters/paymentGateway/get')) as Json[];
      expect(kinds.map((k) => k.kind)).toEqual(['razorpay', 'payu', 'stripe', 'cod', 'bank_transfer']);
      const razorpay = await made('payments/gateways', {
        kind: 'razorpay',
        displayName: 'Razorpay',
        credentials: { ...fake.razorpayAuth, webhookSecret: 'contract-webhook-secret' },
      });
      const single = ok(await line('POST /core/payment/gateway/getSingle', { _id: razorpay.id }));
      expect(single).toMatchObject({ id: razorpay.id, credentialsMasked: { keyId: 'rzp_test_••••' } });
      expect(JSON.stringify(single)).not.toContain(fake.razorpayAuth.keySecret);

      const order = ok(
        await line('POST /core/payment/razorpay/createOrder', {
          amount: 49_900,
          currency: 'INR',
          receipt: 'INV-1',
          email: 'payer@example.com',
        }),
      );
      expect(order).toMatchObject({ order_id: expect.stringMatching(/^order_/), amount: 49_900, transaction: { status: 'created' } });
      expect(fake.orders.get(order.order_id)).toMatchObject({ amount: 49_900, currency: 'INR', receipt: 'INV-1' });
      const paymentId = fake.pay(order.order_id);
      const signature = hmac(fake.razorpayAuth.keySecret, `${order.order_id}|${paymentId}`);
      const forged = await line('POST /core/payment/razorpay/verifySignature', {
        razorpay_order_id: order.order_id,
        razorpay_payment_id: paymentId,
        razorpay_signature: hmac('not-the-secret', `${order.order_id}|${paymentId}`),
      });
      expect(forged.statusCode).toBe(400);
      const verified = ok(
        await line('POST /core/payment/razorpay/verifySignature', {
          razorpay_order_id: order.order_id,
          razorpay_payment_id: paymentId,
          razorpay_signature: signature,
        }),
      );
      expect(verified).toMatchObject({
        paid: true,
        transaction: { id: order.transaction.id, status: 'captured', gatewayPaymentId: paymentId },
      });

      await made('payments/gateways', {
        kind: 'payu',
        displayName: 'PayU',
        credentials: { merchantKey: fake.payuKey.key, salt: fake.payuKey.salt },
      });
      const form = ok(
        await line('POST /core/payment/payu/payu', {
          amount: 10_000,
          currency: 'INR',
          receipt: 'INV-2',
          email: 'payer@example.com',
          firstname: 'Payer',
        }),
      );
      expect(form).toMatchObject({
        key: fake.payuKey.key,
        amount: '100.00',
        productinfo: 'INV-2',
        hash: expect.stringMatching(/^[0-9a-f]{128}$/),
      });

      await made('payments/gateways', { kind: 'bank_transfer', displayName: 'Bank', currency: 'USD', instructions: 'IBAN XX00' });
      const created = ok(
        await line('POST /core/transaction/create', { amount: 2_000, currency: 'USD', receipt: 'INV-3', email: 'payer@example.com' }),
      );
      expect(created).toMatchObject({
        checkout: { type: 'offline', instructions: 'IBAN XX00' },
        transaction: { status: 'created', kind: 'bank_transfer' },
      });
      expect(ok(await line('POST /core/transaction/edit', { _id: created.transaction.id, status: 'paid' }))).toMatchObject({
        status: 'captured',
      });
      const listed = ok(await line('POST /core/transaction/get', { limit: 200 })) as Json[];
      expect(ids(listed)).toEqual(expect.arrayContaining([order.transaction.id, created.transaction.id]));
      const captured = ok(await line('POST /core/transaction/get', { status: 'captured', limit: 200 })) as Json[];
      expect(captured.every((r) => r.status === 'captured')).toBe(true);
      expect(ids(captured)).toContain(created.transaction.id);

      const mailed = ok(
        await line('POST /core/payment/gateway/sendEmail', {
          amount: 1_500,
          currency: 'USD',
          receipt: 'INV-4',
          email: 'payer@example.com',
        }),
      );
      expect(mailed).toMatchObject({ sent: true, to: 'payer@example.com', transaction: { amountMinor: 1_500, currency: 'USD' } });
      expect(ids((await v1('GET', 'ops/outbox?q=INV-4')).data)).toEqual([mailed.outboxId]);
    });
    it('commerce catalogue lines beyond add/get/update/delete', async () => {
      // Taxonomy: a tree, tags, attributes with values.
      const clothing = await made('commerce/categories', { name: 'Clothing' });
      const men = await made('commerce/categories', { name: 'Men', parentId: clothing.id });
      const tag = await made('commerce/tags', { name: 'Handloom' });
      expect(ids(ok(await line('GET /core/ecom/tag/get', { limit: '200' })))).toContain(tag.id);
      expect(ok(await line('GET /core/ecom/tag/get', { _id: tag.id })).id).toBe(tag.id);

      const colour = ok(
        await line('POST /core/ecom/attributes/create', { name: 'Colour', values: ['Indigo', { value: 'Maroon', swatch: '#800020' }] }),
      );
      expect(colour.values.map((v: Json) => v.value)).toEqual(['Indigo', 'Maroon']);
      const size = ok(await line('POST /core/ecom/attributes/create', { name: 'Size' }));
      const sizes = ok(await line('POST /core/ecom/attributes/addValue', { attributeId: size.id, values: ['S', 'M'] })) as Json[];
      const [ivory] = ok(await line('POST /core/ecom/attributes/addValue', { attributeId: colour.id, value: 'Ivry' })) as Json[];
      expect(ok(await line('POST /core/ecom/attributes/editValue', { valueId: ivory.id, value: 'Ivory' })).value).toBe('Ivory');
      expect(ok(await line('POST /core/ecom/attributes/getSingle', { _id: colour.id })).values.map((v: Json) => v.value)).toEqual([
        'Indigo',
        'Maroon',
        'Ivory',
      ]);
      expect((ok(await line('POST /core/ecom/attributes/get')) as Json[]).map((a) => a.id)).toEqual(
        expect.arrayContaining([colour.id, size.id]),
      );

      // A product in the subcategory, its gallery and meta, its variations.
      const kurta = await made('commerce/products', {
        title: 'Ikat Kurta',
        categoryId: men.id,
        status: 'active',
        price: 189_900,
        tagIds: [tag.id],
      });
      const img = (n: number) => ({ url: `https://img.example/kurta-${n}.jpg`, alt: `Kurta ${n}` });
      ok(await line('POST /core/ecom/product/addProductImage', { _id: kurta.id, images: [img(1), img(2)] }));
      ok(await line('POST /ministore/product/addProductImage', { productId: kurta.id, image: img(3), position: 0 }));
      const edited = ok(await line('POST /core/ecom/product/editProductImage', { productId: kurta.id, index: 0, alt: 'Front', moveTo: 2 }));
      expect(edited.images.map((i: Json) => i.alt)).toEqual(['Kurta 1', 'Kurta 2', 'Front']);
      const trimmed = ok(await line('POST /core/ecom/product/deleteProductImage', { productId: kurta.id, url: img(2).url }));
      expect(trimmed.images.map((i: Json) => i.url)).toEqual([img(1).url, img(3).url]);
      const meta = ok(
        await line('POST /core/ecom/product/insertMeta', { productId: kurta.id, seoTitle: 'Ikat kurta', meta: { 'og:type': 'product' } }),
      );
      expect(meta).toMatchObject({ seoTitle: 'Ikat kurta', seoMeta: { 'og:type': 'product' } });

      const red = ok(
        await line('POST /core/ecom/variation/create', {
          productId: kurta.id,
          attributeValueIds: [colour.values[0].id, sizes[0].id],
          price: 199_900,
          onHand: 3,
        }),
      );
      expect(red).toMatchObject({ title: 'Indigo / S', price: 199_900, productId: kurta.id });
      const two = ok(
        await line('POST /core/ecom/variation/create', {
          productId: kurta.id,
          variations: [
            { attributeValueIds: [colour.values[1].id, sizes[0].id] },
            { attributeValueIds: [colour.values[1].id, sizes[1].id], sku: 'KURTA-MAROON-M' },
          ],
        }),
      ) as Json[];
      expect(two.map((v) => v.sku)).toContain('KURTA-MAROON-M');
      expect(ok(await line('POST /core/ecom/variation/update', { _id: red.id, price: 209_900 })).price).toBe(209_900);
      expect(ids(ok(await line('POST /core/ecom/variation/get', { productId: kurta.id, limit: 200 })))).toEqual(
        expect.arrayContaining([red.id, ...ids(two)]),
      );
      ok(await line('POST /core/ecom/variation/addProductImage', { variationId: red.id, images: [img(9)] }));
      expect((await v1('GET', `commerce/variations/${red.id}`)).data.images).toEqual([img(9)]);
      const detailed = ok(await line('POST /core/ecom/variation/getDetailedCategory', { productId: kurta.id })) as Json[];
      expect(detailed.find((v) => v.id === red.id)).toMatchObject({
        product: { id: kurta.id },
        values: [
          { attribute: 'Colour', value: 'Indigo' },
          { attribute: 'Size', value: 'S' },
        ],
      });
      expect(ids(ok(await line('POST /core/ecom/variation/getDetailedCategory', { categoryId: clothing.id })))).toContain(red.id);
      const maroonS = two.find((v) => v.sku !== 'KURTA-MAROON-M')!;
      expect(ok(await line('POST /core/ecom/variation/delete', { _id: maroonS.id }))).toMatchObject({ id: maroonS.id, deleted: true });
      expect((await v1('GET', `commerce/variations/${maroonS.id}`)).status).toBe(404);
      const single = ok(await line('POST /core/ecom/product/get', { _id: kurta.id }));
      expect(single).toMatchObject({ id: kurta.id, category: { id: men.id }, minPrice: 199_900, maxPrice: 209_900 });
      expect(single.attributes.map((a: Json) => a.name)).toEqual(['Colour', 'Size']);
      expect(ok(await line('POST /ministore/product/getSingle', { slug: kurta.slug })).variations).toHaveLength(2);

      // Categories in detail, and products under a category with its subcategories.
      const tree = ok(await line('POST /core/ecom/category/getDetailedCategory', { _id: clothing.id }));
      expect(tree).toMatchObject({ id: clothing.id, productCount: 0, totalProductCount: 1, children: [{ id: men.id, productCount: 1 }] });
      expect((ok(await line('POST /core/ecom/category/getDetailedCategoryAll')) as Json[]).map((c) => c.id)).toContain(clothing.id);
      expect(ids(ok(await line('POST /core/ecom/product/getDetailedCategory', { categoryId: clothing.id })))).toEqual([kurta.id]);
      expect(ids(ok(await line('POST /ministore/product/filterByCategory', { categoryId: clothing.id })))).toEqual([kurta.id]);
      const roots = ok(await line('POST /ministore/category/get')) as Json[];
      expect(roots.find((c) => c.id === clothing.id)?.subcategories.map((s: Json) => s.id)).toEqual([men.id]);
      expect(roots.map((c) => c.id)).not.toContain(men.id);

      // Subcategories are child categories.
      const women = ok(await line('POST /ministore/subcategory/add', { name: 'Women', categoryId: clothing.id }));
      expect(women.parentId).toBe(clothing.id);
      expect(ok(await line('POST /ministore/subcategory/update', { _id: women.id, name: 'Womenswear' })).name).toBe('Womenswear');
      expect(ids(ok(await line('GET /ministore/subcategory/get', { categoryId: clothing.id })))).toEqual(
        expect.arrayContaining([men.id, women.id]),
      );
      expect(ok(await line('POST /ministore/subcategory/delete', { _id: women.id }))).toMatchObject({ deleted: true });
      expect((await v1('GET', `commerce/categories/${women.id}`)).status).toBe(404);

      // Mini-store lists: limit, offset as a page index from 0, trimmed search; default 10.
      for (let i = 0; i < 11; i++) await made('commerce/products', { title: `Block-print stole ${i}`, status: i % 2 ? 'active' : 'draft' });
      const page0 = await line('POST /ministore/product/get', { search: '  Block-print  ' });
      expect(ok(page0)).toHaveLength(10);
      expect(page0.json()).toMatchObject({ totalCount: 11, limit: 10, offset: 0, pages: 2 });
      const page1 = ok(await line('POST /ministore/product/get', { search: 'Block-print', offset: 1 })) as Json[];
      expect(page1).toHaveLength(1);
      expect(ids(page1)).not.toContain(ids(ok(page0))[0]);
      const storefront = await line('POST /ministore/product/mainGET', { search: 'Block-print', limit: 3 });
      expect(storefront.json().totalCount).toBe(5);
      expect((ok(storefront) as Json[]).every((p) => p.status === 'active')).toBe(true);

      // Variants by colour and by size; similar products share category and attributes.
      const shirt = await made('commerce/products', { title: 'Ikat Shirt', categoryId: men.id, status: 'active' });
      await v1('POST', `commerce/products/${shirt.id}/variations/generate`, { attributeValueIds: [colour.values[0].id, sizes[1].id] });
      const byColour = ok(await line('GET /ministore/colorVariant/get', { productId: kurta.id }));
      expect(byColour.attribute.name).toBe('Colour');
      expect(byColour.values.map((v: Json) => [v.value, v.variations.length])).toEqual([
        ['Indigo', 1],
        ['Maroon', 1],
      ]);
      const maroon = ok(await line('GET /ministore/colorVariant/GetWithColorAndProduct', { productId: kurta.id, color: 'maroon' }));
      expect(maroon.values).toHaveLength(1);
      expect(maroon.values[0].variations.map((v: Json) => v.sku)).toEqual(['KURTA-MAROON-M']);
      const bySize = ok(await line('GET /ministore/sizeVariant/get', { productId: kurta.id }));
      expect(bySize.values.map((v: Json) => v.value)).toEqual(['S', 'M']);
      expect(
        ok(await line('GET /ministore/sizeVariant/GetWithColorAndProduct', { productId: kurta.id, size: 'M' })).values[0].variations,
      ).toHaveLength(1);
      for (const key of ['GET /ministore/colorVariant/similarProds', 'GET /ministore/sizeVariant/similarProds']) {
        expect(ids(ok(await line(key, { productId: kurta.id }))), key).toEqual([shirt.id]);
      }

      // Tax rates of the shop.
      const gst = await made('commerce/tax-rates', { name: 'GST 12%', taxClass: 'apparel', country: 'IN', ratePpm: 120_000 });
      expect(ids(ok(await line('POST /ministore/tax')))).toContain(gst.id);

      // Banners: the live ones, in order, leading to what they name (a switched-off one is not live).
      const banner = (title: string, extra: Json) =>
        made('commerce/banners', { title, image: { url: `https://img.example/${title}.jpg`, alt: title }, ...extra });
      const toKurta = await banner('kurta', { linkKind: 'product', productId: kurta.id, sortOrder: 2 });
      const toMen = await banner('men', { linkKind: 'category', categoryId: men.id, sortOrder: 1 });
      await banner('off', { active: false });
      const live = ok(await line('POST /ministore/banner')) as Json[];
      expect(live.map((b) => [b.id, b.link])).toEqual([
        [toMen.id, { kind: 'category', slug: men.slug }],
        [toKurta.id, { kind: 'product', slug: kurta.slug }],
      ]);
    }, 120_000);
    it('shop lines: carts, orders, dispatch, coupons, addresses, customers, reviews, returns', async () => {
      const { productId, variationId } = await t.app.db.withTenant(c.tenantId, async (tx) => {
        const [p] = await tx
          .insert(commerceProducts)
          .values({ tenantId: c.tenantId, title: 'Walk tile', slug: 'walk-tile', status: 'active' })
          .returning();
        const [v] = await tx
          .insert(commerceVariations)
          .values({ tenantId: c.tenantId, productId: p.id, sku: 'WALK-1', price: 1000, onHand: 20 })
          .returning();
        return { productId: p.id, variationId: v.id };
      });
      const added = ok(await line('POST /ministore/cart/add', { productId, quantity: 2 }));
      expect(added.lines).toMatchObject([{ variationId, quantity: 2 }]);
      const cartId = added.id;
      expect(ok(await line('POST /ministore/cart/update', { cartId, index: 0, quantity: 3 })).lines[0].quantity).toBe(3);
      expect(ok(await line('POST /ministore/cart/get', { cartId })).total).toBe(3000);
      expect(ok(await line('POST /ministore/cart/getSingle', { _id: cartId })).id).toBe(cartId);
      await made('commerce/coupons', { code: 'WALK10', kind: 'percentage', ratePpm: 100_000 });
      expect(ok(await line('POST /ministore/coupon', { cartId, code: 'walk10' }))).toMatchObject({ couponCode: 'WALK10', discount: 300 });
      expect(ok(await line('POST /content/miniStore/coupon/submitCoupon', { cartId, code: null })).couponCode).toBeNull();
      expect(ok(await line('POST /content/miniStore/coupon/submitCoupon', { cartId, couponCode: 'WALK10' })).couponCode).toBe('WALK10');
      expect(ok(await line('POST /ministore/cart/delete', { cartId, index: 0 })).lines).toEqual([]);
      ok(await line('POST /ministore/cart/add', { cartId, variationId }));
      expect(ok(await line('POST /ministore/cart/deleteAll', { cartId })).lines).toEqual([]);
      ok(await line('POST /ministore/cart/add', { cartId, variationId, quantity: 2 }));
      // Emptying the cart dropped its coupon too.
      expect(ok(await line('POST /ministore/coupon', { cartId, code: 'WALK10' })).discount).toBe(200);

      const shipTo = { name: 'Walk Er', line1: '1 Test Road', city: 'Pune', postalCode: '411001', country: 'IN' };
      const order = ok(
        await line('POST /ministore/order/add', { cartId, email: 'walker@example.com', name: 'Walk Er', shippingAddress: shipTo }),
      );
      expect(order).toMatchObject({ status: 'pending_payment', couponCode: 'WALK10', discount: 200, total: 1800 });
      expect(ids(ok(await line('POST /ministore/order/get', { status: 'pending_payment', limit: 50 })))).toContain(order.id);
      expect(ok(await line('POST /core/ecom/orders/getOrder', { _id: order.id })).reference).toBe(order.reference);
      expect(ok(await line('POST /ministore/order/getSingle', { _id: order.id })).lines).toHaveLength(1);
      expect(ok(await line('POST /ministore/order/update', { _id: order.id, status: 'paid' })).status).toBe('paid');
      expect(ok(await line('POST /core/ecom/orders/updateOrder', { _id: order.id, event: 'process' })).status).toBe('processing');
      const sent = ok(await line('POST /ministore/dispatch', { orderId: order.id, carrier: 'DHL', trackingNumber: 'DW1' }));
      expect(sent.status).toBe('dispatched');
      expect(ok(await line('POST /ministore/order/DeleteDispatch', { _id: sent.dispatchId })).status).toBe('processing');

      const answered = ok(
        await line(
          'POST /core/ecommerce/auth/signupWithPassword',
          { email: 'shopper@example.com', password: 'shopper-password', name: 'Shopper' },
          null,
          {
            'community-name': c.name,
          },
        ),
      );
      // The same answer for any email; the account is made by the mailed link (issue 22).
      expect(answered).toMatchObject({ status: 'confirmation_sent' });
      const linkToken = decodeURIComponent(/confirm\?token=(\S+)/.exec(droppedMail(t, 'shopper@example.com').text)![1]!);
      const confirmed = await t.request({
        method: 'POST',
        url: `/public/${c.name}/shop/auth/signup/confirm`,
        payload: { token: linkToken },
        remoteAddress: randomIp(),
      });
      expect(confirmed.statusCode, confirmed.body).toBe(201);
      const signedUp = confirmed.json().data;
      expect(signedUp.token).toMatch(/^cst_/);
      const customerId = signedUp.customer.id;
      const theirs = ok(await line('POST /ministore/cart/add', { customerId, variationId }));
      expect(theirs.customerId).toBe(customerId);
      const second = ok(
        await line('POST /core/ecom/orders/add', {
          cartId: theirs.id,
          email: 'shopper@example.com',
          name: 'Shopper',
          shippingAddress: shipTo,
        }),
      );
      expect(ids(ok(await line('POST /core/ecom/orders/getOrderByUserId', { userId: customerId })))).toEqual([second.id]);
      expect(ok(await line('POST /ministore/order/delete', { _id: second.id })).status).toBe('cancelled');

      const saved = await t.request({
        method: 'POST',
        url: `/public/${c.name}/shop/addresses`,
        headers: { authorization: `Bearer ${signedUp.token}` },
        payload: { ...shipTo, label: 'Home' },
        remoteAddress: randomIp(),
      });
      expect(saved.statusCode, saved.body).toBe(201);
      const addressId = saved.json().data.id;
      expect(ids(ok(await line('POST /ministore/address/get', { limit: 50 })))).toContain(addressId);
      expect(ids(ok(await line('POST /ministore/address/getByUser', { userId: customerId })))).toEqual([addressId]);

      const review = ok(await line('POST /core/Ecom/review/add', { productId, rating: 4, authorName: 'Walker', title: 'Good' }));
      expect(review).toMatchObject({ status: 'pending', verifiedPurchase: false });
      expect(ids(ok(await line('POST /core/Ecom/review/get', { status: 'pending' })))).toContain(review.id);
      expect(ok(await line('POST /core/Ecom/review/update', { _id: review.id, status: 'approved' })).status).toBe('approved');
      expect(ok(await line('POST /core/Ecom/review/delete', { _id: review.id }))).toMatchObject({ id: review.id, deleted: true });

      const returned = ok(
        await line('POST /core/ecom/orderReturn/add', {
          orderId: order.id,
          reason: 'Chipped',
          lines: [{ orderLineId: order.lines[0].id, quantity: 1 }],
        }),
      );
      expect(returned).toMatchObject({ status: 'requested', refundAmount: 900 });
      expect(ok(await line('POST /core/ecom/orderReturn/update', { _id: returned.id, status: 'approved' })).status).toBe('approved');
      expect(ok(await line('POST /core/ecom/orderReturn/get', { _id: returned.id })).status).toBe('approved');
    });

    it('walks the marketing channel settings and control-center message lines', async () => {
      expect(ok(await line('POST /content/marcom/sms/createSmsConfig', { provider: 'outbox', senderId: 'WALKER' })).config).toEqual({
        senderId: 'WALKER',
      });
      expect(ok(await line('POST /content/marcom/sms/getSmsConfig')).provider).toBe('outbox');
      expect(ok(await line('POST /content/marcom/email/getEmailConfig')).provider).toBe('default');
      expect(ok(await line('POST /core/marcom/whatsapp/createwhatsAppConfig', { provider: 'outbox' })).configured).toBe(true);
      expect(ok(await line('POST /core/marcom/whatsapp/getwhatsAppConfig')).provider).toBe('outbox');
      const email = ok(
        await line('POST /content/controlCenter/ccEmail/create', { to: 'walker@example.com', subject: 'Walk', body: 'Hello' }),
      );
      expect(email).toMatchObject({ channel: 'email', to: 'walker@example.com' });
      expect(ids(ok(await line('POST /content/controlCenter/ccEmail/getAll')))).toContain(email.id);
      const sms = ok(await line('POST /content/controlCenter/ccSms/create', { to: '+919845012345', body: 'Hello' }));
      expect(ids(ok(await line('POST /content/controlCenter/ccSms/getAll')))).toEqual([sms.id]);
    });

    it('landing-page lines: the address, one page with its traffic, public opens and clicks, the contacts sync', async () => {
      const page = await made('marketing/landing-pages', {
        name: 'Walk page',
        status: 'published',
        design: { blocks: [{ id: 'go', type: 'cta', label: 'Go', url: 'https://walk.example/' }] },
      });
      expect(ok(await line('POST /content/marcom/landingpage/updateUrl', { _id: page.id, slug: 'walk-renamed' })).slug).toBe(
        'walk-renamed',
      );
      expect(ok(await line('POST /content/marcom/landingpage/updateOpens', { community: c.name, _id: page.id }, null))).toMatchObject({
        counted: true,
      });
      expect(
        ok(await line('POST /content/marcom/landingpage/updateClientClick', { community: c.name, _id: page.id, blockId: 'go' }, null)),
      ).toMatchObject({ counted: true });
      expect(ok(await line('POST /content/marcom/landingpage/getSingle', { _id: page.id })).stats.period).toMatchObject({
        opens: 1,
        clicks: 1,
      });
      await made('site/subscribers', { email: 'walk-subscriber@example.com' });
      const synced = ok(await line('POST /content/marcom/admin/dbSync', {}));
      expect(synced.created).toBeGreaterThanOrEqual(1);
      expect(ok(await line('POST /content/marcom/admin/dbSync', {})).created).toBe(0);
    });

    it('marketing templates: the variables picker, several variables at once and the email layout library', async () => {
      const picker = ok(await line('POST /content/marcom/variable/getAllDropDown'));
      expect(picker.find((v: Json) => v.name === 'first_name')).toMatchObject({ tag: '{{ first_name }}', example: 'Priya' });
      const declared = await made('marketing/variables', { name: 'tier', label: 'Tier', source: 'attribute', path: 'tier' });
      expect(ok(await line('POST /content/marcom/variable/getMultiple', { ids: [declared.id] })).map((v: Json) => v.name)).toEqual([
        'tier',
      ]);
      expect(
        ok(await line('POST /content/marcom/variable/getMultiple', { names: ['tier', 'email'] }))
          .map((v: Json) => v.name)
          .sort(),
      ).toEqual(['email', 'tier']);
      const layouts = ok(await line('POST /content/templates/email/getEmailTemplates'));
      expect(layouts.map((l: Json) => l.key)).toEqual(['layout-1', 'layout-2', 'layout-3', 'layout-4']);
    });

    it('contacts: find, WhatsApp users, bulk upload and opt-ins act on the marketing contacts', async () => {
      const wa = ok(await line('POST /content/users/addUserFromWhatsapp', { name: 'Walk Whatsapp', waId: '919845099887', optIn: true }));
      expect(wa).toMatchObject({ created: true, whatsapp: '+919845099887', whatsappConsent: 'opted_in' });
      expect(ok(await line('POST /content/users/findUser', { whatsapp: '+91 98450 99887' })).id).toBe(wa.id);
      const bulk = ok(
        await line('POST /content/users/uploadInBulk', {
          users: [{ name: 'Walk Bulk', email: 'walk.bulk@example.com' }, { email: 'broken' }],
          consent: { whatsapp: 'opted_in' },
        }),
      );
      expect(bulk).toMatchObject({ created: 1, failed: 1 });
      const optins = ok(await line('GET /core/optin/getAllOptinUser', { channel: 'whatsapp' }));
      expect(ids(optins)).toEqual(expect.arrayContaining([wa.id]));
      expect(optins.map((r: Json) => r.email)).toContain('walk.bulk@example.com');
    });

    it('segments and audiences: static members, dynamic rules, audiences (one or several)', async () => {
      const [asha, ben] = await t.app.db.query<{ id: string }>(
        `insert into marketing_contacts (tenant_id, name, email, country, tags, email_consent)
         values ($1, 'Asha Rao', 'asha.walk@example.in', 'IN', '{vip}', 'opted_in'), ($1, 'Ben Carter', 'ben.walk@example.co.uk', 'GB', '{}', 'opted_in')
         returning id`,
        [c.tenantId],
      );
      const stand = ok(await line('POST /content/marcom/segment/create', { segmentName: 'Walk expo', users: [asha.id] }));
      expect(stand).toMatchObject({ kind: 'static', contactCount: 1 });
      expect(ok(await line('POST /content/marcom/segment/addMember', { segmentId: stand.id, userId: ben.id }))).toMatchObject({ added: 1 });
      expect(ok(await line('POST /content/marcom/segment/removeMember', { segmentId: stand.id, contactIds: [asha.id] }))).toMatchObject({
        removed: 1,
      });
      expect(ids(ok(await line('POST /content/marcom/segment/getAllSegmentUser', { segmentId: stand.id })))).toEqual([ben.id]);
      const vip = ok(
        await line('POST /content/marcom/segment/create', {
          name: 'Walk VIPs',
          rules: { op: 'and', rules: [{ type: 'tags', op: 'any', values: ['vip'] }] },
        }),
      );
      expect(vip).toMatchObject({ kind: 'dynamic', contactCount: 1 });
      const audience = ok(
        await line('POST /content/marcom/audience/addAudience', { name: 'Walk email', channel: 'email', segmentIds: [stand.id, vip.id] }),
      );
      expect(audience.contactCount).toBe(2);
      expect(ok(await line('POST /content/marcom/audience/update', { _id: audience.id, excludeSegmentIds: [vip.id] })).contactCount).toBe(
        1,
      );
      const many = ok(
        await line('POST /content/marcom/audience/addMultipleAudience', {
          audiences: [
            { name: 'Walk SMS', channel: 'sms' },
            { name: 'Walk push', channel: 'push' },
          ],
        }),
      );
      expect(many).toHaveLength(2);
    });

    it('billing lines: plans, add-ons, my add-ons and requests, the brand profile and its AI limit', async () => {
      const plans = ok(await line('POST /content/masters/plans/get', {}));
      expect(plans.map((p: Json) => p.number)).toEqual([1, 2, 3, 4, 5]);
      expect(plans[0]).toMatchObject({ name: 'Starter' });
      expect(plans[0].plans[0].priceMinor).toBeGreaterThan(0);
      const studio = { 'community-name': '-' };
      const catalogue = ok(await line('POST /studio/masters/addOns/get', {}, c, studio));
      expect(catalogue.map((a: Json) => a.code)).toContain('storage-10gb');
      expect(ok(await line('POST /project/addons', {}))).toHaveLength(catalogue.length);
      const asked = ok(await line('POST /studio/miniStore/orders/requestAddOns', { code: 'admin-seat', note: 'walk' }, c, studio));
      expect(asked.order).toMatchObject({ addonCode: 'admin-seat', status: 'requested' });
      const bought = ok(await line('POST /studio/miniStore/orders/requestAddOns', { addonCode: 'ai-500' }, c, studio));
      expect(bought.invoice).toMatchObject({ purpose: 'addon', status: 'open' });
      for (const key of ['POST /content/miniStore/orders/getAddOns', 'POST /studio/miniStore/orders/getAddOns']) {
        const mine = ok(await line(key, {}, c, key.startsWith('POST /studio') ? studio : {}));
        expect(mine.map((o: Json) => o.addonCode).sort()).toEqual(['admin-seat', 'ai-500']);
      }
      for (const key of ['POST /content/miniStore/orders/getAddOnsUsage', 'POST /studio/miniStore/orders/getAddOnsUsage']) {
        expect(ok(await line(key, {}, c, key.startsWith('POST /studio') ? studio : {}))).toEqual([]); // nothing paid yet
      }
      const created = ok(
        await line('POST /content/miniStore/brandProfile/create', { businessName: 'Walk brand', primaryColor: '#112233' }),
      );
      expect(created).toMatchObject({ businessName: 'Walk brand' });
      expect(ok(await line('POST /content/miniStore/brandProfile/update', { primaryColor: '#332211' }))).toMatchObject({
        id: created.id,
        primaryColor: '#332211',
      });
      expect(ok(await line('POST /content/miniStore/brandProfile/get', {}))).toMatchObject({ id: created.id, primaryColor: '#332211' });
      const limit = ok(await line('POST /content/miniStore/brandProfile/Apilimit', {}));
      expect(limit).toMatchObject({ used: 0 });
      expect(limit.limit).toBeGreaterThan(0);
    });

    it('every served line was called above', () => {
      const served = [...entries.keys()];
      expect(served.filter((key) => !covered.has(key))).toEqual([]);
      expect(served).toHaveLength(SERVED_LINES);
    });
  });
});
