import { sql } from 'drizzle-orm';
import { index, jsonb, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { filterIndexes, instant, ref, sortIndexes, tenantTable } from '../../../kernel/resources';

// The community's audience: the people it markets to (customers, subscribers, leads, WhatsApp
// users), distinct from console users. A contact is unique by email and by phone within its
// community (emails lower-cased, phones E.164), so every way in (form, import, sync, WhatsApp)
// merges into the same record. Consent is kept per channel on the contact itself, so an audience
// count at a million contacts is one indexed scan; every change of it is also recorded as a
// consent event (time, source, IP) for proof. The suppression list is per address and channel
// and is honoured by every send and every audience count, whatever the contact's consent says.

export const CHANNELS = ['email', 'sms', 'whatsapp', 'push'] as const;
export type Channel = (typeof CHANNELS)[number];
export const CONSENT_STATUS = ['unknown', 'opted_in', 'opted_out'] as const;
export type ConsentStatus = (typeof CONSENT_STATUS)[number];
export const CONTACT_SOURCES = ['console', 'import', 'website', 'landing_page', 'shop', 'event', 'whatsapp', 'api', 'sync'] as const;
export const SUPPRESSION_REASONS = ['unsubscribed', 'bounced', 'complained', 'manual'] as const;

/** Custom attributes: the community's own fields (plan, city, birthday …), scalar values only. */
export type ContactAttributes = Record<string, string | number | boolean | null>;

const consent = (name: string) => text(name, { enum: CONSENT_STATUS }).notNull().default('unknown');

export const marketingContacts = tenantTable(
  'marketing_contacts',
  {
    name: text('name').notNull().default(''),
    /** Lower-cased; null for a contact known only by phone. */
    email: text('email'),
    /** E.164 (libphonenumber-js), e.g. +919845012345. */
    phone: text('phone'),
    /** E.164; the number WhatsApp messages go to (often the phone). */
    whatsapp: text('whatsapp'),
    /** ISO 3166-1 alpha-2. */
    country: text('country'),
    /** BCP 47 language tag (en, hi, fr-CA). */
    language: text('language'),
    tags: text('tags').array().notNull().default([]),
    attributes: jsonb('attributes').$type<ContactAttributes>().notNull().default({}),
    source: text('source', { enum: CONTACT_SOURCES }).notNull().default('console'),
    lastActivityAt: instant('last_activity_at'),
    emailConsent: consent('email_consent'),
    smsConsent: consent('sms_consent'),
    whatsappConsent: consent('whatsapp_consent'),
    pushConsent: consent('push_consent'),
  },
  (t) => [
    uniqueIndex('marketing_contacts_email_uq').on(t.tenantId, t.email).where(sql`${t.email} is not null`),
    uniqueIndex('marketing_contacts_phone_uq').on(t.tenantId, t.phone).where(sql`${t.phone} is not null`),
    ...sortIndexes('marketing_contacts', t, { name: t.name }),
    ...filterIndexes('marketing_contacts', t, { whatsapp: t.whatsapp }),
    // Segments (segments/matching.ts). A page of the members of a rule on country walks the first in
    // (created_at, id) order; a page of an email audience over such segments, the second (the
    // contacts of a country opted in to email). The third names exactly the contacts of a country
    // and an email consent, so that a rare segment (VIPs in India opted in) is one small bitmap of its
    // matches with the tags' index: equal keys share an entry, it stays a tenth of the second's size.
    index('marketing_contacts_country_idx').on(t.tenantId, t.country, t.createdAt, t.id),
    index('marketing_contacts_country_email_created_idx').on(t.tenantId, t.country, t.emailConsent, t.createdAt, t.id),
    index('marketing_contacts_country_email_idx').on(t.tenantId, t.country, t.emailConsent),
    index('marketing_contacts_tags_idx').using('gin', t.tags),
    index('marketing_contacts_attributes_idx').using('gin', sql`${t.attributes} jsonb_path_ops`),
    ...sortIndexes('marketing_contacts', t, { activity: t.lastActivityAt }),
    ...filterIndexes('marketing_contacts', t, {
      language: t.language,
      source: t.source,
      email_consent: t.emailConsent,
      sms_consent: t.smsConsent,
      whatsapp_consent: t.whatsappConsent,
      push_consent: t.pushConsent,
    }),
  ],
);

/** Every change of a contact's consent on a channel: the proof of who agreed, when and how. */
export const marketingConsentEvents = tenantTable(
  'marketing_consent_events',
  {
    contactId: ref('contact_id', () => marketingContacts, 'cascade').notNull(),
    channel: text('channel', { enum: CHANNELS }).notNull(),
    status: text('status', { enum: CONSENT_STATUS }).notNull(),
    /** Where it came from: a form, an import, the console, a confirmation link, an unsubscribe link. */
    source: text('source').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('marketing_consent_events_contact_idx').on(t.tenantId, t.contactId, t.createdAt)],
);

/** Addresses that must never be sent to on a channel (per address, so a re-import cannot revive them). */
export const marketingSuppressions = tenantTable(
  'marketing_suppressions',
  {
    channel: text('channel', { enum: CHANNELS }).notNull(),
    /** Lower-cased email, E.164 phone or a push endpoint's id. */
    address: text('address').notNull(),
    reason: text('reason', { enum: SUPPRESSION_REASONS }).notNull(),
    note: text('note'),
    contactId: ref('contact_id', () => marketingContacts, 'set null'),
  },
  (t) => [
    uniqueIndex('marketing_suppressions_address_uq').on(t.tenantId, t.channel, t.address),
    // The list's sort by address, and an import's lookup of a batch's addresses on every channel.
    ...sortIndexes('marketing_suppressions', t, { address: t.address }),
    ...filterIndexes('marketing_suppressions', t, { reason: t.reason, contact: t.contactId }),
  ],
);
