import { assertMinor, type Minor, mulDivRound, sumMinor } from '../../../kernel/money';
import { DomainError, ok, type Result } from './errors';
import { assertQuantity, checkRequestedQuantities, type LineQuantity, lineName } from './quantities';
import { eventsFrom, stateMachine, type TransitionTable } from './state-machine';

export const RETURN_STATES = ['requested', 'approved', 'received', 'refunded', 'rejected'] as const;

export type ReturnState = (typeof RETURN_STATES)[number];

export type ReturnEvent = 'approve' | 'reject' | 'receive' | 'refund';

/**
 * Stock comes back on `receive`, so a return is rejected only before that (once the goods are on the
 * shelf again, a refusal would have to take them off it).
 */
export const RETURN_TRANSITIONS: TransitionTable<ReturnState, ReturnEvent> = {
  approve: { from: ['requested'], to: 'approved' },
  reject: { from: ['requested', 'approved'], to: 'rejected' },
  receive: { from: ['approved'], to: 'received' },
  refund: { from: ['received'], to: 'refunded' },
};

/** The next state, or an `illegal_transition` error (a 409) naming both states. */
export const transitionReturn = stateMachine<ReturnState, ReturnEvent>('A return', RETURN_TRANSITIONS);

export const returnEventsFrom = (state: ReturnState): ReturnEvent[] => eventsFrom(RETURN_TRANSITIONS, state);

export interface ReturnRecord {
  state: ReturnState;
  lines: readonly LineQuantity[];
}

function quantitiesBy(returns: readonly ReturnRecord[], counts: (state: ReturnState) => boolean): Map<string, number> {
  const totals = new Map<string, number>();
  for (const r of returns) {
    if (!counts(r.state)) continue;
    for (const line of r.lines) totals.set(line.lineId, (totals.get(line.lineId) ?? 0) + assertQuantity(line.quantity));
  }
  return totals;
}

/** Units per order line claimed by the order's returns (all but rejected ones): they cannot be asked for again. */
export const quantitiesInReturns = (returns: readonly ReturnRecord[]): Map<string, number> =>
  quantitiesBy(returns, (state) => state !== 'rejected');

/** Units per order line already refunded by the order's returns. */
export const quantitiesRefunded = (returns: readonly ReturnRecord[]): Map<string, number> =>
  quantitiesBy(returns, (state) => state === 'refunded');

/** An order line as a return request sees it. */
export interface ReturnableLine {
  lineId: string;
  title?: string;
  /** Units bought. */
  quantity: number;
  /** Units in the order's other returns that were not rejected (`quantitiesInReturns`). */
  returned: number;
}

/** A return request's lines: known, and no more of each than was bought minus already returned. */
export function checkReturnRequest(lines: readonly ReturnableLine[], requested: readonly LineQuantity[]): Result<LineQuantity[]> {
  return checkRequestedQuantities(
    lines.map((line) => ({ ...line, remaining: Math.max(0, line.quantity - line.returned) })),
    requested,
    (line, quantity) =>
      new DomainError(
        'return_exceeds_purchased',
        `Line ${lineName(line)}: ${quantity} to return, but only ${line.remaining} can be (${line.quantity} bought, ${line.returned} already returned)`,
        { lineId: line.lineId, requested: quantity, remaining: line.remaining },
      ),
  );
}

/** An order line as it was snapshotted when the order was placed. */
export interface RefundableLine {
  lineId: string;
  title?: string;
  /** Units bought. */
  quantity: number;
  /** Units refunded by earlier returns (`quantitiesRefunded`). */
  refunded: number;
  /** What the customer paid for the whole line (after its discount, with tax). */
  total: Minor;
  /** The tax in `total`. */
  tax: Minor;
  /** The line's share of the coupon discount (already out of `total`). */
  discount: Minor;
}

export interface RefundLine {
  lineId: string;
  quantity: number;
  /** Money back for these units, with their tax. */
  amount: Minor;
  /** The tax in `amount`. */
  tax: Minor;
  /** The discount these units had had (informative: it is not paid back). */
  discount: Minor;
}

export interface Refund {
  lines: RefundLine[];
  amount: Minor;
  tax: Minor;
}

/**
 * The money a return gives back: for each line, the units' share of what was paid for the line,
 * with their share of tax and discount. Shares are cumulative (units k+1…k+n of N get
 * round(x·(k+n)/N) − round(x·k/N), for the net and the tax apart), so however a line is returned in
 * parts, the refunds add up to exactly what was paid for it, and a refund's tax never exceeds its
 * amount. Shipping is not refunded here.
 */
export function computeRefund(lines: readonly RefundableLine[], returning: readonly LineQuantity[]): Result<Refund> {
  const checked = checkRequestedQuantities(
    lines.map((line) => ({ ...line, remaining: Math.max(0, line.quantity - line.refunded) })),
    returning,
    (line, quantity) =>
      new DomainError(
        'return_exceeds_purchased',
        `Line ${lineName(line)}: ${quantity} to refund, but only ${line.remaining} are not refunded yet (${line.quantity} bought)`,
        { lineId: line.lineId, requested: quantity, remaining: line.remaining },
      ),
  );
  if (!checked.ok) return checked;
  const byId = new Map(lines.map((line) => [line.lineId, line]));
  const refundLines = checked.value.map(({ lineId, quantity }) => {
    const line = byId.get(lineId)!;
    const share = (amount: Minor) =>
      mulDivRound(amount, line.refunded + quantity, line.quantity) - mulDivRound(amount, line.refunded, line.quantity);
    const net = share(assertMinor(line.total - assertMinor(line.tax, 'line tax'), 'line net'));
    const tax = share(line.tax);
    return { lineId, quantity, amount: net + tax, tax, discount: share(assertMinor(line.discount, 'line discount')) };
  });
  return ok({ lines: refundLines, amount: sumMinor(refundLines.map((l) => l.amount)), tax: sumMinor(refundLines.map((l) => l.tax)) });
}
