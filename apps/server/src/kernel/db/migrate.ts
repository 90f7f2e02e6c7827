import { fileURLToPath } from 'node:url';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Resource } from '../resources/resource';
import { ensureContainmentLeakproof, ensureSearchIndexes } from '../resources/search-indexes';
import { ensureCommunityNotifications } from '../tenancy/communities';
import { APP_ROLE, type Database } from './database';

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));
const MIGRATION_LOCK = 72_747_001;

/**
 * Applies the committed drizzle-kit migrations, then row-level security, the communities' change
 * notifications, the search indexes the given resources declare and the leakproof containment
 * comparisons (see search-indexes.ts), on either engine.
 */
export async function migrateDatabase(db: Database, resources: Resource[] = [], warn?: (message: string) => void): Promise<void> {
  if (db.pglite) {
    await migratePglite(drizzlePglite(db.pglite as never), { migrationsFolder });
    await applyRowLevelSecurity(db);
    await ensureCommunityNotifications(db);
    await ensureSearchIndexes(db, resources, warn);
    await ensureContainmentLeakproof(db, warn);
    return;
  }
  // Several server processes may start at once: one migrates, the others wait on the lock.
  const client = await db.pool!.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
    await applyRowLevelSecurity(db);
    await ensureCommunityNotifications(db);
    await ensureSearchIndexes(db, resources, warn);
    await ensureContainmentLeakproof(db, warn);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}

/**
 * Row-level security as the backstop, applied centrally: every table of the public schema with a
 * tenant_id column gets a policy that only shows rows of the transaction's tenant (app.tenant_id),
 * and the app role may change them. Tables without tenant_id are platform catalogues: read-only for
 * the app role. Idempotent, so it runs on every start and covers tables added by new migrations.
 */
export async function applyRowLevelSecurity(db: Database): Promise<void> {
  await db.query(`
    do $$
    declare t record;
    begin
      begin
        create role ${APP_ROLE} nologin;
      exception when duplicate_object or unique_violation then null;
      end;
      begin
        execute format('grant %I to %I', '${APP_ROLE}', current_user);
      exception when others then null;
      end;
      grant usage on schema public to ${APP_ROLE};
      -- What is already in place is left alone: a start (every test app's, too) then reads the catalogue
      -- instead of altering and granting on every table again, each a lock and a catalogue write.
      for t in
        select c.relname as name,
               c.relrowsecurity as rls,
               exists (select 1 from pg_policy p where p.polrelid = c.oid and p.polname = 'tenant_isolation') as policy,
               exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped) as tenant,
               array(select x.privilege_type from aclexplode(c.relacl) x where x.grantee = app.oid) as held
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        cross join (select oid from pg_roles where rolname = '${APP_ROLE}') app
        where n.nspname = 'public' and c.relkind = 'r' and c.relname not like '\\_\\_%'
      loop
        if t.tenant then
          if not t.rls then
            execute format('alter table %I enable row level security', t.name);
          end if;
          if not t.policy then
            execute format($p$create policy tenant_isolation on %I
              using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
              with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)$p$, t.name);
          end if;
          if not t.held @> array['SELECT', 'INSERT', 'UPDATE', 'DELETE'] then
            execute format('grant select, insert, update, delete on %I to %I', t.name, '${APP_ROLE}');
          end if;
        elsif not 'SELECT' = any(t.held) then
          execute format('grant select on %I to %I', t.name, '${APP_ROLE}');
        end if;
      end loop;
    end $$;
  `);
}
