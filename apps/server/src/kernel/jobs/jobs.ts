import type pg from 'pg';
import { fromPglite, PgBoss } from 'pg-boss';
import { type Database, type Db, underAdvisoryLock } from '../db/database';
import { afterCommit } from '../db/unit-of-work';
import { jobOutbox } from './tables';

/** Held while pg-boss creates or upgrades its schema and queues: processes starting together take turns. */
const JOBS_SETUP_LOCK = 72_747_002;

export type JobHandler<T> = (data: T) => Promise<void>;

/** Rows of the job outbox older than this are the sweep's (a crash between commit and hand-over). */
const SWEEP_AFTER_SECONDS = 60;

/** A running job's heartbeat unless configured (JOB_HEARTBEAT_SECONDS). */
const HEARTBEAT_SECONDS = 30;

/**
 * Background jobs through pg-boss on the same database (PGlite through its adapter, or PostgreSQL).
 * Handlers are registered before start; when jobs are off, `send` runs the handler inline.
 * A write's jobs go through `enqueue(tx, …)`: recorded in its transaction, queued after the commit.
 *
 * Every job sent carries a heartbeat: while its handler runs, pg-boss refreshes the job's row every
 * half `heartbeatSeconds`. A process that dies (kill -9, a lost machine) stops beating, and the
 * supervisor of any process, passing every half `heartbeatSeconds`, fails the job within
 * `heartbeatSeconds` and a half; it is retried in a live process, so a long job (an import) resumes
 * from its saved progress within about a minute rather than after pg-boss's 15-minute expiry.
 */
export function createJobs(db: Database, options: { enabled: boolean; heartbeatSeconds?: number; onError: (err: unknown) => void }) {
  const heartbeatSeconds = options.heartbeatSeconds ?? HEARTBEAT_SECONDS;
  const handlers = new Map<string, JobHandler<any>>();
  /** Jobs of a name one process runs at once, when more than one. */
  const concurrency = new Map<string, number>();
  /** Recurring jobs by name: cron expression (pg-boss runs each occurrence once, in one process). */
  const schedules = new Map<string, string>();
  let boss: PgBoss | null = null;
  let sweeper: NodeJS.Timeout | null = null;

  /** Queues an outbox row's job, then deletes the row (a failed hand-over leaves it for the sweep). */
  async function handOver(row: { tenantId: string; id: string; name: string; data: object }) {
    await jobs.send(row.name, row.data);
    await db.query('delete from job_outbox where tenant_id = $1 and id = $2', [row.tenantId, row.id]);
  }

  const jobs = {
    /** Registers the handler of job `name`; `concurrency` jobs of that name may run at once in this process (default 1). */
    handle<T extends object>(name: string, handler: JobHandler<T>, options: { concurrency?: number } = {}) {
      handlers.set(name, handler);
      if ((options.concurrency ?? 1) > 1) concurrency.set(name, options.concurrency!);
    },

    /**
     * Runs job `name` (a registered handler) on a cron schedule (five fields, pg-boss). With jobs off
     * nothing recurs.
     */
    schedule(name: string, cron: string) {
      if (!handlers.has(name)) throw new Error(`No job handler named ${name}`);
      schedules.set(name, cron);
    },

    async start() {
      if (!options.enabled) return;
      const pass = Math.max(1, Math.ceil(heartbeatSeconds / 2));
      const started = createBoss(db, { superviseIntervalSeconds: pass, monitorIntervalSeconds: pass });
      boss = started;
      sweeper = setInterval(() => void jobs.sweep().catch(options.onError), SWEEP_AFTER_SECONDS * 1000);
      sweeper.unref();
      boss.on('error', options.onError);
      await underAdvisoryLock(db, JOBS_SETUP_LOCK, async () => {
        await started.start();
        for (const name of handlers.keys()) await started.createQueue(name);
        for (const [name, cron] of schedules) await started.schedule(name, cron);
      });
      for (const [name, handler] of handlers) {
        const localConcurrency = concurrency.get(name) ?? 1;
        await boss.work<object>(name, { pollingIntervalSeconds: 0.5, localConcurrency }, async (jobs) => {
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

    /**
     * Records job `name` in the write's transaction `tx` (the tenant's); it is queued once the
     * transaction commits, and never if it rolls back.
     */
    async enqueue<T extends object>(tx: Db, tenantId: string, name: string, data: T): Promise<void> {
      if (!handlers.has(name)) throw new Error(`No job handler named ${name}`);
      const [row] = await tx
        .insert(jobOutbox)
        .values({ tenantId, name, data: data as Record<string, unknown> })
        .returning({ id: jobOutbox.id });
      afterCommit(() => handOver({ tenantId, id: row.id, name, data }));
    },

    /** Hands over the outbox rows older than a minute (left by a crash after their commit). Returns how many. */
    async sweep(olderThanSeconds = SWEEP_AFTER_SECONDS): Promise<number> {
      const rows = await db.query<{ tenant_id: string; id: string; name: string; data: object }>(
        `select tenant_id, id, name, data from job_outbox
          where created_at < now() - make_interval(secs => $1) order by created_at limit 500`,
        [olderThanSeconds],
      );
      let handed = 0;
      for (const row of rows) {
        try {
          await handOver({ tenantId: row.tenant_id, id: row.id, name: row.name, data: row.data });
          handed++;
        } catch (err) {
          options.onError(err);
        }
      }
      return handed;
    },

    async send<T extends object>(name: string, data: T): Promise<void> {
      const handler = handlers.get(name);
      if (!handler) throw new Error(`No job handler named ${name}`);
      if (!boss) {
        // Jobs are off: run now, in the background, so the caller does not wait on delivery.
        handler(data).catch(options.onError);
        return;
      }
      await boss.send(name, data, { retryLimit: 3, retryDelay: 5, retryBackoff: true, heartbeatSeconds });
    },

    get running() {
      return boss !== null;
    },

    /** Stops polling and lets running handlers finish (up to 10 s) before the database closes. */
    async stop() {
      if (sweeper) clearInterval(sweeper);
      sweeper = null;
      if (boss) await boss.stop({ graceful: true, timeout: 10_000, close: false });
      boss = null;
    },
  };
  return jobs;
}

export type Jobs = ReturnType<typeof createJobs>;

/** A pg-boss instance on the app's database, in the `pgboss` schema. */
export function createBoss(
  db: Database,
  options: { supervise?: boolean; superviseIntervalSeconds?: number; monitorIntervalSeconds?: number } = {},
): PgBoss {
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
