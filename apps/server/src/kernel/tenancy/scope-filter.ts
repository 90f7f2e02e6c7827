import { eq, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

let applicationScoping = true;

/**
 * The one place the application adds `tenant_id = …` to queries on tenant tables. The community may
 * be a placeholder (`sql.placeholder('tenantId')`) in a statement rendered once (preparedStatement).
 */
export function tenantFilter(table: { tenantId: PgColumn }, tenantId: string | Placeholder): SQL | undefined {
  return applicationScoping ? eq(table.tenantId, tenantId) : undefined;
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
