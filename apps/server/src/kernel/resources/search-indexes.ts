import { getTableColumns } from 'drizzle-orm';
import { getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database';
import type { Resource } from './resource';
import { type FulltextField, searchPlan } from './search';

/**
 * Search indexes are created centrally, like row-level security, rather than declared per table:
 * a column named in a resource's `list.search` gets a trigram GIN index (`pg_trgm`) because it is
 * named there, and a prose field (`{ field, kind: 'fulltext' }`) a generated tsvector column with
 * a GIN index (ensureFulltextIndexes), so no later resource can forget them and no migration has
 * to repeat the list. The names are derived (`<table>_<column>_trgm`, `_tsv`, `_fts`), so this is
 * idempotent and only missing ones are built (on start, after the migrations).
 * test/indexes.test.ts checks every declared search column is served on the migrated database.
 *
 * Row-level security: PostgreSQL only uses a condition as an index condition under a policy when
 * its function is LEAKPROOF, and `ILIKE` (texticlike) is not marked so by default: the search
 * then falls back to a sequential scan of the table. texticlike only fails on a malformed
 * *pattern* (the search text, which the kit escapes), never on a row's value, so marking it
 * leakproof reveals nothing of other tenants' rows. It needs a superuser; without one the search
 * still works (the tenant filter still applies) but the planner will not use the trigram index,
 * and a warning is logged.
 *
 * Terms shorter than 3 characters have no trigram: such searches walk the tenant's sort index and
 * filter, which stops early for common terms (a page is quickly full) and is bounded by the
 * tenant's size for rare ones.
 *
 * The pending list. A GIN index first appends new entries to an unsorted "pending list" and merges
 * them into the index only when the list outgrows `gin_pending_list_limit` (4 MB by default) or
 * VACUUM runs; every search reads the whole list. At 4 MB that is ~500 pages per searched column,
 * read on every search, and the planner prices it in: with 100,000 orders inserted after start,
 * `customer_name ILIKE '%Meera Iyer%'` was planned as a sequential scan (150 ms; 3 ms through the
 * index once merged). The search indexes hold at most SEARCH_PENDING_KB (16 pages) instead: writes
 * still merge in batches (a bulk insert of 100,000 rows into three trigram indexes took 6 s instead
 * of 3 s; with no pending list at all, 25 s), and a search never reads more than those pages.
 */
export function searchIndexName(table: string, column: string): string {
  return `${table}_${column}_trgm`.slice(0, 63);
}

/** Every (table, column) a resource searches by substring. */
export function declaredSearchColumns(resources: Resource[]): { table: string; column: string }[] {
  const seen = new Map<string, { table: string; column: string }>();
  for (const resource of resources) {
    const table = getTableConfig(resource.table).name;
    const columns = getTableColumns(resource.table) as Record<string, PgColumn>;
    for (const key of searchPlan(resource.config).substring) {
      const column = columns[key].name;
      seen.set(`${table}.${column}`, { table, column });
    }
  }
  return [...seen.values()];
}

/** Every (table, prose column) a resource searches by words, with its generated tsvector column. */
export function declaredFulltextColumns(resources: Resource[]): ({ table: string } & FulltextField)[] {
  const seen = new Map<string, { table: string } & FulltextField>();
  for (const resource of resources) {
    const table = getTableConfig(resource.table).name;
    for (const field of searchPlan(resource.config).fulltext) {
      const key = `${table}.${field.column}`;
      const other = seen.get(key);
      if (other && other.language !== field.language) throw new Error(`${table}.${field.column} is searched in two languages`);
      seen.set(key, { table, ...field });
    }
  }
  return [...seen.values()];
}

export function fulltextIndexName(table: string, column: string): string {
  return `${table}_${column}_fts`.slice(0, 63);
}

/** The statistics target of searched columns (PostgreSQL's default is 100). */
export const SEARCH_STATISTICS = 500;

/** The largest pending list of a search index, in kB (see above; PostgreSQL's default is 4096). */
export const SEARCH_PENDING_KB = 128;
const SEARCH_INDEX_OPTIONS = `with (gin_pending_list_limit = ${SEARCH_PENDING_KB})`;

export async function ensureSearchIndexes(db: Database, resources: Resource[], warn: (message: string) => void = () => {}): Promise<void> {
  const existing = new Set(
    (await db.query<{ name: string }>("select indexname as name from pg_indexes where schemaname = 'public'")).map((r) => r.name),
  );
  await boundPendingLists(db, resources, existing);
  await ensureFulltextIndexes(db, resources, existing, warn);
  try {
    await db.query('create extension if not exists pg_trgm');
  } catch {
    // A role that may not create extensions still starts: search works, unindexed.
    warn('Search runs without indexes: pg_trgm is not installed and this role may not create it (`create extension pg_trgm`)');
    return;
  }
  await ensureLeakproof(db, 'texticlike', 'texticlike(text, text)', warn);
  // Targets set by an earlier version are brought to this one's (a catalogue read, then only the changes).
  const targets = new Map(
    (
      await db.query<{ key: string; target: number }>(
        `select c.relname || '.' || a.attname as key, coalesce(a.attstattarget, -1)::int as target
           from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and a.attnum > 0`,
      )
    ).map((r) => [r.key, r.target]),
  );
  for (const { table, column } of declaredSearchColumns(resources)) {
    const name = searchIndexName(table, column);
    if (!existing.has(name))
      await db.query(`create index if not exists "${name}" on "${table}" using gin ("${column}" gin_trgm_ops) ${SEARCH_INDEX_OPTIONS}`);
    // The planner guesses how many rows a '%term%' matches from the column's histogram, and never
    // less than about one in twice its number of entries, for each searched column. That guess
    // picks between walking the sort's index until a page is full and reading the trigram index's
    // matches: a rare term guessed too common walks the index far past the page. Five times the
    // default sample keeps the guess close for rare terms: at 300, the orders' search for a name
    // that one order in 576 has (three columns searched, 100k orders) was guessed at 1 in 288 and
    // walked 15,000 rows (17 ms) instead of reading the 175 trigram matches (2.4 ms); at 500 it is
    // guessed at 196 rows, every analyze, and read from the index. Matching the term against every
    // histogram entry costs planning time: "walnut" at 1M products plans in ~1.8 ms at 300, ~2.0 ms
    // at 500 and ~2.8 ms at 1,000 (twice per counted list: the page, then the estimate of its total).
    if (targets.get(`${table}.${column}`) !== SEARCH_STATISTICS)
      await db.query(`alter table "${table}" alter column "${column}" set statistics ${SEARCH_STATISTICS}`);
  }
}

/**
 * Prose: a stored generated `tsvector` column beside the text (`body` → `body_tsv`, computed by
 * PostgreSQL on every write, so ranking reads it instead of re-parsing the text) and a GIN index
 * on it. Not a drizzle column: the kit selects declared columns only, so clients never see it.
 * `@@` (ts_match_vq) must be leakproof for the index to serve under row-level security, like
 * texticlike: it compares a tsvector with a tsquery and fails on neither a row's value nor the
 * search text (websearch_to_tsquery accepts any text).
 */
async function ensureFulltextIndexes(db: Database, resources: Resource[], existing: Set<string>, warn: (message: string) => void) {
  const fields = declaredFulltextColumns(resources);
  if (fields.length === 0) return;
  await ensureLeakproof(db, 'ts_match_vq', 'ts_match_vq(tsvector, tsquery)', warn);
  const present = new Set(
    (
      await db.query<{ table: string; column: string }>(
        `select c.relname as table, a.attname as column
           from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped and a.atttypid = 'tsvector'::regtype`,
      )
    ).map((r) => `${r.table}.${r.column}`),
  );
  for (const { table, column, vector, language } of fields) {
    if (!present.has(`${table}.${vector}`)) {
      await db.query(
        `alter table "${table}" add column if not exists "${vector}" tsvector
           generated always as (to_tsvector('${language}'::regconfig, coalesce("${column}", ''))) stored`,
      );
    }
    const name = fulltextIndexName(table, column);
    if (!existing.has(name))
      await db.query(`create index if not exists "${name}" on "${table}" using gin ("${vector}") ${SEARCH_INDEX_OPTIONS}`);
  }
}

/**
 * The declared search indexes built before their pending list was bounded get the bound, and what
 * their list holds is merged into the index now rather than read by every search.
 */
async function boundPendingLists(db: Database, resources: Resource[], existing: Set<string>) {
  const names = [
    ...declaredSearchColumns(resources).map(({ table, column }) => searchIndexName(table, column)),
    ...declaredFulltextColumns(resources).map(({ table, column }) => fulltextIndexName(table, column)),
  ].filter((name) => existing.has(name));
  if (names.length === 0) return;
  const unbounded = await db.query<{ name: string }>(
    `select i.relname as name from pg_class i join pg_namespace n on n.oid = i.relnamespace
      where n.nspname = 'public' and i.relname = any($1::text[])
        and not coalesce(i.reloptions @> array['gin_pending_list_limit=${SEARCH_PENDING_KB}'], false)`,
    [names],
  );
  for (const { name } of unbounded) {
    await db.query(`alter index "${name}" set (gin_pending_list_limit = ${SEARCH_PENDING_KB})`);
    await db.query('select gin_clean_pending_list($1::regclass)', [`"${name}"`]);
  }
}

/**
 * The containment comparisons GIN indexes serve outside search: `&&` and `@>` on lists (tags,
 * uuid[] relations; the kit's list filters and segment rules) and `@>` on jsonb (custom attributes,
 * jsonb_path_ops). Like texticlike, PostgreSQL ships them not LEAKPROOF, so under row-level security
 * the planner neither uses their indexes (a sequential scan of the tenant's rows instead) nor reads
 * the column statistics to estimate them (a default guess, wrong by 30× for a segment's rules). They
 * compare two values of the same type and fail on neither operand's contents (only on arrays of two
 * different element types, a matter of the query's types), so a row's value cannot leak through them.
 * Needs a superuser, else warns (the queries still run, unindexed).
 */
export async function ensureContainmentLeakproof(db: Database, warn: (message: string) => void = () => {}): Promise<void> {
  for (const [name, signature] of [
    ['arrayoverlap', 'arrayoverlap(anyarray, anyarray)'],
    ['arraycontains', 'arraycontains(anyarray, anyarray)'],
    ['jsonb_contains', 'jsonb_contains(jsonb, jsonb)'],
  ]) {
    await ensureLeakproof(db, name, signature, warn, 'List and attribute filters');
  }
}

/** Marks a built-in comparison leakproof (see above) if it is not yet; needs a superuser, else warns. */
async function ensureLeakproof(db: Database, name: string, signature: string, warn: (message: string) => void, what = 'Search') {
  const [fn] = await db.query<{ leakproof: boolean }>('select bool_and(proleakproof) as leakproof from pg_proc where proname = $1', [name]);
  if (fn?.leakproof) return;
  try {
    await db.query(`alter function ${signature} leakproof`);
  } catch {
    warn(`${what} cannot use its indexes under row-level security: run \`alter function ${signature} leakproof\` as a superuser`);
  }
}
