import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { errors, tenantFilter } from '../../../kernel/resources';
import {
  checkReturnRequest,
  computeRefund,
  quantitiesInReturns,
  quantitiesRefunded,
  type ReturnEvent,
  type ReturnState,
  transitionReturn,
} from '../domain';
import { commerceOrderLines, commerceOrders, commerceReturns } from '../tables';
import { lockOrder, orderLines } from './order-actions';
import { type Actor, type ShopTx, unwrap } from './shop';
import { applyMove } from './stock';
import { recordEvent } from './timeline';

type ReturnRow = typeof commerceReturns.$inferSelect;

export const returnInput = z
  .object({
    orderId: z.uuid(),
    reason: z.string().trim().max(1000).optional(),
    lines: z
      .array(
        z
          .object({ orderLineId: z.uuid(), quantity: z.number().int().min(1).max(100_000), reason: z.string().trim().max(500).optional() })
          .strict(),
      )
      .min(1)
      .max(200),
  })
  .strict();

/** Orders that can be returned from: something was paid for and has left (or was delivered). */
const RETURNABLE = ['paid', 'processing', 'partially_dispatched', 'dispatched', 'delivered'];

export async function returnsOf(s: ShopTx, orderId: string): Promise<ReturnRow[]> {
  return s.tx
    .select()
    .from(commerceReturns)
    .where(and(tenantFilter(commerceReturns, s.tenantId), eq(commerceReturns.orderId, orderId)))
    .orderBy(asc(commerceReturns.createdAt));
}

const asRecords = (returns: ReturnRow[]) =>
  returns.map((r) => ({ state: r.status as ReturnState, lines: r.lines.map((l) => ({ lineId: l.orderLineId, quantity: l.quantity })) }));

/** A return request: never more of a line than was bought minus what other returns already claim. */
export async function requestReturn(s: ShopTx, input: z.infer<typeof returnInput>, actor: Actor, customerId: string | null) {
  const order = await lockOrder(s, input.orderId);
  if (customerId !== null && order.customerId !== customerId) throw errors.notFound('Order');
  if (!RETURNABLE.includes(order.status))
    throw errors.conflict('not_returnable', `Order ${order.reference} is ${order.status.replace('_', ' ')}: nothing to return`);
  const lines = await orderLines(s, order.id);
  const claimed = quantitiesInReturns(asRecords(await returnsOf(s, order.id)));
  const checked = unwrap(
    checkReturnRequest(
      lines.map((l) => ({ lineId: l.id, title: l.title, quantity: l.quantity, returned: claimed.get(l.id) ?? 0 })),
      input.lines.map((l) => ({ lineId: l.orderLineId, quantity: l.quantity })),
    ),
  );
  const refund = unwrap(computeRefund(refundable(lines, await returnsOf(s, order.id)), checked));
  const reasons = new Map(input.lines.map((l) => [l.orderLineId, l.reason]));
  const [created] = await s.tx
    .insert(commerceReturns)
    .values({
      tenantId: s.tenantId,
      orderId: order.id,
      customerId: order.customerId,
      reason: input.reason ?? null,
      lines: checked.map((c) => ({
        orderLineId: c.lineId,
        quantity: c.quantity,
        ...(reasons.get(c.lineId) ? { reason: reasons.get(c.lineId) } : {}),
      })),
      refundAmount: refund.amount,
      refundTax: refund.tax,
    })
    .returning();
  await recordEvent(s, order.id, actor, {
    kind: 'return_requested',
    message: `Return requested (${checked.reduce((n, c) => n + c.quantity, 0)} units)`,
    data: { returnId: created.id },
  });
  return created;
}

/** The order's lines with the units already refunded, by returns and by the order's own refunds by lines. */
export function refundable(lines: (typeof commerceOrderLines.$inferSelect)[], returns: ReturnRow[]) {
  const refunded = quantitiesRefunded(asRecords(returns));
  return lines.map((l) => ({
    lineId: l.id,
    title: l.title,
    quantity: l.quantity,
    refunded: (refunded.get(l.id) ?? 0) + l.quantityRefunded,
    total: l.total,
    tax: l.tax,
    discount: l.discount,
  }));
}

export const returnTransitionInput = z
  .object({ event: z.enum(['approve', 'reject', 'receive', 'refund']), notes: z.string().trim().max(2000).optional() })
  .strict();

/**
 * A return moves on: approve, reject, receive (the units go back on the shelf and count as
 * returned on the order) or refund (the amount computed from the order's snapshotted lines).
 */
export async function transitionReturnTo(s: ShopTx, returnId: string, event: ReturnEvent, actor: Actor, notes?: string) {
  const [current] = await s.tx
    .select()
    .from(commerceReturns)
    .where(and(tenantFilter(commerceReturns, s.tenantId), eq(commerceReturns.id, returnId)))
    .for('update');
  if (!current) throw errors.notFound('Return');
  const order = await lockOrder(s, current.orderId);
  const to = unwrap(transitionReturn(current.status as ReturnState, event));
  const patch: Partial<typeof commerceReturns.$inferInsert> = { status: to, ...(notes ? { notes } : {}) };
  if (event === 'receive') {
    const lines = await orderLines(s, order.id);
    for (const l of current.lines) {
      const line = lines.find((x) => x.id === l.orderLineId);
      if (line?.variationId) await applyMove(s, { kind: 'restock', variationId: line.variationId, quantity: l.quantity });
      await s.tx
        .update(commerceOrderLines)
        .set({ quantityReturned: sql`${commerceOrderLines.quantityReturned} + ${l.quantity}` })
        .where(and(tenantFilter(commerceOrderLines, s.tenantId), eq(commerceOrderLines.id, l.orderLineId)));
    }
    patch.receivedAt = new Date();
  }
  if (event === 'refund') {
    const others = (await returnsOf(s, order.id)).filter((r) => r.id !== current.id);
    const refund = unwrap(
      computeRefund(
        refundable(await orderLines(s, order.id), others),
        current.lines.map((l) => ({ lineId: l.orderLineId, quantity: l.quantity })),
      ),
    );
    patch.refundAmount = refund.amount;
    patch.refundTax = refund.tax;
    patch.refundedAt = new Date();
    await s.tx
      .update(commerceOrders)
      .set({ refunded: sql`${commerceOrders.refunded} + ${refund.amount}` })
      .where(and(tenantFilter(commerceOrders, s.tenantId), eq(commerceOrders.id, order.id)));
  }
  const [updated] = await s.tx
    .update(commerceReturns)
    .set(patch)
    .where(and(tenantFilter(commerceReturns, s.tenantId), eq(commerceReturns.id, returnId)))
    .returning();
  await recordEvent(s, order.id, actor, {
    kind: `return_${event}`,
    message: `Return ${to}`,
    data: { returnId, refundAmount: updated.refundAmount },
  });
  return updated;
}

export async function returnsFor(s: ShopTx, filter: { orderIds?: string[]; customerId?: string; status?: string }) {
  return s.tx
    .select()
    .from(commerceReturns)
    .where(
      and(
        tenantFilter(commerceReturns, s.tenantId),
        filter.orderIds ? inArray(commerceReturns.orderId, filter.orderIds) : undefined,
        filter.customerId ? eq(commerceReturns.customerId, filter.customerId) : undefined,
        filter.status ? eq(commerceReturns.status, filter.status as ReturnState) : undefined,
      ),
    )
    .orderBy(asc(commerceReturns.createdAt))
    .limit(200);
}
