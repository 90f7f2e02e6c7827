/**
 * Jobs surface: background jobs (pg-boss on the app's database), `app.jobs`. A write queues its jobs
 * with `app.jobs.enqueue(tx, tenantId, name, data)` in its own transaction; they run after the commit.
 * A module declares its handlers in `AppModule.jobs`.
 */
export type { JobHandler, Jobs } from './jobs';
