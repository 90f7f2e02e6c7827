import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../kernel/resources';
import { tenantFilter } from '../../../kernel/resources';
import { type Channel, marketingContacts, marketingSuppressions, type SUPPRESSION_REASONS } from '../tables/contacts';
import { CONSENT_COLUMN } from './merge';

// What every send and every audience count asks: may this contact get messages on this channel?
// Only when it opted in on the channel and its address there is not on the suppression list
// (unsubscribed, bounced, complained, manual), whatever its consent says.

/** The address a channel reaches a contact at: email, phone for SMS, the WhatsApp number (else the phone). */
export function addressColumn(channel: Channel): SQL | null {
  const c = marketingContacts;
  if (channel === 'email') return sql`${c.email}`;
  if (channel === 'sms') return sql`${c.phone}`;
  if (channel === 'whatsapp') return sql`coalesce(${c.whatsapp}, ${c.phone})`;
  return null; // push reaches devices, not an address
}

/** The address a channel reaches this contact at (null: none, or push). */
export function addressOf(
  contact: { email: string | null; phone: string | null; whatsapp: string | null },
  channel: Channel,
): string | null {
  if (channel === 'email') return contact.email;
  if (channel === 'sms') return contact.phone;
  if (channel === 'whatsapp') return contact.whatsapp ?? contact.phone;
  return null;
}

/**
 * The condition, over `marketing_contacts`, for contacts sendable on `channel`: opted in, with an
 * address on the channel, and that address not suppressed. Use it in any query over the contacts
 * table (segments, audience counts, sends): `where(and(tenantFilter(c, t), sendableOn('email')))`.
 * Served by the consent index and the suppression list's unique index (tenant, channel, address).
 */
export function sendableOn(channel: Channel): SQL {
  const c = marketingContacts;
  const s = marketingSuppressions;
  const consent = sql`${c[CONSENT_COLUMN[channel]]} = 'opted_in'`;
  // Push reaches a contact's devices, not an address: it is suppressed per contact (its id as the address).
  const address = addressColumn(channel) ?? sql`${c.id}::text`;
  return sql`(${consent} and ${address} is not null and not exists (select 1 from ${s} where ${s.tenantId} = ${c.tenantId} and ${s.channel} = ${channel} and ${s.address} = ${address}))`;
}

/**
 * Why an address (lower-cased email, E.164 phone) is suppressed on a channel (unsubscribed,
 * bounced, complained, manual), or null when it is not: truthy exactly when suppressed.
 */
export async function suppressionReason(
  tx: Db,
  tenantId: string,
  channel: Channel,
  address: string,
): Promise<(typeof SUPPRESSION_REASONS)[number] | null> {
  const s = marketingSuppressions;
  const [row] = await tx
    .select({ reason: s.reason })
    .from(s)
    .where(and(tenantFilter(s, tenantId), eq(s.channel, channel), eq(s.address, address)))
    .limit(1);
  return row?.reason ?? null;
}

/** Puts an address on the suppression list (once: a second time keeps the first reason). */
export async function suppress(
  tx: Db,
  tenantId: string,
  entry: { channel: Channel; address: string; reason: (typeof SUPPRESSION_REASONS)[number]; contactId?: string | null; note?: string },
) {
  await tx
    .insert(marketingSuppressions)
    .values({ tenantId, ...entry })
    .onConflictDoNothing();
}

/** Removes an address from the suppression list (a confirmed opt-in brings it back). */
export async function unsuppress(tx: Db, tenantId: string, channel: Channel, address: string) {
  const s = marketingSuppressions;
  await tx.delete(s).where(and(tenantFilter(s, tenantId), eq(s.channel, channel), eq(s.address, address)));
}
