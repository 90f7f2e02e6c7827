import { jsonb, text } from 'drizzle-orm/pg-core';
import { tenantTable } from '../db/tenant-table';

/**
 * Jobs a write enqueued in its own transaction (a transactional outbox): they exist exactly when the
 * write committed. After the commit each is handed to the queue and its row deleted; rows a crash
 * left behind are handed over by the sweep.
 */
export const jobOutbox = tenantTable('job_outbox', {
  name: text('name').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
});
