import { Column, is, Placeholder, SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import pg from 'pg';
import { applicationScopingOn } from '../tenancy/scope-filter';
import type { Db } from './database';

const dialect = new PgDialect();

/** What a select names: a column, an aliased SQL expression (`sql\`…\`.as('x')`) or plain SQL. */
type Field = Column | SQL | SQL.Aliased;
type Decoder = ((raw: unknown) => unknown) | null;
export type RowMapper = (raw: unknown[]) => Record<string, unknown>;

/**
 * A select's rows mapped by a function compiled once per selection, instead of drizzle's generic
 * `mapResultRow` (which, for every cell of every row, tests what kind of field it is and walks a
 * path): one object literal with the selection's keys in order, so every row has the same shape,
 * and a decoder called only for the columns that have one (dates; identity columns are copied).
 * Values decode exactly as drizzle's would (`mapFromDriverValue`, null left null).
 *
 * `raw` keeps the driver's own values, e.g. a timestamp's text with its microseconds, which a JS
 * Date cannot hold: a keyset cursor is built from it without selecting the column again as text.
 */
export async function selectRows(
  db: Db,
  query: SQL | { toSQL(): { sql: string; params: unknown[] } },
  selection: Record<string, Field>,
): Promise<{ rows: Record<string, unknown>[]; raw: unknown[][] }> {
  const raw = await rawRows(db, query);
  const map = mapperOf(selection);
  const rows = new Array<Record<string, unknown>>(raw.length);
  for (let i = 0; i < raw.length; i++) rows[i] = map(raw[i]);
  return { rows, raw };
}

/** A statement's rows as the driver returns them, one array of values per row (dates as text, json parsed). */
export function rawRows(db: Db, query: SQL | { toSQL(): { sql: string; params: unknown[] } }): Promise<unknown[][]> {
  const built = is(query, SQL) ? dialect.sqlToQuery(query) : query.toSQL();
  return run(db, built.sql, built.params);
}

/**
 * A statement rendered once (placeholders for its values: `sql.placeholder('id')`), its rows mapped
 * like selectRows'. With a `name`, PostgreSQL keeps it per connection and plans it once there.
 */
export function preparedRows(db: Db, query: SQL, selection: Record<string, Field>, name?: string) {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const map = mapperOf(selection);
  return {
    execute: async (values: Record<string, unknown>) => (await run(db, text, filled(params, values), name)).map(map),
  };
}

/** A rendered statement's parameters with its placeholders' values filled in. */
const filled = (params: unknown[], values: Record<string, unknown>) => params.map((p) => (is(p, Placeholder) ? values[p.name] : p));

const statementNames = new Set<string>();

interface Rendered {
  text: string;
  params: unknown[];
  name: string;
}

/**
 * A hand-written statement's rows as objects keyed by the names it selects, typed `T` by the caller
 * (who wrote the select list): `queryRows<{ n: number }>(tx, sql\`select count(*)::int as n …\`)`.
 * drizzle types `execute` on a database of either engine as unknown; both drivers answer `{ rows }`.
 */
export async function queryRows<T>(db: Db, query: SQLWrapper): Promise<T[]> {
  const result = (await db.execute(query)) as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/**
 * A statement written once and run with new values on any connection or transaction: `build`
 * gives its SQL, values as placeholders (`sql.placeholder('cartId')`); it is rendered the first
 * time it runs, and named, so PostgreSQL parses and plans it once per connection. A hot write
 * (a checkout) skips building its statements on every request. Values go to the driver as they
 * are: JSON as text (`JSON.stringify`), dates as ISO text. `build` runs again only when tests
 * switch the application-side tenant filter off (the statement is rendered per setting).
 */
export function preparedStatement(name: string, build: () => SQL) {
  // PostgreSQL keeps one text per name and connection: a second statement under a name is a bug.
  if (statementNames.has(name)) throw new Error(`Two prepared statements are named ${name}`);
  statementNames.add(name);
  const rendered = new Map<boolean, Rendered>();
  const render = (scoped: boolean): Rendered => {
    const { sql: text, params } = dialect.sqlToQuery(build());
    const statement = { text, params, name: scoped ? name : `${name}:rls-only` };
    rendered.set(scoped, statement);
    return statement;
  };
  return {
    /** The rows as the driver returns them, one array of values per row (map them with rowMapper). */
    raw(db: Db, values: Record<string, unknown>): Promise<unknown[][]> {
      const scoped = applicationScopingOn();
      const statement = rendered.get(scoped) ?? render(scoped);
      return run(db, statement.text, filled(statement.params, values), statement.name);
    },
  };
}

type Session = {
  client?: pg.ClientBase | pg.Pool;
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string | undefined,
    arrayMode: true,
    customResultMapper: (rows: unknown[][]) => unknown,
  ): { execute(values?: Record<string, unknown>): Promise<unknown> };
};

/**
 * Runs a statement for its rows as arrays. On PostgreSQL straight on the connection drizzle holds
 * (its session's per-statement objects and spans cost about as much in Node as a short statement's
 * own work), with drizzle's type parsing: dates, intervals and numeric arrays stay text, as the
 * columns' decoders expect. On PGlite through drizzle's session, which parses the same way.
 */
function run(db: Db, text: string, values: unknown[], name?: string): Promise<unknown[][]> {
  const session = (db as unknown as { _: { session: Session } })._.session;
  const client = is(session as never, NodePgSession) ? session.client : undefined;
  if (client) {
    return client.query<unknown[]>({ text, values, name, rowMode: 'array', types: DRIVER_TYPES }).then((result) => result.rows);
  }
  const placeholders = values.map((_, i) => sql.placeholder(`p${i}`));
  const prepared = session.prepareQuery({ sql: text, params: placeholders }, undefined, name, true, keepRaw);
  return prepared.execute(Object.fromEntries(values.map((v, i) => [`p${i}`, v]))) as Promise<unknown[][]>;
}

/** The types drizzle's node-postgres driver leaves as text: dates, times, timestamps, intervals, their arrays, numeric[]. */
const TEXT_TYPES = new Set([1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);
const asText = (value: string) => value;
const DRIVER_TYPES = {
  getTypeParser: (id: number, format?: 'text' | 'binary') => (TEXT_TYPES.has(id) ? asText : pg.types.getTypeParser(id, format)),
} as pg.CustomTypesConfig;

const keepRaw = (rows: unknown[][]) => rows;

const mappers = new WeakMap<object, RowMapper>();
/** Compiled mappers by what they do (keys and decoders): a selection made per request (a list's cursor values) reuses one. */
const bySignature = new Map<string, RowMapper>();
const decoderIds = new WeakMap<object, number>();
let decoderCount = 0;

/**
 * The compiled mapper of a selection (cached: compiled once per shape of selection), its rows typed
 * as drizzle's select of the same selection would type them.
 */
export function rowMapper<S extends Record<string, Field>>(selection: S): (raw: unknown[]) => SelectResultFields<S> {
  // The compiled function builds exactly the selection's keys, each decoded as drizzle would.
  return mapperOf(selection) as (raw: unknown[]) => SelectResultFields<S>;
}

function mapperOf(selection: Record<string, Field>): RowMapper {
  const known = mappers.get(selection);
  if (known) return known;
  const keys = Object.keys(selection);
  const decoders = keys.map((key) => decoderOf(selection[key]));
  const signature = keys.map((key, i) => `${JSON.stringify(key)}:${decoders[i] ? idOf(decoders[i].source) : '='}`).join(',');
  let map = bySignature.get(signature);
  if (!map) {
    map = compile(
      keys,
      decoders.map((d) => d?.decode ?? null),
    );
    bySignature.set(signature, map);
  }
  mappers.set(selection, map);
  return map;
}

function idOf(source: object): number {
  let id = decoderIds.get(source);
  if (id === undefined) {
    id = decoderCount++;
    decoderIds.set(source, id);
  }
  return id;
}

function compile(keys: string[], decoders: Decoder[]): RowMapper {
  const properties = keys.map((key, i) => {
    const value = decoders[i] ? `r[${i}] === null ? null : d[${i}](r[${i}])` : `r[${i}]`;
    return `${JSON.stringify(key)}: ${value}`;
  });
  // Generated from the selection's own keys (JSON-quoted) and indexes: no outside text reaches it.
  return new Function('d', `return function mapRow(r) { return { ${properties.join(', ')} }; };`)(decoders) as RowMapper;
}

/** The field's decoder and what it belongs to (a column, an expression's decoder), or null where it returns what the driver gave. */
function decoderOf(field: Field): { decode: (raw: unknown) => unknown; source: object } | null {
  const decoder = is(field, Column) ? field : decoderOfSql(is(field, SQL) ? field : (field as SQL.Aliased).sql);
  const own = decoder.mapFromDriverValue;
  if (own === IDENTITY_COLUMN || own === IDENTITY_SQL) return null;
  // A column (or an expression mapped with one) decodes by the column's own settings, a timestamp's
  // time zone; any other expression by its function alone (`mapWith(Number)` makes a new decoder
  // object each time, around the same function).
  return { decode: (raw) => own.call(decoder, raw), source: is(decoder, Column) ? decoder : own };
}

const IDENTITY_COLUMN = (Column.prototype as unknown as { mapFromDriverValue: unknown }).mapFromDriverValue;
const IDENTITY_SQL = decoderOfSql(new SQL([])).mapFromDriverValue;

/** An SQL expression's decoder (`sql\`…\`.mapWith()`); drizzle marks the property internal. */
function decoderOfSql(expression: SQL): { mapFromDriverValue(raw: unknown): unknown } {
  return (expression as unknown as { decoder: { mapFromDriverValue(raw: unknown): unknown } }).decoder;
}

const selectLists = new WeakMap<object, SQL>();

/**
 * A selection as the list of a select (`"id", "created_at", …, <expression> as "key"`), columns in
 * the selection's order as `selectRows` maps them. A selection of columns only is rendered once
 * (drizzle's builder renders it on every statement: most of the cost of building a list's page).
 */
export function selectList(selection: Record<string, Field>): SQL {
  const cached = selectLists.get(selection);
  if (cached) return cached;
  const fields = Object.values(selection);
  if (fields.every((field) => is(field, Column))) {
    const list = sql.raw(fields.map((column) => dialect.escapeName((column as Column).name)).join(', '));
    selectLists.set(selection, list);
    return list;
  }
  const parts = fields.map((field) =>
    is(field, Column)
      ? sql.raw(dialect.escapeName(field.name))
      : is(field, SQL)
        ? field
        : sql`${(field as SQL.Aliased).sql} as ${sql.identifier((field as SQL.Aliased).fieldAlias)}`,
  );
  return sql.join(parts, sql.raw(', '));
}
