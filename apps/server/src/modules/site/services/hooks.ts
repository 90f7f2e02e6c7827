import { and, eq, like, ne, or } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  type Db,
  errors,
  type HookContext,
  type ResourceConfig,
  type Scope,
  type TenantTable,
  tenantFilter,
} from '../../../kernel/resources';
import { sanitizeRichText, slugify } from '../schemas';

type BeforeWrite = NonNullable<NonNullable<ResourceConfig['hooks']>['beforeWrite']>;

/** Runs beforeWrite steps in order, each on the previous one's output. */
export function steps(...fns: BeforeWrite[]): BeforeWrite {
  return async (ctx, data) => {
    let out = data;
    for (const fn of fns) out = await fn(ctx, out);
    return out;
  };
}

/** The value a field will have after this write: the new one if given, else the stored one. */
export function after(ctx: HookContext, data: Record<string, unknown>, field: string): unknown {
  return field in data ? data[field] : ctx.existing?.[field];
}

/** A new record without a slug gets one from `from`, made unique in the community (-2, -3, …). */
export function autoSlug(table: TenantTable & { slug: PgColumn }, from: string): BeforeWrite {
  return async (ctx, data) => {
    if (ctx.op !== 'create' || data.slug || typeof data[from] !== 'string') return data;
    return { ...data, slug: await uniqueSlug(ctx.tx, ctx.scope, table, slugify(data[from] as string)) };
  };
}

export async function uniqueSlug(tx: Db, scope: Scope, table: TenantTable & { slug: PgColumn }, base: string, exceptId?: string) {
  const rows = (await tx
    .select({ slug: table.slug })
    .from(table as never)
    .where(
      and(
        tenantFilter(table, scope.tenantId),
        or(eq(table.slug, base), like(table.slug, `${base}-%`)),
        exceptId ? ne(table.id, exceptId) : undefined,
      ),
    )) as { slug: string }[];
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

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
      .from(subTable as never)
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
