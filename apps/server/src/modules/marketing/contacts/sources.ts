import { and, asc, gt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type Db, type TenantTable, tenantFilter } from '../../../kernel/resources';
import type { Channel } from '../tables/contacts';

// People a module knows (newsletter subscribers, form senders, shop customers, event guests) that
// the community may bring into its marketing contacts. A module contributes where they are
// (`contributes: { contactSources: […] }`, typed by marketing's port.ts); the contacts sync reads
// them through here without importing the other module, and another module hands a person over
// through marketing's `contacts` port.

/** One person as a source knows them. */
export interface ContactRecord {
  /** The record's id in its table. */
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  /** What the record says about email marketing: null when it says nothing. */
  emailConsent: 'opted_in' | 'opted_out' | null;
}

export interface ContactSource {
  /** Unique, `<module>.<records>`, e.g. `site.subscribers`. */
  key: string;
  label: string;
  /** The contact source recorded on a contact it creates. */
  kind: 'website' | 'shop' | 'event';
  table: TenantTable;
  columns: {
    name?: PgColumn;
    email?: PgColumn;
    phone?: PgColumn;
    /** An SQL expression giving 'opted_in', 'opted_out' or null for a row. */
    emailConsent?: SQL;
  };
}

/** One page of a source's records in the tenant's transaction, in id order after `after` (keyset). */
export async function readContactSource(tx: Db, tenantId: string, source: ContactSource, page: { after?: string; limit: number }) {
  const t = source.table;
  const { columns: c } = source;
  const rows = await tx
    .select({
      id: t.id,
      name: c.name ? sql<string | null>`${c.name}` : sql<null>`null`,
      email: c.email ? sql<string | null>`${c.email}` : sql<null>`null`,
      phone: c.phone ? sql<string | null>`${c.phone}` : sql<null>`null`,
      emailConsent: c.emailConsent ?? sql<null>`null`,
    })
    .from(t)
    .where(and(tenantFilter(t, tenantId), page.after ? gt(t.id, page.after) : undefined))
    .orderBy(asc(t.id))
    .limit(page.limit);
  return rows as ContactRecord[];
}

/** Proof kept with consent a person gives through another module (a form, a message). */
export interface IntakeProof {
  source: string;
  ip?: string | null;
  userAgent?: string | null;
}

/** How another module hands a person to the contacts (e.g. "convert this message to a contact"). */
export interface ContactIntake {
  take(
    tx: Db,
    tenantId: string,
    person: {
      name?: string | null;
      email?: string | null;
      phone?: string | null;
      tags?: string[];
      /**
       * Consent the person gave with what they sent (a form's ticked box), recorded with `proof`; an
       * opt-in for a suppressed address is dropped. Absent: their consent stays as it was.
       */
      consent?: Partial<Record<Channel, 'opted_in'>>;
    },
    kind: ContactSource['kind'],
    proof: IntakeProof,
  ): Promise<{ contactId: string; created: boolean }>;
}
