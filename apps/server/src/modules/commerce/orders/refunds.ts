import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ports } from '../../../kernel/ports';
import { AppError, errors, type Scope, tenantFilter } from '../../../kernel/resources';
import { computeRefund, fromMinor, type OrderState, transitionOrder } from '../domain';
import { commerceOrderEvents, commerceOrderLines, commerceOrders } from '../tables';
import { lockOrder, markRefunded, orderLines } from './order-actions';
import { ORDER_PAYABLE } from './payable';
import { refundable, returnsOf } from './returns';
import { type Actor, type ShopTx, unwrap } from './shop';
import { recordEvent } from './timeline';

/**
 * Refunds of an order, in part or in full, by amount or by lines, through the payments service:
 *
 *   1. request  (one transaction) the order is locked; the amount is checked against what is left
 *               (total − refunded − refunds in flight); refunded line units are taken; a timeline
 *               entry `refund_request` records amount, lines, reason, the payment and the caller's
 *               Idempotency-Key (a retry with the same key answers the same refund).
 *   2. refund   the payments port's `refund` reserves the amount on the payment's ledger row, calls the
 *               gateway with the reservation as its idempotency key and settles it; the order's
 *               payable `onRefunded` (in the ledger's transaction) adds to `refunded` and, when all
 *               is given back, moves the order to refunded.
 *   3. settle   the request is marked done; a refusal gives the line units back and marks it failed
 *               (with the gateway's message), and the error is answered.
 */

export const refundInput = z
  .object({
    /** An amount in the order currency's minor units… */
    amount: z.number().int().positive().optional(),
    /** …or units of lines (the amount is their share of what was charged, tax and discount included). */
    lines: z
      .array(z.object({ orderLineId: z.uuid(), quantity: z.number().int().min(1).max(100_000) }).strict())
      .min(1)
      .max(500)
      .optional(),
    reason: z.string().trim().min(1, 'Say why (the customer sees it on their refund)').max(500),
  })
  .strict()
  .refine((b) => (b.amount === undefined) !== (b.lines === undefined), {
    message: 'Refund either an amount or lines',
    path: ['amount'],
  });
export type RefundInput = z.infer<typeof refundInput>;

const REFUNDABLE: readonly OrderState[] = ['paid', 'processing', 'partially_dispatched', 'dispatched', 'delivered'];
/** A request whose process died is no longer counted as in flight after this. */
const IN_FLIGHT_MS = 10 * 60_000;

interface RefundRequestData {
  key: string | null;
  amount: number;
  reason: string;
  lines: { lineId: string; quantity: number; amount: number }[];
  transactionId: string;
  status: 'pending' | 'refunded' | 'failed';
  error?: string;
  [k: string]: unknown;
}

const mayWritePayments = (scope: Scope) => scope.actor.isOwner === true || scope.actor.permissions?.payments === 'write';

type Payments = Ports['payments'];

/** The order's payments that can still give money back, oldest first (the payments port reads its ledger in our transaction). */
const refundablePayments = (payments: Payments, s: ShopTx, orderId: string) =>
  payments.paymentsOf(s.tx, s.tenantId, { kind: ORDER_PAYABLE, id: orderId }, ['captured', 'partially_refunded']);

async function requests(s: ShopTx, orderId: string) {
  const rows = await s.tx
    .select()
    .from(commerceOrderEvents)
    .where(
      and(
        tenantFilter(commerceOrderEvents, s.tenantId),
        eq(commerceOrderEvents.orderId, orderId),
        eq(commerceOrderEvents.kind, 'refund_request'),
      ),
    );
  return rows.map((r) => ({ id: r.id, createdAt: r.createdAt, data: r.data as RefundRequestData }));
}

/** Step 1: checks and records the request; answers the existing one for a repeated Idempotency-Key. */
async function requestRefund(payments: Payments, s: ShopTx, orderId: string, input: RefundInput, actor: Actor, key: string | undefined) {
  const order = await lockOrder(s, orderId);
  const earlier = await requests(s, orderId);
  const repeated = key ? earlier.find((r) => r.data.key === key) : undefined;
  if (repeated) {
    if (repeated.data.status === 'failed') throw errors.conflict('refund_failed', repeated.data.error ?? 'That refund failed');
    return { repeated: true as const };
  }
  if (!REFUNDABLE.includes(order.status as OrderState)) {
    throw errors.conflict(
      'not_refundable',
      order.status === 'pending_payment' ? 'The order is not paid yet' : 'The order has nothing left to refund',
    );
  }
  const now = Date.now();
  const inFlight = earlier
    .filter((r) => r.data.status === 'pending' && now - r.createdAt.getTime() < IN_FLIGHT_MS)
    .reduce((sum, r) => sum + r.data.amount, 0);
  const left = order.total - order.refunded - inFlight;

  let amount: number;
  let lines: RefundRequestData['lines'] = [];
  if (input.lines) {
    const current = await orderLines(s, orderId);
    const picked = unwrap(
      computeRefund(
        refundable(current, await returnsOf(s, orderId)),
        input.lines.map((l) => ({ lineId: l.orderLineId, quantity: l.quantity })),
      ),
    );
    amount = picked.amount;
    lines = picked.lines.map((l) => ({ lineId: l.lineId, quantity: l.quantity, amount: l.amount }));
  } else amount = input.amount ?? 0;
  if (amount <= 0) throw errors.validation({ amount: 'Nothing to refund' });
  if (amount > left) {
    const words = `${fromMinor(Math.max(left, 0), order.currency)} ${order.currency}`;
    throw errors.validation({
      amount: inFlight > 0 ? `At most ${words} can be refunded beside the refund in progress` : `At most ${words} can still be refunded`,
    });
  }
  const payment = (await refundablePayments(payments, s, orderId)).find((p) => p.amountMinor - p.refundedMinor >= amount);
  if (!payment) throw errors.conflict('no_payment', 'No payment of this order can give back that much: refund it in smaller parts');

  for (const line of lines) {
    await s.tx
      .update(commerceOrderLines)
      .set({ quantityRefunded: sql`${commerceOrderLines.quantityRefunded} + ${line.quantity}` })
      .where(and(tenantFilter(commerceOrderLines, s.tenantId), eq(commerceOrderLines.id, line.lineId)));
  }
  const data: RefundRequestData = { key: key ?? null, amount, reason: input.reason, lines, transactionId: payment.id, status: 'pending' };
  const [event] = await s.tx
    .insert(commerceOrderEvents)
    .values({
      tenantId: s.tenantId,
      orderId,
      kind: 'refund_request',
      message: `Refund of ${fromMinor(amount, order.currency)} ${order.currency} requested: ${input.reason}`,
      actorId: actor.kind === 'admin' ? actor.id : null,
      actorName: actor.name ?? actor.kind,
      data: { actor: actor.kind, ...data },
    })
    .returning({ id: commerceOrderEvents.id });
  return { repeated: false as const, eventId: event.id, amount, lines, transactionId: payment.id, currency: order.currency };
}

