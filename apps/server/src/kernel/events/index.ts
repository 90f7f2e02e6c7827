/**
 * Events surface: domain events (`emit` in the write's transaction, module subscribers after the
 * commit, once in effect), the audit log (written by every resource write) and the community's
 * application log.
 */
export { type AuditEntry, recordAudit } from './audit';
export {
  type DomainEvent,
  type DomainEvents,
  type EventName,
  emit,
  type Subscriber,
  type SubscriberContext,
  type Subscribers,
} from './domain-events';
export { type LogEntry, writeAppLog } from './logs';
export { auditLogResource, logsResource } from './resources';
