import { and, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, tenantFilter } from '../../../kernel/resources';
import { normalizeEmail, normalizePhone } from '../contacts/merge';
import { type ContactRecord, type ContactSource, readContactSource } from '../contacts/sources';
import { marketingConsentEvents, marketingContacts } from '../tables/contacts';

// /marcom/admin/dbSync: brings the people other modules know (declared as contact sources) into
// the marketing contacts, in batches: one read of a page of records, one read of the contacts they
// match, one insert of the new ones, one update of those that change, one insert of consent events.
// Idempotent: a second run finds every person already there and changes nothing. A person's
// consent is only filled in where the contact's is still unknown (a source never overrides what a
// contact said through marketing).

export const SYNC_BATCH = 500;

export interface SyncReport {
  created: number;
  updated: number;
  skipped: number;
  sources: { key: string; label: string; read: number; created: number; updated: number; skipped: number }[];
}

interface Person {
  name: string;
  email: string | null;
  phone: string | null;
  emailConsent: 'opted_in' | 'opted_out' | null;
}

/** Normalises a record; null when it has neither a usable email nor a usable phone. */
function personOf(record: ContactRecord): Person | null {
  const email = normalizeEmail(record.email);
  let phone: string | null = null;
  try {
    phone = normalizePhone(record.phone);
  } catch {
    phone = null; // A number that is not possible is left out; the email still makes a contact.
  }
  if (!email && !phone) return null;
  return { name: record.name?.trim() ?? '', email, phone, emailConsent: record.emailConsent };
}

type ContactRow = { id: string; name: string; email: string | null; phone: string | null; emailConsent: string };

/** Merges one batch of people from `source`; returns what changed. */
async function mergeBatch(tx: Db, tenantId: string, source: ContactSource, people: Person[]) {
  const c = marketingContacts;
  const emails = [...new Set(people.flatMap((p) => (p.email ? [p.email] : [])))];
  const phones = [...new Set(people.flatMap((p) => (p.phone ? [p.phone] : [])))];
  const matches = [emails.length ? inArray(c.email, emails) : undefined, phones.length ? inArray(c.phone, phones) : undefined].filter(
    Boolean,
  );
  const existing: ContactRow[] = matches.length
    ? await tx
        .select({ id: c.id, name: c.name, email: c.email, phone: c.phone, emailConsent: c.emailConsent })
        .from(c)
        .where(and(tenantFilter(c, tenantId), or(...matches)))
        .for('update')
    : [];
  const byEmail = new Map(existing.flatMap((r) => (r.email ? [[r.email, r] as const] : [])));
  const byPhone = new Map(existing.flatMap((r) => (r.phone ? [[r.phone, r] as const] : [])));

  const fresh = new Map<string, Person>();
  const changes = new Map<string, { row: ContactRow; name?: string; phone?: string; emailConsent?: 'opted_in' | 'opted_out' }>();
  for (const person of people) {
    const row = (person.email && byEmail.get(person.email)) || (person.phone && byPhone.get(person.phone)) || null;
    if (!row) {
      // The same person twice in a batch (or in a new contact made earlier in it) becomes one contact.
      const key = person.email ?? person.phone!;
      const known = fresh.get(key);
      fresh.set(
        key,
        known ? { ...known, name: known.name || person.name, emailConsent: known.emailConsent ?? person.emailConsent } : person,
      );
      continue;
    }
    const change = changes.get(row.id) ?? { row };
    if (!row.name && person.name && !change.name) change.name = person.name;
    if (!row.phone && person.phone && !byPhone.has(person.phone) && !change.phone) change.phone = person.phone;
    if (row.emailConsent === 'unknown' && person.emailConsent && !change.emailConsent) change.emailConsent = person.emailConsent;
    if (change.name || change.phone || change.emailConsent) changes.set(row.id, change);
  }
  // A new person's phone may already belong to a contact found by email elsewhere in the batch: keep it off.
  const inserts = [...fresh.values()].map((p) => ({
    tenantId,
    name: p.name,
    email: p.email,
    phone: p.phone && !byPhone.has(p.phone) ? p.phone : null,
    source: source.kind,
    lastActivityAt: new Date(),
    emailConsent: p.emailConsent ?? ('unknown' as const),
  }));
  const created = inserts.length
    ? await tx.insert(c).values(inserts).onConflictDoNothing().returning({ id: c.id, emailConsent: c.emailConsent })
    : [];
  const updates = [...changes.values()];
  if (updates.length) {
    const values = sql.join(
      updates.map((u) => sql`(${u.row.id}::uuid, ${u.name ?? null}::text, ${u.phone ?? null}::text, ${u.emailConsent ?? null}::text)`),
      sql`, `,
    );
    await tx.execute(sql`update ${c} set
        name = coalesce(v.name, ${c.name}),
        phone = coalesce(v.phone, ${c.phone}),
        email_consent = coalesce(v.consent, ${c.emailConsent}),
        updated_at = now()
      from (values ${values}) as v(id, name, phone, consent)
      where ${c.tenantId} = ${tenantId} and ${c.id} = v.id`);
  }
  const events = [
    ...created.filter((r) => r.emailConsent !== 'unknown').map((r) => ({ contactId: r.id, status: r.emailConsent })),
    ...updates.filter((u) => u.emailConsent).map((u) => ({ contactId: u.row.id, status: u.emailConsent! })),
  ].map((e) => ({ tenantId, contactId: e.contactId, channel: 'email' as const, status: e.status, source: `sync: ${source.label}` }));
  if (events.length) await tx.insert(marketingConsentEvents).values(events);
  return { created: created.length, updated: updates.length };
}

/** Syncs every declared source into the community's contacts, batch by batch (each its own transaction). */
export async function syncContacts(app: FastifyInstance, tenantId: string): Promise<SyncReport> {
  const report: SyncReport = { created: 0, updated: 0, skipped: 0, sources: [] };
  for (const source of app.contributions('contactSources')) {
    const tally = { key: source.key, label: source.label, read: 0, created: 0, updated: 0, skipped: 0 };
    let after: string | undefined;
    for (;;) {
      const done = await app.db.withTenant(tenantId, async (tx) => {
        const records = await readContactSource(tx, tenantId, source, { after, limit: SYNC_BATCH });
        if (records.length === 0) return true;
        after = records.at(-1)!.id;
        const people = records.map(personOf);
        const usable = people.filter((p): p is Person => p !== null);
        tally.read += records.length;
        tally.skipped += records.length - usable.length;
        const merged = await mergeBatch(tx, tenantId, source, usable);
        tally.created += merged.created;
        tally.updated += merged.updated;
        return records.length < SYNC_BATCH;
      });
      if (done) break;
    }
    report.created += tally.created;
    report.updated += tally.updated;
    report.skipped += tally.skipped;
    report.sources.push(tally);
  }
  return report;
}

/** Every active community's sync (the nightly job). */
export async function syncAllCommunities(app: FastifyInstance) {
  const rows = await app.db.query<{ id: string }>(`select id from communities where status = 'active'`);
  for (const { id } of rows) {
    const report = await syncContacts(app, id);
    if (report.created || report.updated)
      app.log.info({ tenantId: id, created: report.created, updated: report.updated }, 'contacts synced');
  }
}
