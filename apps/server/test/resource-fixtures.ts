import { randomBytes, randomUUID } from 'node:crypto';
import { Column, getTableColumns, is, SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../src/kernel/db/database';
import { relationsOf } from '../src/kernel/db/relations';
import type { Resource } from '../src/kernel/resources/resource';
import type { TenantTable } from '../src/kernel/resources/types';

/**
 * Records for the generic suites (conformance, row-level security, fuzzing), built from what a
 * resource declares: its first example, its table's columns and its unique indexes. Nothing here
 * names a resource, so resources added later are covered without edits.
 */

const SYSTEM = new Set(['tenantId', 'id', 'createdAt', 'updatedAt']);

export const tag = () => `x${randomBytes(4).toString('hex')}`;
export const urlOf = (resource: Resource, id?: string) => `/api/v1/${resource.path}${id === undefined ? '' : `/${id}`}`;

const columnsOf = (resource: Resource) => getTableColumns(resource.table) as Record<string, PgColumn>;
const createShape = (resource: Resource) => resource.schemas.create.shape as Record<string, z.ZodType>;
const updateShape = (resource: Resource) => resource.schemas.update.shape as Record<string, z.ZodType>;
const outputShape = (resource: Resource) => resource.schemas.output.shape as Record<string, z.ZodType>;

/** Column names an index covers, plain or inside an expression such as lower(email). */
function indexedColumnNames(column: unknown): string[] {
  if (is(column, SQL)) return column.queryChunks.flatMap(indexedColumnNames);
  if (is(column, Column)) return [column.name];
  const name = (column as { name?: unknown }).name;
  return typeof name === 'string' ? [name] : [];
}

/** Keys of the columns that take part in a unique index (besides tenant_id). */
export const uniqueKeys = (resource: Resource): Set<string> => uniqueColumnKeys(resource.table);

function uniqueColumnKeys(table: TenantTable): Set<string> {
  const byName = new Map(Object.entries(getTableColumns(table) as Record<string, PgColumn>).map(([k, c]) => [c.name, k]));
  const keys = new Set<string>();
  for (const index of getTableConfig(table).indexes) {
    if (!index.config.unique) continue;
    for (const column of index.config.columns) {
      for (const name of indexedColumnNames(column)) {
        const key = byName.get(name);
        if (key && key !== 'tenantId') keys.add(key);
      }
    }
  }
  return keys;
}

/** A table that holds one record per community (a unique index on tenant_id alone, e.g. the brand profile). */
export function onePerCommunity(resource: Resource): boolean {
  return getTableConfig(resource.table).indexes.some(
    (index) => index.config.unique && index.config.columns.flatMap(indexedColumnNames).every((name) => name === 'tenant_id'),
  );
}

/** Ways to make a string distinct while keeping its shape (email, code, slug, path, title). */
function variants(value: string, mark: string): string[] {
  const at = value.lastIndexOf('@');
  const out = at > 0 ? [`${value.slice(0, at)}+${mark}${value.slice(at)}`, `${mark}.${value}`] : [];
  return [...out, `${value}-${mark}`, `${value}_${mark}`, `${value}${mark}`, `${value} ${mark}`, `${mark}${value}`, `${mark}-${value}`];
}

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = UPPER.toLowerCase();
const DIGITS = '0123456789';
let sameShapeCounter = 0;

/**
 * A value with exactly `value`'s shape (each letter or digit replaced by another of its class), for
 * fields whose format leaves no room for a mark (a two-letter ISO code): each call gives a new one.
 * Counted from the end of the alphabet, away from the examples' own codes.
 */
function sameShape(value: string): string {
  let n = ++sameShapeCounter;
  return [...value]
    .reverse()
    .map((ch) => {
      const alphabet = UPPER.includes(ch) ? UPPER : LOWER.includes(ch) ? LOWER : DIGITS.includes(ch) ? DIGITS : null;
      if (!alphabet) return ch;
      const out = alphabet[alphabet.length - 1 - (n % alphabet.length)];
      n = Math.floor(n / alphabet.length);
      return out;
    })
    .reverse()
    .join('');
}

/** A value of `value`'s shape, distinct from it, that `schema` accepts; with the parsed form. */
function distinctValue(schema: z.ZodType | undefined, value: string, mark: string): { raw: string; parsed: unknown } | null {
  for (const raw of [...variants(value, mark), sameShape(value)]) {
    if (!schema) return { raw, parsed: raw };
    const result = schema.safeParse(raw);
    if (result.success) return { raw, parsed: result.data };
  }
  return null;
}

/** The first example, with string fields under a unique index made distinct (valid for the create schema). */
export function exampleInput(resource: Resource, index = 0): Record<string, unknown> {
  const example = { ...(resource.config.examples[index] ?? resource.config.examples[0] ?? {}) };
  const shape = resource.allows('create') ? createShape(resource) : undefined;
  for (const key of uniqueKeys(resource)) {
    const value = example[key];
    if (typeof value !== 'string') continue;
    const distinct = distinctValue(shape?.[key], value, tag());
    if (distinct) example[key] = distinct.raw;
  }
  return example;
}

/** A value for a required column nobody gave: by type, so resources without examples can be stored. */
function filler(column: PgColumn): unknown {
  if (column.enumValues?.length) return column.enumValues[0];
  if (column.columnType === 'PgUUID') return randomUUID();
  switch (column.dataType) {
    case 'string':
      return `sample-${tag()}`;
    case 'number':
      return 1;
    case 'bigint':
      return 1n;
    case 'boolean':
      return false;
    case 'date':
      return new Date();
    case 'array':
      return [];
    default:
      return {};
  }
}

let uniqueNumber = 0;

/** Values for a table's required columns nobody gave (by type; numbers under a unique index distinct). */
function fillRequired(table: TenantTable, values: Record<string, unknown>, unique: Set<string>) {
  for (const [key, column] of Object.entries(getTableColumns(table) as Record<string, PgColumn>)) {
    if (SYSTEM.has(key) || key in values || !column.notNull || column.hasDefault) continue;
    values[key] = unique.has(key) && column.dataType === 'number' ? 100_000 + ++uniqueNumber : filler(column);
  }
  return values;
}

/**
 * The records a row must point at (required relations nobody gave), made first, straight in their
 * tables with filler values (and theirs, recursively), in the same transaction.
 */
async function requiredTargets(tx: Db, table: TenantTable, tenantId: string, given: Record<string, unknown>) {
  const values: Record<string, unknown> = {};
  for (const relation of relationsOf(table)) {
    const column = (getTableColumns(table) as Record<string, PgColumn>)[relation.key];
    if (relation.many || !column.notNull || relation.key in given) continue;
    const target = relation.target() as TenantTable;
    const parent = { tenantId, ...(await requiredTargets(tx, target, tenantId, {})) };
    fillRequired(target, parent, uniqueColumnKeys(target));
    const [row] = (await tx
      .insert(target)
      .values(parent as never)
      .returning({ id: target.id })) as { id: string }[];
    values[relation.key] = row.id;
  }
  return values;
}

/** Row values for inserting straight into the table (read-only resources are written by the system). */
export function directValues(resource: Resource, tenantId: string): Record<string, unknown> {
  const columns = columnsOf(resource);
  const example = exampleInput(resource);
  const values: Record<string, unknown> = { tenantId };
  for (const key of Object.keys(columns)) if (!SYSTEM.has(key) && key in example) values[key] = example[key];
  return values;
}

/** Inserts one record of `resource` for `tenantId` as the app role (row-level security applies). */
export async function insertDirect(app: FastifyInstance, resource: Resource, tenantId: string): Promise<string> {
  const [id] = await insertMany(app, resource, tenantId, 1);
  return id;
}

/**
 * Inserts `n` records in one statement, as a bulk import or the system does: they share one
 * created_at/updated_at, which keyset paging must still tell apart.
 */
export async function insertMany(app: FastifyInstance, resource: Resource, tenantId: string, n: number): Promise<string[]> {
  const table = resource.table;
  const unique = uniqueKeys(resource);
  const inserted = (await app.db.withTenant(tenantId, async (tx) => {
    const rows = [];
    for (let i = 0; i < n; i++) {
      const values = directValues(resource, tenantId);
      rows.push(fillRequired(table, { ...values, ...(await requiredTargets(tx, table, tenantId, values)) }, unique));
    }
    return tx
      .insert(table)
      .values(rows as never)
      .returning({ id: table.id as PgColumn });
  })) as { id: string }[];
  return inserted.map((r) => r.id);
}

export interface Patch {
  key: string;
  body: Record<string, unknown>;
  /** The stored value clients read back. */
  expected: unknown;
}

/**
 * A PATCH that changes one plain field of the example: a string made distinct, a flag flipped, a
 * number moved, another enum value. Null when the example has no such field.
 */
export function patchFor(resource: Resource): Patch | null {
  const example = resource.config.examples[0] ?? {};
  const update = updateShape(resource);
  const output = outputShape(resource);
  const columns = columnsOf(resource);
  const related = new Set(relationsOf(resource.table).map((r) => r.key));
  // Fields kept as created (outside `editable`) cannot be patched; editable ones the example leaves out
  // (an inbound message's status) come after the example's own.
  const editable = new Set(resource.schemas.editable);
  const candidates = [...Object.keys(example), ...[...editable].filter((k) => !(k in example))].filter(
    (k) => editable.has(k) && k in update && k in output && !related.has(k),
  );
  const accept = (key: string, raw: unknown): Patch | null => {
    const result = update[key].safeParse(raw);
    return result.success ? { key, body: { [key]: raw }, expected: result.data } : null;
  };
  // Strings first: they show the change most plainly.
  for (const key of candidates) {
    const value = example[key];
    if (typeof value !== 'string' || columns[key]?.enumValues) continue;
    const distinct = distinctValue(update[key], value, tag());
    if (distinct) return { key, body: { [key]: distinct.raw }, expected: distinct.parsed };
  }
  for (const key of candidates) {
    const value = key in example ? example[key] : columns[key]?.default;
    const enumValues = columns[key]?.enumValues;
    const other = enumValues?.find((v) => v !== value);
    const found =
      (other !== undefined && accept(key, other)) ||
      (typeof value === 'boolean' && accept(key, !value)) ||
      (typeof value === 'number' && (accept(key, value + 1) || accept(key, value - 1))) ||
      null;
    if (found) return found;
  }
  return null;
}

/** Fields the create schema requires (no default, not optional). */
export function requiredKeys(resource: Resource): string[] {
  const shape = createShape(resource);
  return Object.keys(shape).filter((k) => !shape[k].safeParse(undefined).success);
}

/** A value of the wrong JSON type for one field of the example that the schema refuses. */
export function wrongType(resource: Resource): { key: string; value: unknown } | null {
  const example = resource.config.examples[0] ?? {};
  const shape = createShape(resource);
  for (const [key, value] of Object.entries(example)) {
    if (!(key in shape)) continue;
    const wrong = typeof value === 'string' ? 12345 : typeof value === 'number' ? 'not a number' : typeof value === 'boolean' ? 'yes' : 42;
    if (!shape[key].safeParse(wrong).success) return { key, value: wrong };
  }
  return null;
}
