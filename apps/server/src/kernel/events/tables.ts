import { index, jsonb, text, uuid } from 'drizzle-orm/pg-core';
import { filterIndexes, tenantTable } from '../db/tenant-table';

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
