import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError, type Db, errors, requireCommunity, tenantFilter } from '../../../kernel/resources';
import { rowById } from '../row-by-id';
import { type Channel, type ConsentStatus, marketingContacts, marketingSuppressions } from '../tables/contacts';
import { ruledConsent, suppressedError } from './consent-rule';
import { CONFIRM_TTL_SECONDS, confirmationPath, readLink } from './links';
import { type ConsentProof, setConsent } from './merge';
import { suppress, unsuppress } from './suppression';

// Consent that a contact gives or withdraws itself: the email double opt-in (a signed link mailed
// to the address; confirming records the event with the visitor's IP) and the unsubscribe link
// (opts out and suppresses the address). The console's own consent changes go through the same
// suppression rule: an address on the list is not opted in again from the console.

type Contact = typeof marketingContacts.$inferSelect;

async function contactById(tx: Db, tenantId: string, id: string): Promise<Contact> {
  const contact = await rowById(tx, marketingContacts, tenantId, id);
  if (!contact) throw errors.notFound('Contact');
  return contact;
}

async function suppressionOf(tx: Db, tenantId: string, channel: Channel, address: string) {
  const s = marketingSuppressions;
  const [row] = await tx
    .select({ reason: s.reason, createdAt: s.createdAt })
    .from(s)
    .where(and(tenantFilter(s, tenantId), eq(s.channel, channel), eq(s.address, address)))
    .limit(1);
  return row ?? null;
}

/**
 * Mails the double opt-in link to the contact's email (in the caller's transaction: sent once it
 * commits). The contact's email consent stays as it is until the link is followed.
 */
export async function requestEmailConfirmation(
  app: FastifyInstance,
  tx: Db,
  community: { id: string; name: string; displayName: string },
  contactId: string,
  baseUrl: string,
) {
  const contact = await contactById(tx, community.id, contactId);
  if (!contact.email) throw errors.validation({ email: 'This contact has no email address' });
  const suppressed = await suppressionOf(tx, community.id, 'email', contact.email);
  if (suppressed && suppressed.reason !== 'unsubscribed') throw suppressedError('email');
  const link = `${baseUrl}${await confirmationPath(app.config.jwtSecret, community.name, contact.id, contact.email)}`;
  await app.mailer.enqueue(tx, community.id, {
    to: contact.email,
    subject: `Confirm your subscription to ${community.displayName}`,
    text: [
      `Please confirm that ${contact.email} may receive emails from ${community.displayName}:`,
      '',
      link,
      '',
      `The link works for ${CONFIRM_TTL_SECONDS / 3600} hours. If you did not ask for this, ignore this message.`,
    ].join('\n'),
    // The link opts the address in: the outbox keeps no copy of it.
    sensitive: true,
  });
  return { sent: true, to: contact.email };
}

/**
 * GET /public/<community>/marketing/consent/confirm?token=: the double opt-in. Refused when the
 * address changed since, when it bounced or complained, or when it unsubscribed after the link was made.
 */
export async function confirmEmail(app: FastifyInstance, communityName: string, token: string, client: { ip: string; userAgent?: string }) {
  const community = await requireCommunity(app.db, communityName);
  const claims = await readLink(app.config.jwtSecret, token, 'confirm', community.name);
  return app.db.withTenant(community.id, async (tx) => {
    const contact = await contactById(tx, community.id, claims.contactId).catch(() => null);
    if (!contact || contact.email !== claims.address) throw new AppError(403, 'invalid_signature', 'This link is not valid');
    const suppressed = await suppressionOf(tx, community.id, 'email', claims.address);
    if (suppressed && suppressed.reason !== 'unsubscribed') throw suppressedError('email');
    // Links carry whole seconds: one made in the second of the unsubscribe still counts as after it.
    if (suppressed && Math.floor(suppressed.createdAt.getTime() / 1000) > claims.issuedAt) {
      throw new AppError(403, 'invalid_signature', 'This link was made before the address unsubscribed: ask for a new one');
    }
    if (suppressed) await unsuppress(tx, community.id, 'email', claims.address);
    if (contact.emailConsent !== 'opted_in') {
      await setConsent(tx, community.id, contact.id, { email: 'opted_in' }, { source: 'confirmation link', ...client });
    }
    return { confirmed: true, email: contact.email };
  });
}

/** GET or POST /public/<community>/marketing/consent/unsubscribe?token=: opts out and suppresses. */
export async function unsubscribe(app: FastifyInstance, communityName: string, token: string, client: { ip: string; userAgent?: string }) {
  const community = await requireCommunity(app.db, communityName);
  const claims = await readLink(app.config.jwtSecret, token, 'unsubscribe', community.name);
  return app.db.withTenant(community.id, async (tx) => {
    const [contact] = await tx
      .select()
      .from(marketingContacts)
      .where(and(tenantFilter(marketingContacts, community.id), eq(marketingContacts.id, claims.contactId)))
      .limit(1);
    // The address is suppressed even if the contact was deleted since: the link was sent to it.
    if (contact) {
      await setConsent(tx, community.id, contact.id, { [claims.channel]: 'opted_out' }, { source: 'unsubscribe link', ...client });
    }
    await suppress(tx, community.id, {
      channel: claims.channel,
      address: claims.address,
      reason: 'unsubscribed',
      contactId: contact?.id ?? null,
    });
    return { unsubscribed: true, channel: claims.channel };
  });
}

/** A consent change from the console: recorded with its proof; an opt-in of a suppressed address is refused. */
export async function changeConsent(
  tx: Db,
  tenantId: string,
  contactId: string,
  channel: Channel,
  status: ConsentStatus,
  proof: ConsentProof,
) {
  const contact = await contactById(tx, tenantId, contactId);
  await ruledConsent(tx, tenantId, { [channel]: status }, contact, 'refuse');
  await setConsent(tx, tenantId, contactId, { [channel]: status }, proof);
  return contactById(tx, tenantId, contactId);
}
