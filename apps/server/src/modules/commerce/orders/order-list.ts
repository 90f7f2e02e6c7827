import { and, desc, eq, ilike, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { tenantFilter } from '../../../kernel/resources';
import { parseOrderNumber } from '../domain';
import { commerceOrders, ORDER_STATUS } from '../tables';
import type { ShopTx } from './shop';

const o = commerceOrders;

/** An order as a list shows it (the console's and the customer's own). */
export const orderSummary = {
  id: o.id,
  reference: o.reference,
  number: o.number,
  status: o.status,
  total: o.total,
  currency: o.currency,
  createdAt: o.createdAt,
};

/** How many orders each status tab holds. */
export async function orderCounts(s: ShopTx) {
  const rows = await s.tx
    .select({ status: o.status, n: sql<number>`count(*)::int` })
    .from(o)
    .where(tenantFilter(o, s.tenantId))
    .groupBy(o.status);
  return Object.fromEntries(ORDER_STATUS.map((st) => [st, rows.find((r) => r.status === st)?.n ?? 0]));
}

export const orderSearch = z.object({
  status: z.enum(ORDER_STATUS).optional(),
  q: z.string().trim().max(200).optional(),
  customerId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(25),
  before: z.coerce.date().optional(),
});

/** Orders by status, searched by number ("#1001", "1001") or customer name/email, newest first. */
export async function searchOrders(s: ShopTx, q: z.infer<typeof orderSearch>) {
  const number = q.q ? parseOrderNumber(q.q) : null;
  const pattern = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return s.tx
    .select({ ...orderSummary, customerName: o.customerName, email: o.email })
    .from(o)
    .where(
      and(
        tenantFilter(o, s.tenantId),
        q.status ? eq(o.status, q.status) : undefined,
        q.customerId ? eq(o.customerId, q.customerId) : undefined,
        q.before ? lt(o.createdAt, q.before) : undefined,
        number !== null ? eq(o.number, number) : pattern ? or(ilike(o.customerName, pattern), ilike(o.email, pattern)) : undefined,
      ),
    )
    .orderBy(desc(o.createdAt), desc(o.id))
    .limit(q.limit);
}
