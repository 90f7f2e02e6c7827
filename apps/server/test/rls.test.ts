import { randomUUID } from 'node:crypto';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../src/kernel/access/tables';
import { APP_ROLE, type Db } from '../src/kernel/db/database';
import type { Resource } from '../src/kernel/resources/resource';
import { setApplicationScoping, tenantFilter } from '../src/kernel/tenancy/scope-filter';
import { startTestApp, type TestApp, type TestCommunity } from './helpers';
import { exampleInput, insertDirect, patchFor, urlOf } from './resource-fixtures';

/**
 * Row-level security on its own: with the application's tenant filter switched off, PostgreSQL
 * still hides every other community's rows from the app role, for every resource.
 */

let t: TestApp;
let a: TestCommunity;
let b: TestCommunity;
/** Per resource: a record of community b that a must not reach. */
const foreign = new Map<string, string>();

const rowsOf = (result: unknown) => ((result as { rows?: unknown[] }).rows ?? result) as Record<string, unknown>[];
const tableName = (resource: Resource) => getTableConfig(resource.table).name;
/**
 * A community's records: every resource but the platform catalogues (no tenant_id, one set of rows
 * for every community, only read by the app role: checked at the end).
 */
const tenantResources = () => t.app.resources.all().filter((r) => !r.platform);

/** The stored row as the owner connection (no row-level security) sees it. */
async function storedRow(resource: Resource, id: string) {
  const [row] = await t.app.db.query(`select * from "${tableName(resource)}" where id = $1`, [id]);
  return row;
}

/** A PostgreSQL error's SQLSTATE, through drizzle's wrapper. */
function sqlState(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.cause?.code ?? e.code;
}

beforeAll(async () => {
  t = await startTestApp();
  a = await t.signup();
  b = await t.signup();
  for (const resource of tenantResources()) {
    await insertDirect(t.app, resource, a.tenantId);
    foreign.set(resource.path, await insertDirect(t.app, resource, b.tenantId));
  }
  setApplicationScoping(false);
});

afterAll(async () => {
  setApplicationScoping(true);
  await t?.close();
});

