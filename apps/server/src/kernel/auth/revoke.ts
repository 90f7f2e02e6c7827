import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/database';
import { sessions } from './tables';

/**
 * Revokes every live session of a user (but `keep`, the caller's own, when given), in the caller's
 * transaction. After commit, drop the cached sessions (`sessionCacheFor(db).invalidateTenant`), which
 * reaches every server process.
 */
export async function revokeSessions(tx: Db, tenantId: string, userId: string, keep?: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.tenantId, tenantId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        ...(keep ? [ne(sessions.id, keep)] : []),
      ),
    );
}
