import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_CSP } from '../src/app';
import { ARCHIVE_READERS, type ArchiveReaderName, checkZipBounds, readArchive } from '../src/kernel/archives';
import type { Db } from '../src/kernel/db/database';
import { MAX_FILTER_VALUES, sortableFields } from '../src/kernel/resources/list-query';
import type { Resource } from '../src/kernel/resources/resource';
import { addressKeys, PROVIDERS } from '../src/modules/marketing/channels/settings/schemas';
import { exportCsv, postImport, runImport } from './csv-helpers';
import { platformOwner, randomIp, signedInAdmin, startTestApp, type TestCommunity } from './helpers';
import { withKitModule } from './kit-module';
import { exampleInput, patchFor, tag, urlOf } from './resource-fixtures';
import { zipOf } from './zip-helpers';

/**
 * The security suite: every registered resource, permission module and compat line gets the same
 * attacks (escalation from read to write and across modules, granting or assigning a module beyond
 * one's own, oversized inputs, crafted cursors, every entry point of a row rule, every write path of
 * a platform catalogue). An area added later is covered without writing new tests here; the
 * test-only kit module (test/kit-module.ts) brings a row-ruled resource and a catalogue.
 */

const t = await startTestApp({}, withKitModule);
const resources: Resource[] = t.app.resources.all();
const modules = [...new Set(resources.map((r) => r.module))];
const compatLines = t.app.modules.flatMap((m) => m.compat ?? []);
/** Every declared permission module (the modules' declarations, validated at start). */
const MODULE_KEYS = t.app.catalogue.permissionModules.map((m) => m.key);

let owner: TestCommunity;
beforeAll(async () => {
  owner = await t.signup();
});
afterAll(() => t.close());

