import type { Scope } from '../auth/context';
import type { Db } from '../db/database';
import { auditLog } from './tables';

export interface AuditEntry {
  action: 'create' | 'update' | 'delete';
  resource: string;
  recordId: string | null;
  before?: unknown;
  after?: unknown;
}

/** Written in the same transaction as the change it describes. */
export async function recordAudit(tx: Db, scope: Scope, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditLog).values(
    entries.map((e) => ({
      tenantId: scope.tenantId,
      actorId: scope.actor.id,
      actorName: scope.actor.name,
      action: e.action,
      resource: e.resource,
      recordId: e.recordId,
      before: e.before ?? null,
      after: e.after ?? null,
    })),
  );
}
