import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortableFields } from '../src/kernel/resources/list-query';
import type { Resource } from '../src/kernel/resources/resource';
import { platformOwner, randomIp, startTestApp, type TestCommunity } from './helpers';
import { exampleInput, insertDirect, tag, urlOf } from './resource-fixtures';

/**
 * Bad input never breaks the server: arbitrary JSON, wrong types, deep nesting, huge strings,
 * malformed JSON, odd content types, querystrings, ids and tokens against every resource, the auth
 * routes and a sample of compat routes. Every answer is below 500, and every refusal is
 * `{ error: { code, message } }`.
 */

/** Runs per property; FUZZ_RUNS=500 explores further locally. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
/** Runs for the smaller properties. */
const FEW = Math.max(10, Math.round(RUNS / 2));

const t = await startTestApp();
let a: TestCommunity;
/** The platform operator: writes the platform catalogues, so their write paths are fuzzed as them. */
let operator: TestCommunity;
/** Per resource: a record of community a (of the platform, for a catalogue) to PATCH. */
const fixtures = new Map<string, string>();

// ---- arbitraries ----------------------------------------------------------------------------

const oddStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'null',
  'undefined',
  '-1',
  '1e309',
  'NaN',
  '0x10',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '%',
  '%00',
  '\\',
  '__proto__',
  'constructor',
  '2024-13-45T25:61:00Z',
  '9'.repeat(40),
  '\u202e\ud83d\ude00',
  '../../etc/passwd',
  'a\u0000b',
  '%_\\',
  '-271821-04-20',
  '+275760-09-13',
  '0000-00-00',
  '1970-01-01T00:00:00+99:99',
);
const text = fc.oneof(
  { arbitrary: fc.string({ maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 1 },
  { arbitrary: oddStrings, weight: 3 },
);
const scalar = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, true, false, 0, -0, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, -(2 ** 63), 1e308, -1e-308),
);
/** Nested objects or arrays, up to a few thousand levels. */
const deep = fc.tuple(fc.integer({ min: 20, max: 3000 }), fc.boolean(), scalar).map(([depth, asArray, leaf]) => {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = asArray ? [value] : { k: value };
  return value;
});
const huge = fc.integer({ min: 100_001, max: 1_300_000 }).map((n) => 'x'.repeat(n));
const anyValue = fc.oneof(
  { arbitrary: scalar, weight: 4 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 3 },
  { arbitrary: fc.array(scalar, { maxLength: 5 }), weight: 1 },
  { arbitrary: deep, weight: 1 },
  { arbitrary: huge, weight: 1 },
);

/** Ways to spoil a valid string while keeping it a string. */
const spoilers: ((s: string) => string)[] = [
  (s) => `${s}\u0000`,
  (s) => `\u0000${s}`,
  (s) => `${s}\ud800`,
  (s) => s.repeat(2000).slice(0, 100_001),
  (s) => `${s}${'x'.repeat(10_000)}`,
  () => '',
  () => '   ',
  (s) => `${s}' or '1'='1`,
  (s) => `${s}%_\\`,
  (s) => s.toUpperCase(),
  (s) => `<img src=x onerror=alert(1)>${s}`,
];

/**
 * JSON bodies shaped like the route's input: its fields with arbitrary values, a valid body with one
 * field replaced, or a valid body with one string spoiled (NUL, lone surrogate, too long, empty).
 */
function jsonBody(keys: string[], base: Record<string, unknown>) {
  const names = fc.constantFrom(...(keys.length > 0 ? keys : ['name']), 'zzUnknown', '__proto__', 'constructor', 'id', '_id', 'tenantId');
  const strings = Object.keys(base).filter((k) => typeof base[k] === 'string');
  const spoiled = fc
    .tuple(fc.constantFrom(...(strings.length > 0 ? strings : ['name'])), fc.constantFrom(...spoilers))
    .map(([k, spoil]) => ({ ...base, [k]: spoil(String(base[k] ?? 'x')) }));
  return fc.oneof(
    { arbitrary: fc.jsonValue({ maxDepth: 4 }), weight: 2 },
    { arbitrary: fc.dictionary(names, anyValue, { maxKeys: 6 }), weight: 3 },
    { arbitrary: fc.tuple(names, anyValue).map(([k, v]) => ({ ...base, [k]: v })), weight: 4 },
    { arbitrary: spoiled, weight: 4 },
    { arbitrary: deep, weight: 1 },
  );
}

