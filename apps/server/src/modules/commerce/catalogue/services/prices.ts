import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, tenantFilter } from '../../../../kernel/resources';
import { commerceProducts, commerceVariations } from '../../tables';

/**
 * Keeps products' minPrice/maxPrice equal to the lowest and highest price of their active
 * variations (0 when none), in one statement for any number of products. `excludingId` leaves out
 * a variation about to be deleted.
 */
export async function refreshPriceRange(tx: Db, tenantId: string, productIds: string[], excludingId?: string): Promise<void> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return;
  const p = commerceProducts;
  const v = commerceVariations;
  const of = (fn: SQL) =>
    sql`coalesce((select ${fn} from ${v} where ${v.tenantId} = ${p.tenantId} and ${v.productId} = ${p.id} and ${v.active}${
      excludingId ? sql` and ${v.id} <> ${excludingId}` : sql``
    }), 0)`;
  await tx
    .update(p)
    .set({ minPrice: of(sql`min(${v.price})`), maxPrice: of(sql`max(${v.price})`) })
    .where(and(tenantFilter(p, tenantId), inArray(p.id, ids)));
}

/** A product's stored price range (and the time it was set). */
export async function priceRangeOf(
  tx: Db,
  tenantId: string,
  productId: string,
): Promise<{ minPrice: number; maxPrice: number; updatedAt: Date }> {
  const [row] = await tx
    .select({ minPrice: commerceProducts.minPrice, maxPrice: commerceProducts.maxPrice, updatedAt: commerceProducts.updatedAt })
    .from(commerceProducts)
    .where(and(tenantFilter(commerceProducts, tenantId), eq(commerceProducts.id, productId)));
  return row;
}
