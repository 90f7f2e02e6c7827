import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { createSchemaFactory } from 'drizzle-zod';
import { z } from 'zod';
import { relationsOf } from '../db/relations';
import { CODE_CHECKS, isCodeWidget } from './codes';
import { expandedSchema } from './relations';
import type { ResourceConfig, TenantTable } from './types';

const { createInsertSchema, createSelectSchema } = createSchemaFactory({ coerce: { date: true } });

/** Columns the server always owns. */
const SYSTEM_COLUMNS = ['tenantId', 'id', 'createdAt', 'updatedAt'] as const;

const MAX_TEXT = 100_000;

/** Why a field outside `editable` is refused on a change. */
export const KEPT_AS_SENT = 'Cannot be changed: it stays as it was sent';

/**
 * Derives the create, update and output schemas of a resource from its table (drizzle-zod), with
 * the resource's refinements. Input is strict: an unknown field is an error, not silently dropped.
 * `editable` lists the fields a change may set (all input fields unless the resource declares them).
 */
export function deriveSchemas(config: ResourceConfig) {
  const omitted = new Set<string>([...SYSTEM_COLUMNS, ...(config.readOnly ?? []), ...(config.hidden ?? [])]);
  const refine: Record<string, (s: any) => z.ZodType> = {};
  for (const [key, column] of Object.entries(getTableColumns(config.table) as Record<string, PgColumn>)) {
    if (omitted.has(key)) continue;
    const custom = (config.input as Record<string, (s: any) => z.ZodType> | undefined)?.[key];
    const isText = column.dataType === 'string' && !column.enumValues;
    // Money is never negative, whichever resource holds it (a price of −5 is refused, not saved as 0).
    const widget = config.fields?.[key]?.widget;
    const isMoney = widget === 'money';
    // A field declared as a standard code (country, currency…) holds a real one, whatever else it checks.
    const code = isCodeWidget(widget) ? CODE_CHECKS[widget] : undefined;
    refine[key] = (s: any) => {
      let base = isText && s instanceof z.ZodString ? s.max(MAX_TEXT) : s;
      if (isMoney && base instanceof z.ZodNumber) base = base.min(0, 'Cannot be negative');
      const refined = custom ? custom(base) : base;
      return code ? refined.refine((v: unknown) => typeof v !== 'string' || v === '' || code.valid(v), code.message) : refined;
    };
  }
  const mask = Object.fromEntries([...omitted].map((k) => [k, true])) as Record<string, true>;
  const insert = (createInsertSchema(config.table as never, refine as never) as unknown as z.ZodObject).omit(pick(mask, config.table));
  const create = insert.extend(config.extraInput ?? {}).strict();
  // Fields set on creation only are in the update schema as refusals that name them.
  const editable = config.editable
    ? Object.keys(create.shape).filter((k) => config.editable!.includes(k as never))
    : Object.keys(create.shape);
  const kept = Object.keys(create.shape).filter((k) => !editable.includes(k));
  const update = create
    .partial()
    .extend(Object.fromEntries(kept.map((k) => [k, z.never({ error: KEPT_AS_SENT }).optional()])))
    .strict();
  const record = (createSelectSchema(config.table as never) as unknown as z.ZodObject).omit(
    pick({ tenantId: true, ...Object.fromEntries((config.hidden ?? []).map((k) => [k, true as const] as const)) }, config.table),
  );
  // What the API answers: the record, plus `expanded` when relations were asked for with ?expand=.
  const output = relationsOf(config.table).length > 0 ? record.extend({ expanded: expandedSchema(config.table).optional() }) : record;
  return { create, update, record, output, editable };
}

/** zod's omit() refuses keys the object lacks; keep only real columns. */
function pick(mask: Record<string, true>, table: TenantTable): Record<string, true> {
  const columns = getTableColumns(table);
  return Object.fromEntries(Object.entries(mask).filter(([k]) => k in columns));
}

/** JSON Schema of a zod schema for the console and OpenAPI (dates as date-time strings). */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchemaOf {
  const cached = jsonSchemas[io].get(schema);
  if (cached) return cached;
  const made = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: (ctx) => {
      const def = (ctx.zodSchema as { _zod?: { def?: { type?: string } } })._zod?.def;
      if (def?.type === 'date') {
        ctx.jsonSchema.type = 'string';
        ctx.jsonSchema.format = 'date-time';
      }
    },
  });
  jsonSchemas[io].set(schema, made);
  return made;
}

/**
 * A schema's JSON Schema, made once per schema object: resources' schemas live as long as the
 * process, and each app built on them (tests build one per file) would convert them again. Callers
 * read the answer and never change it.
 */
const jsonSchemas = { input: new WeakMap<z.ZodType, JsonSchemaOf>(), output: new WeakMap<z.ZodType, JsonSchemaOf>() };
type JsonSchemaOf = z.core.JSONSchema.BaseSchema;
