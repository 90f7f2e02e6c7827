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
