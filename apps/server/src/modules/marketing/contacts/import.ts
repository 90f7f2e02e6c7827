import { and, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type Db,
  errors,
  type ImportBatchResult,
  type ImportRow,
  queryRows,
  type ResourceImport,
  type Scope,
} from '../../../kernel/resources';
import {
  CHANNELS,
  type Channel,
  type ConsentStatus,
  type ContactAttributes,
  marketingConsentEvents,
  marketingContacts,
} from '../tables/contacts';
import { contactConsentColumns, contactProfileColumns } from './columns';
import { type Addresses, SuppressionRule } from './consent-rule';
import { CONSENT_COLUMN, normalizeEmail, normalizePhone } from './merge';

// A contacts import writes a batch (2,000 rows) in a handful of statements: rows are normalised
// like every other way in (merge.ts) and merged inside the file; then every contact-to-be is
// inserted in one statement that leaves out those whose email or phone is taken (on conflict do
// nothing); only those are looked up (by email, then by phone) and merged into the contact found,
// in one multi-row update. A file of new contacts, the common large import, so costs no lookup.
// Consent events go in one statement. Suppressed addresses are never opted in again by a file
// (consent-rule.ts): the suppression list is read for the addresses an opt-in is asked for, only. Normalising and
// merging within the batch (prepare) need no database: the kit does it while the batch before is
// written. Batches of 5,000 were no faster than 2,000 (the time goes to index upkeep, per row) and
// grew the embedded database's memory more.

const decision = z.enum(['opted_in', 'opted_out']);

export const contactImportOptions = z
  .object({
    /** What a row matching a contact already there does: update it (given cells win) or leave it. */
    existing: z.enum(['update', 'skip']).default('update'),
    /** Tags added to every imported contact. */
    addTags: z.array(z.string().trim().min(1).max(60)).max(20).default([]),
    /** Consent recorded for every imported contact, with source 'import' (a consent column of the file wins). */
    consent: z.object({ email: decision, sms: decision, whatsapp: decision, push: decision }).partial().strict().default({}),
  })
  .strict();
export type ContactImportOptions = z.infer<typeof contactImportOptions>;

type Consent = Partial<Record<Channel, ConsentStatus>>;

/** One contact-to-be of the batch: a file row, or several rows of the file merged. */
interface Entry {
  rows: number[];
  name: string | null;
  email: string | null;
  phone: string | null;
  whatsapp: string | null;
  country: string | null;
  language: string | null;
  source: string | null;
  tags: string[];
  attributes: ContactAttributes;
  lastActivityAt: Date | null;
  consent: Consent;
}

const c = marketingContacts;

/** What a batch reads of the contacts it merges into. */
const existingColumns = { ...contactProfileColumns, attributes: c.attributes, ...contactConsentColumns };
type Existing = Pick<typeof c.$inferSelect, keyof typeof existingColumns>;

/** A batch ready to write: its contacts-to-be, and what reading it decided (refused rows, skipped duplicates). */
interface PreparedBatch {
  entries: Entry[];
  result: ImportBatchResult;
}

/** What needs no database (the kit runs it while the batch before is written): rows normalised and merged within the batch. */
function prepareBatch(rows: ImportRow[], options: ContactImportOptions): PreparedBatch {
  const result: ImportBatchResult = { created: 0, updated: 0, unchanged: 0, errors: [] };
  return { entries: mergeInFile(rows, options, result), result };
}

/** One batch of contacts (read and validated against the create schema) imported: prepared, then written. */
export function importContacts(tx: Db, scope: Scope, rows: ImportRow[], options: ContactImportOptions): Promise<ImportBatchResult> {
  return importBatch(tx, scope, prepareBatch(rows, options), options);
}

