import { and, eq, type InferSelectModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, TenantTable } from '../../kernel/resources';
import { tenantFilter } from '../../kernel/resources';

/**
 * The community's row of `table` with this id, or undefined: each caller says what a missing one
 * means (a 404, or a 400 naming the field that pointed at it).
 */
export async function rowById<T extends TenantTable>(
  tx: Db,
  table: T,
  tenantId: string,
  id: string,
): Promise<InferSelectModel<T> | undefined> {
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(and(tenantFilter(table, tenantId), eq(table.id, id)));
  return row as InferSelectModel<T> | undefined;
}
