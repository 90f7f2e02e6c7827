import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE } from '../src/kernel/db/database';
import { AppError } from '../src/kernel/errors/app-error';
import { registerErrorHandling, toErrorResponse } from '../src/kernel/errors/error-handler';
import { appWith, logIn, randomIp, type TestApp, type TestCommunity } from './helpers';

/** Every refusal has exactly this shape. */
function expectErrorBody(res: { json(): any; headers: Record<string, unknown> }, code: string) {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(0);
  for (const key of Object.keys(body.error)) expect(['code', 'message', 'fields']).toContain(key);
  return body.error as { code: string; message: string; fields?: Record<string, string> };
}

type LogEntry = { kind: string; level: string; message: string; code: string | null; context: Record<string, unknown> | null };
type AuditEntry = {
  action: string;
  resource: string;
  recordId: string;
  actorId: string;
  actorName: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** One app for the file; each part signs up communities of its own. */
const [t] = await appWith(0);

describe('application logs and the audit log', async () => {
  const a = await t.signup();
  const b = await t.signup();

  const logs = async (c: TestCommunity, query: string) => {
    const res = await t.request({ method: 'GET', url: `/api/v1/ops/logs?${query}`, as: c });
    expect(res.statusCode).toBe(200);
    return res.json().data as LogEntry[];
  };

  it('writes an application log entry on sign-in, visible only to that community', async () => {
    const ip = randomIp();
    const login = await logIn(t, a.email, a.password, a.name, ip);
    expect(login.statusCode).toBe(200);

    const entries = await logs(a, 'kind=application');
    const signIn = entries.find((e) => e.message === `${a.email} signed in`);
    expect(signIn).toMatchObject({ kind: 'application', level: 'info', context: { ip } });
    expect(entries.every((e) => e.kind === 'application')).toBe(true);
    expect(await logs(a, 'kind=error')).toEqual([]);

    const other = await logs(b, 'kind=application');
    expect(other.some((e) => e.message.includes(a.email))).toBe(false);
    const search = await logs(b, `q=${encodeURIComponent(a.email)}`);
    expect(search).toEqual([]);
  });

  it('validates the log filters', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/ops/logs?kind=gossip', as: a });
    expect(res.statusCode).toBe(400);
    expect(expectErrorBody(res, 'validation_failed').fields).toHaveProperty('kind');
  });

  it('records every write with who, before and after', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/identity/roles',
      as: a,
      payload: { name: 'Auditor', description: 'Reads logs', permissions: { performance: 'read' } },
    });
    expect(created.statusCode).toBe(201);
    const role = created.json().data;
    const patched = await t.request({
      method: 'PATCH',
      url: `/api/v1/identity/roles/${role.id}`,
      as: a,
      payload: { description: 'Reads every log' },
    });
    expect(patched.statusCode).toBe(200);
    const deleted = await t.request({ method: 'DELETE', url: `/api/v1/identity/roles/${role.id}`, as: a });
    expect(deleted.statusCode).toBe(204);

    const res = await t.request({ method: 'GET', url: `/api/v1/ops/audit-log?recordId=${role.id}&sort=createdAt`, as: a });
    expect(res.statusCode).toBe(200);
    const entries = res.json().data as AuditEntry[];
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    for (const e of entries) {
      expect(e).toMatchObject({ resource: 'identity/roles', recordId: role.id, actorId: a.userId, actorName: `Owner of ${a.name}` });
    }
    const [create, update, remove] = entries;
    expect(create.before).toBeNull();
    expect(create.after).toMatchObject({ id: role.id, name: 'Auditor', description: 'Reads logs', permissions: { performance: 'read' } });
    expect(update.before).toMatchObject({ description: 'Reads logs' });
    expect(update.after).toMatchObject({ description: 'Reads every log', name: 'Auditor' });
    expect(remove.before).toMatchObject({ id: role.id, description: 'Reads every log' });
    expect(remove.after).toBeNull();
    // The tenant id is not part of what the audit log shows.
    expect(create.after).not.toHaveProperty('tenantId');

    // Another community sees none of it.
    const other = await t.request({ method: 'GET', url: `/api/v1/ops/audit-log?recordId=${role.id}`, as: b });
    expect(other.json().data).toEqual([]);
  });

  it('writes no audit entry for a write that failed', async () => {
    const first = await t.request({ method: 'POST', url: '/api/v1/identity/roles', as: a, payload: { name: 'Unique one' } });
    expect(first.statusCode).toBe(201);
    const again = await t.request({ method: 'POST', url: '/api/v1/identity/roles', as: a, payload: { name: 'Unique one' } });
    expect(again.statusCode).toBe(409);
    const res = await t.request({ method: 'GET', url: '/api/v1/ops/audit-log?resource=identity/roles&action=create&limit=200', as: a });
    const names = (res.json().data as AuditEntry[]).map((e) => e.after?.name);
    expect(names.filter((n) => n === 'Unique one')).toHaveLength(1);
  });

  it('does not let the audit log be written or changed through the API', async () => {
    const post = await t.request({ method: 'POST', url: '/api/v1/ops/audit-log', as: a, payload: { action: 'create', resource: 'x' } });
    expect(post.statusCode).toBe(404);
    const [entry] = (await t.request({ method: 'GET', url: '/api/v1/ops/audit-log?limit=1', as: a })).json().data;
    const del = await t.request({ method: 'DELETE', url: `/api/v1/ops/audit-log/${entry.id}`, as: a });
    expect(del.statusCode).toBe(404);
    const patch = await t.request({ method: 'PATCH', url: `/api/v1/ops/audit-log/${entry.id}`, as: a, payload: { action: 'delete' } });
    expect(patch.statusCode).toBe(404);
  });
});

