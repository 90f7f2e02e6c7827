import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '../../../kernel/events';
import type { Db, Row, Scope } from '../../../kernel/resources';
import { errors, inCommunity, tenantFilter } from '../../../kernel/resources';
import { builderLogEntries, type LogField } from '../tables';

type Value = string | number | boolean | null;

export const logEntryInput = z
  .object({
    date: z.iso.date('A date, YYYY-MM-DD'),
    values: z.record(z.string().max(40), z.union([z.string().max(5000), z.number(), z.boolean(), z.null()])),
  })
  .strict();

/** One value checked against its field (400 naming `values.<key>` otherwise); empty is null. */
function checkValue(field: LogField, raw: Value | undefined): { value: Value } | { error: string } {
  const empty = raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
  if (empty) return field.required ? { error: 'Required' } : { value: null };
  switch (field.type) {
    case 'text':
    case 'textarea': {
      if (typeof raw !== 'string') return { error: 'Text' };
      const text = raw.trim();
      if (field.type === 'text' && text.length > 300) return { error: 'At most 300 characters' };
      return { value: text };
    }
    case 'number': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : Number.NaN;
      return Number.isFinite(n) ? { value: n } : { error: 'A number' };
    }
    case 'date':
      return typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw) && !Number.isNaN(Date.parse(raw))
        ? { value: raw }
        : { error: 'A date, YYYY-MM-DD' };
    case 'boolean':
      return typeof raw === 'boolean' ? { value: raw } : { error: 'Yes or no' };
    case 'select':
      return typeof raw === 'string' && (field.options ?? []).includes(raw)
        ? { value: raw }
        : { error: `One of ${(field.options ?? []).join(', ')}` };
  }
}

/** An entry's values checked against its log table's fields: every field once, nothing else. */
export function checkValues(fields: LogField[], values: Record<string, Value>): Record<string, Value> {
  const bad: Record<string, string> = {};
  const out: Record<string, Value> = {};
  const known = new Set(fields.map((f) => f.key));
  for (const key of Object.keys(values)) if (!known.has(key)) bad[`values.${key}`] = 'Not a field of this log table';
  for (const field of fields) {
    const checked = checkValue(field, values[field.key]);
    if ('error' in checked) bad[`values.${field.key}`] = checked.error;
    else out[field.key] = checked.value;
  }
  if (Object.keys(bad).length > 0) throw errors.validation(bad);
  return out;
}

const entryColumns = {
  id: builderLogEntries.id,
  logTableId: builderLogEntries.logTableId,
  projectId: builderLogEntries.projectId,
  date: builderLogEntries.date,
  values: builderLogEntries.values,
  createdBy: builderLogEntries.createdBy,
  createdAt: builderLogEntries.createdAt,
  byName: sql<
    string | null
  >`(select u.name from users u where u.tenant_id = ${builderLogEntries.tenantId} and u.id = ${builderLogEntries.createdBy})`,
};

/** Adds an entry to a log table the caller may write (its fields checked). */
export async function addLogEntry(tx: Db, scope: Scope, table: Row, input: z.infer<typeof logEntryInput>) {
  const values = checkValues((table.fields as LogField[]) ?? [], input.values);
  const [row] = await tx
    .insert(builderLogEntries)
    .values({
      tenantId: scope.tenantId,
      logTableId: table.id,
      projectId: (table.projectId as string | null) ?? null,
      date: input.date,
      values,
      createdBy: scope.actor.id,
    })
    .returning({ id: builderLogEntries.id });
  const [entry] = await tx
    .select(entryColumns)
    .from(builderLogEntries)
    .where(and(tenantFilter(builderLogEntries, scope.tenantId), eq(builderLogEntries.id, row.id)));
  await recordAudit(tx, scope, [{ action: 'create', resource: 'builder/log-entries', recordId: row.id, after: entry }]);
  return entry;
}

/** A log table's entries, newest day first, by keyset (`cursor` is the last entry's id of the page before). */
export async function logEntriesOf(tx: Db, tenantId: string, tableId: string, limit: number, cursor?: string) {
  const ofTable = and(tenantFilter(builderLogEntries, tenantId), eq(builderLogEntries.logTableId, tableId));
  if (cursor) {
    const [known] = await tx
      .select({ id: builderLogEntries.id })
      .from(builderLogEntries)
      .where(and(ofTable, eq(builderLogEntries.id, cursor)));
    if (!known) throw errors.validation({ cursor: 'Not an entry of this log table' });
  }
  // The cursor row's key read in SQL (no round trip of its timestamp through a JS Date's milliseconds).
  const rows = await tx
    .select(entryColumns)
    .from(builderLogEntries)
    .where(
      and(
        ofTable,
        cursor
          ? sql`(${builderLogEntries.date}, ${builderLogEntries.createdAt}, ${builderLogEntries.id}) < (select c.date, c.created_at, c.id from builder_log_entries c where ${inCommunity(tenantId, 'c')} and c.id = ${cursor})`
          : undefined,
      ),
    )
    .orderBy(desc(builderLogEntries.date), desc(builderLogEntries.createdAt), desc(builderLogEntries.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { entries: page, nextCursor: rows.length > limit ? page[page.length - 1].id : null };
}

/** The entry `id` (in the community), or 404. */
export async function logEntryById(tx: Db, tenantId: string, id: string) {
  const [row] = await tx
    .select(entryColumns)
    .from(builderLogEntries)
    .where(and(tenantFilter(builderLogEntries, tenantId), eq(builderLogEntries.id, id)));
  if (!row) throw errors.notFound('Log entry');
  return row;
}

export async function deleteLogEntry(tx: Db, scope: Scope, entry: Awaited<ReturnType<typeof logEntryById>>) {
  await tx.delete(builderLogEntries).where(and(tenantFilter(builderLogEntries, scope.tenantId), eq(builderLogEntries.id, entry.id)));
  await recordAudit(tx, scope, [{ action: 'delete', resource: 'builder/log-entries', recordId: entry.id, before: entry }]);
}
