import { and, eq, getTableColumns, gt, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type Db, type TenantTable, tenantFilter } from '../../../kernel/resources';

/** A table whose records are published (status, publishAt) and may be taken down at a moment (unpublishAt). */
type Publishable = TenantTable & { status: PgColumn; publishAt: PgColumn; unpublishAt?: PgColumn };

/** What the website may show: published, and its publish moment has come. */
export function visible(table: Publishable, now = new Date()): SQL {
  const conditions = [eq(table.status, 'published'), isNotNull(table.publishAt), lte(table.publishAt, now)];
  const unpublishAt = table.unpublishAt;
  if (unpublishAt) conditions.push(or(isNull(unpublishAt), gt(unpublishAt, now))!);
  return and(...conditions)!;
}

/** Every column but tenant_id (and any named), for reads outside the resource kit. */
export function columnsOf(table: TenantTable, omit: string[] = []): Record<string, PgColumn> {
  const skip = new Set(['tenantId', ...omit]);
  return Object.fromEntries(Object.entries(getTableColumns(table) as Record<string, PgColumn>).filter(([k]) => !skip.has(k)));
}

/** One record by a column (slug, code) or null. */
export async function findBy(
  tx: Db,
  tenantId: string,
  table: TenantTable,
  column: PgColumn,
  value: string,
  extra: (SQL | undefined)[] = [],
) {
  const [row] = await tx
    .select(columnsOf(table))
    .from(table)
    .where(and(tenantFilter(table, tenantId), eq(column, value), ...extra))
    .limit(1);
  return (row as Record<string, unknown> | undefined) ?? null;
}
