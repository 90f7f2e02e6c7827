import { and, asc, desc, getTableColumns, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { errors } from '../errors/app-error';
import { expandableNames } from './relations';
import { searchCondition, searchRank } from './search';
import type { ResourceConfig } from './types';

export const MAX_LIMIT = 200;
/** The most values one filter takes (`status=a,b,c` or repeated), whatever the entry point (v1, compat). */
export const MAX_FILTER_VALUES = 100;
/** The longest text of one filter, before it is split. */
export const MAX_FILTER_LENGTH = 2000;
/** Past this offset a page costs a walk over every row before it: clients page by cursor instead. */
export const MAX_OFFSET = 10_000;
/** Totals are exact up to this many matches, a planner estimate beyond (totalIsEstimate). */
export const EXACT_TOTAL_LIMIT = 10_000;
/**
 * From this many expected matches the planner's estimate is the total without counting. Its
 * estimates of one table's filters are within a small factor (EXPLAIN at 1M rows: 78,853 expected,
 * 86,000 actual), so three times the exact limit keeps every list that could be exact, exact.
 */
export const ESTIMATE_TRUSTED_FROM = 3 * EXACT_TOTAL_LIMIT;

const baseQuery = {
  q: z.string().trim().max(200).optional().describe('Search text'),
  sort: z.string().max(64).optional().describe("Sort field, '-' prefix for descending, e.g. -createdAt"),
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(25),
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_OFFSET, { message: `Offsets stop at ${MAX_OFFSET}: page further with the cursor (nextCursor of the previous page)` })
    .default(0),
  cursor: z.string().max(1000).optional().describe('Keyset cursor from a previous page (nextCursor)'),
  withTotal: z.enum(['true', 'false']).default('true').describe('Count the matching records'),
};

const RANGE_TYPES = new Set(['number', 'date']);
/** What PostgreSQL reads as a uuid (checked here so no engine sees a malformed one). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The querystring schema of a resource's list: paging, sort, search and its declared filters. */
export function listQuerySchema(config: ResourceConfig) {
  const columns = getTableColumns(config.table) as Record<string, PgColumn>;
  const shape: Record<string, z.ZodType> = { ...baseQuery };
  const expandable = expandableNames(config.table);
  if (expandable.length > 0) {
    shape.expand = z
      .string()
      .max(500)
      .optional()
      .describe(`Related records to add to each row as \`expanded\` (comma-separated): ${expandable.join(', ')}`);
  }
  for (const key of config.list?.filters ?? []) {
    const column = columns[key];
    shape[key] = z.union([z.string().max(MAX_FILTER_LENGTH), z.array(z.string().max(200)).max(MAX_FILTER_VALUES)]).optional();
    if (RANGE_TYPES.has(column.dataType)) {
      shape[`${key}.gte`] = z.string().max(64).optional();
      shape[`${key}.lte`] = z.string().max(64).optional();
    }
  }
  return z.object(shape).strict();
}

export type ListQuery = z.infer<z.ZodObject<typeof baseQuery>> & Record<string, unknown>;

const sortable = new WeakMap<ResourceConfig, string[]>();
const columnsByConfig = new WeakMap<ResourceConfig, Record<string, PgColumn>>();

export function sortableFields(config: ResourceConfig): string[] {
  let fields = sortable.get(config);
  if (!fields) {
    fields = [...new Set([...(config.list?.sort ?? []), 'createdAt', 'updatedAt'])];
    sortable.set(config, fields);
  }
  return fields;
}

/** The table's columns by key (getTableColumns copies them on every call; lists ask on every request). */
function columnsOf(config: ResourceConfig): Record<string, PgColumn> {
  let columns = columnsByConfig.get(config);
  if (!columns) {
    columns = getTableColumns(config.table) as Record<string, PgColumn>;
    columnsByConfig.set(config, columns);
  }
  return columns;
}

export interface ListPlan {
  where: SQL[];
  orderBy: SQL[];
  /** The sort field's key, or RANK when a search orders by relevance. */
  sortKey: string;
  descending: boolean;
  /**
   * For a date sort: the sort value as PostgreSQL text, selected beside the row for the cursor.
   * PostgreSQL keeps microseconds and a JS Date only milliseconds, so a cursor built from the
   * Date would skip or repeat rows that share a millisecond. For a ranked search: the rank.
   */
  cursorValue?: SQL<string> | SQL<number>;
}

