import { and, arrayOverlaps, count, getTableColumns, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Scope } from '../auth/context';
import type { Db } from '../db/database';
import { foreignKeyName, type OnDelete, type RelatedTable, type RelationSpec, relationsOf, relationsTo } from '../db/relations';
import { errors } from '../errors/app-error';
import { tenantFilter } from '../tenancy/scope-filter';
import type { Resource } from './resource';
import type { Row } from './types';

/** Finds the resource that serves a table (relations name it in meta and take its title). */
export type TableLookup = (table: object) => Resource | undefined;

/** A relation of a resource, resolved against the running app. */
export interface Relation {
  /** The column key (categoryId, productIds). */
  key: string;
  /** What `?expand=` and `expanded` call it: categoryId → category, productIds → products. */
  name: string;
  many: boolean;
  onDelete: OnDelete;
  target: RelatedTable;
  /** The resource serving the target table, if any. */
  resource: Resource | undefined;
  /** The target column shown as the related record's title. */
  title: string;
}

/** categoryId → category, productIds → products, owner → owner. */
export const relationName = (key: string) => (key.endsWith('Ids') ? `${key.slice(0, -3)}s` : key.endsWith('Id') ? key.slice(0, -2) : key);

/** The names `?expand=` accepts for a table (known before the app is assembled). */
export const expandableNames = (table: object) => relationsOf(table).map((r) => relationName(r.key));

/** The schema of `expanded` in a record, for the resource's output. */
export function expandedSchema(table: object) {
  const related = z.object({ id: z.string(), title: z.string().nullable() });
  const shape = Object.fromEntries(relationsOf(table).map((r) => [relationName(r.key), r.many ? z.array(related) : related.nullable()]));
  return z.object(shape).partial().describe('Related records asked for with ?expand=');
}

export function resolveRelations(table: object, lookup: TableLookup): Relation[] {
  return relationsOf(table).map((spec) => {
    const target = spec.target();
    const resource = lookup(target);
    const columns = getTableColumns(target);
    const declared = resource?.config.ui?.title;
    const title = declared && declared in columns ? declared : 'name' in columns ? 'name' : 'id';
    return { key: spec.key, name: relationName(spec.key), many: spec.many, onDelete: spec.onDelete, target, resource, title };
  });
}

const labelOf = (relation: Relation, plural = false) =>
  (relation.resource ? relation.resource.config.label[plural ? 'plural' : 'singular'] : plural ? 'records' : 'record').toLowerCase();

/** Ids a relation field holds in `data` (none when absent or null). */
const idsIn = (relation: Relation, value: unknown): string[] =>
  value === undefined || value === null ? [] : [...new Set(relation.many ? (value as string[]) : [value as string])];

/**
 * Related records the caller may see: the target resource's read rule holds here too (a record outside
 * it is as absent from a relation, an expansion or a check as from its own list).
 */
function relatedWhere(relation: Relation, scope: Scope, condition: SQL) {
  return relation.resource ? relation.resource.visible(scope, condition) : and(tenantFilter(relation.target, scope.tenantId), condition);
}

/** Every id a write names must be a record of the same community the caller may see: one query per relation field. */
export async function checkRelations(tx: Db, scope: Scope, relations: Relation[], data: Record<string, unknown>) {
  const failures: Record<string, string> = {};
  for (const relation of relations) {
    const ids = idsIn(relation, data[relation.key]);
    if (ids.length === 0) continue;
    const { target } = relation;
    const found = new Set(
      (
        (await tx
          .select({ id: target.id })
          .from(target)
          .where(relatedWhere(relation, scope, inArray(target.id, ids)))) as { id: string }[]
      ).map((r) => r.id),
    );
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length === 1) failures[relation.key] = `No ${labelOf(relation)} with id ${missing[0]}`;
    else if (missing.length > 1) failures[relation.key] = `No ${labelOf(relation, true)} with ids ${missing.join(', ')}`;
  }
  if (Object.keys(failures).length > 0) throw errors.validation(failures, 'A related record does not exist');
}

