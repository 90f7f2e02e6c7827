import { stringify } from 'csv-stringify/sync';
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../auth/context';
import { errors } from '../errors/app-error';
import type { Resource } from '../resources/resource';
import { uploadParts } from '../storage/storage';
import { tenantFilter } from '../tenancy/scope-filter';
import { dedupeKeys, importableFields, MAX_IMPORT_ROWS, parseCsv, planImport, planRow, readCsvHead, suggestMapping } from './csv-import';
import { IMPORT_JOB } from './import-job';
import { RelationTitles } from './relation-titles';
import { importJobs } from './tables';
import { isXlsx, xlsxToCsv } from './xlsx';

/** Rows the preview checks and shows. */
const PREVIEW_ROWS = 10;

const jobOut = z.object({
  id: z.string(),
  resource: z.string(),
  filename: z.string().nullable(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  totalRows: z.number(),
  processed: z.number(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  failed: z.number(),
  errors: z.array(z.object({ row: z.number(), message: z.string(), fields: z.record(z.string(), z.string()).optional() })),
  message: z.string().nullable(),
  createdAt: z.date(),
  finishedAt: z.date().nullable(),
});
const HIDDEN = new Set(['csv', 'tenantId', 'mapping', 'dedupeKey', 'options', 'userId', 'userName', 'updatedAt']);
const jobColumns = Object.fromEntries(Object.entries(getTableColumns(importJobs)).filter(([k]) => !HIDDEN.has(k))) as Record<
  string,
  PgColumn
>;

/**
 * POST /api/v1/<path>/import (multipart: `file`, `mode` preview|run, `mapping` JSON, `key`):
 * the preview checks the first rows and suggests a mapping; run queues the import as a job.
 * GET …/import/:id is its progress; GET …/import/:id/errors.csv its refused rows, re-importable.
 */
export function registerCsvImport(app: FastifyInstance, resource: Resource) {
  if (!resource.allows('create') && !resource.allows('update')) return;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `/api/v1/${resource.path}/import`;
  const tags = [resource.path.split('/')[0]];
  const write = { access: `${resource.module}:write` as const };
  const plural = resource.config.label.plural.toLowerCase();

  r.post(
    base,
    {
      config: write,
      schema: {
        summary: `Import ${plural} from CSV (preview, or run as a job)`,
        description:
          "multipart/form-data: file (CSV, or XLSX: its first worksheet), mode (preview | run), mapping (JSON: column header → field), key (field that finds existing records), options (JSON: the list's own import choices, e.g. merge rules)",
        tags,
        consumes: ['multipart/form-data'],
      },
    },
    async (req, reply) => {
      const auth = req.auth!;
      const maxRows = resource.config.import?.maxRows ?? MAX_IMPORT_ROWS;
      const form = await readForm(req, maxRows);
      const options = importOptions(resource, form.options);
      const scope = scopeOf(app.db, auth);
      const fields = importableFields(resource);
      const { headers, rows, totalRows } = readCsvHead(form.text, PREVIEW_ROWS, maxRows);
      const mapping = form.mapping ?? suggestMapping(headers, fields);
      const keys = dedupeKeys(resource);
      const key = form.key === undefined ? (keys.find((k) => Object.values(mapping).includes(k)) ?? null) : form.key || null;
      const plan = planImport(resource, scope, new RelationTitles(app.resources, auth.tenantId), headers, mapping, key);
      if (form.mode === 'preview') {
        const preview = await app.db.readAsTenant(auth.tenantId, async (db) => {
          const out = [];
          for (const [i, cells] of rows.slice(0, PREVIEW_ROWS).entries()) {
            const outcome = await planRow(db, plan, cells);
            out.push({ row: i + 2, cells, action: outcome.action, errors: outcome.errors });
          }
          return out;
        });
        return {
          headers,
          mapping,
          key,
          keys: fields.filter((f) => keys.includes(f.key)).map((f) => ({ key: f.key, label: f.label })),
          fields: fields.filter((f) => f.writable || keys.includes(f.key)).map((f) => ({ key: f.key, label: f.label })),
          totalRows,
          rows: preview,
        };
      }
      const job = await app.db.withTenant(auth.tenantId, async (tx) => {
        const [row] = await tx
          .insert(importJobs)
          .values({
            tenantId: auth.tenantId,
            userId: auth.userId,
            userName: auth.userName,
            resource: resource.path,
            filename: form.filename,
            mapping,
            dedupeKey: key,
            options,
            csv: form.text,
            totalRows,
          })
          .returning(jobColumns);
        return row;
      });
      await app.jobs.send(IMPORT_JOB, { tenantId: auth.tenantId, jobId: job.id });
      return reply.code(202).send({ data: job });
    },
  );

  const params = z.object({ id: z.uuid({ message: 'Not a valid id' }) });
  const findJob = async (req: FastifyRequest, id: string, withCsv = false) => {
    const auth = req.auth!;
    const [job] = await app.db.readAsTenant(auth.tenantId, (db) =>
      db
        .select(withCsv ? { ...jobColumns, csv: importJobs.csv } : jobColumns)
        .from(importJobs)
        .where(and(tenantFilter(importJobs, auth.tenantId), eq(importJobs.id, id), eq(importJobs.resource, resource.path)))
        .limit(1),
    );
    if (!job) throw errors.notFound('Import');
    return job as unknown as z.infer<typeof jobOut> & { csv?: string | null };
  };

  r.get(
    `${base}/:id`,
    { config: write, schema: { summary: `Progress of a ${plural} import`, tags, params, response: { 200: z.object({ data: jobOut }) } } },
    async (req) => ({ data: await findJob(req, req.params.id) }) as never,
  );

  r.get(
    `${base}/:id/errors.csv`,
    { config: write, schema: { summary: `Refused rows of a ${plural} import, as CSV`, tags, params, produces: ['text/csv'] } },
    async (req, reply) => {
      const job = await findJob(req, req.params.id, true);
      const { headers, rows } = parseCsv(job.csv ?? '', Number.MAX_SAFE_INTEGER);
      const lines = job.errors.map((e) => [String(e.row), e.message, ...(rows[e.row - 2] ?? [])]);
      const name = `${resource.config.label.plural} import errors.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(`\ufeff${stringify([['Row', 'Error', ...headers], ...lines], { record_delimiter: 'windows' })}`);
    },
  );
}

interface ImportForm {
  text: string;
  filename: string | null;
  mode: 'preview' | 'run';
  mapping?: Record<string, string>;
  key?: string;
  options?: unknown;
}

/** The resource's own import choices (ResourceImport.options), with their defaults. */
function importOptions(resource: Resource, given: unknown): Record<string, unknown> {
  const declared = resource.config.import?.options;
  if (!declared) {
    if (given !== undefined) throw errors.validation({ options: 'This list takes no import options' });
    return {};
  }
  const parsed = declared.safeParse(given ?? {});
  if (!parsed.success) {
    throw errors.validation(Object.fromEntries(parsed.error.issues.map((i) => [['options', ...i.path].join('.'), i.message])));
  }
  return parsed.data as Record<string, unknown>;
}

const formFields = z
  .object({
    mode: z.enum(['preview', 'run']).default('preview'),
    mapping: z
      .string()
      .max(100_000)
      .optional()
      .transform((s, ctx) => {
        if (s === undefined) return undefined;
        try {
          return z.record(z.string().max(500), z.string().max(100)).parse(JSON.parse(s));
        } catch {
          ctx.addIssue({ code: 'custom', message: 'Expected a JSON object of column header → field' });
          return z.NEVER;
        }
      }),
    key: z.string().max(100).optional(),
    options: z
      .string()
      .max(10_000)
      .optional()
      .transform((s, ctx) => {
        if (s === undefined) return undefined;
        try {
          return JSON.parse(s) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'Expected a JSON object of import options' });
          return z.NEVER;
        }
      }),
  })
  .strict();

/** The upload: one CSV file (UTF-8) or XLSX workbook (read as CSV), and the form's fields. */
async function readForm(req: FastifyRequest, maxRows: number): Promise<ImportForm> {
  if (!req.isMultipart()) throw errors.unsupportedMedia('Upload the CSV file as multipart/form-data');
  const raw: Record<string, string> = {};
  let file: { text: string; filename: string } | null = null;
  for await (const part of uploadParts(req.parts())) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (file) throw errors.badRequest('too_many_files', 'Upload one CSV file');
      if (isXlsx(bytes)) {
        file = { text: await xlsxToCsv(bytes, maxRows), filename: part.filename };
        continue;
      }
      const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
      if (text.includes('\u0000')) throw errors.unsupportedMedia('Upload a CSV or XLSX file, not another binary file');
      file = { text, filename: part.filename };
    } else if (typeof part.value === 'string') raw[part.fieldname] = part.value;
  }
  if (!file) throw errors.validation({ file: 'Attach a CSV file' });
  const parsed = formFields.safeParse(raw);
  if (!parsed.success) {
    throw errors.validation(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || '_', i.message])));
  }
  return { text: file.text, filename: file.filename, ...parsed.data };
}