const never5xx = (res: LightMyRequestResponse, what: string) => {
  expect(res.statusCode, `${what}: ${res.statusCode} ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
  expect(res.body.length, `${what}: the refusal stays short`).toBeLessThan(2000);
};

/** An admin of the owner's community whose role holds only `permissions`, signed in. */
const adminWith = (permissions: Record<string, string>) => signedInAdmin(t, owner, permissions);

describe.each(modules)('permission module %s: read does not write, nor reach other modules', (module) => {
  it('holds', async () => {
    const reader = await adminWith({ [module]: 'read' });
    for (const resource of resources) {
      const list = await t.request({ method: 'GET', url: `${urlOf(resource)}?limit=1`, as: reader });
      if (resource.module === module) {
        expect(list.statusCode, `${resource.path} list`).toBe(200);
        const create = await t.request({ method: 'POST', url: urlOf(resource), as: reader, payload: {} });
        expect([403, 404, 405], `${resource.path} create as ${module}:read`).toContain(create.statusCode);
        const update = await t.request({ method: 'PATCH', url: urlOf(resource, randomUUID()), as: reader, payload: {} });
        expect([403, 404, 405], `${resource.path} update as ${module}:read`).toContain(update.statusCode);
        const remove = await t.request({ method: 'DELETE', url: urlOf(resource, randomUUID()), as: reader });
        expect([403, 404, 405], `${resource.path} delete as ${module}:read`).toContain(remove.statusCode);
      } else {
        // A platform catalogue is read by every signed-in user; anything else of another module is refused.
        expect(list.statusCode, `${resource.path} (${resource.module}) list as ${module}:read`).toBe(resource.platform ? 200 : 403);
      }
    }
  });
});

const expectBeyondOwn = (res: LightMyRequestResponse, what: string) => {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(403);
  expect(res.json().error.code, what).toBe('privilege_beyond_own');
};

describe.each(MODULE_KEYS.filter((m) => m !== 'role-management'))(
  'permission module %s: a role manager grants it no further than they hold it',
  (module) => {
    it('neither to a new role, nor to their own, through v1 or compat', async () => {
      const manager = await adminWith({ 'role-management': 'write', [module]: 'read' });
      const create = await t.request({
        method: 'POST',
        url: '/api/v1/identity/roles',
        as: manager,
        payload: { name: `Up ${tag()}`, permissions: { [module]: 'write' } },
      });
      expectBeyondOwn(create, `create a role with ${module}:write`);
      const own = `/api/v1/identity/roles/${manager.roleId}`;
      const before = (await t.request({ method: 'GET', url: own, as: manager })).json().data.permissions;
      const edit = await t.request({ method: 'PATCH', url: own, as: manager, payload: { permissions: { ...before, [module]: 'write' } } });
      expectBeyondOwn(edit, `add ${module}:write to the own role`);
      expect((await t.request({ method: 'GET', url: own, as: manager })).json().data.permissions).toEqual(before);
      const compat = await t.request({
        method: 'POST',
        url: '/compat/content/admin/roles/add',
        as: manager,
        payload: { name: `Up ${tag()}`, permissions: { [module]: 'write' } },
      });
      expectBeyondOwn(compat, `compat roles/add with ${module}:write`);
      // Within what they hold, the same manager may grant.
      const within = await t.request({
        method: 'POST',
        url: '/api/v1/identity/roles',
        as: manager,
        payload: { name: `Same ${tag()}`, permissions: { [module]: 'read' } },
      });
      expect(within.statusCode, within.body).toBe(201);
    });
  },
);

describe.each(MODULE_KEYS.filter((m) => m !== 'admin-management'))(
  'permission module %s: an admin manager assigns it no further than they hold it',
  (module) => {
    it('not to themselves, a new admin or another admin, through v1 or compat', async () => {
      const manager = await adminWith({ 'admin-management': 'write', [module]: 'read' });
      const role = async (permissions: Record<string, string>) =>
        (await t.request({ method: 'POST', url: '/api/v1/identity/roles', as: owner, payload: { name: `R ${tag()}`, permissions } })).json()
          .data.id as string;
      const bigger = await role({ 'admin-management': 'write', [module]: 'write' });
      const smaller = await role({ [module]: 'read' });
      const self = await t.request({
        method: 'PATCH',
        url: `/api/v1/identity/admins/${manager.userId}`,
        as: manager,
        payload: { roleId: bigger },
      });
      expectBeyondOwn(self, `move self to ${module}:write`);
      const admin = (roleId: string) => ({ name: 'Someone', email: `${tag()}@${owner.name}.example`, roleId });
      expectBeyondOwn(
        await t.request({ method: 'POST', url: '/api/v1/identity/admins', as: manager, payload: admin(bigger) }),
        `create an admin with ${module}:write`,
      );
      expectBeyondOwn(
        await t.request({ method: 'POST', url: '/compat/content/users/addAdmin', as: manager, payload: admin(bigger) }),
        `compat addAdmin with ${module}:write`,
      );
      const other = await t.request({ method: 'POST', url: '/api/v1/identity/admins', as: manager, payload: admin(smaller) });
      expect(other.statusCode, other.body).toBe(201);
      const move = await t.request({
        method: 'PATCH',
        url: `/api/v1/identity/admins/${other.json().data.id}`,
        as: manager,
        payload: { roleId: bigger },
      });
      expectBeyondOwn(move, `move another admin to ${module}:write`);
      const me = await t.request({ method: 'GET', url: '/api/v1/auth/me', as: manager });
      expect(me.json().permissions).toEqual({ 'admin-management': 'write', [module]: 'read' });
    });
  },
);

describe.each(resources.map((r) => [r.path, r] as const))('list %s: oversized and crafted input is a 4xx', (_path, resource) => {
  it('filters, search, sort and cursors', async () => {
    const url = urlOf(resource);
    const get = (query: string) => t.request({ method: 'GET', url: `${url}?${query}`, as: owner });
    for (const filter of resource.config.list?.filters ?? []) {
      never5xx(await get(`${filter}=${'x,'.repeat(50_000)}`), `${resource.path} ${filter} long`);
      never5xx(await get(Array.from({ length: MAX_FILTER_VALUES + 1 }, () => `${filter}=x`).join('&')), `${resource.path} ${filter} many`);
    }
    never5xx(await get(`q=${'q'.repeat(10_000)}`), `${resource.path} q`);
    never5xx(await get(`sort=${'s'.repeat(5_000)}`), `${resource.path} sort`);
    for (const sort of sortableFields(resource.config)) {
      for (const value of [true, 'not-a-value', 12.5, { a: 1 }, 'x'.repeat(3000)]) {
        const cursor = Buffer.from(JSON.stringify([value, randomUUID()])).toString('base64url');
        const res = await get(`sort=${sort}&cursor=${cursor}`);
        expect(
          res.statusCode,
          `${resource.path} sort=${sort} cursor ${JSON.stringify(value).slice(0, 20)}: ${res.body.slice(0, 200)}`,
        ).toBeLessThan(500);
      }
    }
  });
});

describe('every served compat line: oversized input is a 4xx, never a 5xx', () => {
  it.each(compatLines.map((l) => [`${l.method} /${l.service}${l.path}`, l] as const))('%s', async (_name, line) => {
    const huge = 'x,'.repeat(60_000);
    const body = { id: huge, ids: huge, status: huge, featured: huge, search: huge, q: huge, name: huge, email: huge, page: huge };
    const url = `/compat/${line.service}${line.path}`;
    const res =
      line.method === 'GET' || line.method === 'DELETE'
        ? await t.request({ method: line.method, url: `${url}?status=${'x,'.repeat(3000)}`, as: owner, remoteAddress: randomIp() })
        : await t.request({ method: line.method, url, payload: body, as: owner, remoteAddress: randomIp() });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
  });
});

type Json = Record<string, any>;
/** The compat lines that are a resource's seed verbs (crudLines). */
const crudOf = (resource: Resource, verb: string) => compatLines.filter((l) => l.crud?.resource === resource && l.crud.verb === verb);
const compatCall = (line: (typeof compatLines)[number], as: TestCommunity, payload: Json) =>
  t.request({ method: line.method, url: `/compat/${line.service}${line.path}`, payload, as, remoteAddress: randomIp() });

/**
 * Row rules: a record another admin of the community made (the resource's first example) is outside
 * the rules of an admin who only holds the module's write permission ("own", "assigned to me",
 * "member of the project" alike). Through every entry point it is not found, and stays as it was.
 */
describe.each(resources.filter((r) => r.hasRowRules).map((r) => [r.path, r] as const))(
  'row rules of %s: a record outside them is a 404 through every entry point',
  (_path, resource) => {
    it('list, get, expand, export, revisions, writes, bulk edit, import and compat', async () => {
      const created = await t.request({ method: 'POST', url: urlOf(resource), as: owner, payload: exampleInput(resource) });
      expect(created.statusCode, created.body).toBe(201);
      const record = created.json().data as Json;
      const read = async () => (await t.request({ method: 'GET', url: urlOf(resource, record.id), as: owner })).json().data;
      const before = await read();
      const other = await adminWith({ [resource.module]: 'write' });
      const as = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Json) =>
        t.request({ method, url, payload, as: other });
      const notFound = (res: LightMyRequestResponse, what: string) => {
        expect(res.statusCode, `${resource.path} ${what}: ${res.body.slice(0, 200)}`).toBe(404);
      };

      const listed = await as('GET', `${urlOf(resource)}?limit=200`);
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json().data.map((r: Json) => r.id)).not.toContain(record.id);
      notFound(await as('GET', urlOf(resource, record.id)), 'get');
      const expand = resource.relations.map((r) => r.name).join(',');
      if (expand) notFound(await as('GET', `${urlOf(resource, record.id)}?expand=${expand}`), 'get with expand');
      expect((await exportCsv(t, other, resource.path)).text).not.toContain(record.id);
      notFound(await as('GET', `${urlOf(resource, record.id)}/revisions`), 'revisions');
      const history = (await t.request({ method: 'GET', url: `${urlOf(resource, record.id)}/revisions`, as: owner })).json().data;
      if (resource.allows('update')) {
        notFound(await as('PATCH', urlOf(resource, record.id), patchFor(resource)?.body ?? {}), 'update');
        notFound(await as('POST', `${urlOf(resource, record.id)}/revisions/${history[0].id}/restore`), 'restore');
        const bulkEdit = (await as('GET', '/api/v1/meta/resources')).json().data.find((d: Json) => d.path === resource.path).ui.bulkEdit;
        if (bulkEdit.length > 0) {
          const patch = { [bulkEdit[0]]: record[bulkEdit[0]] };
          notFound(await as('PATCH', urlOf(resource), { ids: [record.id], patch }), 'bulk edit by ids');
          const byFilter = await as('PATCH', urlOf(resource), { filter: {}, patch });
          expect(byFilter.json().ids ?? [], `${resource.path} bulk edit by filter`).not.toContain(record.id);
        }
        // The owner's own export, imported back by the other admin: every row names a record it cannot find.
        const { text, rows } = await exportCsv(t, owner, resource.path);
        expect(text).toContain(record.id);
        const job = await runImport(t, other, resource.path, text, { key: 'id' });
        expect(job, `${resource.path} import by id`).toMatchObject({ status: 'done', created: 0, updated: 0, failed: rows.length - 1 });
      }
      if (resource.allows('delete')) {
        notFound(await as('DELETE', urlOf(resource, record.id)), 'delete');
        expect((await as('POST', `${urlOf(resource)}/bulk-delete`, { ids: [record.id] })).json()).toEqual({ deleted: 0, ids: [] });
      }
      for (const line of crudOf(resource, 'get')) {
        notFound(await compatCall(line, other, { id: record.id }), `compat ${line.path} by id`);
        const page = await compatCall(line, other, { limit: 200 });
        expect(JSON.stringify(page.json().data ?? []), `compat ${line.path} list`).not.toContain(record.id);
      }
      for (const line of crudOf(resource, 'update')) notFound(await compatCall(line, other, { id: record.id }), `compat ${line.path}`);
      for (const line of crudOf(resource, 'delete')) notFound(await compatCall(line, other, { id: record.id }), `compat ${line.path}`);
      expect(await read()).toEqual(before);
    });
  },
);

/**
 * Platform catalogues: a community's admin — its owner, who holds every permission — writes them by
 * no path (v1 create, update, delete, bulk delete and edit, import, compat, revision restore), and the
 * database refuses the app role any write to them.
 */
describe.each(resources.filter((r) => r.platform).map((r) => [r.path, r] as const))(
  'platform catalogue %s: no community writes it, its owner included',
  (_path, resource) => {
    it('by any path', async () => {
      const operator = await platformOwner(t);
      const created = await t.request({ method: 'POST', url: urlOf(resource), as: operator, payload: exampleInput(resource) });
      expect(created.statusCode, created.body).toBe(201);
      const record = created.json().data as Json;
      const history = (await t.request({ method: 'GET', url: `${urlOf(resource, record.id)}/revisions`, as: operator })).json().data;
      const read = async () => (await t.request({ method: 'GET', url: urlOf(resource, record.id), as: owner })).json().data;
      const refused = (res: LightMyRequestResponse, what: string) => {
        expect([403, 404, 405], `${resource.path} ${what}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      };
      const as = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Json) => t.request({ method, url, payload, as: owner });
      refused(await as('POST', urlOf(resource), exampleInput(resource)), 'create');
      refused(await as('PATCH', urlOf(resource, record.id), patchFor(resource)?.body ?? {}), 'update');
      refused(await as('DELETE', urlOf(resource, record.id)), 'delete');
      refused(await as('POST', `${urlOf(resource)}/bulk-delete`, { ids: [record.id] }), 'bulk delete');
      refused(await as('PATCH', urlOf(resource), { ids: [record.id], patch: patchFor(resource)?.body ?? {} }), 'bulk edit');
      refused(await as('POST', `${urlOf(resource, record.id)}/revisions/${history[0].id}/restore`), 'revision restore');
      refused(await postImport(t, owner, resource.path, `ID\n${record.id}\n`, { mode: 'run', key: 'id' }), 'import');
      for (const line of crudOf(resource, 'add')) refused(await compatCall(line, owner, exampleInput(resource)), `compat ${line.path}`);
      for (const verb of ['update', 'delete']) {
        for (const line of crudOf(resource, verb)) refused(await compatCall(line, owner, { id: record.id }), `compat ${line.path}`);
      }
      expect(await read()).toEqual(record);
      const denied = async (write: (tx: Db) => Promise<unknown>) => {
        const err = await t.app.db.withTenant(owner.tenantId, write).then(
          () => null,
          (e: { cause?: Error; message: string }) => e,
        );
        return (err?.cause ?? err)?.message;
      };
      expect(await denied((tx) => tx.delete(resource.table))).toMatch(/permission denied/);
      expect(await denied((tx) => tx.update(resource.table).set({ updatedAt: new Date() } as never))).toMatch(/permission denied/);
      expect(await read()).toEqual(record);
    });
  },
);

