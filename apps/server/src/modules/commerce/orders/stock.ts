import { and, eq, sql } from 'drizzle-orm';
import { tenantFilter } from '../../../kernel/resources';
import { fail, type OrderState, type StockMove, stockMovesFor } from '../domain';
import { commerceVariations } from '../tables';
import { type ShopTx, unwrap } from './shop';

// Each stock rule of domain/stock.ts is one conditional UPDATE: no row updated = the refusal.

/** Reserves units for a placed order: `reserved + q WHERE on_hand - reserved >= q` (exactly one of two racing checkouts of the last unit wins). */
export async function reserve(s: ShopTx, variationId: string, quantity: number, what: string) {
  const rows = await s.tx
    .update(commerceVariations)
    .set({ reserved: sql`${commerceVariations.reserved} + ${quantity}` })
    .where(
      and(
        tenantFilter(commerceVariations, s.tenantId),
        eq(commerceVariations.id, variationId),
        sql`(not ${commerceVariations.trackStock} or ${commerceVariations.onHand} - ${commerceVariations.reserved} >= ${quantity})`,
      ),
    )
    .returning({ id: commerceVariations.id });
  if (rows.length === 0)
    unwrap(fail('insufficient_stock', `Not enough of ${what} left for this order`, { variationId, requested: quantity }));
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
