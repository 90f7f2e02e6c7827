import { and, desc, eq } from 'drizzle-orm';
import { tenantFilter } from '../../../kernel/resources';
import { joinRef } from '../joins';
import { commerceProducts, commerceWishlistItems } from '../tables';
import { activeProduct } from './catalogue-read';
import type { ShopTx } from './shop';

const w = commerceWishlistItems;

/** Adds the product when it is absent, removes it when present (seed 000 §4). */
export async function toggleWish(s: ShopTx, customerId: string, productId: string): Promise<{ productId: string; wished: boolean }> {
  const where = and(tenantFilter(w, s.tenantId), eq(w.customerId, customerId), eq(w.productId, productId));
  const removed = await s.tx.delete(w).where(where).returning({ id: w.id });
  if (removed.length > 0) return { productId, wished: false };
  await activeProduct(s, productId);
  await s.tx.insert(w).values({ tenantId: s.tenantId, customerId, productId });
  return { productId, wished: true };
}

export async function wishList(s: ShopTx, customerId: string) {
  const p = commerceProducts;
  return s.tx
    .select({ productId: p.id, title: p.title, slug: p.slug, images: p.images, minPrice: p.minPrice, addedAt: w.createdAt })
    .from(w)
    .innerJoin(p, joinRef(p, w, w.productId))
    .where(and(tenantFilter(w, s.tenantId), eq(w.customerId, customerId)))
    .orderBy(desc(w.createdAt))
    .limit(500);
}
