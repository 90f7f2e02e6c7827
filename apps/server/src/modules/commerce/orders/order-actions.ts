import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { emit, recordAudit } from '../../../kernel/events';
import { errors, inTurn, type Scope, tenantFilter } from '../../../kernel/resources';
import { checkDispatch, dispatchEvent, findCarrier, type OrderEvent, type OrderState, trackingUrlOf, transitionOrder } from '../domain';
import { commerceDispatches, commerceOrderEvents, commerceOrderLines, commerceOrders } from '../tables';
import { orderMail } from './mail';
import { ORDER_PAYABLE } from './payable';
import { type Actor, type ShopTx, SYSTEM, unwrap } from './shop';
import { moveStock } from './stock';
import { recordEvent } from './timeline';

type OrderRow = typeof commerceOrders.$inferSelect;
type LineRow = typeof commerceOrderLines.$inferSelect;

const orderWhere = (s: ShopTx, id: string) => and(tenantFilter(commerceOrders, s.tenantId), eq(commerceOrders.id, id));

/** The order, locked for the change about to be made to it. */
export async function lockOrder(s: ShopTx, orderId: string): Promise<OrderRow> {
  const [order] = await s.tx.select().from(commerceOrders).where(orderWhere(s, orderId)).for('update');
  if (!order) throw errors.notFound('Order');
  return order;
}

export async function orderLines(s: ShopTx, orderId: string): Promise<LineRow[]> {
  return s.tx
    .select()
    .from(commerceOrderLines)
    .where(and(tenantFilter(commerceOrderLines, s.tenantId), eq(commerceOrderLines.orderId, orderId)))
    .orderBy(asc(commerceOrderLines.position));
}

const EVENT_WORDS: Record<OrderEvent, string> = {
  pay: 'marked as paid',
  process: 'being processed',
  some_dispatched: 'partially dispatched',
  all_dispatched: 'dispatched',
  none_dispatched: 'back to processing',
  deliver: 'delivered',
  cancel: 'cancelled',
  refund: 'refunded',
};

/**
 * Applies `event` to a locked order: the state machine (409 on an illegal move), the stock it moves,
 * the timestamps, one timeline entry.
 */
async function apply(s: ShopTx, order: OrderRow, event: OrderEvent, actor: Actor, data: Record<string, unknown> = {}) {
  const from = order.status as OrderState;
  const to = unwrap(transitionOrder(from, event));
  const lines = await orderLines(s, order.id);
  const moves = await moveStock(s, from, to, lines);
  const now = new Date();
  const [updated] = await s.tx
    .update(commerceOrders)
    .set({
      status: to,
      ...(event === 'pay' ? { paidAt: now } : {}),
      ...(event === 'cancel' ? { cancelledAt: now } : {}),
      ...(event === 'refund' ? { refunded: order.total } : {}),
    })
    .where(orderWhere(s, order.id))
    .returning();
  await recordEvent(s, order.id, actor, {
    kind: event,
    from,
    to,
    message: `Order ${order.reference} ${EVENT_WORDS[event]}`,
    data: { ...data, stock: moves },
  });
  return updated;
}

/**
 * The order is paid: reserved units leave the shelf. Called only by the order's payable (onPaid) when
 * the ledger captures a payment of it, online or recorded by hand.
 */
export async function markPaid(s: ShopTx, orderId: string, source: { kind: 'payment'; reference?: string; actor: Actor }) {
  const order = await lockOrder(s, orderId);
  const paid = await apply(s, order, 'pay', source.actor, { source: source.kind, reference: source.reference ?? null });
  // In the same transaction: subscribers hear of it exactly when the payment is recorded.
  await emit(s.tx, 'commerce.order.paid', {
    orderId,
    reference: paid.reference,
    total: paid.total,
    currency: paid.currency,
    source: source.kind,
  });
  return paid;
}

/** All of the order's money was given back (by refunds recorded on the ledger): the order is refunded. */
export async function markRefunded(s: ShopTx, orderId: string, actor: Actor) {
  return apply(s, await lockOrder(s, orderId), 'refund', actor);
}

/**
 * An admin's change of an order's state (mark paid, process, deliver, cancel, refund), audited.
 * Marking paid is recording money, so it goes through the payments service like every payment:
 * an offline transaction on the ledger (payments:write; refused while an online payment of the
 * order is open), whose capture moves the order by its payable's onPaid.
 */