/** The sort key of a search ordered by relevance (ts_rank); not a field. */
export const RANK = '__rank';

/** The key under which listIn selects `ListPlan.cursorValue`; never sent to clients. */
export const CURSOR_VALUE = '__cursorValue';

/** Turns the parsed querystring into conditions and ordering; every value is validated by column type. */
export function planList(config: ResourceConfig, query: ListQuery): ListPlan {
  const columns = columnsOf(config);
  const where: SQL[] = [];

  const search = query.q ? searchCondition(config, query.q) : undefined;
  if (search) where.push(search);
  for (const key of config.list?.filters ?? []) {
    const column = columns[key];
    const raw = query[key];
    if (raw !== undefined) {
      const values = filterValues(key, raw);
      if (values.length > 0) {
        const parsed = values.map((v) => parseFilterValue(column, key, v));
        where.push(parsed.length === 1 ? sql`${column} = ${sql.param(parsed[0], column)}` : inArray(column, parsed));
      }
    }
    for (const [suffix, op] of [
      ['gte', gte],
      ['lte', lte],
    ] as const) {
      const bound = query[`${key}.${suffix}`];
      if (bound !== undefined && bound !== '') where.push(op(column, parseFilterValue(column, `${key}.${suffix}`, String(bound))));
    }
  }

  // A search of prose with no sort asked for: best matches first (ts_rank), then newest id.
  const rank = query.q && query.sort === undefined ? searchRank(config, query.q) : undefined;
  if (rank) {
    if (query.cursor) where.push(rankCursorCondition(query.cursor, rank, columns.id));
    // Ordered by the selected rank (CURSOR_VALUE), so it is computed once per row.
    const orderBy = [sql`${sql.identifier(CURSOR_VALUE)} desc`, desc(columns.id)];
    return { where, orderBy, sortKey: RANK, descending: true, cursorValue: rank };
  }

  const fields = sortableFields(config);
  const requested = query.sort ?? config.list?.defaultSort ?? '-createdAt';
  const descending = requested.startsWith('-');
  const sortKey = descending ? requested.slice(1) : requested;
  if (!fields.includes(sortKey)) {
    throw errors.validation({ sort: `Sort by one of: ${fields.join(', ')}` }, 'This field cannot be sorted on');
  }
  const sortColumn = columns[sortKey];
  const direction = descending ? desc : asc;
  const orderBy = [direction(sortColumn), direction(columns.id)];

  if (query.cursor) where.push(cursorCondition(query.cursor, sortColumn, columns.id, descending));
  const cursorValue = sortColumn.dataType === 'date' ? sql<string>`${sortColumn}::text` : undefined;
  return { where, orderBy, sortKey, descending, cursorValue };
}

/**
 * A filter's values, capped here (not only in the v1 querystring schema) so that no entry point
 * sends an unbounded list to the database: too many or too long is a 400.
 */
function filterValues(key: string, raw: unknown): string[] {
  const tooMany = () =>
    errors.validation(
      { [key]: `At most ${MAX_FILTER_VALUES} values of at most ${MAX_FILTER_LENGTH} characters` },
      'This filter is too long',
    );
  if (Array.isArray(raw)) {
    if (raw.length > MAX_FILTER_VALUES) throw tooMany();
    return raw.map(String).filter((v) => {
      if (v.length > MAX_FILTER_LENGTH) throw tooMany();
      return v !== '';
    });
  }
  const text = String(raw);
  if (text.length > MAX_FILTER_LENGTH) throw tooMany();
  const values = text.split(',').filter((v) => v !== '');
  if (values.length > MAX_FILTER_VALUES) throw tooMany();
  return values;
}