describe('error responses', async () => {
  const a = await t.signup();
  const b = await t.signup();
  let viewerToken: string;

  beforeAll(async () => {
    const roles = (await t.request({ method: 'GET', url: '/api/v1/identity/roles', as: a })).json().data as { id: string; name: string }[];
    const viewer = roles.find((r) => r.name === 'Viewer')!;
    const admin = await t.request({
      method: 'POST',
      url: '/api/v1/identity/admins',
      as: a,
      payload: { name: 'Vera Viewer', email: `vera@${a.name}.example`, password: 'viewer-password-1', roleId: viewer.id },
    });
    expect(admin.statusCode).toBe(201);
    const login = await logIn(t, `vera@${a.name}.example`, 'viewer-password-1', a.name);
    expect(login.statusCode).toBe(200);
    viewerToken = login.json().token;
  });

  it('400 validation_failed names the fields', async () => {
    const res = await t.request({ method: 'POST', url: '/api/v1/identity/roles', as: a, payload: { name: '', colour: 'red' } });
    expect(res.statusCode).toBe(400);
    const error = expectErrorBody(res, 'validation_failed');
    expect(error.fields).toMatchObject({ name: expect.any(String), colour: 'Unknown field' });

    const query = await t.request({ method: 'GET', url: '/api/v1/identity/roles?limit=0', as: a });
    expect(query.statusCode).toBe(400);
    expect(expectErrorBody(query, 'validation_failed').fields).toHaveProperty('limit');

    const sort = await t.request({ method: 'GET', url: '/api/v1/identity/roles?sort=-permissions', as: a });
    expect(sort.statusCode).toBe(400);
    expect(expectErrorBody(sort, 'validation_failed').fields).toHaveProperty('sort');
  });

  // Bodies the route cannot take, whatever their content: each refused with its own code.
  it.each([
    { status: 400, code: 'invalid_json', body: 'a malformed body', type: 'application/json', payload: '{"name": "oops",' },
    {
      status: 413,
      code: 'payload_too_large',
      body: 'a JSON body over the limit',
      type: 'application/json',
      payload: JSON.stringify({ name: 'Big', description: 'x'.repeat(1024 * 1024 + 10) }),
    },
    { status: 415, code: 'unsupported_media_type', body: 'a body type the route does not take', type: 'text/csv', payload: 'name=Plain' },
  ])('$status $code for $body', async ({ status, code, type, payload }) => {
    const res = await t.request({ method: 'POST', url: '/api/v1/identity/roles', as: a, payload, headers: { 'content-type': type } });
    expect(res.statusCode).toBe(status);
    expectErrorBody(res, code);
  });

  it('401 unauthenticated without a session, with a forged token, and after logout', async () => {
    const none = await t.request({ method: 'GET', url: '/api/v1/identity/roles' });
    expect(none.statusCode).toBe(401);
    expectErrorBody(none, 'unauthenticated');

    const forged = await t.request({ method: 'GET', url: '/api/v1/identity/roles', as: `${a.token.slice(0, -4)}AAAA` });
    expect(forged.statusCode).toBe(401);
    expectErrorBody(forged, 'unauthenticated');

    const c = await t.signup();
    expect((await t.request({ method: 'POST', url: '/api/v1/auth/logout', as: c })).statusCode).toBe(204);
    const revoked = await t.request({ method: 'GET', url: '/api/v1/identity/roles', as: c });
    expect(revoked.statusCode).toBe(401);
    expectErrorBody(revoked, 'unauthenticated');
  });

  it('401 invalid_credentials for a wrong password', async () => {
    const res = await logIn(t, b.email, 'not-the-password', b.name);
    expect(res.statusCode).toBe(401);
    expectErrorBody(res, 'invalid_credentials');
  });

  it('403 forbidden without the permission, and community_mismatch for another community header', async () => {
    const denied = await t.request({ method: 'GET', url: '/api/v1/identity/roles', as: viewerToken });
    expect(denied.statusCode).toBe(403);
    expectErrorBody(denied, 'forbidden');
    const write = await t.request({ method: 'POST', url: '/api/v1/identity/roles', as: viewerToken, payload: { name: 'Sneaky' } });
    expect(write.statusCode).toBe(403);
    expectErrorBody(write, 'forbidden');

    const mismatch = await t.request({
      method: 'GET',
      url: '/api/v1/identity/roles',
      as: a.token,
      headers: { 'community-name': b.name },
    });
    expect(mismatch.statusCode).toBe(403);
    expectErrorBody(mismatch, 'community_mismatch');
  });

  it('404 not_found for an unknown record, route_not_found for an unknown route', async () => {
    const record = await t.request({ method: 'GET', url: `/api/v1/identity/roles/${crypto.randomUUID()}`, as: a });
    expect(record.statusCode).toBe(404);
    expect(expectErrorBody(record, 'not_found').message).toBe('Role not found');

    const route = await t.request({ method: 'GET', url: '/api/v1/no/such/thing?x=1', as: a });
    expect(route.statusCode).toBe(404);
    expect(expectErrorBody(route, 'route_not_found').message).toBe('No route GET /api/v1/no/such/thing');
  });

  it("404 for another community's record", async () => {
    const role = (await t.request({ method: 'POST', url: '/api/v1/identity/roles', as: a, payload: { name: 'Private' } })).json().data;
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await t.request({
        method,
        url: `/api/v1/identity/roles/${role.id}`,
        as: b,
        ...(method === 'PATCH' ? { payload: { name: 'Hijacked' } } : {}),
      });
      expect(res.statusCode).toBe(404);
      expectErrorBody(res, 'not_found');
    }
  });

  it('409 already_exists names the conflicting field', async () => {
    expect((await t.request({ method: 'POST', url: '/api/v1/identity/roles', as: a, payload: { name: 'Twin' } })).statusCode).toBe(201);
    const res = await t.request({ method: 'POST', url: '/api/v1/identity/roles', as: a, payload: { name: 'Twin' } });
    expect(res.statusCode).toBe(409);
    expect(expectErrorBody(res, 'already_exists').fields).toEqual({ name: 'Already in use' });
  });

  it('429 rate_limited with Retry-After after too many sign-in attempts', async () => {
    const c = await t.signup();
    const attempt = () => logIn(t, c.email, 'wrong-password', c.name);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt()).statusCode);
    expect(statuses.every((s) => s === 401)).toBe(true);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expectErrorBody(limited, 'rate_limited');
    const retry = Number(limited.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    // Even the right password waits now.
    const right = await logIn(t, c.email, c.password, c.name);
    expect(right.statusCode).toBe(429);
  });

  it("uses the community's own message for a code, only in that community", async () => {
    const override = await t.request({
      method: 'POST',
      url: '/api/v1/settings/error-codes',
      as: a,
      payload: { code: 'not_found', message: 'We looked everywhere and found nothing.', httpStatus: 404 },
    });
    expect(override.statusCode).toBe(201);
    const url = `/api/v1/identity/roles/${crypto.randomUUID()}`;
    const mine = await t.request({ method: 'GET', url, as: a });
    expect(mine.statusCode).toBe(404);
    expect(expectErrorBody(mine, 'not_found').message).toBe('We looked everywhere and found nothing.');
    const theirs = await t.request({ method: 'GET', url, as: b });
    expect(expectErrorBody(theirs, 'not_found').message).toBe('Role not found');
  });
});

