import { z } from 'zod';
import { defineResource, errors, type HookContext, noWrites, type RecordOf, steps } from '../../../kernel/resources';
import {
  CHANNELS,
  type Channel,
  type ConsentStatus,
  marketingConsentEvents,
  marketingContacts,
  marketingSuppressions,
} from '../tables/contacts';
import { ruledConsent } from './consent-rule';
import { contactImport } from './import';
import { CONSENT_COLUMN, normalizeEmail, normalizePhone, recordConsent } from './merge';
import { addressOf } from './suppression';

const consentOptions = {
  options: { opted_in: { label: 'Opted in', color: 'green' }, opted_out: { label: 'Opted out', color: 'red' }, unknown: { color: 'gray' } },
} as const;

/** A contact as the resource reads it (what the hooks see as `existing`). */
type Contact = RecordOf<typeof marketingContacts>;

const attributeValue = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);

/**
 * The same normalisation as every other way in (merge.ts): email lower-cased, phones in E.164 (read
 * in the contact's country), tags trimmed and unique. A duplicate email or phone is then a 409 from
 * the unique indexes (the kit names the field), never a second contact.
 */
function normalize({ existing }: HookContext<Contact>, data: Record<string, unknown>) {
  const out = { ...data };
  const country = (out.country ?? existing?.country ?? null) as string | null;
  if (typeof out.country === 'string') out.country = out.country.trim().toUpperCase() || null;
  if ('email' in out) out.email = normalizeEmail(out.email as string | null);
  if ('phone' in out) out.phone = normalizePhone(out.phone as string | null, country);
  if ('whatsapp' in out) out.whatsapp = normalizePhone(out.whatsapp as string | null, country, 'whatsapp');
  if (Array.isArray(out.tags)) out.tags = [...new Set((out.tags as string[]).map((t) => t.trim()).filter(Boolean))];
  const email = 'email' in out ? out.email : existing?.email;
  const phone = 'phone' in out ? out.phone : existing?.phone;
  if (!email && !phone) throw errors.validation({ email: 'Give an email or a phone number' });
  return out;
}

/**
 * The suppression rule on every write through the resource (a create or PATCH, a bulk edit, a
 * revision restore, the compat calls): an opt-in that is new, or that moves to a new address, is
 * refused when that address is suppressed (consent-rule.ts).
 */
async function holdSuppressionRule({ tx, scope, existing }: HookContext<Contact>, data: Record<string, unknown>) {
  const now = (field: keyof Contact) => (field in data ? data[field] : (existing?.[field] ?? null)) as string | null;
  const at = { email: now('email'), phone: now('phone'), whatsapp: now('whatsapp') };
  const moved = (channel: Channel) => {
    const before = existing ? addressOf(existing, channel) : null;
    return before !== addressOf(at, channel);
  };
  const asked: Partial<Record<Channel, ConsentStatus>> = {};
  for (const channel of CHANNELS) {
    const status = now(CONSENT_COLUMN[channel]) as ConsentStatus | null;
    const changed = CONSENT_COLUMN[channel] in data && data[CONSENT_COLUMN[channel]] !== existing?.[CONSENT_COLUMN[channel]];
    if (status === 'opted_in' && (changed || moved(channel))) asked[channel] = status;
  }
  await ruledConsent(tx, scope.tenantId, asked, at, 'refuse');
  return data;
}

/** A consent set or changed in the console is recorded as an event (the proof), like any other. */
async function recordConsentChanges({ scope, tx, existing }: HookContext<Contact>, record: Contact) {
  const changed: Partial<Record<Channel, ConsentStatus>> = {};
  for (const channel of CHANNELS) {
    const now = record[CONSENT_COLUMN[channel]];
    const before = existing ? existing[CONSENT_COLUMN[channel]] : 'unknown';
    if (now !== before) changed[channel] = now;
  }
  await recordConsent(tx, scope.tenantId, record.id, changed, { source: 'console' });
}

