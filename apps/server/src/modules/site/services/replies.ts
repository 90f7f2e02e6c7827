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

/**
 * Emails the visitor behind an inbound record and optionally moves its status on, in one
 * transaction: the email is recorded and its delivery queued there, so it goes out only if the
 * status change committed, and the status changes only if the email was recorded.
 */
export async function replyToInbound(app: FastifyInstance, scope: Scope, list: (typeof REPLYABLE_LISTS)[number], id: string, reply: Reply) {
  const resource = app.resources.get(`site/${list}`);
  if (!resource) throw errors.notFound('List');
  const result = await app.db.withTenant(scope.tenantId, async (tx) => {
    const record = await resource.getIn(tx, scope, id, true);
    const to = typeof record.email === 'string' ? record.email : '';
    if (!to) throw errors.validation({ email: 'This record has no email address to reply to' });
    const outboxId = await app.mailer.enqueue(tx, scope.tenantId, { to, subject: reply.subject, text: reply.message });
    const updated =
      reply.status && reply.status !== record.status ? await resource.updateIn(tx, scope, id, { status: reply.status }) : record;
    return { outboxId, to, record: updated };
  });
  await app.appLog(scope.tenantId, `Replied to ${result.to} (${list})`, { recordId: id, outboxId: result.outboxId, by: scope.actor.name });
  return result;
}