export async function adminTransition(
  app: FastifyInstance,
  s: ShopTx,
  scope: Scope,
  orderId: string,
  event: 'pay' | 'process' | 'deliver' | 'cancel' | 'refund',
  note?: string,
) {
  const actor: Actor = { kind: 'admin', id: scope.actor.id, name: scope.actor.name };
  const before = await lockOrder(s, orderId);
  let after: OrderRow;
  if (event === 'pay') {
    unwrap(transitionOrder(before.status as OrderState, 'pay'));
    await app.ports.get('payments').recordOfflinePayment(s.tx, scope, { kind: ORDER_PAYABLE, id: orderId }, note);
    after = await lockOrder(s, orderId);
  } else {
    after = await apply(s, before, event, actor, note ? { note } : {});
  }
  if (event === 'deliver') {
    await s.tx
      .update(commerceDispatches)
      .set({ status: 'delivered', deliveredAt: new Date() })
      .where(and(tenantFilter(commerceDispatches, s.tenantId), eq(commerceDispatches.orderId, orderId)));
  }
  await recordAudit(s.tx, scope, [
    {
      action: 'update',
      resource: 'commerce/orders',
      recordId: orderId,
      before: { status: before.status },
      after: { status: after.status, event },
    },
  ]);
  return after;
}

export const dispatchInput = z
  .object({
    carrier: z.string().trim().min(1).max(100),
    trackingNumber: z.string().trim().max(100).optional(),
    trackingUrl: z.url().max(500).optional(),
    /** Lines shipped; omitted = everything not dispatched yet. */
    lines: z
      .array(z.object({ orderLineId: z.uuid(), quantity: z.number().int().min(1).max(100_000) }).strict())
      .min(1)
      .max(500)
      .optional(),
  })
  .strict();

const dispatchLines = (lines: LineRow[]) =>
  lines.map((l) => ({ lineId: l.id, title: l.title, quantity: l.quantity, dispatched: l.quantityDispatched }));

async function addDispatched(s: ShopTx, lines: { lineId: string; quantity: number }[], sign: 1 | -1) {
  for (const line of lines) {
    await s.tx
      .update(commerceOrderLines)
      .set({ quantityDispatched: sql`${commerceOrderLines.quantityDispatched} + ${sign * line.quantity}` })
      .where(and(tenantFilter(commerceOrderLines, s.tenantId), eq(commerceOrderLines.id, line.lineId)));
  }
}

/** Records a shipment of some of the order's lines and moves the order on by what is now dispatched. */
export async function createDispatch(app: FastifyInstance, s: ShopTx, orderId: string, input: z.infer<typeof dispatchInput>, actor: Actor) {
  const order = await lockOrder(s, orderId);
  const lines = await orderLines(s, orderId);
  const requested =
    input.lines?.map((l) => ({ lineId: l.orderLineId, quantity: l.quantity })) ??
    lines.filter((l) => l.quantity > l.quantityDispatched).map((l) => ({ lineId: l.id, quantity: l.quantity - l.quantityDispatched }));
  const checked = unwrap(checkDispatch(dispatchLines(lines), requested));
  const after = lines.map((l) => ({
    lineId: l.id,
    quantity: l.quantity,
    dispatched: l.quantityDispatched + (checked.find((c) => c.lineId === l.id)?.quantity ?? 0),
  }));
  const event = dispatchEvent(after);
  unwrap(transitionOrder(order.status as OrderState, event));
  await addDispatched(s, checked, 1);
  const [dispatch] = await s.tx
    .insert(commerceDispatches)
    .values({
      tenantId: s.tenantId,
      orderId,
      // A listed carrier's name as the list writes it, and its tracking link when none is given.
      carrier: findCarrier(input.carrier)?.name ?? input.carrier,
      trackingNumber: input.trackingNumber ?? null,
      trackingUrl: input.trackingUrl ?? trackingUrlOf(input.carrier, input.trackingNumber) ?? null,
      lines: checked.map((c) => ({ orderLineId: c.lineId, quantity: c.quantity })),
    })
    .returning();
  const updated = await apply(s, order, event, actor, {
    dispatchId: dispatch.id,
    carrier: input.carrier,
    trackingNumber: input.trackingNumber ?? null,
  });
  await app.mailer.enqueue(s.tx, s.tenantId, orderMail.dispatched(order, dispatch));
  return { dispatch, order: updated };
}