/** Parses `?expand=a,b` against the resource's relations; an unknown name is a 400 naming it. */
export function parseExpand(relations: Relation[], raw: unknown): Relation[] {
  if (raw === undefined || raw === '') return [];
  const names = [
    ...new Set(
      String(raw)
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean),
    ),
  ];
  const byName = new Map(relations.map((r) => [r.name, r]));
  const unknown = names.filter((n) => !byName.has(n));
  if (unknown.length > 0) {
    const offered = relations.map((r) => r.name).join(', ') || 'nothing';
    throw errors.validation({ expand: `Cannot expand ${unknown.join(', ')}; expand one of: ${offered}` });
  }
  return names.map((n) => byName.get(n)!);
}

/**
 * Adds `expanded: { name: { id, title } | null | [{ id, title }] }` to each row: one query per
 * relation for the whole page, whatever its size. Ids that point at nothing are left out.
 */
export async function expandRows(tx: Db, scope: Scope, rows: Row[], relations: Relation[]): Promise<void> {
  for (const relation of relations) {
    const ids = [...new Set(rows.flatMap((row) => idsIn(relation, row[relation.key])))];
    const titles = new Map<string, string | null>();
    if (ids.length > 0) {
      const { target } = relation;
      const titleColumn = (getTableColumns(target) as Record<string, PgColumn>)[relation.title];
      const found = (await tx
        .select({ id: target.id, title: titleColumn })
        .from(target)
        .where(relatedWhere(relation, scope, inArray(target.id, ids)))) as { id: string; title: unknown }[];
      for (const r of found) titles.set(r.id, r.title === null ? null : String(r.title));
    }
    const related = (id: string) => (titles.has(id) ? { id, title: titles.get(id)! } : null);
    for (const row of rows) {
      const value = row[relation.key];
      const holder = row as Record<string, unknown>;
      holder.expanded ??= {};
      const expanded = holder.expanded as Record<string, unknown>;
      expanded[relation.name] = relation.many
        ? idsIn(relation, value)
            .map(related)
            .filter((r) => r !== null)
        : typeof value === 'string'
          ? related(value)
          : null;
    }
  }
}

/**
 * Before records of `table` are deleted: a 'restrict' relation that still points at one refuses
 * the delete (409 in_use, naming what is left); list relations (uuid[], no foreign key) are
 * cleaned here ('set null' removes the ids, 'cascade' deletes the referencing records). Single
 * 'set null'/'cascade' relations are the foreign key's job.
 */
export async function beforeRemove(tx: Db, scope: Scope, table: object, label: string, ids: string[], lookup: TableLookup) {
  if (ids.length === 0) return;
  for (const spec of relationsTo(table)) {
    const source = spec.table;
    const column = (getTableColumns(source) as Record<string, PgColumn>)[spec.key];
    const pointing = spec.many ? arrayOverlaps(column, ids) : inArray(column, ids);
    const where = and(tenantFilter(source, scope.tenantId), pointing);
    if (spec.onDelete === 'restrict') {
      const [used] = (await tx.select({ n: count() }).from(source).where(where)) as { n: number }[];
      if (Number(used.n) > 0) {
        const what = (lookup(source)?.config.label.plural ?? getTableName(source)).toLowerCase();
        const subject = ids.length === 1 ? `This ${label.toLowerCase()} still has` : 'These records still have';
        throw errors.conflict('in_use', `${subject} ${used.n} ${what}; move or delete them first`);
      }
    } else if (spec.many && spec.onDelete === 'set null') {
      await tx
        .update(source)
        .set({
          [spec.key]: sql`array(select x from unnest(${column}) with ordinality as u(x, n) where x <> all(${sql.param(ids, column)}::uuid[]) order by n)`,
        } as never)
        .where(where);
    } else if (spec.many) {
      await tx.delete(source).where(where);
    }
  }
}

/**
 * A foreign-key violation the checks above could not see coming (a concurrent delete): on a write
 * the field whose record is gone (400), on a delete the records still pointing at it (409).
 */
export function foreignKeyError(err: unknown, table: object, op: 'write' | 'delete'): Error | null {
  const pgError = ((err as { cause?: unknown }).cause ?? err) as { code?: string; constraint?: string };
  if (pgError.code !== '23503') return null;
  if (op === 'delete') return errors.conflict('in_use', 'Other records still point at this one; move or delete them first');
  const name = getTableName(table as never);
  const spec = relationsOf(table).find((r: RelationSpec) => foreignKeyName(name, r.column) === pgError.constraint);
  return errors.validation({ [spec?.key ?? '_']: 'The related record does not exist' }, 'A related record does not exist');
}
