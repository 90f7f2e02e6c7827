import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database';
import { errors } from '../errors/app-error';

export interface Limit {
  max: number;
  windowSeconds: number;
  /** Past `max`, each further hit doubles the wait (sign-in protection). */
  backoff?: boolean;
}

type Counter = { current: number; ttl: number };
type Callback = (err: Error | null, res?: Counter) => void;

/** How often (at most) a process deletes expired counters. */
export const SWEEP_INTERVAL_MS = 60_000;

/**
 * A store for @fastify/rate-limit on the shared database (`rate_limits`, an unlogged table: a hit
 * waits for no WAL flush), so every server process counts together. Fixed windows; with `exponentialBackoff`, every hit past `max` doubles the window.
 * Expired counters are deleted (at most once a minute per process), so spoofed or one-off keys do
 * not grow the table.
 */
export class DatabaseRateLimitStore {
  private lastSweep = 0;

  constructor(
    private readonly db: Database,
    private readonly exponentialBackoff = false,
  ) {}

  incr(key: string, cb: Callback, timeWindowMs: number, max: number) {
    this.hit(key, timeWindowMs, max).then(
      (res) => cb(null, res),
      (err) => cb(err as Error),
    );
  }

  read(key: string, cb: Callback) {
    this.db
      .query<{ count: number; ttl: number }>(
        `select count, greatest(0, ceil(extract(epoch from reset_at - now()) * 1000))::int as ttl
           from rate_limits where key = $1 and reset_at > now()`,
        [key],
      )
      .then(
        ([row]) => cb(null, row ? { current: row.count, ttl: row.ttl } : { current: 0, ttl: 0 }),
        (err) => cb(err as Error),
      );
  }

  child(params: { exponentialBackoff?: boolean }) {
    const store = new DatabaseRateLimitStore(this.db, params.exponentialBackoff ?? false);
    store.lastSweep = this.lastSweep;
    return store;
  }

  async hit(key: string, timeWindowMs: number, max: number): Promise<Counter> {
    await this.sweepIfDue();
    const [row] = await this.db.query<{ count: number; ttl: number }>(
      `insert into rate_limits (key, count, reset_at) values ($1, 1, now() + make_interval(secs => $2 / 1000.0))
       on conflict (key) do update set
         count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
         reset_at = case
           when rate_limits.reset_at <= now() then excluded.reset_at
           when $4 and rate_limits.count + 1 > $3
             then now() + make_interval(secs => least($2 / 1000.0 * power(2, rate_limits.count - $3), 86400))
           else rate_limits.reset_at end
       returning count, greatest(0, ceil(extract(epoch from reset_at - now()) * 1000))::int as ttl`,
      [key, timeWindowMs, max, this.exponentialBackoff],
    );
    return { current: row.count, ttl: row.ttl };
  }

  async reset(key: string) {
    await this.db.query('delete from rate_limits where key = $1', [key]);
  }

  /** Deletes expired counters; returns how many. */
  async sweep(): Promise<number> {
    this.lastSweep = Date.now();
    const rows = await this.db.query<{ key: string }>('delete from rate_limits where reset_at <= now() returning key');
    return rows.length;
  }

  private async sweepIfDue() {
    if (Date.now() - this.lastSweep >= SWEEP_INTERVAL_MS) await this.sweep();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: DatabaseRateLimitStore;
  }
}

/**
 * @fastify/rate-limit on the database store (routes opt in with `config.rateLimit`), and
 * `app.rateLimits` for limits keyed on more than the client address (an account, a device).
 * The client address is `req.ip`, which honours X-Forwarded-For only from TRUST_PROXY.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const store = new DatabaseRateLimitStore(app.db);
  app.decorate('rateLimits', store);
  await app.register(rateLimit, {
    global: false,
    store: class {
      constructor(params: { exponentialBackoff?: boolean }) {
        // biome-ignore lint/correctness/noConstructorReturn: the plugin instantiates the store class itself
        return store.child(params);
      }
    } as never,
    errorResponseBuilder: (_req, ctx) => {
      const seconds = Math.max(1, Math.ceil(ctx.ttl / 1000));
      return errors.rateLimited(seconds);
    },
  });
});

/** Counts one hit of `key`; a 429 with Retry-After once it is past the limit. */
export async function consumeRateLimit(app: FastifyInstance, key: string, limit: Limit): Promise<void> {
  const store = limit.backoff ? app.rateLimits.child({ exponentialBackoff: true }) : app.rateLimits;
  const { current, ttl } = await store.hit(key, limit.windowSeconds * 1000, limit.max);
  if (current > limit.max) throw errors.rateLimited(Math.max(1, Math.ceil(ttl / 1000)));
}

/** Forget the counter (a successful sign-in clears the account's failures). */
export async function resetRateLimit(app: FastifyInstance, key: string): Promise<void> {
  await app.rateLimits.reset(key);
}