interface Body {
  payload: string;
  contentType: string;
}
const asJson = (value: unknown): Body => ({ payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' });
/** Text that is mostly not JSON, under JSON and other content types. */
const rawBody: fc.Arbitrary<Body> = fc.record({
  payload: fc.oneof(
    fc.string({ maxLength: 60 }),
    fc.constantFrom(
      '',
      '{',
      '{"a":',
      '[1,2',
      '{"a":1}}',
      'nul',
      '\u0000',
      '{"__proto__":{"polluted":1}}',
      '{"constructor":{"prototype":{"polluted":1}}}',
      `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
      '"\\ud800"',
    ),
  ),
  contentType: fc.constantFrom(
    'application/json',
    'application/json; charset=utf-16',
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/xml',
    'multipart/form-data',
    'multipart/form-data; boundary=zz',
  ),
});
const body = (keys: string[], base: Record<string, unknown>) =>
  fc.oneof({ arbitrary: jsonBody(keys, base).map(asJson), weight: 4 }, { arbitrary: rawBody, weight: 1 });

/** A keyset cursor of any value and id, as the server encodes them. */
const cursor = fc
  .tuple(fc.oneof(scalar, fc.jsonValue({ maxDepth: 2 })), fc.oneof(fc.uuid(), text))
  .map((pair) => Buffer.from(JSON.stringify(pair)).toString('base64url'));

/** A querystring of the route's own parameters (mostly) and others, with odd values and cursors. */
function querystring(keys: string[], sortable: string[] = []) {
  const value = fc.oneof(
    { arbitrary: text, weight: 4 },
    { arbitrary: fc.array(text, { maxLength: 3 }), weight: 1 },
    { arbitrary: fc.integer().map(String), weight: 1 },
    { arbitrary: cursor, weight: 1 },
    { arbitrary: fc.constantFrom(...sortable, ...sortable.map((k) => `-${k}`), 'x'), weight: 1 },
  );
  const key = fc.oneof({ arbitrary: fc.constantFrom(...keys), weight: 4 }, { arbitrary: fc.string({ maxLength: 12 }), weight: 1 });
  return fc.dictionary(key, value, { maxKeys: 5 });
}
/** A raw query string: percent signs, brackets, repeated keys. */
const rawQuery = fc.stringMatching(/^[\x21-\x22\x24-\x7e]{0,80}$/);
const ids = fc.oneof(
  fc.uuid(),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', 'not-a-uuid', '%', '..', 'null', '1'),
);
const headerValue = fc.stringMatching(/^[\x20-\x7e]{0,120}$/);

// ---- checks ---------------------------------------------------------------------------------

function expectHandled(res: LightMyRequestResponse, what: string) {
  const where = `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const parsed = JSON.parse(res.body) as { error?: { code?: unknown; message?: unknown } };
    expect(typeof parsed.error?.code, where).toBe('string');
    expect(typeof parsed.error?.message, where).toBe('string');
  }
}

async function send(method: HTTPMethods, url: string, b: Body | null, as?: TestCommunity, query?: Record<string, unknown>) {
  const res = await t.request({
    method,
    url,
    as,
    query: query as Record<string, string>,
    remoteAddress: randomIp(),
    ...(b ? { payload: b.payload, headers: { 'content-type': b.contentType } } : {}),
  });
  expectHandled(
    res,
    `${method} ${url}${query ? ` ?${JSON.stringify(query)}` : ''}${b ? ` ${b.contentType} ${b.payload.slice(0, 200)}` : ''}`,
  );
  return res;
}

const check = <T>(arb: fc.Arbitrary<T>, run: (value: T) => Promise<unknown>, numRuns = RUNS) =>
  fc.assert(
    fc.asyncProperty(arb, async (value) => {
      await run(value);
    }),
    { numRuns },
  );

/** Time for one property-heavy test, growing with FUZZ_RUNS. */
const TIMEOUT = Math.max(60_000, RUNS * 3_000);

const resources: Resource[] = t.app.resources.all();

beforeAll(async () => {
  a = await t.signup();
  operator = await platformOwner(t);
  for (const resource of resources) {
    if (!resource.allows('update')) continue;
    if (resource.platform) {
      const res = await t.request({ method: 'POST', url: urlOf(resource), as: operator, payload: exampleInput(resource) });
      expect(res.statusCode, `${resource.path}: ${res.body}`).toBe(201);
      fixtures.set(resource.path, res.json().data.id);
    } else {
      fixtures.set(resource.path, await insertDirect(t.app, resource, a.tenantId));
    }
  }
});
afterAll(() => t.close());

// ---- resources ------------------------------------------------------------------------------

const inputKeys = (resource: Resource) => Object.keys(resource.schemas.create.shape);

describe('resources under bad input', () => {
  for (const resource of resources) {
    it(`${resource.path}: create and update bodies, querystrings, ids`, { timeout: TIMEOUT }, async () => {
      const who = resource.platform ? operator : a;
      const base = urlOf(resource);
      const keys = inputKeys(resource);
      const example = exampleInput(resource);
      if (resource.allows('create')) await check(body(keys, example), (b) => send('POST', base, b, who));
      const fixture = fixtures.get(resource.path);
      if (fixture) await check(body(keys, example), (b) => send('PATCH', urlOf(resource, fixture), b, who));
      await check(querystring(Object.keys(resource.listQuery.shape), sortableFields(resource.config)), (q) =>
        send('GET', base, null, who, q),
      );
      await check(rawQuery, (q) => send('GET', `${base}?${q}`, null, who), FEW);
      const methods = [
        'GET',
        ...(resource.allows('update') ? ['PATCH'] : []),
        ...(resource.allows('delete') ? ['DELETE'] : []),
      ] as HTTPMethods[];
      await check(fc.tuple(fc.constantFrom(...methods), ids), ([method, id]) =>
        send(method, `${base}/${encodeURIComponent(id)}`, method === 'PATCH' ? asJson({}) : null, who),
      );
      if (resource.allows('delete')) {
        await check(jsonBody(['ids'], { ids: [randomUUID()] }).map(asJson), (b) => send('POST', `${base}/bulk-delete`, b, who), FEW);
      }
    });
  }
});

// ---- auth -----------------------------------------------------------------------------------

describe('auth routes under bad input', () => {
  const authKeys = [
    'email',
    'password',
    'community',
    'name',
    'code',
    'purpose',
    'displayName',
    'currentPassword',
    'newPassword',
    'phone',
    'theme',
  ];

  it('public sign-up, sign-in, OTP and password routes', { timeout: TIMEOUT }, async () => {
    const routes: [string, Record<string, unknown>][] = [
      ['/api/v1/auth/signup', { community: `fuzz-${tag()}`, name: 'Fuzz', email: `fuzz@${tag()}.example`, password: 'fuzz-password-1' }],
      ['/api/v1/auth/login', { email: a.email, password: 'wrong-password', community: a.name }],
      ['/api/v1/auth/otp', { email: a.email, community: a.name }],
      ['/api/v1/auth/otp/verify', { email: a.email, community: a.name, code: '000000' }],
      ['/api/v1/auth/password/forgot', { email: a.email, community: a.name }],
      ['/api/v1/auth/password/reset', { email: a.email, community: a.name, code: '000000', password: 'new-password-1' }],
    ];
    for (const [url, base] of routes) await check(body(authKeys, base), (b) => send('POST', url, b));
  });

  it('signed-in routes: own details and password change', { timeout: TIMEOUT }, async () => {
    await check(body(authKeys, { name: 'Owner' }), (b) => send('PATCH', '/api/v1/auth/me', b, a));
    await check(body(authKeys, { currentPassword: 'not-the-password', newPassword: 'another-password' }), (b) =>
      send('POST', '/api/v1/auth/password/change', b, a),
    );
  });

  it('tokens and community-name headers', { timeout: TIMEOUT }, async () => {
    await check(fc.tuple(headerValue, fc.option(headerValue)), async ([authorization, community]) => {
      const res = await t.request({
        method: 'GET',
        url: '/api/v1/identity/roles',
        headers: { authorization, ...(community === null ? {} : { 'community-name': community }) },
      });
      expectHandled(res, `authorization ${JSON.stringify(authorization)} community ${JSON.stringify(community)}`);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    });
    // Correctly signed tokens with nonsense claims.
    const claim = fc.oneof(fc.uuid(), text);
    await check(fc.record({ sub: claim, tid: claim, cn: claim, sid: claim }), async (claims) => {
      const token = await t.app.tokens.sign(claims as never, new Date(Date.now() + 60_000));
      const res = await t.request({ method: 'GET', url: '/api/v1/identity/roles', as: token });
      expectHandled(res, `claims ${JSON.stringify(claims)}`);
      expect(res.statusCode).toBe(401);
    });
    // a's own token with another community named.
    await check(headerValue, async (community) => {
      const res = await t.request({ method: 'GET', url: '/api/v1/identity/roles', headers: { ...a.headers, 'community-name': community } });
      expectHandled(res, `community-name ${JSON.stringify(community)}`);
      expect(res.statusCode, community).toBe(community === '' || community === a.name ? 200 : 403);
    });
  });
});

// ---- compat ---------------------------------------------------------------------------------

describe('compat routes under bad input', () => {
  const compatKeys = [
    'id',
    '_id',
    'ids',
    'page',
    'limit',
    'offset',
    'search',
    'q',
    'sort',
    'name',
    'email',
    'password',
    'code',
    'message',
    'permissions',
    'otp',
    'community',
    'status',
    'httpStatus',
  ];
  const sample: [HTTPMethods, string, boolean][] = [
    ['POST', '/compat/content/marcom/admin/login', false],
    ['POST', '/compat/content/marcom/admin/getAdmins', true],
    ['POST', '/compat/content/users/addAdmin', true],
    ['POST', '/compat/content/users/editAdmin', true],
    ['POST', '/compat/content/admin/roles/get', true],
    ['POST', '/compat/content/admin/roles/add', true],
    ['POST', '/compat/content/admin/roles/remove', true],
    ['POST', '/compat/content/admin/errorcodes/edit', true],
    ['POST', '/compat/content/websiteRoles/updateWebsiteRole', true],
    ['POST', '/compat/core/auth/loginWithPassword', false],
    ['POST', '/compat/core/auth/VerifyOTP', false],
    ['POST', '/compat/core/auth/forgotPassword', false],
    ['POST', '/compat/core/auth/getapplicationlog', true],
    ['POST', '/compat/core/errormanagment/create', true],
    ['POST', '/compat/core/client/edit', true],
    ['GET', '/compat/core/client/', true],
    ['POST', '/compat/core/client/upload-logo', true],
    ['POST', '/compat/core/utilities/upload-files', true],
  ];

  it('a sample of content and core calls', { timeout: TIMEOUT }, async () => {
    const routes = sample.filter(([method, url]) => t.app.hasRoute({ method, url }));
    const compatBase = {
      id: randomUUID(),
      name: 'Fuzz',
      email: a.email,
      search: 'x',
      module: 'auth',
      code: 'fuzz_code',
      message: 'Fuzz',
      businessName: 'Fuzz',
    };
    expect(routes.length).toBeGreaterThan(10);
    for (const [method, url, signedIn] of routes) {
      const as = signedIn ? a : undefined;
      if (method === 'GET') await check(querystring(compatKeys), (q) => send('GET', url, null, as, q), FEW);
      else await check(body(compatKeys, compatBase), (b) => send(method, url, b, as), FEW);
    }
  });
});

describe('afterwards', () => {
  it('still answers health and signed-in requests', async () => {
    const health = await t.request({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().status).toBe('ok');
    const me = await t.request({ method: 'GET', url: '/api/v1/auth/me', as: a });
    expect(me.statusCode, me.body).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
