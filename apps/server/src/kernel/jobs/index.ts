/** Jobs surface: background jobs (pg-boss on the app's database). The queue is `app.jobs`. */
export type { JobHandler, Jobs } from './jobs';
