import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Scope } from '../auth/context';
import { selectRows } from '../db/select-rows';
import { errors } from '../errors/app-error';
import type { Resource } from './resource';
import { zodFields } from './resource';
import type { FieldUi, Row } from './types';

/** The most records one bulk edit changes (one transaction, one audit entry each). */
export const MAX_BULK_EDIT = 500;

/** Fields a resource lets people set on many records at once: declared, else enum, relation, tags and yes/no fields. */
export function bulkEditableFields(resource: Resource): string[] {
  const writable = new Set(resource.schemas.editable);
  const declared = resource.config.ui?.bulkEdit;
  if (declared) return declared.filter((k) => writable.has(k));
  const columns = getTableColumns(resource.table) as Record<string, PgColumn>;
  const fields = (resource.config.fields ?? {}) as Record<string, FieldUi | undefined>;
  const related = new Set(resource.relations.map((r) => r.key));
  return [...writable].filter((key) => {
    const column = columns[key];
    const ui = fields[key];
    return Boolean(column?.enumValues?.length || related.has(key) || ui?.widget === 'tags' || column?.columnType === 'PgBoolean');
  });
}

export const bulkUpdateBody = z
  .object({
    ids: z.array(z.uuid()).min(1).max(MAX_BULK_EDIT).optional().describe('The records to change'),
    filter: z
      .record(z.string(), z.union([z.string(), z.array(z.string())]))
      .optional()
      .describe('Or: every record the list with these parameters (search, filters) shows'),
    patch: z.record(z.string(), z.unknown()).describe('The fields to set, among ui.bulkEdit of the resource'),
  })
  .strict()
  .refine((b) => (b.ids ? !b.filter : Boolean(b.filter)), { message: 'Send either ids or filter', path: ['ids'] });

export type BulkUpdateBody = z.infer<typeof bulkUpdateBody>;

/**
 * Sets the same fields on many records in one transaction: each record goes through the resource's
 * update pipeline (validation, hooks, relations, audit entry). All or nothing: a record that is not
 * found (another community's id, a deleted one) or a refused value leaves every record unchanged.
 */
export async function bulkUpdate(resource: Resource, scope: Scope, body: BulkUpdateBody): Promise<{ updated: number; ids: string[] }> {
  await resource.assertPlatformOperator(scope); // refused before the patch is looked at
  const allowed = new Set(bulkEditableFields(resource));
  const refused = Object.keys(body.patch).filter((k) => !allowed.has(k));
  if (refused.length > 0) {
    throw errors.validation(
      Object.fromEntries(refused.map((k) => [`patch.${k}`, 'This field cannot be changed on several records at once'])),
    );
  }
  if (Object.keys(body.patch).length === 0) throw errors.validation({ patch: 'Choose at least one field to change' });
  const rows = await resource.transaction(scope, async (tx) => {
    const ids = body.ids ? [...new Set(body.ids)] : await matchingIds(resource, tx, scope, body.filter ?? {});
    const changed: Row[] = [];
    for (const id of ids) {
      try {
        changed.push(await resource.updateIn(tx, scope, id, body.patch));
      } catch (err) {
        // Name the failure after the patch, not after one record of many.
        const e = err as { status?: number; fields?: Record<string, string> };
        if (e.status === 404)
          throw errors.notFound(`${ids.length === 1 ? 'The' : 'One of the'} ${resource.config.label.singular.toLowerCase()}`);
        if (e.status === 400 && e.fields)
          throw errors.validation(Object.fromEntries(Object.entries(e.fields).map(([k, v]) => [`patch.${k}`, v])));
        throw err;
      }
    }
    return changed;
  });
  if (rows.length > 0) await resource.committed(scope, 'update', rows);
  return { updated: rows.length, ids: rows.map((r) => r.id) };
}

async function matchingIds(resource: Resource, tx: Parameters<Resource['listIn']>[0], scope: Scope, filter: Record<string, unknown>) {
  const paging = new Set(['limit', 'offset', 'cursor', 'withTotal', 'sort']);
  const parsed = resource.listQuery.safeParse(Object.fromEntries(Object.entries(filter).filter(([k]) => !paging.has(k))));
  if (!parsed.success) {
    throw errors.validation(Object.fromEntries(Object.entries(zodFields(parsed.error)).map(([k, v]) => [`filter.${k}`, v])));
  }
  const { page, selection } = resource.pageQuery(tx, scope, {
    ...(parsed.data as Record<string, unknown>),
    offset: 0,
    limit: MAX_BULK_EDIT + 1,
  } as never);
  const { rows } = await selectRows(tx, page, selection);
  if (rows.length > MAX_BULK_EDIT) {
    throw errors.badRequest('too_many_records', `A bulk edit changes at most ${MAX_BULK_EDIT} records: narrow the filter`);
  }
  return rows.map((r) => String(r.id));
}
