import { getTableColumns, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * `insert into <table> (<columns>) select … from jsonb_to_recordset(<rows>)`: a multi-row insert
 * whose text is the same whatever the number of rows, so it can be rendered once and prepared
 * (preparedStatement). `rows` is one JSON array (a placeholder's value: `JSON.stringify(rows)`),
 * its objects keyed by the table's property names (`unitPrice`); each key named in `keys` is read
 * as its column's type. `shared` fills the columns every row has alike (the community, the order
 * the lines belong to) with an SQL expression. Columns left out take their defaults.
 */
export function insertFromJson<T extends PgTable>(
  table: T,
  keys: readonly (keyof T['_']['columns'] & string)[],
  rows: SQL | Placeholder,
  shared: Partial<Record<keyof T['_']['columns'] & string, SQL>> = {},
): SQL {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const sharedKeys = Object.keys(shared);
  const target = [...sharedKeys, ...keys].map((key) => sql.identifier(columns[key].name));
  const values = [
    ...sharedKeys.map((key) => sql`${shared[key as keyof typeof shared]}`),
    ...keys.map((key) => sql`r.${sql.identifier(key)}`),
  ];
  const record = keys.map((key) => sql`${sql.identifier(key)} ${sql.raw(columns[key].getSQLType())}`);
  return sql`insert into ${table} (${sql.join(target, sql`, `)})
    select ${sql.join(values, sql`, `)} from jsonb_to_recordset(${rows}::jsonb) as r(${sql.join(record, sql`, `)})`;
}
