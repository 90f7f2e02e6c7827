import { sql } from 'drizzle-orm';
import type { Scope } from '../auth/context';
import type { Database, Db } from '../db/database';
import { queryRows } from '../db/select-rows';
import type { Resource } from './resource';

/**
 * Metered records: a resource declares that its records count toward one of the community's limits
 * (`meter: 'products'`, or `meter: { key: 'storage', column: 'size' }` where each record counts its
 * column's amount). The kit takes that amount from the limit in the write's own transaction wherever
 * records are made — create, the CSV import (per row, or reserved per batch for a resource's own
 * importer), compat, revisions, seeds through the kit — and gives it back when they are deleted.
 * The limits are a module's (the `quotas` port: billing); without one, nothing is counted. A refusal
 * is the port's error (402 naming the limit), which rolls the write back.
 */
export type MeterDeclaration = string | { key: string; column: string };

/** Quota keys the areas use; any other key a module declares works the same way. */
export type QuotaKey =
  | 'messages:email'
  | 'messages:sms'
  | 'messages:whatsapp'
  | 'messages:push'
  | 'ai'
  | 'storage'
  | 'admins'
  | 'products'
  | 'contacts'
  | (string & {});

/**
 * The `quotas` port (provided by billing): every area takes from a community's limits through it at
 * the point of use, and the kit does for metered resources and uploads.
 */
export interface Metering {
  /** Takes `amount` of the community's limit `key` inside the caller's transaction (exact under
   *  concurrency); throws AppError 402 `quota_exceeded` naming the limit and the add-on that lifts it. */
  consume(tx: Db, scope: Scope, key: QuotaKey, amount: number): Promise<void>;
  /** Gives back what a failed or cancelled piece of work consumed. */
  release(tx: Db, scope: Scope, key: QuotaKey, amount: number): Promise<void>;
}

declare module '../ports' {
  interface Ports {
    quotas: Metering;
  }
}

const providers = new WeakMap<Database, () => Metering | undefined>();

/** The app binds where metering comes from (the module that provides `quotas`, looked up when used). */
export function bindMetering(db: Database, provider: () => Metering | undefined): void {
  providers.set(db, provider);
}

const meteringOf = (db: Database) => providers.get(db)?.();

export const meterKey = (meter: MeterDeclaration) => (typeof meter === 'string' ? meter : meter.key);

/** The amount records take from their limit: one each, or the sum of their metered column. */
export function meterAmount(meter: MeterDeclaration, records: Record<string, unknown>[]): number {
  if (typeof meter === 'string') return records.length;
  return records.reduce((sum, r) => sum + Math.max(0, Math.round(Number(r[meter.column] ?? 0))), 0);
}

/** Takes `amount` of `key` in the write's transaction (no-op without a quota service or for 0). */
export async function takeMeter(tx: Db, scope: Scope, key: string, amount: number): Promise<void> {
  if (amount <= 0) return;
  await meteringOf(scope.db)?.consume(tx, scope, key, amount);
}

/** Gives `amount` of `key` back in the write's transaction. */
export async function giveMeter(tx: Db, scope: Scope, key: string, amount: number): Promise<void> {
  if (amount <= 0) return;
  await meteringOf(scope.db)?.release(tx, scope, key, amount);
}

/**
 * What the records metered as `key` amount to in a community now (rows, or their column's sum),
 * over every resource that declares it: where a quota service starts counting from.
 */
export async function meteredTotal(tx: Db, resources: Resource[], tenantId: string, key: string): Promise<number> {
  let total = 0;
  for (const resource of resources) {
    const meter = resource.config.meter;
    if (!meter || meterKey(meter) !== key || resource.platform) continue;
    const table = resource.table as unknown as Record<string, unknown>;
    const column = typeof meter === 'string' ? undefined : table[meter.column];
    const amount = column ? sql`coalesce(sum(${column}), 0)::bigint` : sql`count(*)::bigint`;
    const [row] = await queryRows<{ n: string | number }>(
      tx,
      sql`select ${amount} as n from ${resource.table} where tenant_id = ${tenantId}`,
    );
    total += Number(row?.n ?? 0);
  }
  return total;
}
