import { randomUUID } from 'node:crypto';
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortableFields } from '../src/kernel/resources/list-query';
import type { Resource } from '../src/kernel/resources/resource';
import { searchKeys } from '../src/kernel/resources/search';
import { exportCsv, postImport, runImport } from './csv-helpers';
import { platformOwner, signedInAdmin, startTestApp, type TestCommunity } from './helpers';
import { withKitModule } from './kit-module';
import { exampleInput, insertDirect, insertMany, onePerCommunity, patchFor, requiredKeys, urlOf, wrongType } from './resource-fixtures';

/**
 * The conformance suite: every registered resource, whichever module declares it, gets the same
 * checks (list shape, CRUD, validation, ids, access, other community invisible). Resources added
 * later are covered without touching this file. Platform catalogues (no tenant_id) get their own
 * round trip: written by a platform operator, read by every community. The test-only kit module
 * (test/kit-module.ts) brings one of each kind the product may not have yet: a catalogue and a
 * resource with row rules.
 */

const t = await startTestApp({}, withKitModule);
const resources: Resource[] = t.app.resources.all();
/** A community's records (tenant tables). */
const tenantResources = resources.filter((r) => !r.platform);
/** Platform catalogues. */
const catalogues = resources.filter((r) => r.platform);

type Row = Record<string, unknown> & { id: string };

let a: TestCommunity; // owns the fixtures
let b: TestCommunity; // the other community; also runs the CRUD round trips
let denied: TestCommunity; // an admin of a whose role grants nothing
let reader: TestCommunity; // an admin of a whose role reads every module

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

const limitedAdmin = (owner: TestCommunity, permissions: Record<string, string>) => signedInAdmin(t, owner, permissions);

function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error as { code: string; message: string; fields?: Record<string, string> };
}

/** Every record `as` can list, page by page (offset). */
async function listAll(resource: Resource, as: TestCommunity, query: Record<string, string> = {}): Promise<Row[]> {
  const rows: Row[] = [];
  for (let offset = 0; ; offset += 200) {
    const res = await t.request({ method: 'GET', url: urlOf(resource), query: { ...query, limit: '200', offset: String(offset) }, as });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    rows.push(...body.data);
    if (body.data.length < 200) return rows;
  }
}

const listedIds = async (resource: Resource, as: TestCommunity) => (await listAll(resource, as)).map((r) => r.id);

