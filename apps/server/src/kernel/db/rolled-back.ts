import type { Database, Db } from './database';

/** A tenant id no community has: rehearsals run as it, and roll back. */
export const NOBODY = '00000000-0000-0000-0000-000000000000';
const ROLLBACK = Symbol('rollback');

/** Runs `fn` in a tenant transaction and rolls it back: nothing it wrote is kept. */
export async function rolledBack(db: Database, tenantId: string, fn: (tx: Db) => Promise<void>): Promise<void> {
  try {
    await db.withTenant(tenantId, async (tx) => {
      await fn(tx);
      throw ROLLBACK;
    });
  } catch (err) {
    if (err !== ROLLBACK) throw err;
  }
}
