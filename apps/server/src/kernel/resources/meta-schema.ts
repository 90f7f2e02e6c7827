import { z } from 'zod';
import { ON_DELETE } from '../db/relations';
import { BADGE_COLORS, WIDGETS } from './widgets';

/**
 * The answer of GET /api/v1/meta/resources, declared once here and published under components/schemas
 * (`.meta({ id })`) so the console takes its types from the OpenAPI document. The route writes it with plain JSON.stringify (app.ts), so the schema
 * documents the answer and never strips a field.
 */

/** A JSON Schema (draft 2020-12, from zod): the console reads it as its own JsonSchema. */
const jsonSchema = z.record(z.string(), z.unknown()).describe('A JSON Schema (draft 2020-12)');

const relationUi = z
  .object({
    resource: z.string().nullable().describe("The related resource's path (null when no resource serves its table)"),
    many: z.boolean(),
    onDelete: z.enum(ON_DELETE),
    expand: z.string().describe("Its name in `?expand=` and in a row's `expanded`"),
  })
  .describe('A field that references records of another resource (a foreign key, or a list of ids)');

/** `ui.fields` of one field: its declared FieldUi, enum options as a list, and its relation (labels.ts describeFields). */
export const fieldUiMeta = z
  .object({
    label: z.string().optional(),
    widget: z.enum(WIDGETS).optional(),
    type: z.literal('relation').optional(),
    relation: relationUi.optional(),
    help: z.string().optional(),
    private: z.boolean().optional().describe('A file field whose files are private (readable only with the record)'),
    options: z
      .array(z.object({ value: z.string(), label: z.string(), color: z.enum(BADGE_COLORS).optional() }))
      .optional()
      .describe('Enum values with the labels people read, and a badge colour by meaning'),
    minorUnits: z.boolean().optional().describe('Money kept in minor units of its currency (cents)'),
    currencyField: z.string().optional().describe("Money: the record's field holding its currency"),
    currencyFrom: z.string().optional().describe("Money: the currency of a settings resource's record (`path#field`)"),
    scale: z.number().optional().describe('A number stored scaled: shown as value ÷ scale'),
  })
  .meta({ id: 'FieldUi' });

/** One resource as the caller may see it. */
export const resourceMeta = z
  .object({
    name: z.string(),
    path: z.string(),
    module: z.string(),
    label: z.object({ singular: z.string(), plural: z.string() }),
    fields: jsonSchema.describe('The record as read (output)'),
    input: jsonSchema.describe('The body of a create (an update takes any subset)'),
    ui: z.object({
      title: z.string(),
      columns: z.array(z.string()),
      fields: z.record(z.string(), fieldUiMeta),
      status: z.object({ field: z.string(), tabs: z.array(z.string()) }).optional(),
      bulkEdit: z.array(z.string()).describe('Fields that can be set on many records at once (PATCH /api/v1/<path>)'),
      unique: z.array(z.string()).describe('Fields no two records may share: a copy must change them'),
      editable: z
        .array(z.string())
        .nullable()
        .describe('The fields a change may set when the resource keeps the others as created; null = all'),
    }),
    list: z.object({
      search: z.array(z.string()),
      filters: z.array(z.string()),
      sort: z.array(z.string()),
      defaultSort: z.string(),
      maxLimit: z.number(),
    }),
    operations: z.object({ create: z.boolean(), update: z.boolean(), delete: z.boolean() }),
    permissions: z.object({ read: z.boolean(), write: z.boolean() }),
    platform: z.boolean().describe('A platform catalogue: the same records for every community, changed by platform operators'),
    rowRules: z.boolean().describe('Row rules decide which records the caller reads and changes (others are not found)'),
  })
  .meta({ id: 'ResourceMeta' });

export const resourcesMetaResponse = z.object({ data: z.array(resourceMeta) });
