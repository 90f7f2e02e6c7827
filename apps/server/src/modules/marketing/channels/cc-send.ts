import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '../../../kernel/events';
import { type Db, errors, parseInput, type Row, type Scope, tenantFilter } from '../../../kernel/resources';
import { suppressionReason } from '../contacts';
import { normalizeEmail, normalizePhone } from '../contacts/merge';
import { rowById } from '../row-by-id';
import { marketingCcMessages, marketingSmsTemplates } from '../tables/channels';
import { marketingContacts } from '../tables/contacts';
import { marketingVariables } from '../tables/variables';
import { renderTemplate, valuesFor } from '../variables/engine';
import { sendEmail, sendSms } from './providers/sender';
import type { SendResult } from './providers/types';
import { ccMessagesResource } from './resources/cc-messages';
import { assertTemplateVariables } from './variables';

type Contact = typeof marketingContacts.$inferSelect;

async function contactOf(tx: Db, tenantId: string, id: string): Promise<Contact> {
  const contact = await rowById(tx, marketingContacts, tenantId, id);
  if (!contact) throw errors.validation({ contactId: 'No such contact' });
  return contact;
}

async function smsTemplateOf(tx: Db, tenantId: string, id: string) {
  const template = await rowById(tx, marketingSmsTemplates, tenantId, id);
  if (!template) throw errors.validation({ smsTemplateId: 'No such SMS template' });
  return template;
}

/** The address on the channel: the contact's, or the typed one normalised (email lower-cased, phone E.164). */
function addressOf(channel: 'email' | 'sms', contact: Contact | null, typed: unknown): string {
  if (contact) {
    const address = channel === 'email' ? contact.email : contact.phone;
    if (!address)
      throw errors.validation({
        contactId: channel === 'email' ? 'This contact has no email address' : 'This contact has no phone number',
      });
    return address;
  }
  if (typeof typed !== 'string' || !typed.trim()) throw errors.validation({ to: 'Choose a contact or type an address' });
  if (channel === 'email') {
    if (!z.email().safeParse(typed.trim()).success) throw errors.validation({ to: 'Enter a valid email address' });
    return normalizeEmail(typed)!;
  }
  return normalizePhone(typed, null, 'to')!;
}

/** What a send takes: the channel, a contact or an address, the text or an SMS template. */
export const ccMessageInput = z
  .object({
    channel: z.enum(['email', 'sms']),
    contactId: z.uuid({ message: 'Not a valid id' }).nullish(),
    to: z.string().trim().max(254).nullish(),
    subject: z.string().trim().max(200).nullish(),
    body: z.string().max(10_000).nullish(),
    smsTemplateId: z.uuid({ message: 'Not a valid id' }).nullish(),
  })
  .strict();

/**
 * Records the message (checked, merge tags filled) in one transaction, then — once committed —
 * sends it through the configured provider and answers with the outcome (sent, outbox or failed).
 */
export async function sendCcMessage(scope: Scope, input: unknown) {
  const data = parseInput(ccMessageInput, input);
  const id = await scope.db.withTenant(scope.tenantId, async (tx) => {
    const values = await prepareCcMessage(tx, scope.tenantId, data);
    const [row] = await tx
      .insert(marketingCcMessages)
      .values({ ...(values as typeof marketingCcMessages.$inferInsert), tenantId: scope.tenantId })
      .returning();
    await recordAudit(tx, scope, [
      { action: 'create', resource: ccMessagesResource.path, recordId: row.id, after: { ...row, tenantId: undefined } },
    ]);
    return row.id;
  });
  const [row] = await scope.db.withTenant(scope.tenantId, (tx) =>
    tx
      .select()
      .from(marketingCcMessages)
      .where(and(tenantFilter(marketingCcMessages, scope.tenantId), eq(marketingCcMessages.id, id))),
  );
  await sendCcMessages(scope, [row as Row]);
  return ccMessagesResource.get(scope, id);
}

/**
 * Before the insert: who it goes to, whether they may be written to (consent and the suppression
 * list, 409 otherwise), and the text with its merge tags checked and filled for the contact.
 */
export async function prepareCcMessage(tx: Db, tenantId: string, data: Record<string, unknown>): Promise<Record<string, unknown>> {
  const channel = data.channel as 'email' | 'sms';
  const contact = typeof data.contactId === 'string' ? await contactOf(tx, tenantId, data.contactId) : null;
  const to = addressOf(channel, contact, data.to);
  const consent = contact && (channel === 'email' ? contact.emailConsent : contact.smsConsent);
  if (consent === 'opted_out')
    throw errors.conflict('opted_out', `${contact?.name || to} opted out of ${channel === 'email' ? 'email' : 'SMS'}; nothing was sent`);
  const suppressed = await suppressionReason(tx, tenantId, channel, to);
  if (suppressed) throw errors.conflict('suppressed', `${to} is on the ${channel} suppression list (${suppressed}); nothing was sent`);
  const template =
    channel === 'sms' && typeof data.smsTemplateId === 'string' ? await smsTemplateOf(tx, tenantId, data.smsTemplateId) : null;
  if (channel === 'email' && typeof data.smsTemplateId === 'string')
    throw errors.validation({ smsTemplateId: 'An SMS template is for SMS' });
  const body = typeof data.body === 'string' && data.body.trim() ? data.body : (template?.body ?? '');
  if (!body.trim()) throw errors.validation({ body: 'Write the message or choose a template' });
  const subject = typeof data.subject === 'string' ? data.subject : '';
  if (channel === 'email' && !subject) throw errors.validation({ subject: 'An email needs a subject' });
  await assertTemplateVariables(tx, tenantId, { subject, body });
  const variables = await tx.select().from(marketingVariables).where(tenantFilter(marketingVariables, tenantId));
  const values = valuesFor(variables, contact ?? (channel === 'email' ? { email: to } : { phone: to }), {});
  return {
    ...data,
    to,
    subject: channel === 'email' ? await renderTemplate(subject, values, { escape: false }) : null,
    body: await renderTemplate(body, values, { escape: false }),
    status: 'queued',
  };
}

/** After the commit: each message through the configured provider; its outcome recorded on it. */
export async function sendCcMessages(scope: Scope, records: Row[]): Promise<void> {
  for (const record of records) {
    let outcome: Partial<typeof marketingCcMessages.$inferInsert>;
    try {
      const result = await sendOne(scope, record);
      outcome = { ...result, sentAt: result.status === 'sent' ? new Date() : null, error: null };
    } catch (error) {
      outcome = {
        status: 'failed',
        error: String((error as Error).message).slice(0, 1000),
        provider: (error as { provider?: string }).provider ?? null,
      };
    }
    await scope.db.withTenant(scope.tenantId, (tx) =>
      tx
        .update(marketingCcMessages)
        .set({ ...outcome, updatedAt: new Date() })
        .where(and(tenantFilter(marketingCcMessages, scope.tenantId), eq(marketingCcMessages.id, String(record.id)))),
    );
  }
}

async function sendOne(scope: Scope, record: Row): Promise<SendResult> {
  const to = String(record.to);
  const text = String(record.body);
  if (record.channel === 'email') return sendEmail(scope.db, scope.tenantId, { to, subject: String(record.subject ?? ''), text });
  const template =
    typeof record.smsTemplateId === 'string'
      ? await scope.db.withTenant(scope.tenantId, (tx) => smsTemplateOf(tx, scope.tenantId, String(record.smsTemplateId)))
      : null;
  return sendSms(scope.db, scope.tenantId, { to, text, senderId: template?.senderId, dltTemplateId: template?.dltTemplateId });
}
