import type { OrderState } from '../domain';
import { commerceOrderEvents } from '../tables';
import type { Actor, ShopTx } from './shop';
/** One entry of an order's timeline. */
export async function recordEvent(
  s: ShopTx,
  orderId: string,
  actor: Actor,
  event: { kind: string; message: string; from?: OrderState; to?: OrderState; data?: Record<string, unknown> },
) {
  await s.tx.insert(commerceOrderEvents).values({
    tenantId: s.tenantId,
    orderId,
    kind: event.kind,
    fromStatus: event.from ?? null,
    toStatus: event.to ?? null,
    message: event.message,
    actorId: actor.kind === 'admin' ? actor.id : null,
    actorName: actor.name ?? actor.kind,
    data: { actor: actor.kind, ...(event.data ?? {}) },
  });
}