describe('5xx never leak internals', () => {
  const generic = 'Something went wrong on our side. It has been logged.';

  it('a raw Error becomes a generic 500', () => {
    const err = new Error('connect ECONNREFUSED 10.1.2.3:5432 (user=atrium password=hunter2)');
    const { status, body } = toErrorResponse(err);
    expect(status).toBe(500);
    expect(body).toEqual({ error: { code: 'internal_error', message: generic } });
  });

  it('an unknown PostgreSQL error becomes a generic 500, whether raw or wrapped by drizzle', () => {
    const pgError = Object.assign(new Error('relation "secret_table" does not exist'), {
      code: '42P01',
      severity: 'ERROR',
      detail: 'Key (tenant_id)=(…) is private',
      table: 'secret_table',
      routine: 'parserOpenTable',
    });
    const raw = toErrorResponse(pgError);
    expect(raw.status).toBe(500);
    expect(raw.body).toEqual({ error: { code: 'internal_error', message: generic } });

    const wrapped = Object.assign(new Error('Failed query: select * from secret_table where tenant_id = $1\nparams: 1234'), {
      query: 'select * from secret_table where tenant_id = $1',
      params: ['1234'],
      cause: pgError,
    });
    const res = toErrorResponse(wrapped);
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toMatch(/secret_table|select|1234/);
  });

  it('PostgreSQL errors caused by input map to client errors with fixed messages', () => {
    const wrapped = (code: string) =>
      Object.assign(new Error('Failed query: insert into roles (name) values ($1)\nparams: xxxxxxxx'), {
        cause: Object.assign(new Error('value too long for type character varying(80)'), { code }),
      });
    expect(toErrorResponse(wrapped('22001'))).toEqual({
      status: 400,
      body: { error: { code: 'value_too_long', message: 'A value is too long' } },
    });
    expect(toErrorResponse(wrapped('23505')).status).toBe(409);
    expect(toErrorResponse(wrapped('23503')).body.error.code).toBe('related_record_missing');
    expect(toErrorResponse({ code: '40001', message: 'could not serialize access' })).toEqual({
      status: 409,
      body: { error: { code: 'conflict_retry', message: 'The record changed at the same time; try again' } },
    });
  });

  it('keeps AppError codes, fields and headers', () => {
    const res = toErrorResponse(new AppError(429, 'rate_limited', 'Slow down', undefined, { 'retry-after': '7' }));
    expect(res).toEqual({ status: 429, body: { error: { code: 'rate_limited', message: 'Slow down' } }, headers: { 'retry-after': '7' } });
    const fields = toErrorResponse(new AppError(400, 'validation_failed', 'Bad', { name: 'Required' }));
    expect(fields.body.error.fields).toEqual({ name: 'Required' });
  });

  it('something thrown that is not an Error is still a generic 500', () => {
    expect(toErrorResponse('a string')).toEqual({ status: 500, body: { error: { code: 'internal_error', message: generic } } });
    expect(toErrorResponse(null).status).toBe(500);
    expect(toErrorResponse(undefined).status).toBe(500);
  });
});

