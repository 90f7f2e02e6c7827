import { getTableColumns, ilike, or, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import type { ResourceConfig, SearchField } from './types';

/**
 * What `list.search` declares, split by kind:
 * - a plain key (`'name'`) is searched by substring (`ILIKE '%term%'`, served by a trigram index);
 * - `{ field: 'body', kind: 'fulltext' }` is prose, searched by words (`@@ websearch_to_tsquery`:
 *   stems, `"quoted phrases"`, `or`, `-excluded`) over a generated `tsvector` column with a GIN
 *   index, and ranked by `ts_rank` when the caller asks for no sort.
 * Both kinds are created centrally (search-indexes.ts); a search matches a record when any field does.
 */
export interface FulltextField {
  key: string;
  /** The text column. */
  column: string;
  /** The generated tsvector column beside it. */
  vector: string;
  /** PostgreSQL text search configuration (stemming, stop words). */
  language: string;
}

export interface SearchPlan {
  substring: string[];
  fulltext: FulltextField[];
  /** The substring fields' columns. */
  substringColumns: PgColumn[];
  /** `"table"."column_tsv"` of each prose field. */
  vectors: SQL[];
}

const LANGUAGE = /^[a-z_]+$/;

export function fulltextColumnName(column: string): string {
  return `${column}_tsv`.slice(0, 63);
}

const plans = new WeakMap<ResourceConfig, SearchPlan>();

/** The resource's search fields by kind (computed once per resource). */
export function searchPlan(config: ResourceConfig): SearchPlan {
  let plan = plans.get(config);
  if (plan) return plan;
  const columns = getTableColumns(config.table) as Record<string, PgColumn>;
  plan = { substring: [], fulltext: [], substringColumns: [], vectors: [] };
  for (const entry of config.list?.search ?? []) {
    const { field, kind, language } = normalise(entry);
    const column = columns[field];
    if (!column) throw new Error(`${config.path}: search field ${field} is not a column`);
    if (kind === 'substring') {
      plan.substring.push(field);
      plan.substringColumns.push(column);
      continue;
    }
    if (column.dataType !== 'string' || column.enumValues) throw new Error(`${config.path}: full-text field ${field} is not text`);
    if (!LANGUAGE.test(language)) throw new Error(`${config.path}: invalid text search language ${language}`);
    const vector = fulltextColumnName(column.name);
    plan.fulltext.push({ key: field, column: column.name, vector, language });
    // The generated column is not one of drizzle's, so it is named here.
    plan.vectors.push(sql`${sql.identifier(getTableConfig(config.table).name)}.${sql.identifier(vector)}`);
  }
  plans.set(config, plan);
  return plan;
}

function normalise(entry: SearchField<string>): { field: string; kind: 'substring' | 'fulltext'; language: string } {
  if (typeof entry === 'string') return { field: entry, kind: 'substring', language: 'simple' };
  return { field: entry.field, kind: entry.kind, language: entry.language ?? 'english' };
}

/** The keys of every search field, whatever its kind (what the console is told). */
export function searchKeys(config: ResourceConfig): string[] {
  return (config.list?.search ?? []).map((entry) => normalise(entry).field);
}

function tsquery(field: FulltextField, q: string): SQL {
  return sql`websearch_to_tsquery(${sql.raw(`'${field.language}'`)}::regconfig, ${q})`;
}

/** The condition a search term puts on the list: any substring field contains it, or any prose field matches its words. */
export function searchCondition(config: ResourceConfig, q: string): SQL | undefined {
  const plan = searchPlan(config);
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const conditions = [
    ...plan.substringColumns.map((column) => ilike(column, pattern)),
    ...plan.fulltext.map((f, i) => sql`${plan.vectors[i]} @@ ${tsquery(f, q)}`),
  ];
  if (conditions.length === 0) return undefined;
  return conditions.length === 1 ? conditions[0] : or(...conditions);
}

/** How well a record's prose matches (ts_rank, summed over the prose fields), or undefined without prose fields. */
export function searchRank(config: ResourceConfig, q: string): SQL<number> | undefined {
  const plan = searchPlan(config);
  if (plan.fulltext.length === 0) return undefined;
  const ranks = plan.fulltext.map((f, i) => sql`ts_rank(${plan.vectors[i]}, ${tsquery(f, q)})`);
  // real: its text form reads back to the same value, so a cursor holding it is exact.
  return sql<number>`(${sql.join(ranks, sql` + `)})::real`;
}
