import { and, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Scope } from '../auth/context';
import { errors } from '../errors/app-error';
import { auditLog } from '../events/tables';
import { tenantFilter } from '../tenancy/scope-filter';
import type { Resource } from './resource';
import type { Row } from './types';

/** How long after a change its author can still undo it. */
export const UNDO_WINDOW_MS = 15 * 60_000;

export const undoBody = z
  .object({
    ids: z.array(z.uuid()).min(1).max(500).describe('The records the change touched'),
    action: z.enum(['delete', 'update']).describe('What is undone: a deletion (the records come back) or a change'),
  })
  .strict();
export type UndoBody = z.infer<typeof undoBody>;

const same = (a: unknown, b: unknown) =>
  JSON.stringify(a instanceof Date ? a.toISOString() : (a ?? null)) === JSON.stringify(b instanceof Date ? b.toISOString() : (b ?? null));

/**
 * Undoes the caller's latest change of each record, from the record's history (the audit log): a
 * deletion puts the record back as it was (same id, validated and audited as a creation), a change
 * (an edit, a bulk edit) sets the changed fields back (an ordinary audited update). All or nothing:
 * a record whose latest change is not this kind, is someone else's, or is older than the undo window
 * (15 minutes) is a 409 and nothing is undone.
 */
export async function undoLatest(resource: Resource, scope: Scope, body: UndoBody): Promise<{ restored: number; ids: string[] }> {
  const ids = [...new Set(body.ids)];
  const label = resource.config.label;
  if (body.action === 'delete' && resource.config.hidden?.length) {
    // Hidden columns (a password hash) are not in the history: such a record cannot come back whole.
    throw errors.badRequest('not_restorable', `A deleted ${label.singular.toLowerCase()} cannot be restored`);
  }
  const rows = await resource.transaction(scope, async (tx) => {
    const history = await tx
      .select()
      .from(auditLog)
      .where(and(tenantFilter(auditLog, scope.tenantId), eq(auditLog.resource, resource.path), inArray(auditLog.recordId, ids)))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
    const latest = new Map<string, (typeof history)[number]>();
    for (const entry of history) if (entry.recordId && !latest.has(entry.recordId)) latest.set(entry.recordId, entry);
    const since = Date.now() - UNDO_WINDOW_MS;
    const out: Row[] = [];
    for (const id of ids) {
      const entry = latest.get(id);
      if (!entry || entry.action !== body.action || entry.actorId !== scope.actor.id || entry.createdAt.getTime() < since) {
        throw errors.conflict(
          'not_undoable',
          `This ${body.action === 'delete' ? 'deletion' : 'change'} can no longer be undone: ${ids.length === 1 ? 'the record has' : 'a record has'} changed since, or the time to undo it has passed`,
        );
      }
      const before = (entry.before ?? {}) as Record<string, unknown>;
      if (body.action === 'delete') {
        const input = Object.fromEntries(
          Object.keys(resource.schemas.create.shape)
            .filter((k) => k in before)
            .map((k) => [k, before[k]]),
        );
        const createdAt = typeof before.createdAt === 'string' ? new Date(before.createdAt) : undefined;
        out.push(await resource.createIn(tx, scope, input, { id, ...(createdAt ? { createdAt } : {}) }));
      } else {
        const current = await resource.getIn(tx, scope, id, true);
        const patch = Object.fromEntries(
          resource.schemas.editable.filter((k) => k in before && !same(current[k], before[k])).map((k) => [k, before[k]]),
        );
        out.push(await resource.updateIn(tx, scope, id, patch));
      }
    }
    return out;
  });
  await resource.committed(scope, body.action === 'delete' ? 'create' : 'update', rows);
  return { restored: rows.length, ids: rows.map((r) => r.id) };
}
