import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { humanise } from '../resources/labels';
import type { Resource } from '../resources/resource';
import type { FieldUi } from '../resources/types';

export type CsvKind = 'text' | 'number' | 'boolean' | 'date' | 'enum' | 'ref' | 'refs' | 'image' | 'images' | 'list' | 'json';

/** One column of a resource's CSV: how its values are written and read back. */
export interface CsvField {
  key: string;
  label: string;
  kind: CsvKind;
  /** For ref/refs: the path of the related resource. */
  ref?: string;
  /** For enums: stored value → label (either is accepted on import). */
  options?: Record<string, string>;
  /** Whether an import may set it (system and read-only fields are only read, e.g. id as the dedupe key). */
  writable: boolean;
}

/** Separator of list values (tags, many relations) in one cell. */
export const LIST_SEPARATOR = '; ';

/** Every field a client can read, in the table's order, described for CSV. */
export function csvFields(resource: Resource): CsvField[] {
  const columns = getTableColumns(resource.table) as Record<string, PgColumn>;
  const ui = (resource.config.fields ?? {}) as Record<string, FieldUi | undefined>;
  const output = resource.schemas.output.shape as Record<string, unknown>;
  const writable = new Set(Object.keys(resource.schemas.update.shape));
  return Object.keys(output)
    .filter((key) => columns[key])
    .map((key) => {
      const column = columns[key];
      const field = ui[key];
      const base = { key, label: field?.label ?? (key === 'id' ? 'ID' : humanise(key)), writable: writable.has(key) };
      if (column.enumValues?.length) {
        const declared = field?.options ?? {};
        return {
          ...base,
          kind: 'enum',
          options: Object.fromEntries(column.enumValues.map((v) => [v, declared[v]?.label ?? humanise(v)])),
        };
      }
      const relation = resource.relations.find((r) => r.key === key);
      if (relation?.resource) return { ...base, kind: relation.many ? 'refs' : 'ref', ref: relation.resource.path };
      if (field?.widget === 'image') {
        const input = (resource.schemas.create.shape as Record<string, unknown>)[key] ?? output[key];
        return { ...base, kind: isArraySchema(input) ? 'images' : 'image' };
      }
      if (column.dataType === 'array') return { ...base, kind: 'list' };
      if (column.dataType === 'json') return { ...base, kind: 'json' };
      if (column.dataType === 'number') return { ...base, kind: 'number' };
      if (column.dataType === 'boolean') return { ...base, kind: 'boolean' };
      if (column.dataType === 'date') return { ...base, kind: 'date' };
      return { ...base, kind: 'text' };
    });
}

function isArraySchema(schema: unknown): boolean {
  let s = schema as { _zod?: { def?: { type?: string; innerType?: unknown } } } | undefined;
  while (s?._zod?.def?.innerType) s = s._zod.def.innerType as typeof s;
  return s?._zod?.def?.type === 'array';
}

/** A cell a spreadsheet would run as a formula (= + - @ first) gets a leading apostrophe. */
const FORMULA = /^[=+\-@\t\r]/;
const guard = (text: string) => (FORMULA.test(text) ? `'${text}` : text);
export const unguard = (text: string) => (text.startsWith("'") && FORMULA.test(text.slice(1)) ? text.slice(1) : text);

/**
 * A stored value as CSV text: dates in ISO 8601, relations by the related record's title, images
 * by URL, lists joined with "; ", nested rows as JSON. `titles` maps related ids to titles.
 */
export function toCell(field: CsvField, value: unknown, titles?: Map<string, string>): string {
  if (value === null || value === undefined) return '';
  switch (field.kind) {
    case 'date':
      return value instanceof Date ? value.toISOString() : String(value);
    case 'ref':
      return guard(titles?.get(String(value)) ?? String(value));
    case 'refs':
      return guard((value as string[]).map((id) => titles?.get(id) ?? id).join(LIST_SEPARATOR));
    case 'image':
      return (value as { url?: string }).url ?? '';
    case 'images':
      return (value as { url?: string }[]).map((i) => i.url ?? '').join(' ');
    case 'list':
      return guard((value as unknown[]).map(String).join(LIST_SEPARATOR));
    case 'json':
      return JSON.stringify(value);
    case 'number':
    case 'boolean':
    case 'enum':
      return String(value);
    default:
      return guard(String(value));
  }
}

/** CSV text as an input value (relations still as text: resolved by the importer). Throws a message for people. */
export function fromCell(field: CsvField, raw: string): unknown {
  const text = unguard(raw.trim());
  if (text === '') return field.kind === 'list' || field.kind === 'refs' || field.kind === 'images' ? [] : null;
  switch (field.kind) {
    case 'number': {
      const n = Number(text);
      if (!Number.isFinite(n)) throw new Error('Expected a number');
      return n;
    }
    case 'boolean': {
      const t = text.toLowerCase();
      if (['true', 'yes', '1', 'y'].includes(t)) return true;
      if (['false', 'no', '0', 'n'].includes(t)) return false;
      throw new Error('Expected yes or no');
    }
    case 'enum': {
      const options = Object.entries(field.options ?? {});
      const hit = options.find(([value, label]) => value === text || label.toLowerCase() === text.toLowerCase());
      if (!hit) throw new Error(`Expected one of: ${options.map(([, label]) => label).join(', ')}`);
      return hit[0];
    }
    case 'image':
      return { url: text };
    case 'images':
      return text.split(/\s+/).map((url) => ({ url }));
    case 'list':
    case 'refs':
      return text
        .split(';')
        .map((v) => v.trim())
        .filter(Boolean);
    case 'json':
      try {
        return JSON.parse(text);
      } catch {
        throw new Error('Expected JSON, as in the export');
      }
    default:
      return text;
  }
}
