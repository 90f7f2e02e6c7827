import { DomainError, type Result } from './errors';
import { checkRequestedQuantities, type LineQuantity, lineName } from './quantities';
import { eventsFrom, stateMachine, type TransitionTable } from './state-machine';

export const ORDER_STATES = [
  'pending_payment',
  'paid',
  'processing',
  'partially_dispatched',
  'dispatched',
  'delivered',
  'cancelled',
  'refunded',
] as const;

export type OrderState = (typeof ORDER_STATES)[number];

export type OrderEvent = 'pay' | 'process' | 'some_dispatched' | 'all_dispatched' | 'none_dispatched' | 'deliver' | 'cancel' | 'refund';

/**
 * The legal moves. Dispatch events are facts derived from quantities (`dispatchEvent`): recording or
 * deleting a dispatch moves the order to whatever the quantities now say, so deleting the only
 * dispatch goes back to processing and deleting one of two goes back to partially dispatched.
 * Cancelling is for orders nothing of which has left; afterwards only a refund (or returns) undo a sale.
 */
export const ORDER_TRANSITIONS: TransitionTable<OrderState, OrderEvent> = {
  pay: { from: ['pending_payment'], to: 'paid' },
  process: { from: ['paid'], to: 'processing' },
  some_dispatched: { from: ['paid', 'processing', 'partially_dispatched', 'dispatched'], to: 'partially_dispatched' },
  all_dispatched: { from: ['paid', 'processing', 'partially_dispatched'], to: 'dispatched' },
  none_dispatched: { from: ['partially_dispatched', 'dispatched'], to: 'processing' },
  deliver: { from: ['dispatched'], to: 'delivered' },
  cancel: { from: ['pending_payment', 'paid', 'processing'], to: 'cancelled' },
  refund: { from: ['paid', 'processing', 'partially_dispatched', 'dispatched', 'delivered'], to: 'refunded' },
};

/** The next state, or an `illegal_transition` error (a 409) naming both states. */
export const transitionOrder = stateMachine<OrderState, OrderEvent>('An order', ORDER_TRANSITIONS);

/** The events `state` allows, e.g. the actions an order page offers. */
export const orderEventsFrom = (state: OrderState): OrderEvent[] => eventsFrom(ORDER_TRANSITIONS, state);

/** Orders in these states change no more. */
export const isFinalOrderState = (state: OrderState): boolean => orderEventsFrom(state).length === 0;

/** An order line's quantities as dispatch sees them. */
export interface DispatchLine {
  lineId: string;
  title?: string;
  /** Units ordered. */
  quantity: number;
  /** Units in the order's dispatches so far. */
  dispatched: number;
}

export type DispatchProgress = 'none' | 'partial' | 'full';

export function dispatchProgress(lines: readonly Pick<DispatchLine, 'lineId' | 'quantity' | 'dispatched'>[]): DispatchProgress {
  for (const line of lines) {
    if (!Number.isSafeInteger(line.dispatched) || line.dispatched < 0 || line.dispatched > line.quantity) {
      throw new DomainError(
        'dispatch_exceeds_ordered',
        `Line ${line.lineId} has ${line.dispatched} units dispatched of ${line.quantity} ordered`,
        { lineId: line.lineId },
      );
    }
  }
  const dispatched = lines.reduce((n, l) => n + l.dispatched, 0);
  if (dispatched === 0) return 'none';
  return lines.every((l) => l.dispatched === l.quantity) ? 'full' : 'partial';
}

/** The event to apply after a dispatch was recorded or deleted, from the quantities it left. */
export function dispatchEvent(lines: readonly Pick<DispatchLine, 'lineId' | 'quantity' | 'dispatched'>[]): OrderEvent {
  const progress = dispatchProgress(lines);
  return progress === 'none' ? 'none_dispatched' : progress === 'partial' ? 'some_dispatched' : 'all_dispatched';
}

/** A new dispatch's quantities: known lines, each no more than is still to be dispatched. */
export function checkDispatch(lines: readonly DispatchLine[], requested: readonly LineQuantity[]): Result<LineQuantity[]> {
  return checkRequestedQuantities(
    lines.map((line) => ({ ...line, remaining: line.quantity - line.dispatched })),
    requested,
    (line, quantity) =>
      new DomainError(
        'dispatch_exceeds_ordered',
        `Line ${lineName(line)}: ${quantity} to dispatch, but only ${line.remaining} of ${line.quantity} ordered are not dispatched yet`,
        { lineId: line.lineId, requested: quantity, remaining: line.remaining },
      ),
  );
}
