import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { type Db, errors, tenantFilter } from '../../../kernel/resources';
import {
  type Channel,
  type CONTACT_SOURCES,
  type ConsentStatus,
  type ContactAttributes,
  marketingConsentEvents,
  marketingContacts,
} from '../tables/contacts';
import { ruledConsent } from './consent-rule';

// The one way a contact comes in (console, import, website form, landing page, WhatsApp, sync):
// the email is lower-cased, phone numbers become E.164, and a contact already known by that email
// or phone is updated instead of duplicated. Consent given is recorded as events with its proof.

export type ContactSource = (typeof CONTACT_SOURCES)[number];
type ContactRow = typeof marketingContacts.$inferSelect;

/** The email as stored (trimmed, lower-cased), or null when blank. */
export function normalizeEmail(email: string | null | undefined): string | null {
  const value = email?.trim().toLowerCase();
  return value ? value : null;
}

/**
 * The phone number in E.164, or null when blank; throws a 400 naming `field` when it is not a
 * possible number. A number without a leading + is read in `defaultCountry` (the contact's country).
 */
export function normalizePhone(phone: string | null | undefined, defaultCountry?: string | null, field = 'phone'): string | null {
  const value = phone?.trim();
  if (!value) return null;
  const parsed = parsePhoneNumberFromString(value, (defaultCountry?.toUpperCase() as CountryCode | undefined) ?? undefined);
  if (!parsed?.isPossible()) throw errors.validation({ [field]: 'Enter a phone number with its country code, e.g. +91 98450 12345' });
  return parsed.number;
}

export interface ContactInput {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  whatsapp?: string | null;
  country?: string | null;
  language?: string | null;
  tags?: string[];
  attributes?: ContactAttributes;
  /** Consent given or withdrawn with this input, per channel. */
  consent?: Partial<Record<Channel, ConsentStatus>>;
}

export interface ConsentProof {
  /** Where the consent came from (a form's name, 'import', 'console', 'confirmation link' …). */
  source: string;
  ip?: string | null;
  userAgent?: string | null;
}

export interface MergeResult {
  contact: ContactRow;
  created: boolean;
}

/** The contact's column holding each channel's consent. */
export const CONSENT_COLUMN = {
  email: 'emailConsent',
  sms: 'smsConsent',
  whatsapp: 'whatsappConsent',
  push: 'pushConsent',
} as const satisfies Record<Channel, keyof ContactRow>;

/**
 * Creates the contact, or merges into the one known by the same email or phone: blank fields are
 * filled, given fields win, tags are united, attributes merged; consent changes are recorded as
 * events. Runs in the caller's tenant transaction. A contact needs an email or a phone.
 */
export async function mergeContact(
  tx: Db,
  tenantId: string,
  input: ContactInput,
  source: ContactSource,
  proof: ConsentProof,
): Promise<MergeResult> {
  const country = input.country?.trim().toUpperCase() || null;
  const email = normalizeEmail(input.email);
  const phone = normalizePhone(input.phone, country);
  const whatsapp = normalizePhone(input.whatsapp, country, 'whatsapp');
  if (!email && !phone) throw errors.validation({ email: 'Give an email or a phone number' });

  const matches: SQL[] = [];
  if (email) matches.push(eq(marketingContacts.email, email));
  if (phone) matches.push(eq(marketingContacts.phone, phone));
  // Both may match different contacts: the email's wins, the other keeps its phone.
  const found = await tx
    .select()
    .from(marketingContacts)
    .where(and(tenantFilter(marketingContacts, tenantId), or(...matches)))
    .orderBy(email ? sql`(${marketingContacts.email} = ${email}) desc` : sql`1`)
    .limit(2)
    .for('update');
  const existing = found[0];
  // A form or a sync never opts a suppressed address back in (consent-rule.ts): that opt-in is dropped.
  const given = await ruledConsent(tx, tenantId, input.consent ?? {}, { email, phone, whatsapp }, 'drop');
  const consent = consentColumns(given);

  if (!existing) {
    const [contact] = await tx
      .insert(marketingContacts)
      .values({
        tenantId,
        name: input.name?.trim() ?? '',
        email,
        phone,
        whatsapp,
        country,
        language: input.language?.trim() || null,
        tags: unique(input.tags ?? []),
        attributes: input.attributes ?? {},
        source,
        lastActivityAt: new Date(),
        ...consent,
      })
      .returning();
    await recordConsent(tx, tenantId, contact!.id, given, proof);
    return { contact: contact!, created: true };
  }

  const phoneTaken = found.length > 1 && phone && found[1]!.phone === phone && existing.phone !== phone;
  const [contact] = await tx
    .update(marketingContacts)
    .set({
      name: input.name?.trim() || existing.name,
      email: existing.email ?? email,
      phone: phoneTaken ? existing.phone : (phone ?? existing.phone),
      whatsapp: whatsapp ?? existing.whatsapp,
      country: country ?? existing.country,
      language: input.language?.trim() || existing.language,
      tags: unique([...existing.tags, ...(input.tags ?? [])]),
      attributes: { ...existing.attributes, ...(input.attributes ?? {}) },
      lastActivityAt: new Date(),
      updatedAt: new Date(),
      ...consent,
    })
    .where(and(tenantFilter(marketingContacts, tenantId), eq(marketingContacts.id, existing.id)))
    .returning();
  const changed = Object.fromEntries(
    Object.entries(given ?? {}).filter(([channel, status]) => existing[CONSENT_COLUMN[channel as Channel]] !== status),
  ) as ContactInput['consent'];
  await recordConsent(tx, tenantId, existing.id, changed, proof);
  return { contact: contact!, created: false };
}

/** Sets a contact's consent on channels, recording an event for each change. */
export async function setConsent(
  tx: Db,
  tenantId: string,
  contactId: string,
  consent: Partial<Record<Channel, ConsentStatus>>,
  proof: ConsentProof,
) {
  await tx
    .update(marketingContacts)
    .set({ ...consentColumns(consent), updatedAt: new Date() })
    .where(and(tenantFilter(marketingContacts, tenantId), eq(marketingContacts.id, contactId)));
  await recordConsent(tx, tenantId, contactId, consent, proof);
}

function consentColumns(consent: ContactInput['consent']) {
  const columns: Partial<Record<(typeof CONSENT_COLUMN)[Channel], ConsentStatus>> = {};
  for (const [channel, status] of Object.entries(consent ?? {})) columns[CONSENT_COLUMN[channel as Channel]] = status;
  return columns;
}

/** Records consent changes as events, with their proof (one multi-row insert). */
export async function recordConsent(tx: Db, tenantId: string, contactId: string, consent: ContactInput['consent'], proof: ConsentProof) {
  const events = Object.entries(consent ?? {}).map(([channel, status]) => ({
    tenantId,
    contactId,
    channel: channel as Channel,
    status: status as ConsentStatus,
    source: proof.source,
    ip: proof.ip ?? null,
    userAgent: proof.userAgent?.slice(0, 500) ?? null,
  }));
  if (events.length > 0) await tx.insert(marketingConsentEvents).values(events);
}

const unique = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];
