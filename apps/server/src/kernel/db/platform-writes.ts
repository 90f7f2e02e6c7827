import { sql } from 'drizzle-orm';
import type { Database, Db } from './database';
import { inUnitOfWork } from './unit-of-work';

/**
 * The transaction of a write to a platform catalogue. The app role may only read tables without
 * tenant_id (the migrator grants it SELECT alone), so no tenant transaction can change them, whatever
 * a route or hook does: the kit's guarded path (a platform operator, checked before) writes as the
 * owner, with `app.tenant_id` set to the operator's community for what the write also records (the
 * audit entry). afterCommit() callbacks run once it commits, as after db.withTenant.
 */
export function platformTransaction<T>(db: Database, tenantId: string, fn: (tx: Db) => Promise<T>): Promise<T> {
  return inUnitOfWork(
    () =>
      db.owner.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
        return fn(tx as unknown as Db);
      }),
    (err) => db.onAfterCommitError(err),
  );
}
