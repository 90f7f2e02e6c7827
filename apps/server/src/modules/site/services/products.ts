import { and, asc, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type Db, tenantFilter } from '../../../kernel/resources';
import { siteProductCategories, siteProductSubcategories, siteProducts } from '../tables';
import { containsPattern, type Page, pageOf, visible } from './visibility';

export const PRODUCT_SORTS = ['sortOrder', 'name', '-name', 'newest', 'code'] as const;

export interface ProductSearch {
  q?: string;
  categoryId?: string | string[];
  subcategoryId?: string | string[];
  featured?: boolean;
  limit: number;
  offset: number;
  sort?: (typeof PRODUCT_SORTS)[number];
  /** The website's view: published and due only. */
  publishedOnly: boolean;
  /** Columns left out of the rows (a listing needs no long description). */
  omit?: string[];
}

const oneOrMany = (column: PgColumn, value: string | string[] | undefined): SQL | undefined => {
  if (value === undefined) return undefined;
  const ids = Array.isArray(value) ? value : [value];
  return ids.length === 1 ? eq(column, ids[0]) : inArray(column, ids);
};

/** The product listing the website shows (and the seeds' mainGET): search, category filters, paging. */
export function searchProducts(tx: Db, tenantId: string, s: ProductSearch): Promise<Page> {
  const t = siteProducts;
  const pattern = s.q ? containsPattern(s.q) : undefined;
  const orderBy: Record<(typeof PRODUCT_SORTS)[number], SQL[]> = {
    sortOrder: [asc(t.sortOrder), asc(t.name), asc(t.id)],
    name: [asc(t.name), asc(t.id)],
    '-name': [desc(t.name), desc(t.id)],
    newest: [desc(t.publishAt), desc(t.id)],
    code: [asc(t.code), asc(t.id)],
  };
  return pageOf(tx, tenantId, t, {
    where: [
      s.publishedOnly ? visible(t) : undefined,
      oneOrMany(t.categoryId, s.categoryId),
      oneOrMany(t.subcategoryId, s.subcategoryId),
      s.featured === undefined ? undefined : eq(t.featured, s.featured),
      pattern ? or(ilike(t.name, pattern), ilike(t.code, pattern)) : undefined,
    ],
    orderBy: orderBy[s.sort ?? 'sortOrder'],
    limit: s.limit,
    offset: s.offset,
    omit: s.omit,
  });
}

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