async function getRecord(resource: Resource, as: TestCommunity, id: string): Promise<Row> {
  const res = await t.request({ method: 'GET', url: urlOf(resource, id), as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/**
 * A record of `as`'s community: through the API when the resource allows it, else stored directly
 * (a one-per-community record the system made at sign-up, such as the billing subscription, is that one).
 */
async function createRecord(resource: Resource, as: TestCommunity): Promise<Row> {
  if (!resource.allows('create')) return getRecord(resource, as, await storedRecord(resource, as));
  const res = await t.request({ method: 'POST', url: urlOf(resource), as, payload: exampleInput(resource) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/**
 * The id of a record of `as`'s community stored without the API: inserted directly, or the one a
 * one-per-community resource holds already (the system made it at sign-up, as billing does its
 * subscription).
 */
async function storedRecord(resource: Resource, as: TestCommunity): Promise<string> {
  const [made] = onePerCommunity(resource) ? await listAll(resource, as) : [];
  return made?.id ?? insertDirect(t.app, resource, as.tenantId);
}

/** Columns clients must never see. */
function hiddenKeys(resource: Resource): string[] {
  return ['tenantId', ...((resource.config.hidden as string[] | undefined) ?? [])];
}

beforeAll(async () => {
  a = await t.signup();
  b = await t.signup();
  denied = await limitedAdmin(a, {});
  const modules = [...new Set(resources.map((r) => r.module))];
  reader = await limitedAdmin(a, Object.fromEntries(modules.map((m) => [m, 'read'])));
});
afterAll(() => t.close());

describe('registry', () => {
  it('has resources, each with at least one example or a table the suite can fill', () => {
    expect(resources.length).toBeGreaterThan(0);
    for (const resource of resources) {
      expect(resource.path).toMatch(/^[a-z0-9-]+(\/[a-z0-9-]+)+$/);
      if (resource.allows('create')) expect(resource.config.examples.length, `${resource.path} has no examples`).toBeGreaterThan(0);
    }
  });
});

describe('GET /api/v1/meta/resources', () => {
  const meta = async (as: TestCommunity) => {
    const res = await t.request({ method: 'GET', url: '/api/v1/meta/resources', as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      path: string;
      module: string;
      fields: { properties: Record<string, unknown> };
      input: { properties: Record<string, unknown> };
      list: { search: string[]; filters: string[]; sort: string[] };
      operations: { create: boolean; update: boolean; delete: boolean };
      permissions: { read: boolean; write: boolean };
    }[];
  };

  it('lists every resource for the owner, with fields, list options and permissions', async () => {
    const data = await meta(a);
    expect(data.map((d) => d.path).sort()).toEqual(resources.map((r) => r.path).sort());
    for (const resource of resources) {
      const d = data.find((x) => x.path === resource.path)!;
      expect(d.module).toBe(resource.module);
      expect(d.fields.properties).toHaveProperty('id');
      for (const key of hiddenKeys(resource)) {
        expect(d.fields.properties, `${resource.path} exposes ${key}`).not.toHaveProperty(key);
        expect(d.input.properties ?? {}, `${resource.path} accepts ${key}`).not.toHaveProperty(key);
      }
      expect(d.list.search).toEqual(searchKeys(resource.config));
      expect(d.list.filters).toEqual(resource.config.list?.filters ?? []);
      expect(d.list.sort).toEqual(expect.arrayContaining(['createdAt', 'updatedAt', ...(resource.config.list?.sort ?? [])]));
      expect(d.operations).toEqual({
        create: resource.allows('create'),
        update: resource.allows('update'),
        delete: resource.allows('delete'),
      });
      // A community's owner reads the platform catalogues; only platform operators change them.
      expect(d.permissions).toEqual({ read: true, write: !resource.platform });
    }
  });

  it('lists only the platform catalogues (read by every signed-in user) for a role without permissions', async () => {
    const data = await meta(denied);
    expect(data.map((d) => d.path).sort()).toEqual(catalogues.map((r) => r.path).sort());
    for (const d of data) expect(d.permissions).toEqual({ read: true, write: false });
  });

  it('lists every resource read-only for a role that reads every module', async () => {
    const data = await meta(reader);
    expect(data.map((d) => d.path).sort()).toEqual(resources.map((r) => r.path).sort());
    for (const d of data) expect(d.permissions).toEqual({ read: true, write: false });
  });

  it('lists only the resources of the modules a role holds (and the platform catalogues)', async () => {
    const module = tenantResources[0].module;
    const one = await limitedAdmin(a, { [module]: 'write' });
    const data = await meta(one);
    expect(data.map((d) => d.path).sort()).toEqual(
      resources
        .filter((r) => r.module === module || r.platform)
        .map((r) => r.path)
        .sort(),
    );
    for (const d of data) expect(d.permissions).toEqual({ read: true, write: !catalogues.some((c) => c.path === d.path) });
  });
});

for (const resource of tenantResources) {
  describe(`resource ${resource.path}`, () => {
    const canCreate = resource.allows('create');
    const canUpdate = resource.allows('update');
    const canDelete = resource.allows('delete');
    /** One record per community (the brand profile): a second one is refused, lists hold one. */
    const single = onePerCommunity(resource);
    const columns = getTableColumns(resource.table) as Record<string, PgColumn>;
    /** A record of community a, and how a saw it when it was made. */
    let fixture: Row;

    beforeAll(async () => {
      fixture = await createRecord(resource, a);
    });

    const unchanged = async () => expect(await getRecord(resource, a, fixture.id)).toEqual(fixture);

    it('lists with data, total, totalIsEstimate, limit, offset and nextCursor', async () => {
      const res = await t.request({ method: 'GET', url: urlOf(resource), as: a });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['data', 'limit', 'nextCursor', 'offset', 'total', 'totalAtLeast', 'totalIsEstimate']);
      expect(body.totalIsEstimate).toBe(false);
      expect(Array.isArray(body.data)).toBe(true);
      expect(body).toMatchObject({ limit: 25, offset: 0 });
      expect(body.total).toBeGreaterThanOrEqual(1);
      expect(body.nextCursor === null || typeof body.nextCursor === 'string').toBe(true);
      for (const row of body.data) {
        expect(row.id).toMatch(UUID);
        for (const key of hiddenKeys(resource)) expect(row, `${resource.path} lists ${key}`).not.toHaveProperty(key);
      }
      expect(await listedIds(resource, a)).toContain(fixture.id);

      const noTotal = await t.request({ method: 'GET', url: urlOf(resource), query: { withTotal: 'false' }, as: a });
      expect(noTotal.statusCode, noTotal.body).toBe(200);
      expect(noTotal.json().total).toBeNull();
    });

    it('pages with limit, offset and the keyset cursor', async () => {
      if (canCreate) {
        const second = await t.request({ method: 'POST', url: urlOf(resource), as: a, payload: exampleInput(resource) });
        expect(second.statusCode, second.body).toBe(single ? 409 : 201);
      } else if (!single) {
        await insertDirect(t.app, resource, a.tenantId);
      }
      const all = await listAll(resource, a);
      if (single) expect(all).toHaveLength(1);
      else expect(all.length).toBeGreaterThanOrEqual(2);
      const first = await t.request({ method: 'GET', url: urlOf(resource), query: { limit: '1' }, as: a });
      expect(first.statusCode, first.body).toBe(200);
      const page = first.json();
      expect(page.data).toHaveLength(1);
      expect(page.total).toBe(all.length);
      // One record: the first page is the last (no cursor); more: the cursor walks on.
      if (single) expect(page.nextCursor).toBeNull();
      else expect(page.nextCursor).toEqual(expect.any(String));
      const badCursor = await t.request({ method: 'GET', url: urlOf(resource), query: { cursor: 'not-a-cursor' }, as: a });
      expectError(badCursor, 400, 'validation_failed');
      const badSort = await t.request({ method: 'GET', url: urlOf(resource), query: { sort: 'noSuchField' }, as: a });
      expectError(badSort, 400, 'validation_failed');
      const unknown = await t.request({ method: 'GET', url: urlOf(resource), query: { noSuchParam: '1' }, as: a });
      expectError(unknown, 400, 'validation_failed');
    });

    if (!single) {
      it('walks one record a page with the cursor and with offsets', async () => {
        const all = await listAll(resource, a);
        const first = await t.request({ method: 'GET', url: urlOf(resource), query: { limit: '1' }, as: a });
        const page = first.json();
        expect(typeof page.nextCursor).toBe('string');
        const next = await t.request({ method: 'GET', url: urlOf(resource), query: { limit: '1', cursor: page.nextCursor }, as: a });
        expect(next.statusCode, next.body).toBe(200);
        expect(next.json().data[0].id).not.toBe(page.data[0].id);
        expect(next.json().data[0].id).toBe(all[1].id);
        const second = await t.request({ method: 'GET', url: urlOf(resource), query: { limit: '1', offset: '1' }, as: a });
        expect(second.json().data[0].id).toBe(all[1].id);
      });
    }

    it('walks every sort with the keyset cursor to the same list as with offsets', async () => {
      // Records stored in one statement share their timestamps (a one-per-community table holds one).
      if (!single) await insertMany(t.app, resource, a.tenantId, 3);
      for (const sort of sortableFields(resource.config).flatMap((k) => [k, `-${k}`])) {
        const byOffset = (await listAll(resource, a, { sort })).map((r) => r.id);
        const byCursor: string[] = [];
        let cursor: string | null = null;
        for (let page = 0; page <= byOffset.length; page++) {
          const query: Record<string, string> = { sort, limit: '2', withTotal: 'false', ...(cursor ? { cursor } : {}) };
          const res = await t.request({ method: 'GET', url: urlOf(resource), query, as: a });
          expect(res.statusCode, `${resource.path} sort ${sort}: ${res.body}`).toBe(200);
          byCursor.push(...res.json().data.map((r: Row) => r.id));
          cursor = res.json().nextCursor;
          if (!cursor) break;
        }
        expect(byCursor, `${resource.path} sort ${sort}`).toEqual(byOffset);
      }
    });

    if (canCreate) {
      it('creates, reads, updates, lists and deletes a record', async () => {
        const input = exampleInput(resource);
        const created = await t.request({ method: 'POST', url: urlOf(resource), as: b, payload: input });
        expect(created.statusCode, created.body).toBe(201);
        const record = created.json().data as Row;
        expect(record.id).toMatch(UUID);
        for (const key of hiddenKeys(resource)) expect(record).not.toHaveProperty(key);
        // What was sent is what is stored (after the schema's own normalisation, e.g. lowercase email).
        const parsed = resource.schemas.create.parse(input) as Record<string, unknown>;
        for (const [key, value] of Object.entries(parsed)) {
          const column = columns[key];
          if (!column || !(key in record) || !['string', 'number', 'boolean'].includes(column.dataType)) continue;
          if (column.columnType === 'PgNumeric') continue;
          expect(record[key], `${resource.path}.${key}`).toEqual(value);
        }

        expect(await getRecord(resource, b, record.id)).toEqual(record);

        let current = record;
        if (canUpdate) {
          const patch = patchFor(resource);
          expect(patch, `${resource.path}: no field of the first example can be patched`).not.toBeNull();
          const updated = await t.request({ method: 'PATCH', url: urlOf(resource, record.id), as: b, payload: patch!.body });
          expect(updated.statusCode, updated.body).toBe(200);
          current = updated.json().data;
          expect(json(current[patch!.key])).toEqual(json(patch!.expected));
          expect(current.id).toBe(record.id);
          expect(new Date(String(current.updatedAt)).getTime()).toBeGreaterThanOrEqual(new Date(String(record.updatedAt)).getTime());
          expect(await getRecord(resource, b, record.id)).toEqual(current);
        }

        const listed = (await listAll(resource, b)).find((r) => r.id === record.id);
        expect(listed).toEqual(current);

        if (canDelete) {
          const removed = await t.request({ method: 'DELETE', url: urlOf(resource, record.id), as: b });
          expect(removed.statusCode, removed.body).toBe(204);
          expect(removed.body).toBe('');
          expectError(await t.request({ method: 'GET', url: urlOf(resource, record.id), as: b }), 404, 'not_found');
          expect(await listedIds(resource, b)).not.toContain(record.id);
          expectError(await t.request({ method: 'DELETE', url: urlOf(resource, record.id), as: b }), 404, 'not_found');
        }
      });

      if (canDelete)
        it('deletes several records at once', async () => {
          const record = await createRecord(resource, b);
          const missing = randomUUID();
          const res = await t.request({
            method: 'POST',
            url: `${urlOf(resource)}/bulk-delete`,
            as: b,
            payload: { ids: [record.id, missing] },
          });
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json()).toEqual({ deleted: 1, ids: [record.id] });
          expectError(await t.request({ method: 'GET', url: urlOf(resource, record.id), as: b }), 404, 'not_found');
        });

      it('refuses invalid input with validation_failed and the fields', async () => {
        const before = (await listAll(resource, b)).length;

        const unknown = await t.request({
          method: 'POST',
          url: urlOf(resource),
          as: b,
          payload: { ...exampleInput(resource), zzUnknown: 1 },
        });
        expect(expectError(unknown, 400, 'validation_failed').fields).toHaveProperty('zzUnknown');

        const required = requiredKeys(resource);
        if (required.length > 0) {
          const empty = await t.request({ method: 'POST', url: urlOf(resource), as: b, payload: {} });
          const fields = expectError(empty, 400, 'validation_failed').fields ?? {};
          for (const key of required) expect(fields, `${resource.path}: {} does not name ${key}`).toHaveProperty(key);
        }

        const wrong = wrongType(resource);
        if (wrong) {
          const res = await t.request({
            method: 'POST',
            url: urlOf(resource),
            as: b,
            payload: { ...exampleInput(resource), [wrong.key]: wrong.value },
          });
          expect(expectError(res, 400, 'validation_failed').fields).toHaveProperty(wrong.key);
        }

        for (const payload of [[], [exampleInput(resource)], 'text', 42, null]) {
          const res = await t.request({
            method: 'POST',
            url: urlOf(resource),
            as: b,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          });
          expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(400);
          expect(typeof res.json().error.code).toBe('string');
        }

        const malformed = await t.request({
          method: 'POST',
          url: urlOf(resource),
          as: b,
          headers: { 'content-type': 'application/json' },
          payload: '{"name": ',
        });
        expectError(malformed, 400, 'invalid_json');

        expect((await listAll(resource, b)).length).toBe(before);
      });
    } else {
      it('offers no create: stored records are listed and read, unknown ones are 404', async () => {
        // No generic create; a bespoke route may own the path (an upload), but JSON does not store a record.
        const before = (await listAll(resource, b)).length;
        const post = await t.request({ method: 'POST', url: urlOf(resource), as: b, payload: exampleInput(resource) });
        expect(post.statusCode, post.body).toBeGreaterThanOrEqual(400);
        expect(post.statusCode, post.body).toBeLessThan(500);
        expect(typeof post.json().error.code).toBe('string');
        expect((await listAll(resource, b)).length).toBe(before);

        const id = await storedRecord(resource, b);
        expect(await listedIds(resource, b)).toContain(id);
        const record = await getRecord(resource, b, id);
        expect(record.id).toBe(id);
        for (const key of hiddenKeys(resource)) expect(record).not.toHaveProperty(key);
        expectError(await t.request({ method: 'GET', url: urlOf(resource, randomUUID()), as: b }), 404, 'not_found');
        if (canDelete) {
          const removed = await t.request({ method: 'DELETE', url: urlOf(resource, id), as: b });
          expect(removed.statusCode, removed.body).toBe(204);
          expectError(await t.request({ method: 'GET', url: urlOf(resource, id), as: b }), 404, 'not_found');
        }
      });
    }

    if (canUpdate) {
      it('refuses an invalid update and keeps the record', async () => {
        const unknown = await t.request({ method: 'PATCH', url: urlOf(resource, fixture.id), as: a, payload: { zzUnknown: 1 } });
        expect(expectError(unknown, 400, 'validation_failed').fields).toHaveProperty('zzUnknown');
        const wrong = wrongType(resource);
        if (wrong) {
          const res = await t.request({ method: 'PATCH', url: urlOf(resource, fixture.id), as: a, payload: { [wrong.key]: wrong.value } });
          expect(expectError(res, 400, 'validation_failed').fields).toHaveProperty(wrong.key);
        }
        const array = await t.request({
          method: 'PATCH',
          url: urlOf(resource, fixture.id),
          as: a,
          headers: { 'content-type': 'application/json' },
          payload: '[]',
        });
        expect(array.statusCode, array.body).toBe(400);
        await unchanged();
      });
    }

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      const missing = randomUUID();
      expectError(await t.request({ method: 'GET', url: urlOf(resource, missing), as: a }), 404, 'not_found');
      expectError(await t.request({ method: 'GET', url: urlOf(resource, 'not-a-uuid'), as: a }), 400, 'validation_failed');
      if (canUpdate) {
        const body = patchFor(resource)?.body ?? {};
        expectError(await t.request({ method: 'PATCH', url: urlOf(resource, missing), as: a, payload: body }), 404, 'not_found');
        expectError(
          await t.request({ method: 'PATCH', url: urlOf(resource, 'not-a-uuid'), as: a, payload: body }),
          400,
          'validation_failed',
        );
      }
      if (canDelete) {
        expectError(await t.request({ method: 'DELETE', url: urlOf(resource, missing), as: a }), 404, 'not_found');
        expectError(await t.request({ method: 'DELETE', url: urlOf(resource, 'not-a-uuid'), as: a }), 400, 'validation_failed');
        const bulk = await t.request({ method: 'POST', url: `${urlOf(resource)}/bulk-delete`, as: a, payload: { ids: ['not-a-uuid'] } });
        expectError(bulk, 400, 'validation_failed');
        const none = await t.request({ method: 'POST', url: `${urlOf(resource)}/bulk-delete`, as: a, payload: { ids: [] } });
        expectError(none, 400, 'validation_failed');
      }
      await unchanged();
    });

    /** Every write of `who` (create, update, delete, bulk delete and edit, import) is refused: 403 forbidden. */
    async function expectWritesRefused(who: TestCommunity) {
      if (canCreate) {
        const res = await t.request({ method: 'POST', url: urlOf(resource), as: who, payload: exampleInput(resource) });
        expectError(res, 403, 'forbidden');
      }
      if (canUpdate) {
        const res = await t.request({
          method: 'PATCH',
          url: urlOf(resource, fixture.id),
          as: who,
          payload: patchFor(resource)?.body ?? {},
        });
        expectError(res, 403, 'forbidden');
      }
      if (canDelete) {
        expectError(await t.request({ method: 'DELETE', url: urlOf(resource, fixture.id), as: who }), 403, 'forbidden');
        const bulk = await t.request({ method: 'POST', url: `${urlOf(resource)}/bulk-delete`, as: who, payload: { ids: [fixture.id] } });
        expectError(bulk, 403, 'forbidden');
      }
      if (canUpdate) {
        const bulk = await t.request({ method: 'PATCH', url: urlOf(resource), as: who, payload: { ids: [fixture.id], patch: {} } });
        expectError(bulk, 403, 'forbidden');
      }
      if (canCreate || canUpdate) expectError(await postImport(t, who, resource.path, 'id\n', { mode: 'run' }), 403, 'forbidden');
    }

    it('refuses a role without permissions', async () => {
      expectError(await t.request({ method: 'GET', url: urlOf(resource), as: denied }), 403, 'forbidden');
      expectError(await t.request({ method: 'GET', url: urlOf(resource, fixture.id), as: denied }), 403, 'forbidden');
      expectError(await t.request({ method: 'GET', url: `${urlOf(resource)}/export.csv`, as: denied }), 403, 'forbidden');
      await expectWritesRefused(denied);
      const anonymous = await t.request({ method: 'GET', url: urlOf(resource) });
      expectError(anonymous, 401, 'unauthenticated');
      await unchanged();
    });

    // Under row rules another admin's view of a's records is the rules' (the security suite's row-rule checks).
    if (!resource.hasRowRules)
      it('lets a read-only role list and read but not write', async () => {
        const before = await listedIds(resource, a);
        const list = await t.request({ method: 'GET', url: urlOf(resource), as: reader });
        expect(list.statusCode, list.body).toBe(200);
        expect(await listedIds(resource, reader)).toEqual(before);
        expect(await getRecord(resource, reader, fixture.id)).toEqual(fixture);
        expect((await exportCsv(t, reader, resource.path)).rows).toHaveLength(before.length + 1);
        await expectWritesRefused(reader);
        expect(await listedIds(resource, a)).toEqual(before);
        await unchanged();
      });

    it("keeps community a's record invisible and untouchable to community b", async () => {
      expect(await listedIds(resource, b)).not.toContain(fixture.id);
      expectError(await t.request({ method: 'GET', url: urlOf(resource, fixture.id), as: b }), 404, 'not_found');
      if (canUpdate) {
        const res = await t.request({ method: 'PATCH', url: urlOf(resource, fixture.id), as: b, payload: patchFor(resource)?.body ?? {} });
        expectError(res, 404, 'not_found');
      }
      if (canDelete) {
        expectError(await t.request({ method: 'DELETE', url: urlOf(resource, fixture.id), as: b }), 404, 'not_found');
        const bulk = await t.request({ method: 'POST', url: `${urlOf(resource)}/bulk-delete`, as: b, payload: { ids: [fixture.id] } });
        expect(bulk.statusCode, bulk.body).toBe(200);
        expect(bulk.json()).toEqual({ deleted: 0, ids: [] });
      }
      const bulkEdit = (await t.app.inject({ method: 'GET', url: '/api/v1/meta/resources', headers: a.headers }))
        .json()
        .data.find((r: { path: string }) => r.path === resource.path).ui.bulkEdit as string[];
      if (canUpdate && bulkEdit.length > 0) {
        const key = bulkEdit[0];
        const res = await t.request({
          method: 'PATCH',
          url: urlOf(resource),
          as: b,
          payload: { ids: [fixture.id], patch: { [key]: fixture[key] } },
        });
        expectError(res, 404, 'not_found');
      }
      const exported = await exportCsv(t, b, resource.path);
      expect(exported.text).not.toContain(fixture.id);
      await unchanged();
    });

    if (canCreate || canUpdate) {
      it('exports every record as CSV and imports the export back with nothing changed', async () => {
        const all = await listAll(resource, a);
        const { text, rows } = await exportCsv(t, a, resource.path);
        expect(rows).toHaveLength(all.length + 1);
        expect(
          rows
            .slice(1)
            .map((r) => r[rows[0].indexOf('ID')])
            .sort(),
        ).toEqual(all.map((r) => r.id).sort());
        const job = await runImport(t, a, resource.path, text, { key: 'id' });
        expect(job, JSON.stringify(job.errors.slice(0, 3))).toMatchObject({
          status: 'done',
          created: 0,
          updated: 0,
          failed: 0,
          unchanged: all.length,
        });
        expect(await listAll(resource, a)).toEqual(all);
        await unchanged();
      });
    }

    it("refuses a's token naming community b in the community-name header", async () => {
      const crossed = { ...a, headers: { ...a.headers, 'community-name': b.name } };
      expectError(await t.request({ method: 'GET', url: urlOf(resource), as: crossed }), 403, 'community_mismatch');
      expectError(await t.request({ method: 'GET', url: urlOf(resource, fixture.id), as: crossed }), 403, 'community_mismatch');
      if (canCreate) {
        const res = await t.request({ method: 'POST', url: urlOf(resource), as: crossed, payload: exampleInput(resource) });
        expectError(res, 403, 'community_mismatch');
      }
      if (canDelete) {
        expectError(await t.request({ method: 'DELETE', url: urlOf(resource, fixture.id), as: crossed }), 403, 'community_mismatch');
      }
      await unchanged();
    });
  });
}

for (const resource of catalogues) {
  describe(`platform catalogue ${resource.path}`, () => {
    let operator: TestCommunity;
    beforeAll(async () => {
      operator = await platformOwner(t);
    });

    it('holds its examples from the first start', async () => {
      const rows = await listAll(resource, a);
      expect(rows.length).toBeGreaterThanOrEqual(resource.config.examples.length);
      const title = resource.config.ui?.title;
      if (title) {
        for (const example of resource.config.examples) expect(rows.map((r) => r[title])).toContain(example[title]);
      }
    });

    it('a platform operator creates, reads, updates, lists and deletes; every community reads it', async () => {
      const input = exampleInput(resource);
      const created = await t.request({ method: 'POST', url: urlOf(resource), as: operator, payload: input });
      expect(created.statusCode, created.body).toBe(201);
      let record = created.json().data as Row;
      expect(record.id).toMatch(UUID);
      expect(record).not.toHaveProperty('tenantId');
      expect(await getRecord(resource, operator, record.id)).toEqual(record);
      if (resource.allows('update')) {
        const patch = patchFor(resource);
        expect(patch, `${resource.path}: no field of the first example can be patched`).not.toBeNull();
        const updated = await t.request({ method: 'PATCH', url: urlOf(resource, record.id), as: operator, payload: patch!.body });
        expect(updated.statusCode, updated.body).toBe(200);
        record = updated.json().data;
        expect(json(record[patch!.key])).toEqual(json(patch!.expected));
      }
      // Every community's admins read it, whatever their role holds; its list and CSV export too.
      for (const who of [a, b, denied, reader]) {
        expect(await getRecord(resource, who, record.id)).toEqual(record);
        expect(await listedIds(resource, who)).toContain(record.id);
      }
      expect((await exportCsv(t, denied, resource.path)).text).toContain(record.id);
      expectError(await t.request({ method: 'GET', url: urlOf(resource) }), 401, 'unauthenticated');
      // A community's owner writes nothing of it (every path: the security suite).
      expectError(await t.request({ method: 'POST', url: urlOf(resource), as: a, payload: exampleInput(resource) }), 403, 'forbidden');
      if (resource.allows('delete')) {
        const removed = await t.request({ method: 'DELETE', url: urlOf(resource, record.id), as: operator });
        expect(removed.statusCode, removed.body).toBe(204);
        expectError(await t.request({ method: 'GET', url: urlOf(resource, record.id), as: a }), 404, 'not_found');
        expect(await listedIds(resource, a)).not.toContain(record.id);
      }
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      expectError(await t.request({ method: 'GET', url: urlOf(resource, randomUUID()), as: a }), 404, 'not_found');
      expectError(await t.request({ method: 'GET', url: urlOf(resource, 'not-a-uuid'), as: a }), 400, 'validation_failed');
      if (resource.allows('update')) {
        const res = await t.request({
          method: 'PATCH',
          url: urlOf(resource, randomUUID()),
          as: operator,
          payload: patchFor(resource)?.body ?? {},
        });
        expectError(res, 404, 'not_found');
      }
    });
  });
}
