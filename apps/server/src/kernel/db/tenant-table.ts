import type { AnyPgColumn, PgColumnBuilderBase, PgTableExtraConfigValue } from 'drizzle-orm/pg-core';
import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { declaredRelations, foreignKeysFor, type RelatedTable, registerRelations } from './relations';

/** A point in time: `timestamptz`, read as a Date. The one way tables declare a moment. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Columns every tenant-owned record has. `tenant_id` leads the primary key and every index. */
export const recordColumns = () => ({
  tenantId: uuid('tenant_id').notNull(),
  id: uuid('id').notNull().defaultRandom(),
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at')
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

type Keyed = { tenantId: AnyPgColumn; id: AnyPgColumn };

/**
 * The indexes of a list's sorts, one a column: `<table>_<suffix>_idx` on (tenant_id, column, id),
 * the id breaking ties so that the next page starts where the last one ended.
 */
export const sortIndexes = (table: string, t: Keyed, columns: Record<string, AnyPgColumn>) =>
  Object.entries(columns).map(([suffix, column]) => index(`${table}_${suffix}_idx`).on(t.tenantId, column, t.id));

/** The indexes of a list's equality filters and look-ups, one a column: `<table>_<suffix>_idx` on (tenant_id, column). */
export const filterIndexes = (table: string, t: Keyed, columns: Record<string, AnyPgColumn>) =>
  Object.entries(columns).map(([suffix, column]) => index(`${table}_${suffix}_idx`).on(t.tenantId, column));

/** Columns every platform catalogue record has: a tenant record's, without tenant_id. */
const platformColumns = () => {
  const { tenantId: _none, ...columns } = recordColumns();
  return columns;
};

type PlatformColumns = ReturnType<typeof platformColumns>;

/**
 * A platform catalogue's table (plans, add-ons, masters): one set of rows for every community, so no
 * tenant_id. The migrator grants the app role only SELECT on it (tables without tenant_id get no
 * tenant policy): communities read it, and only the kit's guarded write path (a platform operator,
 * as the owner connection) changes it. ref() columns are for tenant tables only.
 */
export function platformTable<TName extends string, TColumns extends Record<string, PgColumnBuilderBase>>(
  name: TName,
  columns: TColumns,
  extra?: (t: any) => PgTableExtraConfigValue[],
) {
  return pgTable(name, { ...platformColumns(), ...columns } as PlatformColumns & TColumns, (t: any) => [
    primaryKey({ name: `${name}_pk`, columns: [t.id] }),
    index(`${name}_created_idx`).on(t.createdAt, t.id),
    index(`${name}_updated_idx`).on(t.updatedAt, t.id),
    ...(extra ? extra(t) : []),
  ]);
}
