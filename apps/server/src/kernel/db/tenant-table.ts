import type { PgColumnBuilderBase, PgTableExtraConfigValue } from 'drizzle-orm/pg-core';
import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { declaredRelations, foreignKeysFor, type RelatedTable, registerRelations } from './relations';

/** Columns every tenant-owned record has. `tenant_id` leads the primary key and every index. */
export const recordColumns = () => ({
  tenantId: uuid('tenant_id').notNull(),
  id: uuid('id').notNull().defaultRandom(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

type RecordColumns = ReturnType<typeof recordColumns>;

/**
 * A tenant table: the record columns, primary key (tenant_id, id), and an index for the default
 * sort (newest first). Extra indexes (one per filter and sort the resource offers) start with tenant_id.
 * Columns declared with ref() become foreign keys (see relations.ts).
 * Row-level security is applied to every table with a tenant_id column by the migrator.
 */
export function tenantTable<TName extends string, TColumns extends Record<string, PgColumnBuilderBase>>(
  name: TName,
  columns: TColumns,
  extra?: (t: any) => PgTableExtraConfigValue[],
) {
  const relations = declaredRelations(columns);
  const table = pgTable(name, { ...recordColumns(), ...columns } as RecordColumns & TColumns, (t: any) => [
    primaryKey({ name: `${name}_pk`, columns: [t.tenantId, t.id] }),
    index(`${name}_created_idx`).on(t.tenantId, t.createdAt, t.id),
    index(`${name}_updated_idx`).on(t.tenantId, t.updatedAt, t.id),
    ...foreignKeysFor(name, t, relations),
    ...(extra ? extra(t) : []),
  ]);
  registerRelations(table as unknown as RelatedTable, relations);
  return table;
}
