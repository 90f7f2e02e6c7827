import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers';

type Operation = {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
};
type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[]; [k: string]: unknown };
type OpenApi = {
  openapi: string;
  info: { title: string; version: string };
  components: { securitySchemes: Record<string, unknown> };
  security: unknown[];
  paths: Record<string, Record<string, Operation>>;
};

describe('API documentation', () => {
  let t: TestApp;
  let doc: OpenApi;
  beforeAll(async () => {
    t = await startTestApp();
    const res = await t.request({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.json();
  });
  afterAll(() => t?.close());

  const requestSchema = (path: string, method: string) => doc.paths[path]?.[method]?.requestBody?.content['application/json']?.schema;

  it('is OpenAPI 3.1 with the bearer scheme and the server version', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Atrium API', version: t.config.version });
    expect(doc.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(doc.security).toEqual([{ bearer: [] }]);
  });

  it('lists the CRUD operations of a resource with their schemas', () => {
    // PATCH on the collection is the bulk edit.
    expect(Object.keys(doc.paths['/api/v1/identity/roles']).sort()).toEqual(['get', 'patch', 'post']);
    expect(Object.keys(doc.paths['/api/v1/identity/roles/export.csv'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/v1/identity/roles/import'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/v1/identity/roles/{id}']).sort()).toEqual(['delete', 'get', 'patch']);
    expect(Object.keys(doc.paths['/api/v1/identity/roles/bulk-delete'])).toEqual(['post']);

    const create = requestSchema('/api/v1/identity/roles', 'post')!;
    expect(doc.paths['/api/v1/identity/roles'].post.requestBody?.required).toBe(true);
    expect(create.type).toBe('object');
    expect(create.required).toEqual(['name']);
    expect(create.additionalProperties).toBe(false);
    expect(create.properties?.name).toMatchObject({ type: 'string', minLength: 1, maxLength: 80 });
    expect(Object.keys(create.properties!).sort()).toEqual(['description', 'name', 'permissions']);

    const update = requestSchema('/api/v1/identity/roles/{id}', 'patch')!;
    expect(update.required ?? []).toEqual([]);
    expect(Object.keys(update.properties!).sort()).toEqual(['description', 'name', 'permissions']);

    const list = doc.paths['/api/v1/identity/roles'].get;
    const query = list.parameters!.filter((p) => p.in === 'query').map((p) => p.name);
    expect(query).toEqual(expect.arrayContaining(['q', 'sort', 'limit', 'offset', 'cursor', 'withTotal']));
    const listed = list.responses['200'].content!['application/json'].schema;
    expect(Object.keys(listed.properties!).sort()).toEqual([
      'data',
      'limit',
      'nextCursor',
      'offset',
      'total',
      'totalAtLeast',
      'totalIsEstimate',
    ]);

    const get = doc.paths['/api/v1/identity/roles/{id}'].get;
    expect(get.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id', required: true })]);
    const output = get.responses['200'].content!['application/json'].schema.properties!.data;
    expect(Object.keys(output.properties!)).toEqual(expect.arrayContaining(['id', 'name', 'permissions', 'createdAt', 'updatedAt']));
  });

  it('documents the auth endpoints with their request bodies', () => {
    const login = requestSchema('/api/v1/auth/login', 'post')!;
    expect(login.required).toEqual(['email', 'password']);
    expect(login.properties?.email).toMatchObject({ type: 'string', format: 'email' });
    expect(login.properties).toHaveProperty('community');
    const signup = requestSchema('/api/v1/auth/signup', 'post')!;
    expect(signup.required).toEqual(expect.arrayContaining(['community', 'name', 'email', 'password']));
    for (const path of ['/api/v1/auth/otp', '/api/v1/auth/otp/verify', '/api/v1/auth/password/forgot', '/api/v1/auth/password/reset']) {
      expect(requestSchema(path, 'post'), path).toHaveProperty('properties');
    }
    expect(doc.paths['/api/v1/auth/me']).toHaveProperty('get');
    expect(doc.paths['/api/v1/auth/me']).toHaveProperty('patch');
  });

  it('says which operations need no token', () => {
    for (const [path, method] of [
      ['/api/v1/auth/login', 'post'],
      ['/api/v1/auth/signup', 'post'],
      ['/api/v1/auth/password/forgot', 'post'],
      ['/api/health', 'get'],
      ['/public/{community}/files/{id}', 'get'],
    ]) {
      expect(doc.paths[path][method].security, `${method} ${path}`).toEqual([]);
    }
    // Everything else inherits the document's bearer requirement.
    expect(doc.paths['/api/v1/identity/roles'].get.security).toBeUndefined();
    expect(doc.paths['/api/v1/auth/me'].get.security).toBeUndefined();
  });

  it('lists every resource the console knows, and never exposes tenant ids or secrets', async () => {
    const c = await t.signup();
    const meta = await t.request({ method: 'GET', url: '/api/v1/meta/resources', as: c });
    expect(meta.statusCode).toBe(200);
    const paths = (meta.json().data as { path: string }[]).map((r) => r.path);
    expect(paths.length).toBeGreaterThan(5);
    for (const path of paths) {
      expect(doc.paths, path).toHaveProperty([`/api/v1/${path}`]);
      expect(doc.paths[`/api/v1/${path}`], path).toHaveProperty('get');
      expect(doc.paths, path).toHaveProperty([`/api/v1/${path}/{id}`]);
    }
    const text = JSON.stringify(doc);
    for (const secret of ['tenantId', 'passwordHash', 'storageKey', 'codeHash']) expect(text).not.toContain(`"${secret}"`);
  });

  it('hides its own plumbing', () => {
    expect(doc.paths).not.toHaveProperty(['/api/openapi.json']);
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/docs'))).toBe(false);
  });

  it('serves the interactive reference as HTML, pointing at the document', async () => {
    const bare = await t.request({ method: 'GET', url: '/api/docs' });
    // The reference loads its script relative to the page, hence the canonical trailing slash.
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/api/docs/');
    const page = await t.request({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toMatch(/<html/i);
    expect(page.body).toContain('/api/openapi.json');
    // The script is served by the server itself: the reference works offline.
    const script = /<script[^>]+src="([^"]+)"/.exec(page.body)?.[1];
    expect(script).toEqual(expect.any(String));
    const js = await t.request({ method: 'GET', url: new URL(script!, 'http://localhost/api/docs/').pathname });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
  });
});

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('answers status, engine and version without a token', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      version: t.config.version,
    });
    expect(t.config.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('ignores a stale token', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health', as: 'not-a-token' });
    expect(res.statusCode).toBe(200);
  });
});
