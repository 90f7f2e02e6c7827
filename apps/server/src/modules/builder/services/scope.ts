import { and, eq, ne, sql } from 'drizzle-orm';
import { recordAudit } from '../../../kernel/events';
import type { Db, Scope } from '../../../kernel/resources';
import { errors, tenantFilter } from '../../../kernel/resources';
import { requireRole } from '../access';
import { builderProjects, builderScopeItems } from '../tables';
import { memberIdsWith } from './members';
import { tell } from './notices';

/** The project's estimate is its approved scope (hours and price), recomputed after each scope change. */
export async function recomputeEstimate(tx: Db, tenantId: string, projectId: string | null, without?: string) {
  if (!projectId) return;
  const [sum] = await tx
    .select({
      hours: sql<number>`coalesce(sum(${builderScopeItems.hours}), 0)::float8`,
      price: sql<number>`coalesce(sum(${builderScopeItems.priceMinor}), 0)::int`,
    })
    .from(builderScopeItems)
    .where(
      and(
        tenantFilter(builderScopeItems, tenantId),
        eq(builderScopeItems.projectId, projectId),
        eq(builderScopeItems.status, 'approved'),
        without ? ne(builderScopeItems.id, without) : undefined,
      ),
    );
  await tx
    .update(builderProjects)
    .set({ estimateHours: Number(sum.hours), estimateMinor: Number(sum.price), updatedAt: new Date() })
    .where(and(tenantFilter(builderProjects, tenantId), eq(builderProjects.id, projectId)));
}

/**
 * The client's decision on a change request: only a client member of its project decides, only a
 * proposed change is decided (409 otherwise), approval adds it to the estimate; the team is told.
 */
export async function decideChange(
  tx: Db,
  scope: Scope,
  item: Record<string, unknown> & { id: string },
  decision: 'approve' | 'reject',
  note: string | null,
) {
  const projectId = item.projectId as string | null;
  await requireRole(tx, scope, projectId, ['client'], 'decide a change request');
  if (item.kind !== 'change') throw errors.conflict('not_a_change', 'Baseline scope is not decided: it is agreed as written');
  if (item.status !== 'proposed') throw errors.conflict('already_decided', `This change request was already ${item.status}`);
  const status = decision === 'approve' ? 'approved' : 'rejected';
  const [row] = await tx
    .update(builderScopeItems)
    .set({ status, decidedBy: scope.actor.id, decidedAt: new Date(), decisionNote: note, updatedAt: new Date() })
    .where(and(tenantFilter(builderScopeItems, scope.tenantId), eq(builderScopeItems.id, item.id)))
    .returning();
  await recordAudit(tx, scope, [{ action: 'update', resource: 'builder/scope-items', recordId: item.id, before: item, after: row }]);
  await recomputeEstimate(tx, scope.tenantId, projectId);
  const team = await memberIdsWith(tx, scope.tenantId, projectId!, ['pm', 'ba']);
  await tell(tx, scope, [...team, item.createdBy as string | null], {
    title: `Change request ${status}: ${String(item.title)}`,
    body: note ?? undefined,
    link: `/admin-panel/builder/scope?project=${projectId}`,
    level: status === 'approved' ? 'success' : 'warning',
    source: 'builder/scope-items',
    recordId: item.id,
  });
  return row;
}