export const contactsResource = defineResource({
  path: 'marketing/contacts',
  module: 'marketing-contacts',
  table: marketingContacts,
  label: { singular: 'Contact', plural: 'Contacts' },
  // Counts toward the plan's contact limit (the quotas port).
  meter: 'contacts',
  input: {
    name: (s) => s.trim().max(200),
    email: () => z.email('Enter a valid email address').max(254).nullable(),
    phone: (s) => s.trim().max(40).nullable(),
    whatsapp: (s) => s.trim().max(40).nullable(),
    country: (s) =>
      s
        .trim()
        .regex(/^[A-Za-z]{2}$/, 'A two-letter country code (ISO 3166-1), e.g. IN')
        .nullable(),
    language: (s) =>
      s
        .trim()
        .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'A language tag, e.g. en or fr-CA')
        .nullable(),
    tags: () => z.array(z.string().trim().min(1).max(60)).max(100),
    attributes: () =>
      z.record(z.string().trim().min(1).max(64), attributeValue).refine((a) => Object.keys(a).length <= 100, 'At most 100 attributes'),
  },
  list: {
    search: ['name', 'email', 'phone'],
    filters: [
      'emailConsent',
      'smsConsent',
      'whatsappConsent',
      'pushConsent',
      'country',
      'language',
      'source',
      'tags',
      'createdAt',
      'lastActivityAt',
    ],
    sort: ['name', 'lastActivityAt', 'createdAt'],
  },
  fields: {
    email: { widget: 'email' },
    phone: { help: 'With its country code, e.g. +91 98450 12345 (stored as +919845012345)' },
    whatsapp: { label: 'WhatsApp', help: 'The number WhatsApp messages go to' },
    country: { widget: 'country', help: 'Phone numbers without a country code are read in it' },
    language: { widget: 'language' },
    tags: { widget: 'tags' },
    attributes: { widget: 'json', label: 'Custom attributes', help: 'Name → value (plan, city, birthday …)' },
    lastActivityAt: { label: 'Last activity' },
    emailConsent: { label: 'Email consent', ...consentOptions },
    smsConsent: { label: 'SMS consent', ...consentOptions },
    whatsappConsent: { label: 'WhatsApp consent', ...consentOptions },
    pushConsent: { label: 'Push consent', ...consentOptions },
  },
  ui: {
    title: 'name',
    columns: ['name', 'email', 'phone', 'country', 'tags', 'emailConsent', 'smsConsent', 'lastActivityAt'],
    bulkEdit: ['tags', 'source', 'country', 'language'],
  },
  hooks: { beforeWrite: steps(normalize, holdSuppressionRule), afterWrite: recordConsentChanges },
  import: contactImport,
  examples: [
    {
      name: 'Ananya Iyer',
      email: 'ananya.iyer@example.com',
      country: 'IN',
      language: 'en',
      tags: ['architecture firm', 'newsletter'],
      attributes: { plan: 'pro', city: 'Bengaluru' },
      emailConsent: 'opted_in',
    },
    { name: 'Tomás Ortega', phone: '+34612345678', country: 'ES', language: 'es', tags: ['installer'], smsConsent: 'opted_in' },
  ],
});

/** The proof of every consent change: read-only, newest first, per contact. */
export const consentEventsResource = defineResource({
  path: 'marketing/consent-events',
  module: 'marketing-contacts',
  table: marketingConsentEvents,
  label: { singular: 'Consent event', plural: 'Consent events' },
  operations: noWrites,
  list: { filters: ['contactId'] },
  fields: {
    contactId: { label: 'Contact' },
    ip: { label: 'IP address' },
    status: consentOptions,
  },
  ui: { title: 'channel', columns: ['createdAt', 'contactId', 'channel', 'status', 'source', 'ip'] },
  examples: [],
});

/** Addresses never sent to on a channel, whatever consent says (every send and count honours it). */
export const suppressionsResource = defineResource({
  path: 'marketing/suppressions',
  module: 'marketing-contacts',
  table: marketingSuppressions,
  label: { singular: 'Suppression', plural: 'Suppressions' },
  input: {
    address: (s) => s.trim().min(3).max(300),
    note: (s) => s.trim().max(1000),
  },
  list: { search: ['address'], filters: ['reason', 'contactId'], sort: ['address'] },
  fields: {
    contactId: { label: 'Contact' },
    reason: {
      options: {
        unsubscribed: { color: 'yellow' },
        bounced: { color: 'red' },
        complained: { color: 'red' },
        manual: { color: 'gray' },
      },
    },
    note: { widget: 'textarea' },
  },
  ui: { title: 'address', columns: ['createdAt', 'channel', 'address', 'reason', 'contactId', 'note'] },
  hooks: {
    beforeWrite: ({ existing }, data) => {
      const out = { ...data };
      const channel = (out.channel ?? existing?.channel) as Channel;
      if (typeof out.address === 'string' && channel === 'email') out.address = normalizeEmail(out.address);
      if (typeof out.address === 'string' && (channel === 'sms' || channel === 'whatsapp'))
        out.address = normalizePhone(out.address, null, 'address');
      return out;
    },
  },
  examples: [{ channel: 'email', address: 'bounced.address@example.net', reason: 'bounced', note: 'Mailbox does not exist' }],
});
