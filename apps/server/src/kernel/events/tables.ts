import { sql } from 'drizzle-orm';
import { index, integer, jsonb, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { filterIndexes, instant, tenantTable } from '../db/tenant-table';

/** Every write: who, what, when, before and after. */
export const auditLog = tenantTable(
  'audit_log',
  {
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    action: text('action', { enum: ['create', 'update', 'delete'] }).notNull(),
    resource: text('resource').notNull(),
    recordId: uuid('record_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_resource_idx').on(t.tenantId, t.resource, t.createdAt),
    index('audit_record_idx').on(t.tenantId, t.recordId),
    index('audit_actor_idx').on(t.tenantId, t.actorId),
    index('audit_action_idx').on(t.tenantId, t.action),
  ],
);

/** Application and error logs of a community, readable in the console. */
export const appLogs = tenantTable(
  'app_logs',
  {
    kind: text('kind', { enum: ['application', 'error'] }).notNull(),
    level: text('level', { enum: ['debug', 'info', 'warn', 'error'] }).notNull(),
    message: text('message').notNull(),
    code: text('code'),
    requestId: text('request_id'),
    context: jsonb('context'),
  },
  (t) => [
    index('app_logs_kind_idx').on(t.tenantId, t.kind, t.createdAt, t.id),
    ...filterIndexes('app_logs', t, { level: t.level, code: t.code }),
  ],
);

/** A domain event (`commerce.order.paid`): recorded in the transaction of the write it describes. */
export const domainEvents = tenantTable(
  'domain_events',
  {
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [...filterIndexes('domain_events', t, { name: t.name })],
);

/**
 * One event handed to one subscribing module. Written with the event (pending); the subscriber's
 * transaction marks it done, so a second delivery of the same job finds it done and changes nothing
 * (at least once, exactly once in effect). A failing handler leaves its error and attempts here.
 */
export const eventDeliveries = tenantTable(
  'event_deliveries',
  {
    eventId: uuid('event_id').notNull(),
    eventName: text('event_name').notNull(),
    subscriber: text('subscriber').notNull(),
    status: text('status', { enum: ['pending', 'failed', 'done'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    processedAt: instant('processed_at'),
  },
  (t) => [
    uniqueIndex('event_deliveries_uq').on(t.tenantId, t.eventId, t.subscriber),
    // The sweep reads pending deliveries of every community: a small partial index, tenant first like every index.
    index('event_deliveries_pending_idx').on(t.tenantId, t.updatedAt).where(sql`status = 'pending'`),
    ...filterIndexes('event_deliveries', t, { status: t.status, eventName: t.eventName, subscriber: t.subscriber }),
  ],
);
