import { pipeline, type Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { eq, getTableColumns, is, SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Scope } from '../auth/context';
import type { Db } from '../db/database';
import { errors } from '../errors/app-error';
import type { Resource } from '../resources/resource';
import { zodFields } from '../resources/resource';
import type { Row } from '../resources/types';
import { type CsvField, csvFields, fromCell, toCell, unguard } from './csv-fields';
import type { RelationTitles } from './relation-titles';

/** The most data rows one import takes. */
export const MAX_IMPORT_ROWS = 50_000;

const CSV_OPTIONS = { bom: true, relax_column_count: true, skip_empty_lines: true, trim: false } as const;

const invalidCsv = (err: unknown) => errors.badRequest('invalid_csv', `The file is not valid CSV: ${(err as Error).message.slice(0, 200)}`);

function checkHeaders(headers: string[] | undefined): string[] {
  if (!headers || headers.every((h) => h.trim() === '')) throw errors.badRequest('invalid_csv', 'The file has no header row');
  return headers.map((h) => h.trim());
}

const tooMany = (max: number) =>
  errors.badRequest('too_many_rows', `An import takes at most ${max.toLocaleString('en')} rows: split the file`);

/**
 * The records of a CSV byte stream, parsed as they are read (a chunk and the record being read are
 * held, never the file). Refuses what is not CSV. Leaving the loop early stops reading the source;
 * with `upTo`, parsing stops after that many records (what follows is neither parsed nor checked).
 */
export async function* csvRecords(source: Readable, upTo?: number): AsyncGenerator<string[]> {
  const parser = parse(upTo === undefined ? CSV_OPTIONS : { ...CSV_OPTIONS, to: upTo });
  // pipeline: an error of the source fails the parser, a parser closed early destroys the source.
  const records = pipeline(source, parser, () => {});
  try {
    for await (const record of records as AsyncIterable<string[]>) yield record;
  } catch (err) {
    if (err instanceof CsvError) throw invalidCsv(err);
    throw err;
  } finally {
    source.destroy();
  }
}

/** What an import learns of its file as it streams past: the header, the first rows and the count. */
export class CsvHead {
  headers: string[] | undefined;
  readonly rows: string[][] = [];
  totalRows = 0;

  constructor(
    private readonly keep: number,
    private readonly maxRows: number,
  ) {}

  /** Takes the next record; refuses a file with more than maxRows rows as soon as it has one more. */
  add(record: string[]) {
    if (!this.headers) {
      this.headers = record;
      return;
    }
    if (this.totalRows < this.keep) this.rows.push(record);
    if (++this.totalRows > this.maxRows) throw tooMany(this.maxRows);
  }

  /** The header row, checked (a file without one is refused). */
  checkedHeaders(): string[] {
    return checkHeaders(this.headers);
  }
}

/** The header and first `keep` rows of a CSV stream: reading stops there (the rest is never read). */
export async function readCsvHead(source: Readable, keep: number): Promise<{ headers: string[]; rows: string[][] }> {
  const head = new CsvHead(keep, Number.MAX_SAFE_INTEGER);
  for await (const record of csvRecords(source, keep + 1)) head.add(record);
  return { headers: head.checkedHeaders(), rows: head.rows };
}

/** The data rows of a CSV stream (after its header and `skip` rows), parsed as they are read. */
export async function* csvRows(source: Readable, skip = 0): AsyncGenerator<string[]> {
  let index = -1;
  for await (const record of csvRecords(source)) {
    if (index++ < skip) continue;
    yield record;
  }
}

/** Fields an import can set or find records by: the writable ones, and the dedupe keys. */
export function importableFields(resource: Resource): CsvField[] {
  const keys = new Set(dedupeKeys(resource));
  return csvFields(resource).filter((f) => f.writable || keys.has(f.key));
}

/** Fields that name one record: the id and every single-column unique index of the table. */
export function dedupeKeys(resource: Resource): string[] {
  const byName = new Map(Object.entries(getTableColumns(resource.table) as Record<string, PgColumn>).map(([k, c]) => [c.name, k]));
  const unique = getTableConfig(resource.table)
    .indexes.filter((i) => i.config.unique)
    .map((i) => i.config.columns.filter((c) => !is(c, SQL)).map((c) => byName.get((c as { name: string }).name)))
    .filter((keys) => keys.length === 2 && keys[0] === 'tenantId' && keys[1])
    .map((keys) => keys[1] as string);
  return ['id', ...unique];
}

/** Header → field key, matched by label or key (case and spacing aside). */
export function suggestMapping(headers: string[], fields: CsvField[]): Record<string, string> {
  const norm = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, '');
  const mapping: Record<string, string> = {};
  const used = new Set<string>();
  for (const header of headers) {
    const field = fields.find((f) => !used.has(f.key) && (norm(f.label) === norm(header) || norm(f.key) === norm(header)));
    if (field) {
      mapping[header] = field.key;
      used.add(field.key);
    }
  }
  return mapping;
}