describe('the error handler on a failing route', async () => {
  const a = await t.signup();
  let probe: FastifyInstance;

  beforeAll(async () => {
    // A bare Fastify with the kernel's error handling and the test app's database: its routes throw.
    probe = Fastify({ logger: false });
    probe.decorate('db', t.app.db);
    probe.decorateRequest('auth', null);
    probe.addHook('onRequest', async (req) => {
      if (req.headers['x-tenant']) req.auth = { tenantId: a.tenantId, userId: a.userId } as never;
    });
    registerErrorHandling(probe);
    probe.get('/boom', async () => {
      throw Object.assign(new Error('password authentication failed for user "atrium" at 10.1.2.3'), { code: '28P01' });
    });
    probe.get('/throws-null', async () => {
      throw null;
    });
    await probe.ready();
  });

  afterAll(async () => {
    await probe?.close();
  });

  it('answers a generic 500 and writes the real reason to the community error log', async () => {
    const res = await probe.inject({ method: 'GET', url: '/boom', headers: { 'x-tenant': '1' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'internal_error', message: 'Something went wrong on our side. It has been logged.' } });
    expect(res.body).not.toMatch(/password|atrium|10\.1\.2\.3/);

    const logs = await t.request({ method: 'GET', url: '/api/v1/ops/logs?kind=error', as: a });
    const entries = logs.json().data as LogEntry[];
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'error', level: 'error', code: 'internal_error' });
    expect(entries[0].message).toContain('GET /boom');
    expect(entries[0].message).toContain('password authentication failed');
  });

  it('answers a generic 500 even when what was thrown is not an Error', async () => {
    const res = await probe.inject({ method: 'GET', url: '/throws-null', headers: { 'x-tenant': '1' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'internal_error', message: 'Something went wrong on our side. It has been logged.' } });
  });

  it('answers a generic 500 without a session too', async () => {
    const res = await probe.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('internal_error');
  });
});

