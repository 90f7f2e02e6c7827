import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { tenantFilter } from '../../../kernel/resources';
import { fail, type OrderState, type StockMove, stockMovesFor } from '../domain';
import { commerceCartLines, commerceVariations } from '../tables';
import { type ShopTx, unwrap } from './shop';

// Each stock rule of domain/stock.ts is one conditional UPDATE: no row updated = the refusal.

/**
 * Reserves the units of a cart's lines: the UPDATE (returning the ids of the variations reserved) that
 * runs first in the statement that reads the cart to price it, so pricing and reserving are one round trip. For
 * each variation, the cart's quantities summed: `reserved + q WHERE on_hand - reserved >= q`
 * (exactly one of two racing checkouts of the last unit wins: the loser's condition is checked
 * again on the row the winner committed). The rows are locked in id order first, so two checkouts
 * of the same variations wait for each other instead of deadlocking, whatever the order of their
 * carts. The cart is locked by then, so its lines are the ones priced. A line whose variation is
 * not in `reserved` is short (refuseShort); a cart refused for anything else rolls the reservation
 * back with its transaction.
 */
export function cartReservation(tenantId: string | Placeholder, cartId: string | Placeholder): SQL {
  const v = commerceVariations;
  const l = commerceCartLines;
  // The variations again, under another name: the rows to lock, in order, before the update.
  const lk = alias(commerceVariations, 'locked');
  const locked = sql.identifier('locked');
  return sql`
    update ${v} set reserved = ${v.reserved} + w.q, updated_at = now()
      from (select ${lk.id} as id, r.q
              from ${v} ${locked}
              join (select ${l.variationId} as id, sum(${l.quantity})::int as q from ${l}
                     where ${and(tenantFilter(l, tenantId), eq(l.cartId, cartId))} group by ${l.variationId}) r
                on ${and(tenantFilter(lk, tenantId), sql`${lk.id} = r.id`)}
             order by ${lk.id}
               for update of ${locked}) w
     where ${and(tenantFilter(v, tenantId), sql`${v.id} = w.id`, sql`(not ${v.trackStock} or ${v.onHand} - ${v.reserved} >= w.q)`)}
    returning ${v.id} as id`;
}

/** Refuses the order, naming the first line cartReservation left unreserved (if any). */
export function refuseShort(lines: { variationId: string; quantity: number; title: string }[], reserved: Set<string>) {
  const short = lines.find((l) => !reserved.has(l.variationId));
  if (!short) return;
  const requested = lines.filter((l) => l.variationId === short.variationId).reduce((sum, l) => sum + l.quantity, 0);
  unwrap(fail('insufficient_stock', `Not enough of ${short.title} left for this order`, { variationId: short.variationId, requested }));
}

/** Applies a stock move of an order's change of state (commit on payment, release on cancel, restock). */
export async function applyMove(s: ShopTx, move: StockMove) {
  const q = move.quantity;
  const v = commerceVariations;
  const set =
    move.kind === 'commit'
      ? { onHand: sql`${v.onHand} - ${q}`, reserved: sql`${v.reserved} - ${q}` }
      : move.kind === 'release'
        ? { reserved: sql`${v.reserved} - ${q}` }
        : { onHand: sql`${v.onHand} + ${q}` };
  const condition = move.kind === 'restock' ? sql`true` : sql`(not ${v.trackStock} or ${v.reserved} >= ${q})`;
  const rows = await s.tx
    .update(v)
    .set(set)
    .where(and(tenantFilter(v, s.tenantId), eq(v.id, move.variationId), condition))
    .returning({ id: v.id, trackStock: v.trackStock });
  // A variation deleted since the order was placed has no stock to move; an untracked one keeps none.
  if (rows.length === 0 && move.kind !== 'restock') {
    const [exists] = await s.tx
      .select({ id: v.id })
      .from(v)
      .where(and(tenantFilter(v, s.tenantId), eq(v.id, move.variationId)));
    if (exists) unwrap(fail('not_reserved', `Cannot take ${q} units out of reservation`, { variationId: move.variationId }));
  }
  return rows.length;
}

/** The stock an order's change of state moves, applied. */
export async function moveStock(
  s: ShopTx,
  from: OrderState,
  to: OrderState,
  lines: { variationId: string | null; quantity: number; quantityDispatched: number }[],
) {
  const moves = stockMovesFor(
    from,
    to,
    lines
      .filter((l) => l.variationId !== null)
      .map((l) => ({ variationId: l.variationId!, quantity: l.quantity, dispatched: l.quantityDispatched })),
  );
  for (const move of moves) await applyMove(s, move);
  return moves;
}
