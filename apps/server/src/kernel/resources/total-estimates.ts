import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database';
import { perDatabase } from '../db/per-database';

/** How long a planner's estimate of a list's size is reused. */
export const ESTIMATE_TTL_MS = 60_000;
/** The most estimates kept per database (the oldest go first). */
const MAX_ESTIMATES = 5_000;

const dialect = new PgDialect();

/**
 * The planner's estimates of lists' sizes, per community and filter, reused for a minute. Asking
 * the planner (an EXPLAIN) is a round trip and a planning of its own — at 100,000 rows it cost a
 * list with a total ~40% of its rate — for a number that only moves with the table's statistics
 * (ANALYZE), and that the answer flags as an estimate anyway. Only estimates are kept: an exact
 * count is counted on every request (it is capped, see countUpTo), so no write is ever missed.
 */
class TotalEstimates {
  private readonly entries = new Map<string, { estimate: number; until: number }>();

  async get(tenantId: string, query: SQL, ask: () => Promise<number>): Promise<number> {
    const { sql, params } = dialect.sqlToQuery(query);
    const key = `${tenantId}\u0000${sql}\u0000${JSON.stringify(params.map(toTheMinute))}`;
    const now = Date.now();
    const kept = this.entries.get(key);
    if (kept && kept.until > now) return kept.estimate;
    const estimate = await ask();
    this.entries.delete(key);
    if (this.entries.size >= MAX_ESTIMATES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { estimate, until: now + ESTIMATE_TTL_MS });
    return estimate;
  }
}

/**
 * A moment as its minute: a view's scope compares with the time of the request (published before
 * now), whose estimate hardly moves within a minute; keyed to the millisecond, it would never be reused.
 */
function toTheMinute(param: unknown): unknown {
  if (param instanceof Date) return param.toISOString().slice(0, 16);
  if (typeof param === 'string' && MOMENT.test(param)) return param.slice(0, 16);
  return param;
}
const MOMENT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}/;

export const totalEstimates = perDatabase((_db: Database) => new TotalEstimates());
