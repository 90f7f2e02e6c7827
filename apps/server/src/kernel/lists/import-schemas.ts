import { z } from 'zod';
import { ROW_ACTIONS } from './csv-import';
import { importJobs } from './tables';

/**
 * The answers of a CSV import, published once under components/schemas (`.meta({ id })`) so the
 * console takes their types from the OpenAPI document. They are written by the app's plain
 * JSON.stringify (app.ts), so these schemas document the answers and never strip a field.
 */

/** An import job: its progress (GET …/import/:id) and the answer of a run (POST …/import, mode run). */
export const jobOut = z
  .object({
    id: z.string(),
    resource: z.string(),
    filename: z.string().nullable(),
    status: z.enum(importJobs.status.enumValues),
    totalRows: z.number(),
    processed: z.number(),
    created: z.number(),
    updated: z.number(),
    unchanged: z.number(),
    failed: z.number(),
    errors: z.array(
      z.object({
        row: z.number(),
        message: z.string(),
        fields: z.record(z.string(), z.string()).optional(),
        cells: z.array(z.string()).optional().describe('The row’s cells as the file had them'),
      }),
    ),
    message: z.string().nullable(),
    createdAt: z.date(),
    finishedAt: z.date().nullable(),
  })
  .meta({ id: 'ImportJob' });

export const importJobAnswer = z.object({ data: jobOut });

/** POST …/import with mode preview: the suggested mapping and the first rows checked. */
export const importPreviewAnswer = z
  .object({
    upload: z.string().describe('The file as stored: later previews and the run name it instead of sending the file again'),
    headers: z.array(z.string()),
    mapping: z.record(z.string(), z.string()).describe('Column header → field key'),
    key: z.string().nullable().describe('The field that finds existing records (null: every row is new)'),
    keys: z.array(z.object({ key: z.string(), label: z.string() })),
    fields: z.array(z.object({ key: z.string(), label: z.string() })),
    totalRows: z.number(),
    rows: z.array(
      z.object({
        row: z.number(),
        cells: z.array(z.string()),
        action: z.enum(ROW_ACTIONS),
        errors: z.record(z.string(), z.string()),
      }),
    ),
  })
  .meta({ id: 'ImportPreview' });