export interface ImportPlan {
  resource: Resource;
  scope: Scope;
  titles: RelationTitles;
  /** Column index → field. */
  columns: [number, CsvField][];
  /** Column index and field of the dedupe key, when one is chosen and mapped. */
  key: [number, CsvField] | null;
}

/** Checks a mapping and dedupe key against the file's headers and the resource's fields. */
export function planImport(
  resource: Resource,
  scope: Scope,
  titles: RelationTitles,
  headers: string[],
  mapping: Record<string, string>,
  dedupeKey: string | null,
): ImportPlan {
  const fields = new Map(importableFields(resource).map((f) => [f.key, f]));
  const problems: Record<string, string> = {};
  const columns: [number, CsvField][] = [];
  const seen = new Set<string>();
  for (const [header, key] of Object.entries(mapping)) {
    const index = headers.indexOf(header);
    const field = fields.get(key);
    if (index < 0) problems[`mapping.${header}`] = 'The file has no such column';
    else if (!field) problems[`mapping.${header}`] = 'No field of this list can be imported under this name';
    else if (seen.has(key)) problems[`mapping.${header}`] = `Two columns are mapped to ${field.label}`;
    else columns.push([index, field]);
    seen.add(key);
  }
  let key: [number, CsvField] | null = null;
  if (dedupeKey) {
    const hit = columns.find(([, f]) => f.key === dedupeKey);
    if (!dedupeKeys(resource).includes(dedupeKey)) problems.key = `Find records by one of: ${dedupeKeys(resource).join(', ')}`;
    else if (!hit) problems.key = 'Map a column to this field to find records by it';
    else key = hit;
  }
  if (Object.keys(problems).length > 0) throw errors.validation(problems, 'The column mapping does not fit');
  if (columns.every(([, f]) => !f.writable)) throw errors.validation({ mapping: 'Map at least one column to a field' });
  return { resource, scope, titles, columns, key };
}

/**
 * One row read for a resource that imports in batches (ResourceImport): the mapped cells read as
 * values, relations resolved by title, validated against the create schema; blank cells left out.
 * Matching existing records is the batch's job (its own merge rules). `db` resolves relations: it
 * may be null when the plan maps no relation column.
 */
export async function readRow(
  db: Db | null,
  plan: ImportPlan,
  cells: string[],
): Promise<{ data: Record<string, unknown>; errors: Record<string, string> | null }> {
  const errs: Record<string, string> = {};
  const data: Record<string, unknown> = {};
  for (const [index, field] of plan.columns) {
    const text = cells[index] ?? '';
    if (!field.writable || text.trim() === '') continue;
    try {
      data[field.key] = await resolve(db, plan, field, fromCell(field, text));
    } catch (err) {
      errs[field.key] = (err as Error).message;
    }
  }
  if (Object.keys(errs).length > 0) return { data, errors: errs };
  const parsed = (plan.resource.schemas.create as z.ZodType).safeParse(data);
  if (!parsed.success) return { data, errors: zodFields(parsed.error) };
  // Only the cells given: a default of the create schema must not overwrite an existing record's value.
  const valid = parsed.data as Record<string, unknown>;
  return { data: Object.fromEntries(Object.keys(data).map((k) => [k, valid[k]])), errors: null };
}

