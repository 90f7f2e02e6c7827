import { DomainError, fail, ok, type Result } from './errors';
import type { OrderState } from './order-states';
import { assertQuantity } from './quantities';

/**
 * A variation's stock. Invariant: onHand ≥ reserved ≥ 0. `reserved` are units of placed orders not
 * paid yet; they leave `onHand` when the order is paid. The database applies each rule below as one
 * conditional UPDATE (the condition in the comment; no row updated = the error), so concurrent
 * checkouts of the last unit cannot both win.
 */
export interface StockLevel {
  onHand: number;
  reserved: number;
}

/** Units that can still be sold. */
export const availableStock = (level: StockLevel): number => level.onHand - level.reserved;

/** Throws unless the level keeps the invariant. */
export function assertStockLevel(level: StockLevel): StockLevel {
  const { onHand, reserved } = level;
  if (!Number.isSafeInteger(onHand) || !Number.isSafeInteger(reserved) || reserved < 0 || onHand < reserved) {
    throw new DomainError('invalid_quantity', `Stock must keep on hand ≥ reserved ≥ 0 (on hand ${onHand}, reserved ${reserved})`);
  }
  return level;
}

/** An order is placed. SQL: `reserved = reserved + q WHERE on_hand - reserved >= q`. */
export function reserveStock(level: StockLevel, quantity: number, what = 'this item'): Result<StockLevel> {
  assertStockLevel(level);
  assertQuantity(quantity);
  const available = availableStock(level);
  if (available < quantity) {
    return fail('insufficient_stock', `Only ${available} of ${what} available (${quantity} requested)`, { requested: quantity, available });
  }
  return ok({ onHand: level.onHand, reserved: level.reserved + quantity });
}

/** An unpaid order is cancelled or expires. SQL: `reserved = reserved - q WHERE reserved >= q`. */
export function releaseStock(level: StockLevel, quantity: number, what = 'this item'): Result<StockLevel> {
  assertStockLevel(level);
  assertQuantity(quantity);
  if (level.reserved < quantity) return notReserved(level, quantity, what);
  return ok({ onHand: level.onHand, reserved: level.reserved - quantity });
}

/** The order is paid: reserved units leave the shelf. SQL: `on_hand = on_hand - q, reserved = reserved - q WHERE reserved >= q`. */
export function commitStock(level: StockLevel, quantity: number, what = 'this item'): Result<StockLevel> {
  assertStockLevel(level);
  assertQuantity(quantity);
  if (level.reserved < quantity) return notReserved(level, quantity, what);
  return ok({ onHand: level.onHand - quantity, reserved: level.reserved - quantity });
}

/** Sold units come back (a return received, a paid order cancelled before dispatch). SQL: `on_hand = on_hand + q`. */
export function restockStock(level: StockLevel, quantity: number): Result<StockLevel> {
  assertStockLevel(level);
  assertQuantity(quantity);
  return ok({ onHand: level.onHand + quantity, reserved: level.reserved });
}

/** An admin counts the shelf. SQL: `on_hand = n WHERE reserved <= n`. */
export function setStockOnHand(level: StockLevel, onHand: number): Result<StockLevel> {
  assertStockLevel(level);
  assertQuantity(onHand, 'stock on hand', { allowZero: true });
  if (onHand < level.reserved) {
    return fail('below_reserved', `Stock on hand cannot go below the ${level.reserved} units reserved by unpaid orders (got ${onHand})`, {
      onHand,
      reserved: level.reserved,
    });
  }
  return ok({ onHand, reserved: level.reserved });
}

function notReserved(level: StockLevel, quantity: number, what: string): Result<StockLevel> {
  return fail('not_reserved', `Cannot take ${quantity} of ${what} out of reservation: only ${level.reserved} reserved`, {
    requested: quantity,
    reserved: level.reserved,
  });
}

export type StockMoveKind = 'commit' | 'release' | 'restock';

export interface StockMove {
  variationId: string;
  kind: StockMoveKind;
  quantity: number;
}

export interface OrderStockLine {
  variationId: string;
  quantity: number;
  dispatched: number;
}

/**
 * The stock an order's change of state moves, per line: paying commits the reservation; cancelling
 * an unpaid order releases it; cancelling or refunding a paid one restocks what has not been
 * dispatched (what was dispatched comes back, if ever, through a return). Other changes move nothing.
 */
export function stockMovesFor(from: OrderState, to: OrderState, lines: readonly OrderStockLine[]): StockMove[] {
  const moves = (kind: StockMoveKind, count: (line: OrderStockLine) => number) =>
    lines.map((line) => ({ variationId: line.variationId, kind, quantity: count(line) })).filter((m) => m.quantity > 0);
  if (from === 'pending_payment' && to === 'paid') return moves('commit', (l) => l.quantity);
  if ((to !== 'cancelled' && to !== 'refunded') || from === 'cancelled' || from === 'refunded') return [];
  if (from === 'pending_payment') return moves('release', (l) => l.quantity);
  return moves('restock', (l) => l.quantity - l.dispatched);
}

/** Applies one move to a level. */
export function applyStockMove(level: StockLevel, move: Pick<StockMove, 'kind' | 'quantity'>, what?: string): Result<StockLevel> {
  if (move.kind === 'commit') return commitStock(level, move.quantity, what);
  if (move.kind === 'release') return releaseStock(level, move.quantity, what);
  return restockStock(level, move.quantity);
}
