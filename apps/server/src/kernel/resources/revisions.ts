import { and, desc, eq } from 'drizzle-orm';
import type { Scope } from '../auth/context';
import { errors } from '../errors/app-error';
import { auditLog } from '../events/tables';
import { tenantFilter } from '../tenancy/scope-filter';
import type { Resource } from './resource';
import type { Row } from './types';

export interface Revision {
  id: string;
  action: 'create' | 'update' | 'delete';
  actorName: string | null;
  createdAt: Date;
  changes: { field: string; before: unknown; after: unknown }[];
}

/** Bookkeeping columns that change on every write and say nothing to a person. */
const IGNORED = new Set(['id', 'updatedAt', 'createdAt']);
const MAX_REVISIONS = 200;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** What a write changed, field by field (a creation lists the fields it set). */
export function diff(before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: Revision['changes'] = [];
  for (const field of keys) {
    if (IGNORED.has(field)) continue;
    const b = before?.[field] ?? null;
    const a = after?.[field] ?? null;
    if (!same(b, a)) changes.push({ field, before: b, after: a });
  }
  return changes;
}

async function entries(resource: Resource, scope: Scope, recordId: string, redacted: boolean) {
  // Under a row rule the history is the record's: one outside the rule (or deleted) has none to show.
  if (resource.hasRowRules) await resource.get(scope, recordId);
  const rows = await scope.db.readAsTenant(scope.tenantId, (db) =>
    db
      .select()
      .from(auditLog)
      .where(and(tenantFilter(auditLog, scope.tenantId), eq(auditLog.resource, resource.path), eq(auditLog.recordId, recordId)))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(MAX_REVISIONS),
  );
  if (rows.length === 0) throw errors.notFound(resource.config.label.singular);
  const redact = redacted ? resource.config.redact : undefined;
  const view = (snapshot: unknown) => {
    if (!snapshot || typeof snapshot !== 'object') return null;
    return redact ? redact(snapshot as Row, scope) : (snapshot as Record<string, unknown>);
  };
  return rows.map((r) => ({ ...r, before: view(r.before), after: view(r.after) }));
}

/** The history of one record from the audit log, newest first. */
export async function listRevisions(resource: Resource, scope: Scope, recordId: string): Promise<Revision[]> {
  return (await entries(resource, scope, recordId, true)).map((r) => ({
    id: r.id,
    action: r.action,
    actorName: r.actorName,
    createdAt: r.createdAt,
    changes: diff(r.before, r.after),
  }));
}

/**
 * Puts the record back as it was right after a revision: an ordinary update through the resource,
 * so it is validated, checked for relations and audited like any other edit.
 */
export async function restoreRevision(resource: Resource, scope: Scope, recordId: string, revisionId: string): Promise<Row> {
  const revision = (await entries(resource, scope, recordId, false)).find((r) => r.id === revisionId);
  if (!revision) throw errors.notFound('Revision');
  if (!revision.after) throw errors.badRequest('not_restorable', 'A deletion cannot be restored from the history');
  const current = await resource.get(scope, recordId);
  const writable = resource.schemas.editable;
  const patch: Record<string, unknown> = {};
  for (const field of writable) {
    if (!(field in revision.after)) continue;
    if (!same(revision.after[field], current[field] instanceof Date ? (current[field] as Date).toISOString() : current[field])) {
      patch[field] = revision.after[field];
    }
  }
  return resource.update(scope, recordId, patch);
}
