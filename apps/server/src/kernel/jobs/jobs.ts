import type pg from 'pg';
import { fromPglite, PgBoss } from 'pg-boss';
import { type Database, underAdvisoryLock } from '../db/database';

/** Held while pg-boss creates or upgrades its schema and queues: processes starting together take turns. */
const JOBS_SETUP_LOCK = 72_747_002;

export type JobHandler<T> = (data: T) => Promise<void>;

/**
 * Background jobs through pg-boss on the same database (PGlite through its adapter, or PostgreSQL).
 * Handlers are registered before start; when jobs are off, `send` runs the handler inline.
 */
export function createJobs(db: Database, options: { enabled: boolean; onError: (err: unknown) => void }) {
  const handlers = new Map<string, JobHandler<any>>();
  let boss: PgBoss | null = null;

  return {
    handle<T extends object>(name: string, handler: JobHandler<T>) {
      handlers.set(name, handler);
    },

    async start() {
      if (!options.enabled) return;
      const started = createBoss(db);
      boss = started;
      boss.on('error', options.onError);
      await underAdvisoryLock(db, JOBS_SETUP_LOCK, async () => {
        await started.start();
        for (const name of handlers.keys()) await started.createQueue(name);
      });
      for (const [name, handler] of handlers) {
        await boss.work<object>(name, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
          for (const job of jobs) {
            try {
              await handler(job.data);
            } catch (err) {
              // pg-boss records the failure on the job and retries it; the log says why.
              options.onError(err);
              throw err;
            }
          }
        });
      }
    },

    async send<T extends object>(name: string, data: T): Promise<void> {
      const handler = handlers.get(name);
      if (!handler) throw new Error(`No job handler named ${name}`);
      if (!boss) {
        // Jobs are off: run now, in the background, so the caller does not wait on delivery.
        handler(data).catch(options.onError);
        return;
      }
      await boss.send(name, data, { retryLimit: 3, retryDelay: 5, retryBackoff: true });
    },

    get running() {
      return boss !== null;
    },

    /** Stops polling and lets running handlers finish (up to 10 s) before the database closes. */
    async stop() {
      if (boss) await boss.stop({ graceful: true, timeout: 10_000, close: false });
      boss = null;
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;

/** A pg-boss instance on the app's database, in the `pgboss` schema. */
export function createBoss(db: Database, options: { supervise?: boolean } = {}): PgBoss {
  const adapter = db.pglite ? fromPglite(db.pglite as never) : poolAdapter(db);
  return new PgBoss({ db: adapter, schema: 'pgboss', ...options });
}

/**
 * pg-boss runs on the app's own pool (one pool, one place to size it). A multi-statement query
 * (pg-boss's `BEGIN; SELECT pg_advisory_xact_lock(…); …; COMMIT`) comes back from node-postgres as one
 * result per statement: pg-boss needs the rows of every statement (the lock row, the maintenance
 * cursor row), not only the last one's, or queue maintenance never runs.
 */
function poolAdapter(db: Database) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      const result = (await db.pool!.query(text, values as unknown[])) as pg.QueryResult | pg.QueryResult[];
      return { rows: Array.isArray(result) ? result.flatMap((r) => r.rows ?? []) : result.rows };
    },
  };
}
