import { and, count, eq, sql } from 'drizzle-orm';
import { errors, tenantFilter } from '../../../kernel/resources';
import type { Coupon, CouponContext } from '../domain';
import { commerceCouponRedemptions, commerceCoupons } from '../tables';
import type { ShopTx } from './shop';

type CouponRow = typeof commerceCoupons.$inferSelect;

export const normaliseCode = (code: string) => code.trim().toUpperCase();

/** A stored coupon as the domain's rules read it. */
export function couponRules(row: CouponRow): Coupon {
  const rules = {
    code: row.code,
    active: row.active,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    minimumSubtotal: row.minimumSubtotal,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.usageLimitPerCustomer,
    productIds: row.productIds,
    categoryIds: row.categoryIds,
  };
  if (row.kind === 'percentage') return { ...rules, kind: 'percentage', ratePpm: row.ratePpm ?? 0 };
  if (row.kind === 'fixed_amount') return { ...rules, kind: 'fixed_amount', amount: row.amount ?? 0 };
  return { ...rules, kind: 'free_shipping' };
}

export async function findCoupon(s: ShopTx, code: string): Promise<CouponRow | null> {
  const [row] = await s.tx
    .select()
    .from(commerceCoupons)
    .where(and(tenantFilter(commerceCoupons, s.tenantId), eq(commerceCoupons.code, normaliseCode(code))));
  return row ?? null;
}

export async function requireCoupon(s: ShopTx, code: string): Promise<CouponRow> {
  const row = await findCoupon(s, code);
  if (!row) throw errors.conflict('coupon_not_found', `There is no coupon ${normaliseCode(code)}`, { couponCode: 'Unknown code' });
  return row;
}

/** Facts the rules need besides the cart: uses so far, overall and by this customer (or email). */
export async function couponContext(s: ShopTx, row: CouponRow, email: string | null, now = new Date()): Promise<CouponContext> {
  let timesUsedByCustomer = 0;
  if (email) {
    const [used] = await s.tx
      .select({ n: count() })
      .from(commerceCouponRedemptions)
      .where(
        and(
          tenantFilter(commerceCouponRedemptions, s.tenantId),
          eq(commerceCouponRedemptions.couponId, row.id),
          eq(commerceCouponRedemptions.email, email.toLowerCase()),
        ),
      );
    timesUsedByCustomer = Number(used.n);
  }
  return { now, timesUsed: row.timesUsed, timesUsedByCustomer };
}

/**
 * Counts one use, exactly once per order: a redemption row unique per (coupon, order), and
 * `times_used` raised only while it stays within the usage limit (one conditional UPDATE, so two
 * orders racing for the last use cannot both have it).
 */
export async function redeemCoupon(
  s: ShopTx,
  row: CouponRow,
  order: { id: string; customerId: string | null; email: string; discount: number },
): Promise<void> {
  const raised = await s.tx
    .update(commerceCoupons)
    .set({ timesUsed: sql`${commerceCoupons.timesUsed} + 1` })
    .where(
      and(
        tenantFilter(commerceCoupons, s.tenantId),
        eq(commerceCoupons.id, row.id),
        sql`(${commerceCoupons.usageLimit} is null or ${commerceCoupons.timesUsed} < ${commerceCoupons.usageLimit})`,
      ),
    )
    .returning({ id: commerceCoupons.id });
  if (raised.length === 0) {
    throw errors.conflict('usage_limit_reached', `Coupon ${row.code} has been used as many times as it allows`, { couponCode: 'Used up' });
  }
  await s.tx.insert(commerceCouponRedemptions).values({
    tenantId: s.tenantId,
    couponId: row.id,
    orderId: order.id,
    customerId: order.customerId,
    email: order.email.toLowerCase(),
    discount: order.discount,
  });
}
