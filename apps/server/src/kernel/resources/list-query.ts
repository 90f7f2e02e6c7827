import { and, arrayOverlaps, asc, desc, getTableColumns, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
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
export const OFFSET_MESSAGE = `Offsets stop at ${MAX_OFFSET}: page further with the cursor (nextCursor of the previous page)`;
/**
 * Totals are exact up to this many matches. Past it the count stops (it reads at most this many + 1
 * matches, so a total costs about what a page does at any match count) and the answer says so:
 * totalAtLeast, with the planner's estimate as total (totalIsEstimate). At 100,000 rows, counting a
 * ~8,600-match search exactly (the limit was 10,000) left the list a ninth of its rate without a total.
 * (A search that reads its matches first counts all it reads on the way, exactly: see readsMatchesFirst.)
 */
export const EXACT_TOTAL_LIMIT = 1_000;
/**
 * From this many expected matches the planner's estimate is the total without counting. Its
 * estimates of one table's filters are within a small factor (EXPLAIN at 1M rows: 78,853 expected,
 * 86,000 actual; a trigram search at 100,000: 7,616 expected, 8,571 actual), so three times the
 * exact limit keeps every list that could be exact, exact.
 */
export const ESTIMATE_TRUSTED_FROM = 3 * EXACT_TOTAL_LIMIT;

const baseQuery = {
  q: z.string().trim().max(200).optional().describe('Search text'),
  sort: z.string().max(64).optional().describe("Sort field, '-' prefix for descending, e.g. -createdAt"),
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(25),
  offset: z.coerce.number().int().min(0).max(MAX_OFFSET, { message: OFFSET_MESSAGE }).default(0),
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

/**
 * A list's query: paging, sort, search, and the resource's filters by field. Every part is optional
 * (limit 25, offset 0, with a total), so code listing a resource names only what it sets.
 */
export type ListQuery = Partial<z.infer<z.ZodObject<typeof baseQuery>>> & Record<string, unknown>;

const sortable = new WeakMap<ResourceConfig, string[]>();
const columnsByConfig = new WeakMap<ResourceConfig, Record<string, PgColumn>>();

export function sortableFields(config: ResourceConfig): string[] {
  let fields = sortable.get(config);
  if (!fields) {
    fields = [...new Set([...(config.list?.sort ?? []), ...Object.keys(config.list?.orderings ?? {}), 'createdAt', 'updatedAt'])];
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

/** One column of an ordering, in the direction it sorts. */
export interface SortTerm {
  key: string;
  column: PgColumn;
  descending: boolean;
}

/**
 * The columns a sort key orders by (before the id that ends every ordering): a declared ordering
 * (`list.orderings`, e.g. `sortOrder: ['sortOrder', 'name']`) or the column of that name.
 */
export function sortTerms(config: ResourceConfig, key: string): SortTerm[] {
  const columns = columnsOf(config);
  const declared = config.list?.orderings?.[key] ?? [key];
  return declared.map((term) => {
    const descending = term.startsWith('-');
    const name = descending ? term.slice(1) : term;
    return { key: name, column: columns[name], descending };
  });
}

export interface ListPlan {
  where: SQL[];
  /** The search term's condition (one of `where`), when the list is searched. */
  search?: SQL;
  orderBy: SQL[];
  /** The sort key (a field or a declared ordering), or RANK when a search orders by relevance. */
  sortKey: string;
  descending: boolean;
  /** What the cursor holds, in order, before the id: the sort columns' keys (or RANK). */
  cursorKeys: string[];
  /**
   * Values selected beside the row for the cursor, under `cursorKey(i)`: for each date column of the
   * sort, its value as PostgreSQL text (PostgreSQL keeps microseconds and a JS Date only
   * milliseconds, so a cursor built from the Date would skip or repeat rows that share a
   * millisecond); for a ranked search, the rank.
   */
  cursorValues: Record<string, SQL<string> | SQL<number>>;
}

/** The sort key of a search ordered by relevance (ts_rank); not a field. */
export const RANK = '__rank';

/** The key (prefix) under which listIn selects `ListPlan.cursorValues`; never sent to clients. */
export const CURSOR_VALUE = '__cursorValue';

/** The selected key of the cursor's i-th value: `__cursorValue`, then `__cursorValue1`, … */
export const cursorKey = (i: number) => (i === 0 ? CURSOR_VALUE : `${CURSOR_VALUE}${i}`);

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
        where.push(filterCondition(column, key, values));
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
    return { where, search, orderBy, sortKey: RANK, descending: true, cursorKeys: [RANK], cursorValues: { [CURSOR_VALUE]: rank } };
  }

  const fields = sortableFields(config);
  const requested = query.sort ?? config.list?.defaultSort ?? '-createdAt';
  const descending = requested.startsWith('-');
  const sortKey = descending ? requested.slice(1) : requested;
  if (!fields.includes(sortKey)) {
    throw errors.validation({ sort: `Sort by one of: ${fields.join(', ')}` }, 'This field cannot be sorted on');
  }
  // A descending request turns every column of the ordering around.
  const terms = sortTerms(config, sortKey).map((t) => ({ ...t, descending: t.descending !== descending }));
  const orderBy = [...terms.map((t) => (t.descending ? desc : asc)(t.column)), (descending ? desc : asc)(columns.id)];

  if (query.cursor) where.push(cursorCondition(query.cursor, terms, columns.id, descending));
  const cursorValues: Record<string, SQL<string>> = {};
  terms.forEach((t, i) => {
    if (t.column.dataType === 'date') cursorValues[cursorKey(i)] = sql<string>`${t.column}::text`;
  });
  return { where, search, orderBy, sortKey, descending, cursorKeys: terms.map((t) => t.key), cursorValues };
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

/**
 * A filter's condition: equal to one of the values; for a list column (tags, a uuid[] relation),
 * holding any of them (`&&`, served by the column's GIN index).
 */
function filterCondition(column: PgColumn, key: string, values: string[]): SQL {
  const element = (column as PgColumn & { baseColumn?: PgColumn }).baseColumn;
  if (column.dataType === 'array' && element) {
    const parsed = values.map((v) => parseFilterValue(element, key, v));
    return arrayOverlaps(column, parsed);
  }
  const parsed = values.map((v) => parseFilterValue(column, key, v));
  return parsed.length === 1 ? sql`${column} = ${sql.param(parsed[0], column)}` : inArray(column, parsed);
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

/**
 * The keyset cursor: the sort values (exact, see ListPlan.cursorValues) and the id of the last row
 * of the previous page, e.g. `[value, id]` for a one-column sort.
 */
export function encodeCursor(row: Record<string, unknown>, keys: string[]): string {
  const values = keys.map((key, i) => {
    const value = row[cursorKey(i)] ?? row[key];
    return value instanceof Date ? value.toISOString() : value;
  });
  return Buffer.from(JSON.stringify([...values, row.id])).toString('base64url');
}

/** A cursor's `count` sort values and the id after them; anything else is a 400. */
function decodeCursor(cursor: string, count: number): { values: unknown[]; id: string } {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = null;
  }
  const id = Array.isArray(decoded) ? decoded[count] : undefined;
  if (!Array.isArray(decoded) || decoded.length !== count + 1 || typeof id !== 'string' || !UUID.test(id)) {
    throw errors.validation({ cursor: 'Invalid cursor' });
  }
  return { values: decoded.slice(0, count), id };
}

function cursorCondition(cursor: string, terms: SortTerm[], idColumn: PgColumn, descending: boolean): SQL {
  const { values, id: rawId } = decodeCursor(cursor, terms.length);
  for (const [i, t] of terms.entries()) {
    const value = values[i];
    // PostgreSQL sorts NULL last ascending and first descending; a NULL only fits a nullable column.
    if (value === null ? t.column.notNull : !cursorValueFits(t.column, value)) throw errors.validation({ cursor: 'Invalid cursor' });
  }
  const id = sql`${sql.param(rawId, idColumn)}`;
  if (terms.length === 1 && terms[0].descending === descending) return singleColumnAfter(terms[0], values[0], idColumn, id, descending);
  // Several columns in one direction, none of them nullable (sortOrder then name): one row
  // comparison, which an index (tenant_id, [scope's columns,] c1, c2, id) starts its range at, so
  // a page reached by cursor reads its rows and no more, however deep.
  if (terms.every((t) => t.descending === descending && t.column.notNull)) {
    const columns = sql.join([...terms.map((t) => sql`${t.column}`), sql`${idColumn}`], sql`, `);
    const bounds = sql.join([...terms.map((t, i) => literal(t.column, values[i])), id], sql`, `);
    return descending ? sql`(${columns}) < (${bounds})` : sql`(${columns}) > (${bounds})`;
  }
  // Several columns, each in its own direction: after the cursor means equal on the first k columns
  // and after it on the next one, for some k (the id last).
  const alternatives: SQL[] = [];
  const equalSoFar: SQL[] = [];
  for (const [i, t] of terms.entries()) {
    const after = columnAfter(t, values[i]);
    if (after) alternatives.push(and(...equalSoFar, after) as SQL);
    equalSoFar.push(values[i] === null ? sql`${t.column} is null` : sql`${t.column} = ${literal(t.column, values[i])}`);
  }
  alternatives.push(and(...equalSoFar, descending ? sql`${idColumn} < ${id}` : sql`${idColumn} > ${id}`) as SQL);
  // Every alternative lies at or after the cursor's first value: said apart, it is where an index
  // on the ordering starts reading (the alternatives alone would be checked from the list's start).
  const [first] = terms;
  const bound =
    values[0] !== null && first.column.notNull
      ? sql`${first.column} ${sql.raw(first.descending ? '<=' : '>=')} ${literal(first.column, values[0])}`
      : undefined;
  return bound ? sql`(${bound} and (${or(...alternatives)}))` : sql`(${or(...alternatives)})`;
}

/** A cursor value as the column's own type (a date from text, so microseconds survive the round trip). */
function literal(column: PgColumn, value: unknown): SQL {
  return column.dataType === 'date' ? sql`cast(${value} as ${sql.raw(column.getSQLType())})` : sql`${sql.param(value, column)}`;
}

/**
 * Rows strictly after `value` in this column's direction. PostgreSQL sorts NULL last ascending and
 * first descending, so nothing follows a NULL ascending and every non-NULL follows one descending.
 */
function columnAfter(t: SortTerm, value: unknown): SQL | undefined {
  if (value === null) return t.descending ? sql`${t.column} is not null` : undefined;
  const v = literal(t.column, value);
  if (t.descending) return sql`${t.column} < ${v}`;
  return t.column.notNull ? sql`${t.column} > ${v}` : sql`(${t.column} > ${v} or ${t.column} is null)`;
}

/** The one-column case as a row comparison, which an index (tenant_id, column, id) serves directly. */
function singleColumnAfter(t: SortTerm, value: unknown, idColumn: PgColumn, id: SQL, descending: boolean): SQL {
  const sortColumn = t.column;
  if (value === null) {
    return descending
      ? sql`((${sortColumn} is null and ${idColumn} < ${id}) or ${sortColumn} is not null)`
      : sql`(${sortColumn} is null and ${idColumn} > ${id})`;
  }
  const v = literal(sortColumn, value);
  if (descending) return sql`(${sortColumn}, ${idColumn}) < (${v}, ${id})`;
  const after = sql`(${sortColumn}, ${idColumn}) > (${v}, ${id})`;
  return sortColumn.notNull ? after : sql`(${after} or ${sortColumn} is null)`;
}

/** After a page ordered by rank: rows ranked lower, or as high with a lower id. */
function rankCursorCondition(cursor: string, rank: SQL<number>, idColumn: PgColumn): SQL {
  const {
    values: [value],
    id,
  } = decodeCursor(cursor, 1);
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
