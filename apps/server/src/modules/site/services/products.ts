import { and, inArray } from 'drizzle-orm';
import { type Db, tenantFilter } from '../../../kernel/resources';
import { siteProductCategories, siteProductSubcategories } from '../tables';

/** The category and subcategory of products, as { id, name, slug }, by id. */
export async function productTaxonomy(tx: Db, tenantId: string, rows: Record<string, unknown>[]) {
  const catIds = [...new Set(rows.map((r) => r.categoryId).filter(Boolean))] as string[];
  const subIds = [...new Set(rows.map((r) => r.subcategoryId).filter(Boolean))] as string[];
  const pick = { id: siteProductCategories.id, name: siteProductCategories.name, slug: siteProductCategories.slug };
  const cats = catIds.length
    ? await tx
        .select(pick)
        .from(siteProductCategories)
        .where(and(tenantFilter(siteProductCategories, tenantId), inArray(siteProductCategories.id, catIds)))
    : [];
  const subs = subIds.length
    ? await tx
        .select({ id: siteProductSubcategories.id, name: siteProductSubcategories.name, slug: siteProductSubcategories.slug })
        .from(siteProductSubcategories)
        .where(and(tenantFilter(siteProductSubcategories, tenantId), inArray(siteProductSubcategories.id, subIds)))
    : [];
  const catById = new Map(cats.map((c) => [c.id, c]));
  const subById = new Map(subs.map((c) => [c.id, c]));
  return rows.map((r) => ({
    ...r,
    category: catById.get(r.categoryId as string) ?? null,
    subcategory: subById.get(r.subcategoryId as string) ?? null,
  }));
}