function parseFilterValue(column: PgColumn, key: string, value: string): unknown {
  const fail = (expected: string) => errors.validation({ [key]: `Expected ${expected}` });
  if (column.enumValues && !column.enumValues.includes(value)) throw fail(`one of ${column.enumValues.join(', ')}`);
  switch (column.columnType) {
    case 'PgUUID':
      if (!UUID.test(value)) throw fail('a UUID');
      return value;
    case 'PgBoolean':
      if (value !== 'true' && value !== 'false') throw fail('true or false');
      return value === 'true';
  }
  if (column.dataType === 'number') {
    const n = Number(value);
    if (!Number.isFinite(n)) throw fail('a number');
    return n;
  }
  if (column.dataType === 'date') {
    const d = new Date(value);
    if (Number.isNaN(d.getTime())) throw fail('a date');
    return d;
  }
  return value;
}

/** The keyset cursor: the sort value (exact, see ListPlan.cursorValue) and id of the last row of the previous page. */
export function encodeCursor(row: Record<string, unknown>, sortKey: string): string {
  const value = row[CURSOR_VALUE] ?? row[sortKey];
  return Buffer.from(JSON.stringify([value instanceof Date ? value.toISOString() : value, row.id])).toString('base64url');
}

/** A cursor's [sort value, id]; anything else is a 400. */
function decodeCursor(cursor: string): [unknown, string] {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = null;
  }
  if (!Array.isArray(decoded) || decoded.length !== 2 || typeof decoded[1] !== 'string' || !UUID.test(decoded[1])) {
    throw errors.validation({ cursor: 'Invalid cursor' });
  }
  return decoded as [unknown, string];
}

function cursorCondition(cursor: string, sortColumn: PgColumn, idColumn: PgColumn, descending: boolean): SQL {
  const [value, rawId] = decodeCursor(cursor);
  const id = sql.param(rawId, idColumn);
  const nullable = !sortColumn.notNull;
  // PostgreSQL sorts NULL last ascending and first descending: the cursor walks past them accordingly.
  if (value === null) {
    if (!nullable) throw errors.validation({ cursor: 'Invalid cursor' });
    return descending
      ? sql`((${sortColumn} is null and ${idColumn} < ${id}) or ${sortColumn} is not null)`
      : sql`(${sortColumn} is null and ${idColumn} > ${id})`;
  }
  if (!cursorValueFits(sortColumn, value)) throw errors.validation({ cursor: 'Invalid cursor' });
  let v: SQL;
  if (sortColumn.dataType === 'date') {
    // Compared as the column's own type, from text, so microseconds survive the round trip.
    v = sql`cast(${value} as ${sql.raw(sortColumn.getSQLType())})`;
  } else {
    v = sql`${sql.param(value, sortColumn)}`;
  }
  if (descending) return sql`(${sortColumn}, ${idColumn}) < (${v}, ${id})`;
  const after = sql`(${sortColumn}, ${idColumn}) > (${v}, ${id})`;
  return nullable ? sql`(${after} or ${sortColumn} is null)` : after;
}

/** After a page ordered by rank: rows ranked lower, or as high with a lower id. */
function rankCursorCondition(cursor: string, rank: SQL<number>, idColumn: PgColumn): SQL {
  const [value, id] = decodeCursor(cursor);
  if (typeof value !== 'number' || !Number.isFinite(value)) throw errors.validation({ cursor: 'Invalid cursor' });
  return sql`(${rank}, ${idColumn}) < (cast(${value} as real), ${sql.param(id, idColumn)})`;
}

/** Whether a decoded cursor value has the sort column's type (so no engine sees a mismatched parameter). */
function cursorValueFits(column: PgColumn, value: unknown): boolean {
  if (column.dataType === 'date') return typeof value === 'string' && value.length <= 64 && !Number.isNaN(new Date(value).getTime());
  if (column.columnType === 'PgBoolean') return typeof value === 'boolean';
  if (column.dataType === 'number') return typeof value === 'number' && Number.isFinite(value);
  if (column.columnType === 'PgUUID') return typeof value === 'string' && UUID.test(value);
  if (column.enumValues) return typeof value === 'string' && column.enumValues.includes(value);
  if (column.dataType === 'string') return typeof value === 'string' && value.length <= 1000;
  return false;
}

export const combine = (conditions: (SQL | undefined)[]) => and(...conditions.filter(Boolean));