describe('row-level security without the application filter', () => {
  it('is the only guard left: the application filter is off', async () => {
    expect(tenantFilter(roles, a.tenantId)).toBeUndefined();
    // Sanity: the owner connection sees both communities' roles; only RLS can hide b's.
    const [{ n }] = await t.app.db.query<{ n: number }>(
      'select count(distinct tenant_id)::int as n from roles where tenant_id in ($1, $2)',
      [a.tenantId, b.tenantId],
    );
    expect(n).toBe(2);
  });

  it('lists only the own community rows through the API, for every resource', async () => {
    for (const resource of tenantResources()) {
      const owned = await t.app.db.query<{ id: string }>(`select id from "${tableName(resource)}" where tenant_id = $1`, [a.tenantId]);
      const listed: string[] = [];
      for (let offset = 0; ; offset += 200) {
        const res = await t.request({ method: 'GET', url: urlOf(resource), query: { limit: '200', offset: String(offset) }, as: a });
        expect(res.statusCode, `${resource.path}: ${res.body}`).toBe(200);
        const body = res.json();
        listed.push(...body.data.map((r: { id: string }) => r.id));
        if (body.data.length < 200) {
          expect(body.total, resource.path).toBe(listed.length);
          break;
        }
      }
      expect(listed.length, resource.path).toBeGreaterThan(0);
      expect(listed.sort(), resource.path).toEqual(owned.map((r) => r.id).sort());
      expect(listed, resource.path).not.toContain(foreign.get(resource.path));
    }
  });

  it("cannot read, change or delete another community's record, which stays unchanged", async () => {
    for (const resource of tenantResources()) {
      const id = foreign.get(resource.path)!;
      const before = await storedRow(resource, id);
      expect(before, resource.path).toMatchObject({ id });

      const get = await t.request({ method: 'GET', url: urlOf(resource, id), as: a });
      expect(get.statusCode, `${resource.path}: ${get.body}`).toBe(404);
      expect(get.json().error.code).toBe('not_found');
      if (resource.allows('update')) {
        const res = await t.request({ method: 'PATCH', url: urlOf(resource, id), as: a, payload: patchFor(resource)?.body ?? {} });
        expect(res.statusCode, `${resource.path}: ${res.body}`).toBe(404);
      }
      if (resource.allows('delete')) {
        const del = await t.request({ method: 'DELETE', url: urlOf(resource, id), as: a });
        expect(del.statusCode, `${resource.path}: ${del.body}`).toBe(404);
        const bulk = await t.request({ method: 'POST', url: `${urlOf(resource)}/bulk-delete`, as: a, payload: { ids: [id] } });
        expect(bulk.statusCode, `${resource.path}: ${bulk.body}`).toBe(200);
        expect(bulk.json()).toEqual({ deleted: 0, ids: [] });
      }
      expect(await storedRow(resource, id), resource.path).toEqual(before);
    }
  });

  it("refuses a relation to another community's record", async () => {
    const all = tenantResources();
    let checked = 0;
    for (const resource of all) {
      if (!resource.allows('create')) continue;
      for (const relation of resource.relations) {
        const target = relation.resource;
        if (!target || !foreign.has(target.path)) continue;
        const field = relation.key;
        const id = foreign.get(target.path);
        const payload = { ...exampleInput(resource), [field]: relation.many ? [id] : id };
        if (!(field in resource.schemas.create.shape)) continue; // a server-managed column
        const res = await t.request({ method: 'POST', url: urlOf(resource), as: a, payload });
        expect(res.statusCode, `${resource.path}.${field}: ${res.body}`).toBe(400);
        expect(res.json().error.fields).toHaveProperty(field);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('creates records in the own community only', async () => {
    const res = await t.request({ method: 'POST', url: '/api/v1/identity/roles', as: a, payload: { name: `Scoped ${randomUUID()}` } });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.app.db.query<{ tenant_id: string }>('select tenant_id from roles where id = $1', [res.json().data.id]);
    expect(row.tenant_id).toBe(a.tenantId);
  });
});

describe('row-level security in the database', () => {
  const count = async (tx: Db, table: string) =>
    Number(rowsOf(await tx.execute(sql.raw(`select count(*)::int as n from "${table}"`)))[0].n);

  it("a tenant transaction counts only its community's rows", async () => {
    const [{ n: own }] = await t.app.db.query<{ n: number }>('select count(*)::int as n from roles where tenant_id = $1', [a.tenantId]);
    const [{ n: all }] = await t.app.db.query<{ n: number }>('select count(*)::int as n from roles');
    expect(all).toBeGreaterThan(own);
    const seen = await t.app.db.withTenant(a.tenantId, (tx) => tx.execute(sql`select count(*)::int as n, current_user as role from roles`));
    expect(rowsOf(seen)[0]).toEqual({ n: own, role: APP_ROLE });
  });

  it('every tenant table shows nothing of another community inside a tenant transaction', async () => {
    for (const resource of tenantResources()) {
      const table = tableName(resource);
      const [{ n: own }] = await t.app.db.query<{ n: number }>(`select count(*)::int as n from "${table}" where tenant_id = $1`, [
        a.tenantId,
      ]);
      expect(await t.app.db.withTenant(a.tenantId, (tx) => count(tx, table)), table).toBe(own);
    }
  });

  it('the app role without a tenant sees no rows', async () => {
    const seen = await t.app.db.owner.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
      return count(tx as unknown as Db, 'roles');
    });
    expect(seen).toBe(0);
  });

  it('refuses to insert a row of another community (WITH CHECK)', async () => {
    const name = `Smuggled ${randomUUID()}`;
    const err = await t.app.db
      .withTenant(a.tenantId, (tx) => tx.insert(roles).values({ tenantId: b.tenantId, name }))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).not.toBeNull();
    expect(sqlState(err)).toBe('42501'); // insufficient_privilege: new row violates row-level security policy
    const [{ n }] = await t.app.db.query<{ n: number }>('select count(*)::int as n from roles where name = $1', [name]);
    expect(n).toBe(0);
  });

  it('refuses to move an own row into another community (WITH CHECK on update)', async () => {
    const [own] = await t.app.db.query<{ id: string }>('select id from roles where tenant_id = $1 limit 1', [a.tenantId]);
    const err = await t.app.db
      .withTenant(a.tenantId, (tx) => tx.update(roles).set({ tenantId: b.tenantId }).where(eq(roles.id, own.id)))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(sqlState(err)).toBe('42501');
    const [row] = await t.app.db.query<{ tenant_id: string }>('select tenant_id from roles where id = $1', [own.id]);
    expect(row.tenant_id).toBe(a.tenantId);
  });

  it("updates and deletes of another community's rows touch nothing", async () => {
    const id = foreign.get('identity/roles')!;
    const before = await t.app.db.query('select * from roles where id = $1', [id]);
    const touched = await t.app.db.withTenant(a.tenantId, async (tx) => {
      const updated = await tx.update(roles).set({ description: 'changed by a' }).where(eq(roles.id, id)).returning({ id: roles.id });
      const deleted = await tx.delete(roles).where(eq(roles.id, id)).returning({ id: roles.id });
      return [...updated, ...deleted];
    });
    expect(touched).toEqual([]);
    expect(await t.app.db.query('select * from roles where id = $1', [id])).toEqual(before);
  });

  it('the app role is neither superuser nor exempt from row-level security, and owns no table', async () => {
    const [role] = await t.app.db.query<{ rolsuper: boolean; rolbypassrls: boolean }>(
      'select rolsuper, rolbypassrls from pg_roles where rolname = $1',
      [APP_ROLE],
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
    const [{ n }] = await t.app.db.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace ns on ns.oid = c.relnamespace
        where ns.nspname = 'public' and pg_get_userbyid(c.relowner) = $1`,
      [APP_ROLE],
    );
    expect(n).toBe(0);
  });

  it('every table with a tenant_id column has row-level security and the tenant_isolation policy', async () => {
    const tables = await t.app.db.query<{ name: string; rls: boolean; using: string | null; check: string | null }>(
      `select c.relname as name, c.relrowsecurity as rls, p.qual as using, p.with_check as check
         from pg_class c
         join pg_namespace ns on ns.oid = c.relnamespace
         left join pg_policies p on p.schemaname = ns.nspname and p.tablename = c.relname and p.policyname = 'tenant_isolation'
        where ns.nspname = 'public' and c.relkind in ('r', 'p')
          and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
        order by c.relname`,
    );
    const names = tables.map((r) => r.name);
    for (const resource of tenantResources()) expect(names).toContain(tableName(resource));
    for (const table of tables) {
      expect(table.rls, `${table.name}: row-level security is off`).toBe(true);
      expect(table.using, `${table.name}: no tenant_isolation policy`).toMatch(/tenant_id.*app\.tenant_id/s);
      expect(table.check, `${table.name}: the policy has no WITH CHECK`).toMatch(/tenant_id.*app\.tenant_id/s);
    }
    // Every resource table has a tenant_id column to begin with, but the platform catalogues.
    for (const resource of t.app.resources.all()) {
      const keys = Object.keys(getTableColumns(resource.table) as Record<string, PgColumn>);
      if (resource.platform) expect(keys, resource.path).not.toContain('tenantId');
      else expect(keys, resource.path).toContain('tenantId');
    }
  });

  it('the app role only reads a platform catalogue (no tenant policy there to guard a write)', async () => {
    const catalogues = t.app.resources.all().filter((r) => r.platform);
    expect(catalogues.length).toBeGreaterThan(0);
    for (const resource of catalogues) {
      const [grants] = await t.app.db.query<Record<string, boolean>>(
        `select has_table_privilege($1, $2, 'SELECT') as select, has_table_privilege($1, $2, 'INSERT') as insert,
                has_table_privilege($1, $2, 'UPDATE') as update, has_table_privilege($1, $2, 'DELETE') as delete`,
        [APP_ROLE, tableName(resource)],
      );
      expect(grants, resource.path).toEqual({ select: true, insert: false, update: false, delete: false });
    }
  });
});