describe('tenant transactions (where the audit entry and the change commit together)', async () => {
  const a = await t.signup();
  const b = await t.signup();

  const rows = (result: unknown) => ((result as { rows?: unknown[] }).rows ?? result) as Record<string, unknown>[];
  const logCount = async (tenantId: string, message: string) => {
    const [row] = await t.app.db.query<{ n: number }>('select count(*)::int as n from app_logs where tenant_id = $1 and message = $2', [
      tenantId,
      message,
    ]);
    return row.n;
  };
  const insertLog = (tx: Parameters<Parameters<TestApp['app']['db']['withTenant']>[1]>[0], tenantId: string, message: string) =>
    tx.execute(sql`insert into app_logs (tenant_id, kind, level, message) values (${tenantId}, 'application', 'info', ${message})`);

  it('runs as the app role with the tenant set, and hands the connection back as the owner', async () => {
    const [inside] = rows(
      await t.app.db.withTenant(a.tenantId, (tx) =>
        tx.execute(
          sql`select current_user as role, current_setting('app.tenant_id') as tenant, (select count(*)::int from users) as users`,
        ),
      ),
    );
    expect(inside).toEqual({ role: APP_ROLE, tenant: a.tenantId, users: 1 });
    // Many times over, so every pooled connection has been through a tenant transaction.
    for (let i = 0; i < 25; i++) {
      const [after] = await t.app.db.query<{ role: string; tenant: string | null }>(
        "select current_user as role, nullif(current_setting('app.tenant_id', true), '') as tenant",
      );
      expect(after.role).not.toBe(APP_ROLE);
      expect(after.tenant).toBeNull();
    }
  });

  it('commits on success and rolls everything back on an error', async () => {
    await t.app.db.withTenant(a.tenantId, (tx) => insertLog(tx, a.tenantId, 'committed'));
    expect(await logCount(a.tenantId, 'committed')).toBe(1);
    await expect(
      t.app.db.withTenant(a.tenantId, async (tx) => {
        await insertLog(tx, a.tenantId, 'rolled back');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await logCount(a.tenantId, 'rolled back')).toBe(0);
  });

  it('rolls back a failed statement and keeps the pool healthy', async () => {
    for (let i = 0; i < 25; i++) {
      await expect(
        t.app.db.withTenant(a.tenantId, (tx) => tx.execute(sql`select * from no_such_table_${sql.raw(String(i))}`)),
      ).rejects.toThrow();
    }
    const [{ n }] = rows(await t.app.db.withTenant(a.tenantId, (tx) => tx.execute(sql`select count(*)::int as n from users`)));
    expect(n).toBe(1);
  });

  it('makes a nested transaction a savepoint', async () => {
    await t.app.db.withTenant(a.tenantId, async (tx) => {
      await insertLog(tx, a.tenantId, 'outer');
      await expect(
        tx.transaction(async (inner) => {
          await insertLog(inner, a.tenantId, 'inner');
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
      // Still inside the tenant transaction: same role, same tenant.
      const [state] = rows(await tx.execute(sql`select current_user as role, current_setting('app.tenant_id') as tenant`));
      expect(state).toEqual({ role: APP_ROLE, tenant: a.tenantId });
    });
    expect(await logCount(a.tenantId, 'outer')).toBe(1);
    expect(await logCount(a.tenantId, 'inner')).toBe(0);
  });

  it('cannot write into another community, and refuses a tenant id that is not a UUID', async () => {
    await expect(t.app.db.withTenant(a.tenantId, (tx) => insertLog(tx, b.tenantId, 'smuggled'))).rejects.toThrow();
    expect(await logCount(b.tenantId, 'smuggled')).toBe(0);
    await expect(
      t.app.db.withTenant(`${a.tenantId}', true), set_config('role', 'postgres`, (tx) => tx.execute(sql`select count(*) from users`)),
    ).rejects.toThrow();
  });
});
