import { eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

let applicationScoping = true;

/**
 * The one place the application adds `tenant_id = …` to queries on tenant tables. The community may
 * be a placeholder (`sql.placeholder('tenantId')`) in a statement rendered once (preparedStatement).
 */
export function tenantFilter(table: { tenantId: PgColumn }, tenantId: string | Placeholder): SQL | undefined {
  return applicationScoping ? eq(table.tenantId, tenantId) : undefined;
}

/**
 * The join condition of two tenant tables' rows: the same community. Always on (a join, not a filter:
 * composite keys need it whatever the tests switch off); it takes columns only, so a value (a row's or
 * the caller's community) cannot be passed where tenantFilter belongs.
 */
export function sameCommunity(a: { tenantId: PgColumn }, b: { tenantId: PgColumn }): SQL {
  return eq(a.tenantId, b.tenantId);
}

/**
 * tenantFilter for a statement written in SQL: `[alias.]tenant_id = <community>`, or `true` when the
 * tests turn the application-side filter off (so the statement still reads `where … and …`).
 */
export function inCommunity(tenantId: string | SQL | Placeholder, alias?: string): SQL {
  if (!applicationScoping) return sql`true`;
  return alias ? sql`${sql.identifier(alias)}.tenant_id = ${tenantId}` : sql`tenant_id = ${tenantId}`;
}

/** Whether tenantFilter adds its filter (tests turn it off): a statement rendered once is rendered per setting. */
export function applicationScopingOn(): boolean {
  return applicationScoping;
}

/**
 * Tests only: turn the application-side filter off to show that row-level security alone still
 * hides other communities' rows.
 */
export function setApplicationScoping(enabled: boolean): void {
  applicationScoping = enabled;
}
