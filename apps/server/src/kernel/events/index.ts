/** Events surface: the audit log (written by every resource write) and the community's application log. */
export { type AuditEntry, recordAudit } from './audit';
export { type LogEntry, writeAppLog } from './logs';
export { auditLogResource, logsResource } from './resources';
