import { sql } from 'drizzle-orm';
import { type Database, inCommunity, queryRows } from '../../../kernel/resources';

// The rate limit every server process shares: per community and key (channel:provider), a token
// bucket refilled at `perSecond` (holding at most a tenth of a second's worth, so a burst stays
// small) and a sliding window of `windowMax` per `windowSeconds` (two fixed windows, the previous
// one weighted by how much of it still overlaps). One locked row per key; a taker asks for what it
// is about to send and gets what both allow now, or the time to wait.
//
// The bucket's time is the database's clock (`clock_timestamp()`, read under the row's lock, so it
// only moves forward), or the instant the caller passes (a send clock that drives the limiter: a
// test's fake clock). Either way the bucket never goes back in time: an instant before the row's
// last refill counts as that refill, and the wait is measured from the caller's instant.

export interface Rate {
  perSecond: number;
  windowSeconds: number;
  windowMax: number;
}

export interface Grant {
  /** Tokens taken (0: the window is full). */
  granted: number;
  /** How long after the caller's instant to send what was granted (or, when nothing was, to ask again). */
  waitMs: number;
}

export async function takeTokens(
  db: Database,
  tenantId: string,
  key: string,
  want: number,
  rate: Rate,
  /** The caller's instant (ms since the epoch); absent: the database's clock. */
  at?: number,
): Promise<Grant> {
  const burst = Math.max(1, rate.perSecond / 10);
  const now = at === undefined ? sql`clock_timestamp()` : sql`${new Date(at).toISOString()}::timestamptz`;
  return db.withTenant(tenantId, async (tx) => {
    await tx.execute(
      sql`insert into campaign_throttles (tenant_id, key, tokens, refilled_at, window_start) values (${tenantId}, ${key}, ${burst}, ${now}, ${now})
          on conflict (tenant_id, key) do nothing`,
    );
    const result = await queryRows<{ tokens: number; elapsed: number; in_window: number; window_count: number; previous_count: number }>(
      tx,
      sql`select tokens, extract(epoch from ${now} - refilled_at)::float8 as elapsed,
                 extract(epoch from ${now} - window_start)::float8 as in_window, window_count, previous_count
            from campaign_throttles where ${inCommunity(tenantId)} and key = ${key} for update`,
    );
    const row = result[0];
    // Behind the bucket (another caller's later instant): the bucket's time is its last refill.
    const behind = Math.max(0, -Number(row.elapsed));
    const tokens = Math.min(burst, Number(row.tokens) + Math.max(0, Number(row.elapsed)) * rate.perSecond);
    let inWindow = Math.max(0, Number(row.in_window) - behind);
    let count = Number(row.window_count);
    let previous = Number(row.previous_count);
    let shift = 0;
    if (inWindow >= rate.windowSeconds) {
      const windows = Math.floor(inWindow / rate.windowSeconds);
      previous = windows === 1 ? count : 0;
      count = 0;
      shift = windows * rate.windowSeconds;
      inWindow -= shift;
    }
    const overlap = Math.max(0, 1 - inWindow / rate.windowSeconds);
    const windowRoom = Math.max(0, Math.floor(rate.windowMax - previous * overlap - count));
    // A reservation: the tokens are taken now, the balance may go below zero, and the taker waits
    // until its last token is due: one statement per chunk whatever the rate, and the rate exact.
    const granted = Math.max(0, Math.min(want, windowRoom));
    const balance = tokens - granted;
    await tx.execute(
      sql`update campaign_throttles set tokens = ${balance}, refilled_at = greatest(refilled_at, ${now}),
            window_start = window_start + make_interval(secs => ${shift}), window_count = ${count + granted}, previous_count = ${previous},
            updated_at = now()
          where ${inCommunity(tenantId)} and key = ${key}`,
    );
    const lag = behind * 1000;
    if (granted === 0) return { granted, waitMs: lag + Math.max(50, Math.min(60_000, (rate.windowSeconds - inWindow) * 1000)) };
    return { granted, waitMs: lag + (balance < 0 ? Math.ceil((-balance / rate.perSecond) * 1000) : 0) };
  });
}
