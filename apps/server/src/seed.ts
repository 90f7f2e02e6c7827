import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getTableColumns } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PLATFORM_COMMUNITY, type Scope } from './kernel/auth/context';
import { hashPassword } from './kernel/auth/passwords';
import { users } from './kernel/auth/tables';
import { enterTenant, underAdvisoryLock } from './kernel/db/database';
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
  await seedSamples(app, { db: app.db, tenantId: demo.tenantId, actor: { id: demo.ownerId, name: 'Demo owner', isOwner: true } });

  // A generated password never reaches the structured log (it would reach every log collector): it is
  // kept in DATA_DIR/owner-password (0600) and shown once on an interactive terminal.
  const passwordFile = app.config.adminPassword ? null : keepOwnerPassword(app.config.dataDir, password);
  app.log.info(
    { community: seedCommunity, email: adminEmail, passwordFile },
    `Demo community "${seedCommunity}" created; owner ${adminEmail}` + (passwordFile ? `, password in ${passwordFile}` : ''),
  );
  if (passwordFile && process.stderr.isTTY && app.config.env !== 'test') {
    process.stderr.write(
      `\nDemo community "${seedCommunity}" created.\n  Sign in as ${adminEmail} in community ${seedCommunity}\n` +
        `  with the password ${password}  (shown once, also in ${passwordFile}: change it after signing in)\n\n`,
    );
  }
}

/** Writes the generated owner password to DATA_DIR/owner-password, readable only by this user. */
function keepOwnerPassword(dataDir: string, password: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'owner-password');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return file;
}

export async function createCommunity(app: FastifyInstance, name: string, displayName: string, email: string, passwordHash: string) {
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
    // Platform catalogues belong to no community: seedPlatformCatalogues fills them.
    if (resource.config.examples.length === 0 || resource.platform) continue;
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

const CATALOGUE_SEED_LOCK = 72_747_002;

/**
 * Each platform catalogue's examples, on the first start that finds its table empty (every start
 * looks, so a catalogue added later is filled too; processes starting together take turns). Written
 * as the owner, checked against the create schema; production starts do it as well: a catalogue's
 * examples are its starting records (plans, masters), not demo data.
 */
export async function seedPlatformCatalogues(app: FastifyInstance): Promise<void> {
  const catalogues = app.resources.all().filter((r) => r.platform && r.config.examples.length > 0);
  if (catalogues.length === 0) return;
  await underAdvisoryLock(app.db, CATALOGUE_SEED_LOCK, async () => {
    for (const resource of catalogues) {
      await app.db.owner.transaction(async (tx) => {
        const [any] = await tx.select({ id: resource.table.id }).from(resource.table).limit(1);
        if (any) return;
        const rows = resource.config.examples.map((example) => resource.schemas.create.parse(example) as Record<string, unknown>);
        await tx.insert(resource.table).values(rows as never);
      });
    }
  });
}
