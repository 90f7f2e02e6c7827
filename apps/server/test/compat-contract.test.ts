import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import Fastify, { type InjectOptions, type LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../src/app';
import { compatKey, type LegacyCall, readLegacyCalls } from '../src/kernel/compat/contract';
import { registerCompatRoutes } from '../src/kernel/compat/router';
import type { CompatEntry } from '../src/kernel/compat/types';
import type { CompatWalk, Json, WalkKit } from './compat-walk';
import { droppedMail, type Part, randomIp, startTestApp, type TestApp, type TestCommunity, upload as uploadTo } from './helpers';
import { type FakeGateways, fakePaymentsConfig, startFakeGateways } from './payment-fakes';
import { exampleInput, patchFor } from './resource-fixtures';

/** Each module's walk of its own lines: `test/<module>.compat-walk.ts` (test/compat-walk.ts). */
const WALKS: CompatWalk[] = await Promise.all(
  readdirSync(new URL('.', import.meta.url))
    .filter((file) => file.endsWith('.compat-walk.ts'))
    .sort()
    .map(async (file) => (await import(`./${file}`)).default as CompatWalk),
);

/**
 * The contract: src/kernel/compat/legacy-calls.tsv, a copy of the product documents'
 * spec/legacy-calls.tsv (the seeds' 520 calls), kept in the repository so this test always runs.
 * Its hash is pinned: a changed contract is a deliberate edit here.
 */
const CONTRACT_SHA256 = 'd76ac6982d470c7634dafd894372d82981c8fc35ca35c988fb69f34366bdc70c';
/** Lines served today: the sum of what each module's walk says it serves (held to its entries below). */
const SERVED_LINES = WALKS.reduce((sum, w) => sum + w.served, 0);
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
      Object.assign(kit, { t, c, png, fake });
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
    // What each module's walk uses (t, c, png and fake are set by the hook above, before any walk runs).
    const kit = { line, upload, ok, v1, made, withToken, signsIn, codeFor, ids } as WalkKit;

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

    for (const walk of WALKS) {
      if (walk.walk) describe(`${walk.module} lines`, () => walk.walk!(kit));
    }

    it('each module serves the lines its walk counts, and every served line was called', () => {
      const byModule = new Map(MODULES.map((m) => [m.key, (m.compat ?? []).length]));
      for (const [module, count] of byModule) {
        if (count === 0) continue;
        const walk = WALKS.find((w) => w.module === module);
        expect(walk, `module ${module} serves ${count} lines: add test/${module}.compat-walk.ts`).toBeDefined();
        expect(walk!.served, `test/${module}.compat-walk.ts: served`).toBe(count);
      }
      for (const walk of WALKS) expect(byModule.has(walk.module), `test/${walk.module}.compat-walk.ts names no module`).toBe(true);
      const served = [...entries.keys()];
      expect(served.filter((key) => !covered.has(key))).toEqual([]);
      expect(served).toHaveLength(SERVED_LINES);
    });
  });
});
