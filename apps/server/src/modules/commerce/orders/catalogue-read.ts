import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { definePublicView, errors, inTurn, tenantFilter, type ViewContext } from '../../../kernel/resources';
import { productsResource } from '../catalogue/resources/products';
import { joinRef } from '../joins';
import {
  commerceAttributes,
  commerceAttributeValues,
  commerceCategories,
  commerceProducts,
  commerceReviews,
  commerceVariations,
} from '../tables';
import type { ShopTx } from './shop';

// What the storefront shows of the catalogue: active products only, never cost, stock counts beyond
// "available", or anything internal. Read straight from the catalogue's tables.

export const PRODUCT_SORTS = ['newest', 'price_asc', 'price_desc', 'rating', 'title'] as const;

export const productQuery = z
  .object({
    q: z.string().trim().max(200).optional(),
    categoryId: z.uuid().optional(),
    brand: z.string().trim().max(120).optional(),
    minPrice: z.coerce.number().int().min(0).optional(),
    maxPrice: z.coerce.number().int().min(0).optional(),
    featured: z.enum(['true', 'false']).optional(),
    sort: z.enum(PRODUCT_SORTS).default('newest'),
    limit: z.coerce.number().int().min(1).max(100).default(24),
    offset: z.coerce.number().int().min(0).max(10_000).default(0),
    cursor: z
      .string()
      .max(1000)
      .optional()
      .describe('Keyset cursor from the previous page (nextCursor): pages past the first 10,000 products'),
  })
  .strict();

const p = commerceProducts;
const listed = {
  id: p.id,
  title: p.title,
  slug: p.slug,
  brand: p.brand,
  categoryId: p.categoryId,
  images: p.images,
  minPrice: p.minPrice,
  maxPrice: p.maxPrice,
  ratingAverage: p.ratingAverage,
  ratingCount: p.ratingCount,
  featured: p.featured,
  publishedAt: p.publishedAt,
};

/**
 * The storefront's product list on the resource kit's path: products on sale (the `onSale` scope,
 * whose default order newest-first an index serves), indexed filters and search, a capped total and
 * keyset paging, on a reading connection as the community. Its cost per request does not grow with
 * the catalogue.
 */
export const shopProductsView = definePublicView({
  resource: productsResource,
  path: 'shop/products',
  summary: 'Products on sale: search, filters, sort',
  scopes: ['onSale'],
  fields: Object.keys(listed),
  filters: ['categoryId', 'brand', 'featured', 'minPrice', 'maxPrice'],
  search: ['title', 'brand'],
  choice: {
    param: 'sort',
    default: 'newest',
    options: {
      newest: { sort: '-publishedAt' },
      price_asc: { sort: 'minPrice' },
      price_desc: { sort: '-maxPrice' },
      rating: { sort: '-rating' },
      title: { sort: 'title' },
    } satisfies Record<(typeof PRODUCT_SORTS)[number], { sort: string }>,
  },
});

/**
 * A page of the storefront's products. Its price filters keep their meaning: `minPrice` finds
 * products with something at that price or above (maxPrice ≥ it), `maxPrice` at that price or below
 * (minPrice ≤ it).
 */
export function storefrontProducts(ctx: ViewContext, q: z.infer<typeof productQuery>) {
  const { minPrice, maxPrice, ...rest } = q;
  return shopProductsView.listIn(ctx, {
    ...rest,
    ...(minPrice !== undefined ? { 'maxPrice.gte': String(minPrice) } : {}),
    ...(maxPrice !== undefined ? { 'minPrice.lte': String(maxPrice) } : {}),
  });
}

export async function storefrontCategories(s: ShopTx) {
  const c = commerceCategories;
  return s.tx
    .select({
      id: c.id,
      name: c.name,
      slug: c.slug,
      description: c.description,
      parentId: c.parentId,
      image: c.image,
      sortOrder: c.sortOrder,
    })
    .from(c)
    .where(and(tenantFilter(c, s.tenantId), eq(c.active, true)))
    .orderBy(asc(c.sortOrder), asc(c.name))
    .limit(500);
}

/**
 * The choices a product's variations make (Colour: Indigo, Maroon; Size: S, M…): its attributes in
 * order, each with the values its active variations use, so a storefront offers one picker per attribute.
 */