/** Undoes a dispatch that has not been delivered: its quantities are no longer dispatched. */
export async function deleteDispatch(s: ShopTx, dispatchId: string, actor: Actor) {
  const [dispatch] = await s.tx
    .select()
    .from(commerceDispatches)
    .where(and(tenantFilter(commerceDispatches, s.tenantId), eq(commerceDispatches.id, dispatchId)));
  if (!dispatch) throw errors.notFound('Dispatch');
  if (dispatch.status === 'delivered') throw errors.conflict('already_delivered', 'A delivered dispatch cannot be undone');
  const order = await lockOrder(s, dispatch.orderId);
  const lines = dispatch.lines.map((l) => ({ lineId: l.orderLineId, quantity: l.quantity }));
  const current = await orderLines(s, order.id);
  const after = current.map((l) => ({
    lineId: l.id,
    quantity: l.quantity,
    dispatched: l.quantityDispatched - (lines.find((d) => d.lineId === l.id)?.quantity ?? 0),
  }));
  const event = dispatchEvent(after);
  await addDispatched(s, lines, -1);
  await s.tx.delete(commerceDispatches).where(and(tenantFilter(commerceDispatches, s.tenantId), eq(commerceDispatches.id, dispatchId)));
  return apply(s, order, event, actor, { dispatchId, undone: true });
}

/** The order with its lines, dispatches and timeline (the storefront shows its customer this, less who did what). */
export async function orderDetail(s: ShopTx, orderId: string) {
  const [order] = await s.tx.select().from(commerceOrders).where(orderWhere(s, orderId));
  if (!order) throw errors.notFound('Order');
  const [lines, dispatches, timeline] = await inTurn(
    () => orderLines(s, orderId),
    () =>
      s.tx
        .select()
        .from(commerceDispatches)
        .where(and(tenantFilter(commerceDispatches, s.tenantId), eq(commerceDispatches.orderId, orderId)))
        .orderBy(asc(commerceDispatches.createdAt)),
    () =>
      s.tx
        .select()
        .from(commerceOrderEvents)
        .where(and(tenantFilter(commerceOrderEvents, s.tenantId), eq(commerceOrderEvents.orderId, orderId)))
        .orderBy(asc(commerceOrderEvents.createdAt)),
  );
  return detailOf(order, lines, dispatches, timeline);
}

/** The order page (console, the seeds' order lines): the order's detail and its payments. */
export async function adminOrderDetail(app: FastifyInstance, s: ShopTx, orderId: string) {
  const [detail, payments] = await inTurn(
    () => orderDetail(s, orderId),
    () => orderPayments(app, s, orderId),
  );
  return { ...detail, payments };
}

/** The order's payments on the ledger (newest first), through the payments port: gateway, status, amounts, the gateway's payment id. */
async function orderPayments(app: FastifyInstance, s: ShopTx, orderId: string) {
  const rows = await app.ports.get('payments').paymentsOf(s.tx, s.tenantId, { kind: ORDER_PAYABLE, id: orderId });
  return rows.reverse().map((p) => ({
    id: p.id,
    kind: p.kind,
    mode: p.mode,
    status: p.status,
    amountMinor: p.amountMinor,
    refundedMinor: p.refundedMinor,
    currency: p.currency,
    gatewayPaymentId: p.gatewayPaymentId,
    createdAt: p.createdAt,
    gateway: p.gateway,
  }));
}

/** An order as its detail shows it, from its rows (without their tenant). */
export function detailOf<
  O extends { tenantId: string },
  L extends { tenantId: string },
  D extends { tenantId: string },
  E extends { tenantId: string },
>(order: O, lines: L[], dispatches: D[], timeline: E[]) {
  const { tenantId: _t, ...rest } = order;
  return {
    ...rest,
    lines: lines.map(({ tenantId: _l, ...l }) => l),
    dispatches: dispatches.map(({ tenantId: _d, ...d }) => d),
    timeline: timeline.map(({ tenantId: _e, ...e }) => e),
  };
}

/** Unpaid orders past their pay-by time are cancelled and their stock released. Returns how many. */
export async function expireUnpaid(s: ShopTx, now = new Date()): Promise<number> {
  const overdue = await s.tx
    .select({ id: commerceOrders.id })
    .from(commerceOrders)
    .where(and(tenantFilter(commerceOrders, s.tenantId), eq(commerceOrders.status, 'pending_payment'), lt(commerceOrders.payBy, now)))
    .limit(500);
  let cancelled = 0;
  for (const { id } of overdue) {
    const order = await lockOrder(s, id);
    if (order.status !== 'pending_payment') continue;
    await apply(s, order, 'cancel', SYSTEM, { reason: 'payment window expired' });
    cancelled++;
  }
  return cancelled;
}

/** The communities with overdue unpaid orders (read on the owner connection, across communities). */
export async function tenantsWithOverdue(app: FastifyInstance, now = new Date()): Promise<string[]> {
  const rows = await app.db.query<{ tenant_id: string }>(
    `select distinct tenant_id from commerce_orders where status = 'pending_payment' and pay_by < $1`,
    [now.toISOString()],
  );
  return rows.map((r) => r.tenant_id);
}