async function importBatch(
  tx: Db,
  scope: Scope,
  { entries, result }: PreparedBatch,
  options: ContactImportOptions,
): Promise<ImportBatchResult> {
  if (entries.length === 0) return result;
  const tenantId = scope.tenantId;
  const suppressed = await new SuppressionRule(tx, tenantId).read(entries.map((e) => ({ consent: e.consent, at: e })));
  const events: ConsentEvent[] = [];
  const taken = await insertFresh(tx, tenantId, entries, suppressed, result, events);
  if (taken.length > 0) {
    const emails = taken.flatMap((e) => (e.email ? [e.email] : []));
    const phones = taken.flatMap((e) => (e.phone ? [e.phone] : []));
    const found: Existing[] = await tx
      .select(existingColumns)
      .from(c)
      // One array parameter per list (not a thousand parameters): cheaper to send and to plan.
      .where(
        and(sql`${c.tenantId} = ${tenantId}`, or(sql`${c.email} = any(${textArray(emails)})`, sql`${c.phone} = any(${textArray(phones)})`)),
      );
    const byEmail = new Map(found.filter((f) => f.email).map((f) => [f.email!, f]));
    const byPhone = new Map(found.filter((f) => f.phone).map((f) => [f.phone!, f]));
    const matched = new Map<string, { existing: Existing; entry: Entry }>();
    for (const entry of taken) {
      const existing = (entry.email && byEmail.get(entry.email)) || (entry.phone && byPhone.get(entry.phone)) || null;
      if (!existing) {
        // Its contact was deleted between the insert and the lookup: nothing to merge into.
        for (const row of entry.rows) {
          result.errors.push({
            row,
            fields: { email: 'A contact with this email or phone was changed at the same time: import this row again' },
          });
        }
      } else if (options.existing === 'skip') result.unchanged += entry.rows.length;
      else {
        // Two rows (one by email, one by phone) may find the same contact: they become one change.
        const same = matched.get(existing.id);
        if (same) mergeInto(same.entry, entry);
        else matched.set(existing.id, { existing, entry });
      }
    }
    await updateExisting(tx, tenantId, [...matched.values()], byPhone, suppressed, result, events);
  }
  await insertEvents(tx, tenantId, events);
  return result;
}

/** A text[] parameter, as PostgreSQL's array literal (one parameter whatever the length). */
const textArray = (values: string[]) => sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

type ConsentEvent = { contactId: string; channel: Channel; status: ConsentStatus };

/** The batch's consent events in one statement (source 'import'). */
async function insertEvents(tx: Db, tenantId: string, events: ConsentEvent[]) {
  if (events.length === 0) return;
  await tx.execute(sql`
    insert into ${marketingConsentEvents} (tenant_id, contact_id, channel, status, source)
    select ${tenantId}, e.contact_id, e.channel, e.status, 'import'
    from jsonb_to_recordset(${JSON.stringify(events.map((e) => ({ contact_id: e.contactId, channel: e.channel, status: e.status })))}::jsonb)
      as e(contact_id uuid, channel text, status text)`);
}

/** Rows read into entries; a row with the email (else the phone) of an earlier row merges into it. */
function mergeInFile(rows: ImportRow[], options: ContactImportOptions, result: ImportBatchResult): Entry[] {
  const entries: Entry[] = [];
  const byEmail = new Map<string, Entry>();
  const byPhone = new Map<string, Entry>();
  for (const { row, data } of rows) {
    let entry: Entry;
    try {
      entry = readEntry(row, data, options);
    } catch (err) {
      const e = err as { status?: number; fields?: Record<string, string>; message?: string };
      if (!e.status || e.status >= 500) throw err;
      result.errors.push({ row, fields: e.fields ?? { _: e.message ?? 'Refused' } });
      continue;
    }
    const earlier = (entry.email && byEmail.get(entry.email)) || (entry.phone && byPhone.get(entry.phone)) || null;
    if (!earlier) entries.push(entry);
    else if (options.existing === 'skip') {
      result.unchanged++;
      continue;
    } else mergeInto(earlier, entry);
    const target = earlier ?? entry;
    if (target.email && !byEmail.has(target.email)) byEmail.set(target.email, target);
    if (target.phone && !byPhone.has(target.phone)) byPhone.set(target.phone, target);
  }
  return entries;
}

