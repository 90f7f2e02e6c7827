import { and, asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { errors, tenantFilter } from '../../../kernel/resources';
import { commerceAddresses, commerceOrders } from '../tables';
import { addressSchema } from './checkout';
import { orderDetail } from './order-actions';
import { orderSummary } from './order-list';
import type { ShopTx } from './shop';

/** A signed-in customer's own orders, newest first (never anyone else's). */
export async function customerOrders(s: ShopTx, customerId: string) {
  const o = commerceOrders;
  return s.tx
    .select(orderSummary)
    .from(o)
    .where(and(tenantFilter(o, s.tenantId), eq(o.customerId, customerId)))
    .orderBy(desc(o.createdAt))
    .limit(200);
}

export async function customerOrder(s: ShopTx, customerId: string, orderId: string) {
  const order = await orderDetail(s, orderId);
  if (order.customerId !== customerId) throw errors.notFound('Order');
  // The customer sees the timeline's messages, not who in the shop did what (nor the shop's ledger: orderDetail has none).
  return {
    ...order,
    timeline: order.timeline.map((e) => ({ kind: e.kind, message: e.message, toStatus: e.toStatus, createdAt: e.createdAt })),
  };
}

export const addressInput = addressSchema.extend({ label: z.string().trim().max(60).optional(), isDefault: z.boolean().default(false) });

const a = commerceAddresses;
const addressOut = ({ tenantId: _t, ...row }: typeof a.$inferSelect) => row;

export async function addressesOf(s: ShopTx, customerId: string) {
  const rows = await s.tx
    .select()
    .from(a)
    .where(and(tenantFilter(a, s.tenantId), eq(a.customerId, customerId)))
    .orderBy(desc(a.isDefault), asc(a.createdAt))
    .limit(100);
  return rows.map(addressOut);
}

export async function addAddress(s: ShopTx, customerId: string, input: z.infer<typeof addressInput>) {
  if (input.isDefault) {
    await s.tx
      .update(a)
      .set({ isDefault: false })
      .where(and(tenantFilter(a, s.tenantId), eq(a.customerId, customerId)));
  }
  const [row] = await s.tx
    .insert(a)
    .values({
      tenantId: s.tenantId,
      customerId,
      ...input,
      line2: input.line2 ?? null,
      state: input.state ?? null,
      phone: input.phone ?? null,
      label: input.label ?? null,
    })
    .returning();
  return addressOut(row);
}

export async function addressById(s: ShopTx, id: string) {
  const [row] = await s.tx
    .select()
    .from(a)
    .where(and(tenantFilter(a, s.tenantId), eq(a.id, id)));
  if (!row) throw errors.notFound('Address');
  return addressOut(row);
}
