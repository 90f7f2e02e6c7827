import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../src/app';
import { compatKey, type LegacyCall, readLegacyCalls } from '../src/kernel/compat/contract';
import { registerCompatRoutes } from '../src/kernel/compat/router';
import type { CompatEntry } from '../src/kernel/compat/types';
import { randomIp, startTestApp, type TestApp, type TestCommunity } from './helpers';

const copyPath = fileURLToPath(new URL('../src/kernel/compat/legacy-calls.tsv', import.meta.url));
// apps/server/../../../shared/spec/legacy-calls.tsv: the contract the copy must match.
const sharedPath = fileURLToPath(new URL('../../../../shared/spec/legacy-calls.tsv', import.meta.url));

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
  const calls = readLegacyCalls();
  const entries = new Map<string, CompatEntry>(MODULES.flatMap((m) => m.compat ?? []).map((e) => [compatKey(e), e]));

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

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

  it('the copy is byte-identical to the shared contract', (ctx) => {
    if (!existsSync(sharedPath)) {
      ctx.skip();
      return;
    }
    const copy = readFileSync(copyPath);
    const shared = readFileSync(sharedPath);
    expect(copy.equals(shared), `${copyPath} differs from ${sharedPath}`).toBe(true);
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
    const summary = [...byService].map(([s, n]) => `${s} ${n.served}/${n.total}`).join(', ');
    console.log(`compat contract: ${served.length}/${calls.length} lines served (${summary})`);
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

  it('served guarded identity lines answer with a token (no 401, no 404, no 5xx)', async () => {
    const c = await t.signup();
    for (const [service, method, path, kind] of IDENTITY_LINES) {
      if (kind !== 'guarded' || path === '/auth/logout') continue;
      const res = await callLine({ service, method, path, body: 'json' }, { as: c });
      const key = `${method} /${service}${path}`;
      expect(res.statusCode, `${key}: ${res.body}`).not.toBe(401);
      expect(isRouteNotFound(res), key).toBe(false);
      expect(res.statusCode, `${key}: ${res.body}`).toBeLessThan(500);
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
});
