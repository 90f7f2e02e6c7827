import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { errors, inCommunity, tenantFilter } from '../../../kernel/resources';
import { joinRef } from '../joins';
import { commerceOrderLines, commerceOrders, commerceReviews, REVIEW_STATUS } from '../tables';
import { activeProduct } from './catalogue-read';
import type { ShopTx } from './shop';

export const reviewInput = z
  .object({
    productId: z.uuid(),
    rating: z.number().int().min(1, 'From 1 to 5').max(5, 'From 1 to 5'),
    title: z.string().trim().max(200).optional(),
    body: z.string().trim().max(5000).optional(),
  })
  .strict();

/** States in which an order counts as a purchase (paid, whatever happened after, but not refunded). */
const BOUGHT = ['paid', 'processing', 'partially_dispatched', 'dispatched', 'delivered'] as const;

/** Whether the customer has a paid order holding the product. */
async function boughtIt(s: ShopTx, customerId: string, productId: string): Promise<boolean> {
  const [row] = await s.tx
    .select({ id: commerceOrderLines.id })
    .from(commerceOrderLines)
    .innerJoin(commerceOrders, joinRef(commerceOrders, commerceOrderLines, commerceOrderLines.orderId))
    .where(
      and(
        tenantFilter(commerceOrderLines, s.tenantId),
        eq(commerceOrderLines.productId, productId),
        eq(commerceOrders.customerId, customerId),
        inArray(commerceOrders.status, [...BOUGHT]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A customer's review, pending moderation; flagged when they bought the product. */
export async function addReview(s: ShopTx, customer: { customerId: string | null; name: string }, input: z.infer<typeof reviewInput>) {
  await activeProduct(s, input.productId);
  const [review] = await s.tx
    .insert(commerceReviews)
    .values({
      tenantId: s.tenantId,
      productId: input.productId,
      customerId: customer.customerId,
      authorName: customer.name,
      rating: input.rating,
      title: input.title ?? null,
      body: input.body ?? null,
      verifiedPurchase: customer.customerId !== null && (await boughtIt(s, customer.customerId, input.productId)),
    })
    .returning();
  return review;
}

/** Keeps the product's average (× 100) and count of approved reviews current. */
export async function refreshRating(s: ShopTx, productId: string) {
  await s.tx.execute(sql`
    update commerce_products p set
      rating_average = coalesce(r.avg, 0), rating_count = coalesce(r.n, 0)
    from (select round(avg(rating) * 100)::int as avg, count(*)::int as n
            from commerce_reviews where ${inCommunity(s.tenantId)} and product_id = ${productId} and status = 'approved') r
    where ${inCommunity(s.tenantId, 'p')} and p.id = ${productId}`);
}

export const moderateInput = z.object({ status: z.enum(REVIEW_STATUS) }).strict();

/** Moderation: pending → approved or rejected (and back); the product's rating follows. */
export async function moderateReview(s: ShopTx, reviewId: string, status: (typeof REVIEW_STATUS)[number]) {
  const [review] = await s.tx
    .update(commerceReviews)
    .set({ status })
    .where(and(tenantFilter(commerceReviews, s.tenantId), eq(commerceReviews.id, reviewId)))
    .returning();
  if (!review) throw errors.notFound('Review');
  await refreshRating(s, review.productId);
  return review;
}

export async function deleteReview(s: ShopTx, reviewId: string) {
  const [review] = await s.tx
    .delete(commerceReviews)
    .where(and(tenantFilter(commerceReviews, s.tenantId), eq(commerceReviews.id, reviewId)))
    .returning();
  if (!review) throw errors.notFound('Review');
  await refreshRating(s, review.productId);
  return review;
}
