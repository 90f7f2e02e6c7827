import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, tenantFilter } from '../../../../kernel/resources';
import { joinRef } from '../../joins';
import { commerceBanners, commerceCategories, commerceProducts, type ShopImage } from '../../tables';

/** Where a live banner leads, as a storefront builds its link. */
export type BannerLink = { kind: 'product'; slug: string } | { kind: 'category'; slug: string } | { kind: 'url'; url: string } | null;

export interface LiveBanner {
  id: string;
  title: string;
  image: ShopImage;
  mobileImage: ShopImage | null;
  link: BannerLink;
}

/** At most this many banners are live at once (a carousel, not a catalogue). */
export const LIVE_BANNERS = 20;

const b = commerceBanners;
const product = alias(commerceProducts, 'banner_product');
const category = alias(commerceCategories, 'banner_category');

/**
 * The banners a shopper sees now, in the shop's order: switched on, inside their window, and leading
 * somewhere that is live (a banner whose product is no longer on sale, or whose category was switched
 * off, is left out rather than lead to a missing page). Served by `commerce_banners_live_idx`.
 */
export async function liveBanners(tx: Db, tenantId: string, now = new Date()): Promise<LiveBanner[]> {
  const rows = await tx
    .select({
      id: b.id,
      title: b.title,
      image: b.image,
      mobileImage: b.mobileImage,
      linkKind: b.linkKind,
      linkUrl: b.linkUrl,
      productSlug: product.slug,
      categorySlug: category.slug,
    })
    .from(b)
    .leftJoin(product, and(joinRef(product, b, b.productId), eq(product.status, 'active')))
    .leftJoin(category, and(joinRef(category, b, b.categoryId), eq(category.active, true)))
    .where(
      and(
        tenantFilter(b, tenantId),
        eq(b.active, true),
        or(isNull(b.startsAt), lte(b.startsAt, now)),
        or(isNull(b.endsAt), gt(b.endsAt, now)),
        sql`(${b.linkKind} <> 'product' or ${product.id} is not null) and (${b.linkKind} <> 'category' or ${category.id} is not null)`,
      ),
    )
    .orderBy(asc(b.sortOrder), asc(b.id))
    .limit(LIVE_BANNERS);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    image: r.image,
    mobileImage: r.mobileImage,
    link:
      r.linkKind === 'product'
        ? { kind: 'product', slug: r.productSlug! }
        : r.linkKind === 'category'
          ? { kind: 'category', slug: r.categorySlug! }
          : r.linkKind === 'url'
            ? { kind: 'url', url: r.linkUrl! }
            : null,
  }));
}
