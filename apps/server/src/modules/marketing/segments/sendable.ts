import { type SQL, sql } from 'drizzle-orm';
import { type Channel, marketingContacts as c, marketingSuppressions as s } from '../tables/contacts';
import { consentColumn } from './compile';

/**
 * "Sendable on channel X": the contact has an address on the channel, opted in on it, and that
 * address is not on the channel's suppression list. Every audience count and member list goes through
 * this one condition (over marketing_contacts' columns).
 *
 * MERGE NOTE: the contacts part writes the canonical helper in `contacts/suppression.ts`; at merge,
 * replace the body of `sendableOn` with a call to it (same meaning) and keep this name for callers.
 */

/** The address a channel sends to. Push goes to the contact's devices, suppressed by contact id. */
export const addressOn: Record<Channel, SQL> = {
  email: sql`${c.email}`,
  sms: sql`${c.phone}`,
  whatsapp: sql`coalesce(${c.whatsapp}, ${c.phone})`,
  push: sql`${c.id}::text`,
};

export function sendableOn(channel: Channel): SQL {
  const address = addressOn[channel];
  // The anti-join is one probe of the suppressions' unique (tenant_id, channel, address) index per contact.
  return sql`(${address} is not null and ${consentColumn[channel]} = 'opted_in' and not exists (
    select 1 from ${s} where ${s.tenantId} = ${c.tenantId} and ${s.channel} = ${channel} and ${s.address} = ${address}))`;
}
