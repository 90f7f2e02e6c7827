import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { randomIp, signedInAdmin, signIn, startTestApp, type TestCommunity } from './helpers';

/** One test per access finding of issue 9 (2, 3, 5); the security suite runs the generic attacks. */

const t = await startTestApp();
let owner: TestCommunity;
beforeAll(async () => {
  owner = await t.signup();
});
afterAll(() => t.close());

const refused = (res: LightMyRequestResponse, status: number, code: string, what: string) => {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(status);
  expect(res.json().error.code, what).toBe(code);
};
const me = (token: string) => t.request({ method: 'GET', url: '/api/v1/auth/me', as: token });
const patchAdmin = (as: TestCommunity, id: string, payload: Record<string, unknown>) =>
  t.request({ method: 'PATCH', url: `/api/v1/identity/admins/${id}`, as, payload });
const login = (email: string, password: string, community = owner.name) =>
  t.request({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password, community }, remoteAddress: randomIp() });

describe('finding 2: an admin manager cannot take over the owner', () => {
  it("the owner's password, email, role, status and record change only by the owner; the owner is never deleted", async () => {
    // Even an admin holding every module.
    const all = Object.fromEntries(
      (await t.request({ method: 'GET', url: '/api/v1/meta/modules', as: owner }))
        .json()
        .data.map((m: { key: string }) => [m.key, 'write']),
    );
    const manager = await signedInAdmin(t, owner, all);
    for (const patch of [
      { password: 'taken-over-1234' },
      { email: `thief@${owner.name}.example` },
      { roleId: manager.roleId },
      { status: 'disabled' },
      { name: 'Not the owner' },
    ]) {
      refused(await patchAdmin(manager, owner.userId, patch), 403, 'owner_only', `PATCH owner ${JSON.stringify(patch)}`);
    }
    refused(
      await t.request({
        method: 'POST',
        url: '/compat/content/users/editAdmin',
        as: manager,
        payload: { id: owner.userId, password: 'taken-over-1234' },
      }),
      403,
      'owner_only',
      'compat editAdmin of the owner',
    );
    refused(
      await t.request({ method: 'DELETE', url: `/api/v1/identity/admins/${owner.userId}`, as: manager }),
      409,
      'owner_protected',
      'delete',
    );
    refused(
      await t.request({ method: 'POST', url: '/api/v1/identity/admins/bulk-delete', as: manager, payload: { ids: [owner.userId] } }),
      409,
      'owner_protected',
      'bulk delete',
    );
    expect((await login(owner.email, 'taken-over-1234')).statusCode).toBe(401);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
    expect((await me(owner.token)).json().data).toMatchObject({ email: owner.email, isOwner: true, status: 'active', roleId: null });
    // The owner changes their own record.
    const own = await patchAdmin(owner, owner.userId, { name: 'Still the owner' });
    expect(own.statusCode, own.body).toBe(200);
  });
});

describe('finding 3: no self-escalation', () => {
  it('a role manager cannot grant their own role admin management, nor edit or delete a bigger role', async () => {
    const manager = await signedInAdmin(t, owner, { 'role-management': 'write' });
    const own = `/api/v1/identity/roles/${manager.roleId}`;
    refused(
      await t.request({
        method: 'PATCH',
        url: own,
        as: manager,
        payload: { permissions: { 'role-management': 'write', 'admin-management': 'write' } },
      }),
      403,
      'privilege_beyond_own',
      'grant own role admin-management:write',
    );
    expect((await me(manager.token)).json().permissions).toEqual({ 'role-management': 'write' });
    const bigger = await t.request({
      method: 'POST',
      url: '/api/v1/identity/roles',
      as: owner,
      payload: { name: 'Bigger', permissions: { site: 'write' } },
    });
    const biggerUrl = `/api/v1/identity/roles/${bigger.json().data.id}`;
    refused(
      await t.request({ method: 'PATCH', url: biggerUrl, as: manager, payload: { name: 'Renamed' } }),
      403,
      'privilege_beyond_own',
      'edit',
    );
    refused(await t.request({ method: 'DELETE', url: biggerUrl, as: manager }), 403, 'privilege_beyond_own', 'delete');
    // Narrowing their own role is theirs to do.
    const narrowed = await t.request({ method: 'PATCH', url: own, as: manager, payload: { description: 'Mine' } });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
  });

  it('an admin manager cannot move themselves to a bigger role, nor take over an account that holds more', async () => {
    const manager = await signedInAdmin(t, owner, { 'admin-management': 'write' });
    const editor = await signedInAdmin(t, owner, { site: 'write' });
    refused(await patchAdmin(manager, manager.userId, { roleId: editor.roleId }), 403, 'privilege_beyond_own', 'move self');
    refused(
      await patchAdmin(manager, editor.userId, { password: 'taken-over-1234' }),
      403,
      'privilege_beyond_own',
      "set a bigger admin's password",
    );
    refused(await patchAdmin(manager, editor.userId, { email: `x@${owner.name}.example` }), 403, 'privilege_beyond_own', 'their email');
    expect((await me(manager.token)).json().permissions).toEqual({ 'admin-management': 'write' });
    expect((await me(editor.token)).statusCode).toBe(200);
  });
});

describe('finding 5: a credential change by anyone revokes the sessions', () => {
  it('a password set by an admin, an email, role or status change: the old token is refused at once', async () => {
    const other = await t.request({
      method: 'POST',
      url: '/api/v1/identity/roles',
      as: owner,
      payload: { name: 'Other', permissions: {} },
    });
    for (const change of [
      { password: 'set-by-admin-1234' },
      { email: `moved-${Date.now()}@${owner.name}.example` },
      { roleId: other.json().data.id },
      { status: 'disabled' },
    ]) {
      const user = await signedInAdmin(t, owner, { site: 'read' });
      expect((await me(user.token)).statusCode).toBe(200);
      const res = await patchAdmin(owner, user.userId, change);
      expect(res.statusCode, res.body).toBe(200);
      expect((await me(user.token)).statusCode, `token after ${JSON.stringify(change)}`).toBe(401);
    }
  });

  it('an unchanged value revokes nothing, and one changing their own email keeps this session only', async () => {
    const user = await signedInAdmin(t, owner, { 'admin-management': 'write' });
    expect((await patchAdmin(owner, user.userId, { status: 'active', name: 'Renamed' })).statusCode).toBe(200);
    expect((await me(user.token)).statusCode).toBe(200);
    const second = await signIn(t, user.email, user.password, owner.name);
    const res = await patchAdmin(user, user.userId, { email: `self-${Date.now()}@${owner.name}.example` });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(401);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('reaches the other server processes on PostgreSQL (NOTIFY)', async () => {
    const other = await buildApp(t.config, { seed: false, logger: false });
    await other.ready();
    try {
      const user = await signedInAdmin(t, owner, { site: 'read' });
      const onOther = () => other.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: `Bearer ${user.token}` } });
      // The other process has verified (and cached) the session.
      expect((await onOther()).statusCode).toBe(200);
      expect((await patchAdmin(owner, user.userId, { password: 'set-by-admin-5678' })).statusCode).toBe(200);
      // Revoked in the database at once; the other process drops its cached session on the notification,
      // well before the cache would expire (5 s).
      await expect.poll(async () => (await onOther()).statusCode, { timeout: 2_000 }).toBe(401);
    } finally {
      await other.close();
      await other.db.close().catch(() => {});
    }
  });
});
