import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Relation } from './relations';
import type { BadgeColor, FieldUi, ResourceConfig } from './types';

export interface EnumOption {
  value: string;
  label: string;
  color?: BadgeColor;
}

/** Words people read for stored values: `in_progress` → "In progress", `head_office` → "Head office". */
export function humanise(value: string): string {
  const words = value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Badge colours by meaning for the usual status words; a resource can declare its own. */
const STATUS_COLORS: Record<string, BadgeColor> = {
  draft: 'gray',
  published: 'green',
  archived: 'gray',
  scheduled: 'blue',
  new: 'blue',
  in_progress: 'yellow',
  done: 'green',
  active: 'green',
  inactive: 'gray',
  disabled: 'gray',
  sent: 'green',
  queued: 'yellow',
  outbox: 'blue',
  warn: 'yellow',
  debug: 'gray',
  pending: 'yellow',
  failed: 'red',
  error: 'red',
  warning: 'yellow',
  success: 'green',
  info: 'blue',
};

/** The options of every enum column: declared labels/colours first, else humanised values. */
export function enumOptions(config: ResourceConfig): Record<string, EnumOption[]> {
  const out: Record<string, EnumOption[]> = {};
  const fields = (config.fields ?? {}) as Record<string, FieldUi | undefined>;
  for (const [key, column] of Object.entries(getTableColumns(config.table) as Record<string, PgColumn>)) {
    const values = column.enumValues;
    if (!values || values.length === 0) continue;
    const declared = fields[key]?.options ?? {};
    out[key] = values.map((value) => {
      const color = declared[value]?.color ?? (key === 'status' || key === 'level' ? STATUS_COLORS[value] : undefined);
      return { value, label: declared[value]?.label ?? humanise(value), ...(color ? { color } : {}) };
    });
  }
  return out;
}

/** The status field the console shows as tabs and badges: declared, else an enum column named `status`. */
export function statusOf(config: ResourceConfig): { field: string; tabs: string[] } | undefined {
  const columns = getTableColumns(config.table) as Record<string, PgColumn>;
  const declared = config.ui?.status;
  const field = declared?.field ?? (columns.status?.enumValues ? 'status' : undefined);
  if (!field || !columns[field]) return undefined;
  return { field, tabs: declared?.tabs ?? [...(columns[field].enumValues ?? [])] };
}

/** How meta describes a relation field: the console's picker searches `resource` and shows its titles. */
export interface RelationUi {
  type: 'relation';
  relation: { resource: string | null; many: boolean; onDelete: Relation['onDelete']; expand: string };
}

type FieldMeta = Omit<FieldUi, 'options'> & { options?: EnumOption[] } & Partial<RelationUi>;

/**
 * The `ui.fields` of meta: the declared field UI, enum options as `[{ value, label, color }]`, and
 * relations as `{ type: 'relation', relation: { resource, many, onDelete, expand } }`.
 */
export function describeFields(config: ResourceConfig, relations: Relation[] = []): Record<string, FieldMeta> {
  const options = enumOptions(config);
  const fields = (config.fields ?? {}) as Record<string, FieldUi | undefined>;
  const byKey = new Map(relations.map((r) => [r.key, r]));
  const out: Record<string, FieldMeta> = {};
  for (const key of new Set([...Object.keys(fields), ...Object.keys(options), ...byKey.keys()])) {
    const { options: _declared, ...rest } = fields[key] ?? {};
    const field: FieldMeta = options[key] ? { ...rest, options: options[key] } : rest;
    const relation = byKey.get(key);
    if (relation) {
      field.type = 'relation';
      field.widget = 'relation';
      field.relation = {
        resource: relation.resource?.path ?? null,
        many: relation.many,
        onDelete: relation.onDelete,
        expand: relation.name,
      };
    }
    out[key] = field;
  }
  return out;
}
