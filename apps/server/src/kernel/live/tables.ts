import { bigint, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from '../db/tenant-table';

/**
 * Recent live events of each community, kept for a few minutes (LIVE_RETENTION_MS) so that a stream
 * reconnecting with Last-Event-ID gets what it missed. Written in the publishing transaction, so an
 * event exists exactly when the change it announces does. The id is the SSE event id: one sequence
 * for every community, so ids only grow. Row-level security applies (it has tenant_id).
 */
export const liveEvents = pgTable(
  'live_events',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** Who may receive it: `{ community: true }`, `{ user }`, `{ record: [resource, id] }` or `{ public, key? }`. */
    topic: jsonb('topic').notNull(),
    event: text('event').notNull(),
    data: jsonb('data'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'live_events_pk', columns: [t.tenantId, t.id] }),
    // Pruning deletes by age across every community (a platform task, not a tenant list).
    index('live_events_created_idx').on(t.createdAt),
  ],
);
