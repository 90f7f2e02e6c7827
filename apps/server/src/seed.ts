import { randomBytes } from 'node:crypto';
import { getTableColumns } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PLATFORM_COMMUNITY, type Scope } from './kernel/auth/context';
import { hashPassword } from './kernel/auth/passwords';
import { users } from './kernel/auth/tables';
import { enterTenant } from './kernel/db/database';
import { communities } from './kernel/tenancy/tables';

/**
 * On an empty database: the platform community `-` and the demo community, both owned by
 * ADMIN_EMAIL, with sample records in every resource so a newcomer sees a populated console.
 */
export async function seedIfEmpty(app: FastifyInstance): Promise<void> {
  const [{ n }] = await app.db.query<{ n: number }>('select count(*)::int as n from communities');
  if (n > 0) return;
  const { adminEmail, seedCommunity } = app.config;
  const password = app.config.adminPassword ?? randomBytes(9).toString('base64url');
  const passwordHash = await hashPassword(password);

  await createCommunity(app, PLATFORM_COMMUNITY, 'Atrium platform', adminEmail, passwordHash);
  const demo = await createCommunity(app, seedCommunity, 'Euro Building Products', adminEmail, passwordHash);
  await seedSamples(app, { db: app.db, tenantId: demo.tenantId, actor: { id: demo.ownerId, name: 'Demo owner' } });

  const lines = [
    `Demo community "${seedCommunity}" created.`,
    `  Sign in as ${adminEmail} in community ${seedCommunity}`,
    app.config.adminPassword ? '  with ADMIN_PASSWORD' : `  with the password ${password}  (shown once: change it after signing in)`,
  ];
  app.log.info(lines.join('\n'));
  if (!app.config.adminPassword && app.config.env !== 'test') console.log(`\n${lines.join('\n')}\n`);
}

async function createCommunity(app: FastifyInstance, name: string, displayName: string, email: string, passwordHash: string) {
  return app.db.owner.transaction(async (tx) => {
    const [community] = await tx.insert(communities).values({ name, displayName }).returning();
    await enterTenant(tx, community.id);
    const [owner] = await tx
      .insert(users)
      .values({ tenantId: community.id, email, name: 'Owner', passwordHash, isOwner: true })
      .returning({ id: users.id });
    return { tenantId: community.id, ownerId: owner.id };
  });
}

/** Each resource's examples, then each module's own sample data. */
export async function seedSamples(app: FastifyInstance, scope: Scope): Promise<void> {
  for (const resource of app.resources.all()) {
    if (resource.config.examples.length === 0) continue;
    if (resource.allows('create')) {
      for (const example of resource.config.examples) await resource.create(scope, example);
    } else {
      // Read-only resources (logs, outbox) are written by the system, not the API.
      const columns = getTableColumns(resource.table);
      await app.db.withTenant(scope.tenantId, (tx) =>
        tx.insert(resource.table).values(
          resource.config.examples.map((e) => ({
            ...Object.fromEntries(Object.entries(e).filter(([k]) => k in columns)),
            tenantId: scope.tenantId,
          })) as never,
        ),
      );
    }
  }
  for (const module of app.modules) await module.seed?.(app, scope);
}