function readEntry(row: number, data: Record<string, unknown>, options: ContactImportOptions): Entry {
  const text = (key: string) => (typeof data[key] === 'string' ? (data[key] as string).trim() || null : null);
  const country = text('country')?.toUpperCase() ?? null;
  const email = normalizeEmail(text('email'));
  const phone = normalizePhone(text('phone'), country);
  const whatsapp = normalizePhone(text('whatsapp'), country, 'whatsapp');
  if (!email && !phone) throw errors.validation({ email: 'Give an email or a phone number' });
  const consent: Consent = { ...options.consent };
  for (const channel of CHANNELS) {
    const given = data[CONSENT_COLUMN[channel]];
    if (typeof given === 'string') consent[channel] = given as ConsentStatus;
  }
  return {
    rows: [row],
    name: text('name'),
    email,
    phone,
    whatsapp,
    country,
    language: text('language'),
    source: text('source'),
    tags: unique([...((data.tags as string[] | undefined) ?? []), ...options.addTags]),
    attributes: (data.attributes as ContactAttributes | undefined) ?? {},
    lastActivityAt: data.lastActivityAt ? new Date(data.lastActivityAt as string | Date) : null,
    consent,
  };
}

/** The later row's given values win; tags are united, attributes merged, blank contact points filled. */
function mergeInto(target: Entry, later: Entry) {
  target.rows.push(...later.rows);
  target.name = later.name ?? target.name;
  target.email ??= later.email;
  target.phone ??= later.phone;
  target.whatsapp = later.whatsapp ?? target.whatsapp;
  target.country = later.country ?? target.country;
  target.language = later.language ?? target.language;
  target.source = later.source ?? target.source;
  target.tags = unique([...target.tags, ...later.tags]);
  target.attributes = { ...target.attributes, ...later.attributes };
  target.lastActivityAt = later.lastActivityAt ?? target.lastActivityAt;
  target.consent = { ...target.consent, ...later.consent };
}

/**
 * Inserts every entry as a new contact, in one statement, except those whose email or phone a
 * contact has already (on conflict do nothing): those are returned, to be merged.
 */
async function insertFresh(
  tx: Db,
  tenantId: string,
  entries: Entry[],
  suppressed: SuppressionRule,
  result: ImportBatchResult,
  events: ConsentEvent[],
): Promise<Entry[]> {
  const consents = entries.map((e) => suppressed.without(e.consent, e));
  const records = entries.map((e, i) => ({
    name: e.name ?? '',
    email: e.email,
    phone: e.phone,
    whatsapp: e.whatsapp,
    country: e.country,
    language: e.language,
    tags: e.tags,
    attributes: e.attributes,
    source: e.source ?? 'import',
    last_activity_at: e.lastActivityAt?.toISOString() ?? null,
    email_consent: consents[i]!.email ?? 'unknown',
    sms_consent: consents[i]!.sms ?? 'unknown',
    whatsapp_consent: consents[i]!.whatsapp ?? 'unknown',
    push_consent: consents[i]!.push ?? 'unknown',
  }));
  const inserted = await queryRows<{ id: string; email: string | null; phone: string | null }>(
    tx,
    sql`
    insert into ${c} (tenant_id, name, email, phone, whatsapp, country, language, tags, attributes, source,
      last_activity_at, email_consent, sms_consent, whatsapp_consent, push_consent)
    select ${tenantId}, r.name, r.email, r.phone, r.whatsapp, r.country, r.language, r.tags, r.attributes, r.source,
      r.last_activity_at, r.email_consent, r.sms_consent, r.whatsapp_consent, r.push_consent
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(name text, email text, phone text, whatsapp text,
      country text, language text, tags text[], attributes jsonb, source text, last_activity_at timestamptz,
      email_consent text, sms_consent text, whatsapp_consent text, push_consent text)
    on conflict do nothing
    returning id, email, phone`,
  );
  // Emails are unique among the entries (mergeInFile): an entry with one is found by it; one without,
  // by its phone among the contacts inserted without an email.
  const idByEmail = new Map<string, string>();
  const idByPhone = new Map<string, string>();
  for (const r of inserted) {
    if (r.email) idByEmail.set(r.email, r.id);
    else if (r.phone) idByPhone.set(r.phone, r.id);
  }
  const taken: Entry[] = [];
  for (const [i, entry] of entries.entries()) {
    const id = entry.email ? idByEmail.get(entry.email) : entry.phone ? idByPhone.get(entry.phone) : undefined;
    if (!id) {
      taken.push(entry);
      continue;
    }
    result.created++;
    result.updated += entry.rows.length - 1;
    events.push(...consentEvents(id, consents[i]!));
  }
  return taken;
}

