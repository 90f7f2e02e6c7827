import type { FastifyInstance } from 'fastify';
import type { Scope } from '../../../kernel/resources';
import { quotasOf } from '../quotas/port';

/** The brand profile's AI usage limit (Apilimit): the AI credits of the plan and add-ons, used and left this period. */
export async function aiAllowance(app: FastifyInstance, scope: Scope) {
  const quotas = await scope.db.withTenant(scope.tenantId, (tx) => quotasOf(app).usage(tx, scope));
  const ai = quotas.find((q) => q.key === 'ai');
  const limit = ai?.limit ?? null;
  const used = ai?.used ?? 0;
  return { limit, used, remaining: limit === null ? null : Math.max(0, limit - used) };
}
