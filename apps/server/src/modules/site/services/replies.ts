import type { FastifyInstance } from 'fastify';
import { errors, type Scope } from '../../../kernel/resources';
import type { INBOUND_STATUS } from '../schemas';

/** The inbound lists a reply can answer (each record has the visitor's email). */
export const REPLYABLE_LISTS = [
  'get-in-touch-messages',
  'design-support-requests',
  'career-applications',
  'catalogue-downloads',
  'event-registrations',
] as const;

export interface Reply {
  subject: string;
  message: string;
  /** Move the record on at the same time (e.g. to done). */
  status?: (typeof INBOUND_STATUS)[number];
}

/** Emails the visitor behind an inbound record (through the outbox/SMTP) and optionally updates its status. */
export async function replyToInbound(app: FastifyInstance, scope: Scope, list: (typeof REPLYABLE_LISTS)[number], id: string, reply: Reply) {
  const resource = app.resources.get(`site/${list}`);
  if (!resource) throw errors.notFound('List');
  const record = await resource.get(scope, id);
  const to = typeof record.email === 'string' ? record.email : '';
  if (!to) throw errors.validation({ email: 'This record has no email address to reply to' });
  const outboxId = await app.mailer.send(scope.tenantId, { to, subject: reply.subject, text: reply.message });
  const updated = reply.status && reply.status !== record.status ? await resource.update(scope, id, { status: reply.status }) : record;
  await app.appLog(scope.tenantId, `Replied to ${to} (${list})`, { recordId: id, outboxId, by: scope.actor.name });
  return { outboxId, to, record: updated };
}
