import { deleteOnly, noWrites } from '../resources/operations';
import { defineResource } from '../resources/resource';
import { appLogs, auditLog } from './tables';

/** Every write, readable by those who manage admins. */
export const auditLogResource = defineResource({
  path: 'ops/audit-log',
  module: 'admin-management',
  table: auditLog,
  label: { singular: 'Audit entry', plural: 'Audit log' },
  operations: noWrites,
  list: { search: ['resource', 'actorName'], filters: ['resource', 'action', 'actorId', 'recordId', 'createdAt'] },
  ui: { title: 'resource', columns: ['createdAt', 'actorName', 'action', 'resource', 'recordId'] },
  examples: [{ action: 'create', resource: 'ops/notifications', actorName: 'System', after: { title: 'Import finished' } }],
});

/** Application and error logs of the community (controlcenter/performance). */
export const logsResource = defineResource({
  path: 'ops/logs',
  module: 'performance',
  table: appLogs,
  label: { singular: 'Log entry', plural: 'Logs' },
  operations: deleteOnly,
  list: { search: ['message', 'code'], filters: ['kind', 'level', 'code', 'createdAt'] },
  ui: { title: 'message', columns: ['createdAt', 'kind', 'level', 'code', 'message'] },
  examples: [
    { kind: 'application', level: 'info', message: 'Demo community created' },
    { kind: 'application', level: 'info', message: 'Sample data loaded for the demo community' },
    { kind: 'error', level: 'error', message: 'Email to bounce@example.com failed: mailbox unavailable', code: 'email_failed' },
  ],
});