/** Step 3: the request's outcome; a failed one gives its line units back. */
async function settleRequest(s: ShopTx, eventId: string, outcome: { ok: true } | { ok: false; error: string }) {
  const [event] = await s.tx
    .select()
    .from(commerceOrderEvents)
    .where(and(tenantFilter(commerceOrderEvents, s.tenantId), eq(commerceOrderEvents.id, eventId)))
    .for('update');
  const data = event.data as RefundRequestData;
  if (!outcome.ok) {
    for (const line of data.lines) {
      await s.tx
        .update(commerceOrderLines)
        .set({ quantityRefunded: sql`greatest(${commerceOrderLines.quantityRefunded} - ${line.quantity}, 0)` })
        .where(and(tenantFilter(commerceOrderLines, s.tenantId), eq(commerceOrderLines.id, line.lineId)));
    }
  }
  await s.tx
    .update(commerceOrderEvents)
    .set({
      data: { ...data, status: outcome.ok ? 'refunded' : 'failed', ...(outcome.ok ? {} : { error: outcome.error }) },
      ...(outcome.ok ? {} : { message: `${event.message} — failed: ${outcome.error}` }),
    })
    .where(and(tenantFilter(commerceOrderEvents, s.tenantId), eq(commerceOrderEvents.id, eventId)));
}

/**
 * Refunds part or all of a paid order (steps above). Needs the payments write permission, like every
 * movement of money by hand. `run` opens one community transaction per step.
 */
export async function refundOrder(
  app: FastifyInstance,
  run: <T>(fn: (s: ShopTx) => Promise<T>) => Promise<T>,
  scope: Scope,
  orderId: string,
  input: RefundInput,
  key: string | undefined,
): Promise<void> {
  if (!mayWritePayments(scope)) throw errors.forbidden('Refunding money needs the payments write permission');
  const actor: Actor = { kind: 'admin', id: scope.actor.id, name: scope.actor.name };
  const payments = app.ports.get('payments');
  const request = await run((s) => requestRefund(payments, s, orderId, input, actor, key));
  if (request.repeated) return;
  try {
    await payments.refund(scope, request.transactionId, request.amount);
  } catch (err) {
    const unknownOutcome = err instanceof AppError && (err.code === 'gateway_timeout' || err.code === 'gateway_unreachable');
    // A timeout may have refunded: the request stays pending (the ledger's reservation is resent with the same key).
    if (!unknownOutcome)
      await run((s) => settleRequest(s, request.eventId, { ok: false, error: err instanceof Error ? err.message : String(err) }));
    throw err;
  }
  await run((s) => settleRequest(s, request.eventId, { ok: true }));
}

/**
 * The order's side of a refund recorded on the ledger (from this page, the payments screen or a
 * gateway's webhook), in the ledger's transaction: `refunded` grows; all given back, the order is
 * refunded (its stock goes back as the state machine says).
 */
export async function applyRefundToOrder(s: ShopTx, orderId: string, refund: { amountMinor: number; transactionId: string }, actor: Actor) {
  const order = await lockOrder(s, orderId);
  const refunded = Math.min(order.total, order.refunded + refund.amountMinor);
  await s.tx
    .update(commerceOrders)
    .set({ refunded })
    .where(and(tenantFilter(commerceOrders, s.tenantId), eq(commerceOrders.id, orderId)));
  await recordEvent(s, orderId, actor, {
    kind: 'refunded_amount',
    message: `${fromMinor(refund.amountMinor, order.currency)} ${order.currency} refunded`,
    data: { amount: refund.amountMinor, transactionId: refund.transactionId },
  });
  const full = refunded >= order.total;
  if (full && transitionOrder(order.status as OrderState, 'refund').ok) await markRefunded(s, orderId, actor);
}
