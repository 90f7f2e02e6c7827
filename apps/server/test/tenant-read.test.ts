import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appWith } from './helpers';

const [t, a, b] = await appWith(2);

describe('reads as a tenant (no transaction on PostgreSQL)', () => {
  const rolesSeenBy = (tenantId: string) =>
    t.app.db.readAsTenant(tenantId, async (db) => {
      const result = (await db.execute(
        sql`select current_user as who, array_agg(distinct tenant_id::text) as tenants from roles`,
      )) as unknown as {
        rows: { who: string; tenants: string[] }[];
      };
      return result.rows[0];
    });

  it('runs as the app role and sees only its own community, whichever connection it gets', async () => {
    for (let i = 0; i < 10; i++) {
      const [seenByA, seenByB] = await Promise.all([rolesSeenBy(a.tenantId), rolesSeenBy(b.tenantId)]);
      expect(seenByA).toEqual({ who: 'atrium_app', tenants: [a.tenantId] });
      expect(seenByB).toEqual({ who: 'atrium_app', tenants: [b.tenantId] });
    }
  });

  it('cannot write outside its community', async () => {
    await expect(
      t.app.db.readAsTenant(a.tenantId, (db) =>
        db.execute(sql`insert into roles (tenant_id, name) values (${b.tenantId}::uuid, 'intruder')`),
      ),
    ).rejects.toThrow();
    const [{ n }] = await t.app.db.query<{ n: number }>("select count(*)::int as n from roles where name = 'intruder'");
    expect(n).toBe(0);
  });
});

describe('autonomous statements (outside the caller’s transaction on PostgreSQL)', () => {
  const roleNamed = async (name: string) =>
    (await t.app.db.query<{ tenant_id: string }>('select tenant_id from roles where name = $1', [name])).map((r) => r.tenant_id);
  const addRole = (db: Parameters<Parameters<typeof t.app.db.withTenant>[1]>[0], tenantId: string, name: string) =>
    db.execute(sql`insert into roles (tenant_id, name) values (${tenantId}::uuid, ${name})`);

  it('write as the app role, in their own community only', async () => {
    const name = `autonomous-${Date.now()}`;
    const autonomously = (tenantId: string) =>
      t.app.db.withTenant(a.tenantId, (tx) => t.app.db.autonomous(a.tenantId, tx, (db) => addRole(db, tenantId, name)));
    await expect(autonomously(b.tenantId)).rejects.toThrow();
    await autonomously(a.tenantId);
    expect(await roleNamed(name)).toEqual([a.tenantId]);
  });

  it('stand when the caller rolls back on PostgreSQL (the embedded database rolls them back with it)', async () => {
    const name = `autonomous-kept-${Date.now()}`;
    const rollback = new Error('the caller failed');
    await expect(
      t.app.db.withTenant(a.tenantId, async (tx) => {
        await t.app.db.autonomous(a.tenantId, tx, (db) => addRole(db, a.tenantId, name));
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await roleNamed(name)).toEqual(t.app.db.engine === 'postgres' ? [a.tenantId] : []);
  });

  it.runIf(t.app.db.engine === 'postgres')('do not keep a row they update locked until the caller commits', async () => {
    const name = `autonomous-hot-${Date.now()}`;
    await t.app.db.withTenant(a.tenantId, (tx) => addRole(tx, a.tenantId, name));
    const touch = (db: Parameters<Parameters<typeof t.app.db.withTenant>[1]>[0]) =>
      db.execute(sql`update roles set name = name where name = ${name}`);
    await t.app.db.withTenant(a.tenantId, async (tx) => {
      await t.app.db.autonomous(a.tenantId, tx, touch);
      // Another transaction updates the same row while the caller is still open: no wait.
      await t.app.db.withTenant(a.tenantId, async (other) => {
        await other.execute(sql`set local lock_timeout = '2s'`);
        await touch(other);
      });
    });
  });
});