describe('headers', () => {
  it('a strict Content-Security-Policy: no inline or foreign script', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const script = csp.split(';').find((d) => d.trim().startsWith('script-src '));
    expect(script).not.toContain('unsafe');
    expect(CONSOLE_CSP.scriptSrc).toEqual(["'self'"]);
  });

  it("helmet's other headers on every answer; the API reference alone without the policy", async () => {
    const health = await t.request({ method: 'GET', url: '/api/health' });
    const docs = await t.request({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-security-policy']).toBeUndefined();
    for (const res of [health, docs]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('JSON API answers carry the REST set: a policy allowing nothing, no framing, nosniff, HSTS, no referrer', async () => {
    const answers = [
      await t.request({ method: 'GET', url: '/api/v1/auth/me', as: owner }),
      await t.request({ method: 'GET', url: '/api/v1/site/products' }),
      await t.request({ method: 'POST', url: '/compat/core/client/login', payload: {} }),
    ];
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
    }
  });
});

// ---- addresses the server calls, archives it opens (issue 22) -------------------------------------

/**
 * A valid configuration of every provider that calls out, at public addresses, with the secrets it
 * sends. A provider added with a called address and no entry here fails the suite below.
 */
const CALLING_PROVIDERS: Record<string, { config: Record<string, unknown>; secrets: Record<string, string> }> = {
  'email/smtp': { config: { host: '203.0.114.10', port: 587 }, secrets: { password: 'smtp-password-for-the-suite' } },
  'sms/http': { config: { baseUrl: 'https://203.0.114.10/sms', senderId: 'ATRIUM' }, secrets: { apiKey: 'an-sms-key-for-the-suite' } },
  'whatsapp/cloud_api': {
    config: { phoneNumberId: '1234567', businessAccountId: '7654321', graphUrl: 'https://203.0.114.10/v21.0' },
    secrets: { accessToken: 'a-graph-token-for-the-suite', webhookVerifyToken: 'a-verify-token-for-the-suite' },
  },
};
/** Every called address of every provider, with the config keys that hold it. */
const calledAddresses = Object.entries(PROVIDERS).flatMap(([channel, providers]) =>
  Object.entries(providers).flatMap(([provider, shape]) =>
    (shape.called ?? []).map((address) => ({ channel, provider, address, keys: addressKeys(address) })),
  ),
);
/** `config` with the address held by `keys` moved: to an internal address, or to another public one. */
const movedTo = (config: Record<string, unknown>, keys: string[], where: 'internal' | 'public') => {
  const [key] = keys;
  const host = where === 'internal' ? '169.254.169.254' : '203.0.114.11';
  const value = config[key];
  return { ...config, [key]: typeof value === 'string' && value.startsWith('https://') ? `https://${host}/moved` : host };
};

describe.each(calledAddresses.map((a) => [`${a.channel}/${a.provider} ${a.keys.join('+')}`, a] as const))(
  'called address %s',
  (name, { channel, provider, address, keys }) => {
    const fixture = CALLING_PROVIDERS[`${channel}/${provider}`];
    const save = (config: Record<string, unknown>, secrets: Record<string, string> = {}) =>
      t.request({
        method: 'PATCH',
        url: `/api/v1/marketing/channel-settings/${channel}`,
        as: owner,
        payload: { provider, config, secrets },
      });

    it('is refused at an internal address, naming its field', async () => {
      expect(fixture?.config, `add ${channel}/${provider} to CALLING_PROVIDERS`).toEqual(expect.any(Object));
      const res = await save(movedTo(fixture.config, keys, 'internal'), fixture.secrets);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual([`config.${keys[0]}`]);
    });

    it('does not carry the secrets it is sent to a changed address', async () => {
      expect((await save(fixture.config, fixture.secrets)).statusCode).toBe(200);
      const moved = await save(movedTo(fixture.config, keys, 'public'));
      expect(moved.statusCode, moved.body).toBe(400);
      expect(Object.keys(moved.json().error.fields).sort()).toEqual(address.sends.map((s) => `secrets.${s}`).sort());
      const reentered = await save(
        movedTo(fixture.config, keys, 'public'),
        Object.fromEntries(address.sends.map((s) => [s, `${fixture.secrets[s]}-again`])),
      );
      expect(reentered.statusCode, reentered.body).toBe(200);
    });
  },
);

describe.each(Object.keys(ARCHIVE_READERS) as ArchiveReaderName[])('archive reader %s', (reader) => {
  it('refuses a zip bomb with a 413 before it reads', async () => {
    const { limits } = ARCHIVE_READERS[reader];
    // An entry past the ratio, and an archive past the total (stored entries: their size is the count).
    const ratio = zipOf([{ name: 'bomb.xml', content: Buffer.alloc(limits.ratioFloorBytes * 2) }]);
    const total = zipOf([{ name: 'a.xml', content: Buffer.alloc(1024), stored: true }]);
    for (const [archive, caps] of [
      [ratio, {}],
      [total, { maxTotalBytes: 512 }],
    ] as const) {
      await expect(checkZipBounds(archive, { ...limits, ...caps })).rejects.toMatchObject({ status: 413 });
    }
    const out = readArchive(reader, Readable.from([ratio]), { maxRows: 10, maxArchiveBytes: 16 * 1024 * 1024 });
    await expect(out.toArray()).rejects.toMatchObject({ status: 413, code: 'archive_too_large' });
  });
});