async function updateExisting(
  tx: Db,
  tenantId: string,
  matched: { existing: Existing; entry: Entry }[],
  phoneOwners: Map<string, Existing>,
  suppressed: SuppressionRule,
  result: ImportBatchResult,
  events: ConsentEvent[],
) {
  // Where each contact's messages will go once merged (the suppression list is read for those opted in).
  const addresses = matched.map(({ existing, entry }) => {
    // A phone that belongs to another contact stays there (the email's contact keeps its own).
    const phoneFree = Boolean(entry.phone && (!phoneOwners.has(entry.phone) || phoneOwners.get(entry.phone)!.id === existing.id));
    const at: Addresses = {
      email: existing.email ?? entry.email,
      phone: phoneFree ? entry.phone : existing.phone,
      whatsapp: entry.whatsapp ?? existing.whatsapp,
    };
    return { phoneFree, at };
  });
  await suppressed.read(matched.map(({ entry }, i) => ({ consent: entry.consent, at: addresses[i]!.at })));
  const changes = [];
  for (const [i, { existing, entry }] of matched.entries()) {
    const { phoneFree, at } = addresses[i]!;
    entry.consent = suppressed.without(entry.consent, at);
    const next = {
      id: existing.id,
      name: entry.name ?? existing.name,
      email: existing.email ?? entry.email,
      phone: phoneFree ? entry.phone : existing.phone,
      whatsapp: entry.whatsapp ?? existing.whatsapp,
      country: entry.country ?? existing.country,
      language: entry.language ?? existing.language,
      tags: unique([...existing.tags, ...entry.tags]),
      attributes: { ...existing.attributes, ...entry.attributes },
      last_activity_at: entry.lastActivityAt?.toISOString() ?? null,
      email_consent: entry.consent.email ?? existing.emailConsent,
      sms_consent: entry.consent.sms ?? existing.smsConsent,
      whatsapp_consent: entry.consent.whatsapp ?? existing.whatsappConsent,
      push_consent: entry.consent.push ?? existing.pushConsent,
    };
    const changedConsent: Consent = {};
    for (const channel of CHANNELS) {
      const status = entry.consent[channel];
      if (status && status !== existing[CONSENT_COLUMN[channel]]) changedConsent[channel] = status;
    }
    const same =
      next.name === existing.name &&
      next.email === existing.email &&
      next.phone === existing.phone &&
      next.whatsapp === existing.whatsapp &&
      next.country === existing.country &&
      next.language === existing.language &&
      next.tags.length === existing.tags.length &&
      JSON.stringify(next.attributes) === JSON.stringify(existing.attributes) &&
      !next.last_activity_at &&
      Object.keys(changedConsent).length === 0;
    if (same) {
      result.unchanged += entry.rows.length;
      continue;
    }
    result.updated += entry.rows.length;
    changes.push(next);
    events.push(...consentEvents(existing.id, changedConsent));
  }
  if (changes.length === 0) return;
  await tx.execute(sql`
    update ${c} set name = r.name, email = r.email, phone = r.phone, whatsapp = r.whatsapp, country = r.country,
      language = r.language, tags = r.tags, attributes = r.attributes,
      last_activity_at = coalesce(r.last_activity_at, ${c.lastActivityAt}),
      email_consent = r.email_consent, sms_consent = r.sms_consent, whatsapp_consent = r.whatsapp_consent,
      push_consent = r.push_consent, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as r(id uuid, name text, email text, phone text, whatsapp text,
      country text, language text, tags text[], attributes jsonb, last_activity_at timestamptz,
      email_consent text, sms_consent text, whatsapp_consent text, push_consent text)
    where ${c.tenantId} = ${tenantId} and ${c.id} = r.id`);
}

function consentEvents(contactId: string, consent: Consent): ConsentEvent[] {
  return Object.entries(consent).map(([channel, status]) => ({ contactId, channel: channel as Channel, status: status as ConsentStatus }));
}

const unique = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

/** The contacts list's import (kernel/lists: CSV or XLSX, mapping, preview, job, error report). */
export const contactImport: ResourceImport<ContactImportOptions, PreparedBatch> = {
  options: contactImportOptions,
  maxRows: 100_000,
  batchSize: 2_000,
  prepare: prepareBatch,
  batch: importBatch,
};
