import { DomainError, type DomainErrorCode, fail, ok, type Result } from './errors';

/** Throws unless `quantity` is a whole number of units, at least 1 (or 0 when allowed). */
export function assertQuantity(quantity: number, what = 'quantity', { allowZero = false } = {}): number {
  if (!Number.isSafeInteger(quantity) || quantity < (allowZero ? 0 : 1)) {
    throw new DomainError(
      'invalid_quantity',
      `The ${what} must be a whole number ${allowZero ? '0 or more' : 'of 1 or more'} (got ${quantity})`,
      {
        field: what,
      },
    );
  }
  return quantity;
}

/** A quantity asked of one order line (to dispatch, to return). */
export interface LineQuantity {
  lineId: string;
  quantity: number;
}

/** How many units of an order line are still open to a request. */
export interface LineRemaining {
  lineId: string;
  /** Shown in messages; the line id when absent. */
  title?: string;
  remaining: number;
}

export const lineName = (line: { lineId: string; title?: string }) => `“${line.title ?? line.lineId}”`;

/**
 * Checks a request of quantities per order line: at least one line, every line known, and (after
 * adding up repeated lines) no more than is left on each. Returns the quantities per line, in the
 * order the lines were first named; `exceeded` words the refusal.
 */
export function checkRequestedQuantities<L extends LineRemaining>(
  lines: readonly L[],
  requested: readonly LineQuantity[],
  exceeded: (line: L, quantity: number) => DomainError<DomainErrorCode>,
): Result<LineQuantity[]> {
  if (requested.length === 0) return fail('empty_request', 'Name at least one line and its quantity');
  const byId = new Map(lines.map((line) => [line.lineId, line]));
  const totals = new Map<string, number>();
  for (const r of requested) {
    assertQuantity(r.quantity);
    if (!byId.has(r.lineId)) return fail('unknown_line', `The order has no line ${r.lineId}`, { lineId: r.lineId });
    totals.set(r.lineId, (totals.get(r.lineId) ?? 0) + r.quantity);
  }
  for (const [lineId, quantity] of totals) {
    const line = byId.get(lineId)!;
    if (quantity > line.remaining) return { ok: false, error: exceeded(line, quantity) };
  }
  return ok([...totals].map(([lineId, quantity]) => ({ lineId, quantity })));
}
