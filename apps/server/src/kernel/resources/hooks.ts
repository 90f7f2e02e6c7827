import { and, eq, like, ne, or } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Scope } from '../auth/context';
import type { Db } from '../db/database';
import { tenantFilter } from '../tenancy/scope-filter';
import { slugify } from './slug';
import type { BeforeWrite, HookContext, Row, TenantTable } from './types';

// Pieces resources build their beforeWrite hooks from.

export type { BeforeWrite } from './types';

/** Runs beforeWrite steps in order, each on the previous one's output (steps typed over the record see it as theirs). */
export function steps<R extends Row = Row>(...fns: BeforeWrite<R>[]): BeforeWrite<R> {
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

/**
 * `base`, or `base-2`, `base-3`… : the first value of `column` no other record of the community
 * holds (slugs, SKUs).
 */
export async function uniqueValue(tx: Db, scope: Scope, table: TenantTable, column: PgColumn, base: string, exceptId?: string) {
  const rows = (await tx
    .select({ value: column })
    .from(table)
    .where(
      and(
        tenantFilter(table, scope.tenantId),
        or(eq(column, base), like(column, `${base.replace(/[\\%_]/g, '\\$&')}-%`)),
        exceptId ? ne(table.id, exceptId) : undefined,
      ),
    )) as { value: string }[];
  const taken = new Set(rows.map((r) => r.value));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** A new record without a slug gets one from `from`, unique in the community (-2, -3, …). */
export function autoSlug(table: TenantTable & { slug: PgColumn }, from: string): BeforeWrite {
  return async (ctx, data) => {
    if (ctx.op !== 'create' || data.slug || typeof data[from] !== 'string') return data;
    return { ...data, slug: await uniqueValue(ctx.tx, ctx.scope, table, table.slug, slugify(data[from] as string)) };
  };
}