/** What an import does with a row. */
export const ROW_ACTIONS = ['create', 'update', 'unchanged', 'error'] as const;

export interface RowOutcome {
  action: (typeof ROW_ACTIONS)[number];
  id?: string;
  data: Record<string, unknown>;
  errors: Record<string, string>;
}

/**
 * What one row would do: find the record by the dedupe key, then take the cells that differ from
 * the record as it would be exported (so a file exported and imported unchanged changes nothing),
 * read them as values, resolve relations by title or id and validate.
 */
export async function planRow(db: Db, plan: ImportPlan, cells: string[]): Promise<RowOutcome> {
  const { resource, scope } = plan;
  const errs: Record<string, string> = {};
  let existing: Row | null = null;
  const keyText = plan.key ? unguard((cells[plan.key[0]] ?? '').trim()) : '';
  if (plan.key && keyText) {
    existing = await findExisting(db, resource, scope, plan.key[1], keyText);
    if (!existing && plan.key[1].key === 'id') {
      errs.id = `No ${resource.config.label.singular.toLowerCase()} with this ID in this community`;
    }
  }
  const data: Record<string, unknown> = {};
  for (const [index, field] of plan.columns) {
    if (!field.writable) continue;
    const text = cells[index] ?? '';
    if (existing) {
      const related = field.ref ? await plan.titles.load(db, field.ref, idsIn(existing[field.key])) : undefined;
      if (text === toCell(field, existing[field.key], related)) continue;
    } else if (text.trim() === '') continue;
    try {
      data[field.key] = await resolve(db, plan, field, fromCell(field, text));
    } catch (err) {
      errs[field.key] = (err as Error).message;
    }
  }
  if (Object.keys(errs).length > 0) return { action: 'error', data, errors: errs };
  if (existing && Object.keys(data).length === 0) return { action: 'unchanged', id: existing.id, data, errors: errs };
  if (existing && !resource.allows('update'))
    return { action: 'error', data, errors: { _: `${resource.config.label.plural} cannot be changed` } };
  if (!existing && !resource.allows('create'))
    return { action: 'error', data, errors: { _: `${resource.config.label.plural} cannot be created` } };
  const schema = existing ? resource.schemas.update : resource.schemas.create;
  const parsed = (schema as z.ZodType).safeParse(data);
  if (!parsed.success) return { action: 'error', data, errors: zodFields(parsed.error) };
  return { action: existing ? 'update' : 'create', id: existing?.id, data, errors: errs };
}

const idsIn = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v ? [String(v)] : []);

async function resolve(db: Db | null, plan: ImportPlan, field: CsvField, value: unknown): Promise<unknown> {
  if (!field.ref || value === null) return value;
  if (!db) throw new Error('Relations are read with the database');
  const one = async (text: string) => {
    const id = await plan.titles.idOf(db, field.ref!, text);
    if (!id) throw new Error(`No ${field.label.toLowerCase()} named “${text}”`);
    return id;
  };
  if (Array.isArray(value)) {
    const ids: string[] = [];
    for (const text of value as string[]) ids.push(await one(text));
    return ids;
  }
  return one(String(value));
}

async function findExisting(db: Db, resource: Resource, scope: Scope, key: CsvField, text: string): Promise<Row | null> {
  if (key.key === 'id') {
    if (!z.uuid().safeParse(text).success) return null;
    try {
      return await resource.getIn(db, scope, text);
    } catch (err) {
      if ((err as { status?: number }).status === 404) return null;
      throw err;
    }
  }
  let value: unknown;
  try {
    value = fromCell(key, text);
  } catch {
    return null;
  }
  const column = (getTableColumns(resource.table) as Record<string, PgColumn>)[key.key];
  return resource.findIn(db, scope, [eq(column, value)]);
}

/** "Price: Expected a number; Status: Expected one of: Draft, Published". */
export function describeErrors(plan: ImportPlan, fields: Record<string, string>): string {
  const labels = new Map(plan.columns.map(([, f]) => [f.key, f.label]));
  return Object.entries(fields)
    .map(([key, message]) => {
      const label = labels.get(key.split('.')[0]);
      return label ? `${label}: ${message}` : message;
    })
    .join('; ');
}
