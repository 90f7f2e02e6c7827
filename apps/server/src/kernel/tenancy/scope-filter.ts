import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

let applicationScoping = true;

/** The one place the application adds `tenant_id = …` to queries on tenant tables. */
export function tenantFilter(table: { tenantId: PgColumn }, tenantId: string): SQL | undefined {
  return applicationScoping ? eq(table.tenantId, tenantId) : undefined;
}

/**
 * Tests only: turn the application-side filter off to show that row-level security alone still
 * hides other communities' rows.
 */
export function setApplicationScoping(enabled: boolean): void {
  applicationScoping = enabled;
}
