import { and, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { after, type BeforeWrite, errors, type TenantTable, tenantFilter } from '../../../kernel/resources';
import { sanitizeRichText } from '../schemas';

/** Rich-text fields are cleaned of scripts, event handlers and foreign frames before they are stored. */
export function sanitize(...fields: string[]): BeforeWrite {
  return (_ctx, data) => {
    const out = { ...data };
    for (const f of fields) if (typeof out[f] === 'string') out[f] = sanitizeRichText(out[f] as string);
    return out;
  };
}

/** Publishing without a date publishes now; an unpublish date must come after the publish date. */
export const publishing: BeforeWrite = (ctx, data) => {
  const status = after(ctx, data, 'status');
  const publishAt = after(ctx, data, 'publishAt');
  const out = { ...data };
  if (status === 'published' && !publishAt) out.publishAt = new Date();
  const unpublishAt = after(ctx, data, 'unpublishAt');
  const effectivePublish = (out.publishAt ?? publishAt) as Date | null | undefined;
  if (unpublishAt instanceof Date && effectivePublish instanceof Date && unpublishAt <= effectivePublish) {
    throw errors.validation({ unpublishAt: 'Must be after the publish date' });
  }
  return out;
};

/**
 * A child's subcategory must belong to its category. Given only a subcategory, the category is
 * taken from it.
 */
export function subcategoryOfCategory(subTable: TenantTable & { categoryId: PgColumn }): BeforeWrite {
  return async (ctx, data) => {
    if (!('subcategoryId' in data) && !('categoryId' in data)) return data;
    const subId = after(ctx, data, 'subcategoryId') as string | null | undefined;
    if (!subId) return data;
    const [sub] = (await ctx.tx
      .select({ categoryId: subTable.categoryId })
      .from(subTable)
      .where(and(tenantFilter(subTable, ctx.scope.tenantId), eq(subTable.id, subId)))
      .limit(1)) as { categoryId: string | null }[];
    if (!sub) return data; // the relation check names the missing subcategory
    const categoryId = after(ctx, data, 'categoryId') as string | null | undefined;
    if (!categoryId && sub.categoryId) return { ...data, categoryId: sub.categoryId };
    if (categoryId && sub.categoryId && categoryId !== sub.categoryId) {
      throw errors.validation({ subcategoryId: 'This subcategory belongs to another category' });
    }
    return data;
  };
}
