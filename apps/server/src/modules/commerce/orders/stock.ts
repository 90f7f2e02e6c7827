import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { tenantFilter } from '../../../kernel/resources';
import { fail, type OrderState, type StockMove, stockMovesFor } from '../domain';
import { commerceVariations } from '../tables';
import { rowsOf, type ShopTx, unwrap } from './shop';

// Each stock rule of domain/stock.ts is one conditional UPDATE: no row updated = the refusal.

/** A PostgreSQL array literal of uuids or whole numbers (one parameter, whatever the length, on either engine). */
const arrayLiteral = (values: (string | number)[]) => `{${values.join(',')}}`;

/**
 * Reserves the units of a placed order's lines in one statement: for each variation,
 * `reserved + q WHERE on_hand - reserved >= q` (exactly one of two racing checkouts of the last
 * unit wins: the loser's condition is checked again on the row the winner committed). The rows are
 * locked in id order first, so two checkouts of the same variations wait for each other instead of
 * deadlocking, whatever the order of their carts. A line left unreserved refuses the order, naming it.
 */
export async function reserve(s: ShopTx, lines: { variationId: string; quantity: number; title: string }[]) {
  const wanted = new Map<string, number>();
  for (const l of lines) wanted.set(l.variationId, (wanted.get(l.variationId) ?? 0) + l.quantity);
  if (wanted.size === 0) return;
  const ids = [...wanted.keys()].sort();
  const quantities = ids.map((id) => wanted.get(id)!);
  const v = commerceVariations;
  // The variations again, under another name: the rows to lock, in order, before the update.
  const lk = alias(commerceVariations, 'locked');
  const locked = sql.identifier('locked');
  const rows = rowsOf<{ id: string }>(
    await s.tx.execute(sql`
      update ${v} set reserved = ${v.reserved} + w.q, updated_at = now()
        from (select ${lk.id} as id, r.q
                from ${v} ${locked} join unnest(${arrayLiteral(ids)}::uuid[], ${arrayLiteral(quantities)}::int[]) as r(id, q)
                  on ${and(tenantFilter(lk, s.tenantId), sql`${lk.id} = r.id`)}
               order by ${lk.id}
                 for update of ${locked}) w
       where ${and(tenantFilter(v, s.tenantId), sql`${v.id} = w.id`, sql`(not ${v.trackStock} or ${v.onHand} - ${v.reserved} >= w.q)`)}
      returning ${v.id} as id`),
  );
  const reserved = new Set(rows.map((r) => r.id));
  const short = lines.find((l) => !reserved.has(l.variationId));
  if (short)
    unwrap(
      fail('insufficient_stock', `Not enough of ${short.title} left for this order`, {
        variationId: short.variationId,
        requested: wanted.get(short.variationId)!,
      }),
    );
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
