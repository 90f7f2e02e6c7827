import { getTableColumns } from 'drizzle-orm';
import { getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database';
import type { Resource } from './resource';

/**
 * Search indexes are created centrally, like row-level security, rather than declared per table:
 * a column named in a resource's `list.search` gets a trigram GIN index (`pg_trgm`) because it is
 * named there, so no later resource can forget it and no migration has to repeat the list. The
 * index names are derived (`<table>_<column>_trgm`), so this is idempotent and only missing ones
 * are built (on start, after the migrations). test/indexes.test.ts checks every declared search
 * column is served on the migrated database.
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
    for (const key of resource.config.list?.search ?? []) {
      const column = columns[key]?.name;
      if (!column) throw new Error(`${resource.path}: search field ${key} is not a column`);
      seen.set(`${table}.${column}`, { table, column });
    }
  }
  return [...seen.values()];
}

export async function ensureSearchIndexes(db: Database, resources: Resource[], warn: (message: string) => void = () => {}): Promise<void> {
  try {
    await db.query('create extension if not exists pg_trgm');
  } catch {
    // A role that may not create extensions still starts: search works, unindexed.
    warn('Search runs without indexes: pg_trgm is not installed and this role may not create it (`create extension pg_trgm`)');
    return;
  }
  const [fn] = await db.query<{ leakproof: boolean }>("select proleakproof as leakproof from pg_proc where proname = 'texticlike'");
  if (!fn?.leakproof) {
    try {
      await db.query('alter function texticlike(text, text) leakproof');
    } catch {
      warn('Search cannot use its indexes under row-level security: run `alter function texticlike(text, text) leakproof` as a superuser');
    }
  }
  const existing = new Set(
    (await db.query<{ name: string }>("select indexname as name from pg_indexes where schemaname = 'public'")).map((r) => r.name),
  );
  for (const { table, column } of declaredSearchColumns(resources)) {
    const name = searchIndexName(table, column);
    if (existing.has(name)) continue;
    await db.query(`create index if not exists "${name}" on "${table}" using gin ("${column}" gin_trgm_ops)`);
  }
}
