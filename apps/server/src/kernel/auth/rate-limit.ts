import type { Database } from '../db/database';
import { errors } from '../errors/app-error';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window counter kept in PostgreSQL so every server process shares it.
 * Throws a 429 with Retry-After once `key` has been hit more than `max` times in the window.
 */
export async function consumeRateLimit(db: Database, key: string, limit: Limit): Promise<void> {
  const [row] = await db.query<{ count: number; retry: number }>(
    `insert into rate_limits (key, count, reset_at) values ($1, 1, now() + make_interval(secs => $2))
     on conflict (key) do update set
       count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
       reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
     returning count, ceil(extract(epoch from reset_at - now()))::int as retry`,
    [key, limit.windowSeconds],
  );
  if (row.count > limit.max) throw errors.rateLimited(Math.max(1, row.retry));
}

/** Forget the counter (a successful sign-in clears the account's failures). */
export async function resetRateLimit(db: Database, key: string): Promise<void> {
  await db.query('delete from rate_limits where key = $1', [key]);
}
