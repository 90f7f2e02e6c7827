import type { SQL } from 'drizzle-orm';
import type { OrderState } from '../domain';
import { commerceOrderEvents } from '../tables';
import type { Actor, ShopTx } from './shop';

interface TimelineEvent {
  kind: string;
  message: string | SQL;
  from?: OrderState;
  to?: OrderState;
  data?: Record<string, unknown>;
}

/**
 * The row of one entry of an order's timeline. `orderId` and `message` may be SQL: the order is
 * written by the same statement (placing an order writes its first entry with it).
 */
export function eventRow(s: ShopTx, orderId: string | SQL, actor: Actor, event: TimelineEvent) {
  return {
    tenantId: s.tenantId,
    orderId,
    kind: event.kind,
    fromStatus: event.from ?? null,
    toStatus: event.to ?? null,
    message: event.message,
    actorId: actor.kind === 'admin' ? actor.id : null,
    actorName: actor.name ?? actor.kind,
    data: { actor: actor.kind, ...(event.data ?? {}) },
  };
}

/** One entry of an order's timeline. */
export async function recordEvent(s: ShopTx, orderId: string, actor: Actor, event: TimelineEvent) {
  await s.tx.insert(commerceOrderEvents).values(eventRow(s, orderId, actor, event));
}