async function optionsOf(s: ShopTx, valueIds: string[]) {
  if (valueIds.length === 0) return [];
  const a = commerceAttributes;
  const av = commerceAttributeValues;
  const rows = await s.tx
    .select({ attributeId: a.id, name: a.name, display: a.display, id: av.id, value: av.value, swatch: av.swatch })
    .from(av)
    .innerJoin(a, joinRef(a, av, av.attributeId))
    .where(and(tenantFilter(av, s.tenantId), inArray(av.id, valueIds)))
    .orderBy(asc(a.sortOrder), asc(a.name), asc(av.sortOrder), asc(av.value));
  const options = new Map<
    string,
    { id: string; name: string; display: string; values: { id: string; value: string; swatch: string | null }[] }
  >();
  for (const r of rows) {
    const option = options.get(r.attributeId) ?? { id: r.attributeId, name: r.name, display: r.display, values: [] };
    option.values.push({ id: r.id, value: r.value, swatch: r.swatch });
    options.set(r.attributeId, option);
  }
  return [...options.values()];
}

/** A product by slug (or id) with its variations (price, availability), the options they vary by and approved reviews. */
export async function storefrontProduct(s: ShopTx, slugOrId: string) {
  const isId = z.uuid().safeParse(slugOrId).success;
  const [product] = await s.tx
    .select({
      ...listed,
      description: p.description,
      attributeIds: p.attributeIds,
      seoTitle: p.seoTitle,
      seoDescription: p.seoDescription,
      seoMeta: p.seoMeta,
    })
    .from(p)
    .where(and(tenantFilter(p, s.tenantId), eq(p.status, 'active'), isId ? eq(p.id, slugOrId) : eq(p.slug, slugOrId)));
  if (!product) throw errors.notFound('Product');
  const v = commerceVariations;
  const r = commerceReviews;
  const [variations, reviews] = await inTurn(
    () =>
      s.tx
        .select({
          id: v.id,
          sku: v.sku,
          title: v.title,
          attributeValueIds: v.attributeValueIds,
          price: v.price,
          compareAtPrice: v.compareAtPrice,
          images: v.images,
          isDefault: v.isDefault,
          available: sql<number | null>`case when ${v.trackStock} then greatest(${v.onHand} - ${v.reserved}, 0) else null end`,
        })
        .from(v)
        .where(and(tenantFilter(v, s.tenantId), eq(v.productId, product.id), eq(v.active, true)))
        .orderBy(asc(v.position), asc(v.id)),
    () =>
      s.tx
        .select({
          id: r.id,
          authorName: r.authorName,
          rating: r.rating,
          title: r.title,
          body: r.body,
          verifiedPurchase: r.verifiedPurchase,
          createdAt: r.createdAt,
        })
        .from(r)
        .where(and(tenantFilter(r, s.tenantId), eq(r.productId, product.id), eq(r.status, 'approved')))
        .orderBy(desc(r.createdAt))
        .limit(50),
  );
  const options = await optionsOf(s, [...new Set(variations.flatMap((x) => x.attributeValueIds))]);
  return { ...product, variations, options, reviews };
}

/** The default (first) variation of each product: what "add to cart" by product id adds. */
export async function defaultVariations(s: ShopTx, productIds: string[]): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map();
  const v = commerceVariations;
  const rows = await s.tx
    .select({ productId: v.productId, id: v.id })
    .from(v)
    .where(and(tenantFilter(v, s.tenantId), inArray(v.productId, productIds), eq(v.active, true)))
    .orderBy(desc(v.isDefault), asc(v.position), asc(v.id));
  const map = new Map<string, string>();
  for (const row of rows) if (!map.has(row.productId)) map.set(row.productId, row.id);
  return map;
}

/** The variation "add to cart" by product adds; a 400 when the product has nothing on sale. */
export async function defaultVariation(s: ShopTx, productId: string): Promise<string> {
  const id = (await defaultVariations(s, [productId])).get(productId);
  if (!id) throw errors.validation({ productId: 'This product has nothing on sale' });
  return id;
}

/** An active product by id (what a shopper may review or wish for); a 400 on `productId` otherwise. */
export async function activeProduct(s: ShopTx, productId: string): Promise<void> {
  const [product] = await s.tx
    .select({ id: p.id })
    .from(p)
    .where(and(tenantFilter(p, s.tenantId), eq(p.id, productId), eq(p.status, 'active')));
  if (!product) throw errors.validation({ productId: 'No such product' });
}

/**
 * Variations on sale (active, of an active product) where `conditions` also hold: what a cart may
 * price and the sample orders may buy. Ordered and limited by the caller.
 */
export function variationsOnSale(s: ShopTx, ...conditions: SQL[]) {
  const v = commerceVariations;
  return s.tx
    .select({ variationId: v.id, productId: v.productId, price: v.price })
    .from(v)
    .innerJoin(p, joinRef(p, v, v.productId))
    .where(and(tenantFilter(v, s.tenantId), eq(v.active, true), eq(p.status, 'active'), ...conditions));
}
