import { and, inArray } from 'drizzle-orm';
import { type Db, errors, tenantFilter } from '../../../kernel/resources';
import { type Channel, type ConsentStatus, marketingSuppressions } from '../tables/contacts';

// The suppression rule, for every way a contact's consent changes (the console's edits and consent
// route, bulk edits, revision restores, the compat calls, forms, syncs and imports): an address on
// the suppression list (unsubscribed, bounced, complained, blocked by hand) is not opted in again.
// Only its owner brings it back, through the double opt-in link (consent.ts). An edit asking for it
// is refused (409); a form, a sync or a file drops that opt-in and keeps the rest.

export type Consent = Partial<Record<Channel, ConsentStatus>>;
export type Addresses = { email: string | null; phone: string | null; whatsapp: string | null };

/** Where each channel's messages go for a contact with these addresses. */
const channelAddress = (at: Addresses): Record<Channel, string | null> => ({
  email: at.email,
  sms: at.phone,
  whatsapp: at.whatsapp ?? at.phone,
  push: null,
});

const key = (channel: Channel, address: string) => `${channel} ${address}`;

export const suppressedError = (channel: Channel) =>
  errors.conflict(
    'suppressed',
    `This contact's ${channel === 'email' ? 'email address' : 'number'} is on the suppression list: only its owner can opt in again, with the confirmation link`,
  );

/**
 * The suppression list as the rule reads it: `read` fetches it for the addresses opt-ins are asked
 * for (those not read yet, one query per call, so an import reads it once per batch); `optInsRefused`
 * then names the channels of a consent change whose opt-in the rule refuses.
 */
export class SuppressionRule {
  private readonly read_ = new Set<string>();
  private readonly listed = new Set<string>();
  private readonly tx: Db;
  private readonly tenantId: string;

  constructor(tx: Db, tenantId: string) {
    this.tx = tx;
    this.tenantId = tenantId;
  }

  /** Reads the list for the opt-in addresses of these consent changes. */
  async read(changes: { consent: Consent; at: Addresses }[]): Promise<this> {
    const wanted = [...new Set(changes.flatMap((c) => optIns(c.consent, c.at).map(([, to]) => to)))].filter((a) => !this.read_.has(a));
    if (wanted.length === 0) return this;
    for (const a of wanted) this.read_.add(a);
    const s = marketingSuppressions;
    const rows = await this.tx
      .select({ channel: s.channel, address: s.address })
      .from(s)
      .where(and(tenantFilter(s, this.tenantId), inArray(s.address, wanted)));
    for (const r of rows) this.listed.add(key(r.channel, r.address));
    return this;
  }

  /** The channels `consent` opts in at a suppressed address (its addresses read first). */
  optInsRefused(consent: Consent, at: Addresses): Channel[] {
    return optIns(consent, at)
      .filter(([channel, to]) => this.listed.has(key(channel, to)))
      .map(([channel]) => channel);
  }

  /** `consent` without the opt-ins the rule refuses (a form, a sync, a file). */
  without(consent: Consent, at: Addresses): Consent {
    const refused = new Set(this.optInsRefused(consent, at));
    return Object.fromEntries(Object.entries(consent).filter(([channel]) => !refused.has(channel as Channel))) as Consent;
  }

  /** Throws the 409 when `consent` opts in at a suppressed address (an edit: the console, the compat calls). */
  refuse(consent: Consent, at: Addresses): void {
    const [channel] = this.optInsRefused(consent, at);
    if (channel) throw suppressedError(channel);
  }
}

/** The opt-ins of a consent change, with the address each one is for. */
function optIns(consent: Consent, at: Addresses): [Channel, string][] {
  const address = channelAddress(at);
  const out: [Channel, string][] = [];
  for (const [channel, status] of Object.entries(consent) as [Channel, ConsentStatus][]) {
    const to = address[channel];
    if (status === 'opted_in' && to) out.push([channel, to]);
  }
  return out;
}

/** One contact's consent change under the rule: refused (an edit) or without the refused opt-ins (a form, a sync). */
export async function ruledConsent(tx: Db, tenantId: string, consent: Consent, at: Addresses, mode: 'refuse' | 'drop'): Promise<Consent> {
  const rule = await new SuppressionRule(tx, tenantId).read([{ consent, at }]);
  if (mode === 'refuse') {
    rule.refuse(consent, at);
    return consent;
  }
  return rule.without(consent, at);
}
