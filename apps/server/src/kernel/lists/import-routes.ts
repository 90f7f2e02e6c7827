import { randomUUID } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../auth/context';
import { errors } from '../errors/app-error';
import { idParams } from '../resources/caller-routes';
import type { Resource } from '../resources/resource';
import type { BlobStore } from '../storage/blob-store';
import { uploadParts } from '../storage/storage';
import { tenantFilter } from '../tenancy/scope-filter';
import { dedupeKeys, importableFields, MAX_IMPORT_ROWS, planImport, planRow, suggestMapping } from './csv-import';
import { importFileKey, type ReceivedFile, storedHead, storeImportFile } from './import-file';
import { IMPORT_JOB } from './import-job';
import { importJobAnswer, importPreviewAnswer, type jobOut } from './import-schemas';
import { RelationTitles } from './relation-titles';
import { type ImportRowError, importJobs } from './tables';

/** Rows the preview checks and shows. */
const PREVIEW_ROWS = 10;

const HIDDEN = new Set(['storageKey', 'headers', 'tenantId', 'mapping', 'dedupeKey', 'options', 'userId', 'userName', 'updatedAt']);
const jobColumns = Object.fromEntries(Object.entries(getTableColumns(importJobs)).filter(([k]) => !HIDDEN.has(k))) as Record<
  string,
  PgColumn
>;

/**
 * POST /api/v1/<path>/import (multipart: `file` or `upload`, `mode` preview|run, `mapping` JSON,
 * `key`, `options` JSON): a file is streamed to storage as it arrives (counted, its head kept);
 * the preview checks the first rows, suggests a mapping and answers the upload's id, which later
 * previews (another mapping) and the run name instead of sending the file again; run queues the
 * import as a job. GET …/import/:id is its progress; GET …/import/:id/errors.csv its refused rows,
 * re-importable.
 */
export function registerCsvImport(app: FastifyInstance, resource: Resource) {
  if (!resource.allows('create') && !resource.allows('update')) return;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `/api/v1/${resource.path}/import`;
  const tags = [resource.path.split('/')[0]];
  const write = { access: `${resource.module}:write` as const };
  const plural = resource.config.label.plural.toLowerCase();
  const blobs = app.storage.blobs;

  /** The import record of an upload stored by an earlier preview, still to be run. */
  const findUpload = async (tenantId: string, id: string) => {
    const [row] = await app.db.readAsTenant(tenantId, (db) =>
      db
        .select({
          status: importJobs.status,
          storageKey: importJobs.storageKey,
          filename: importJobs.filename,
          totalRows: importJobs.totalRows,
        })
        .from(importJobs)
        .where(and(tenantFilter(importJobs, tenantId), eq(importJobs.id, id), eq(importJobs.resource, resource.path)))
        .limit(1),
    );
    if (!row) throw errors.notFound('Upload');
    if (row.status !== 'uploaded' || !row.storageKey) throw alreadyRun();
    return { ...row, storageKey: row.storageKey };
  };

  r.post(
    base,
    {
      config: write,
      schema: {
        summary: `Import ${plural} from CSV (preview, or run as a job)`,
        description:
          "multipart/form-data: file (CSV, or XLSX: its first worksheet; streamed to storage) or upload (the id a preview answered, to use the file it stored), mode (preview | run), mapping (JSON: column header → field), key (field that finds existing records), options (JSON: the list's own import choices, e.g. merge rules)",
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: importPreviewAnswer, 202: importJobAnswer },
      },
    },
    async (req, reply) => {
      const auth = req.auth!;
      // A platform catalogue is imported by platform operators only: refused before the file is read.
      await resource.assertPlatformOperator(scopeOf(app.db, auth));
      const maxRows = resource.config.import?.maxRows ?? MAX_IMPORT_ROWS;
      const id = randomUUID();
      const form = await readForm(req, {
        blobs,
        key: importFileKey(auth.tenantId, id),
        maxRows,
        maxBytes: app.config.maxUploadBytes,
      });
      try {
        const options = importOptions(resource, form.options);
        const scope = scopeOf(app.db, auth);
        const fields = importableFields(resource);
        let file: ReceivedFile & { filename: string | null };
        if (form.file) file = form.file;
        else {
          const stored = await findUpload(auth.tenantId, form.upload!);
          // Only the head of the stored file is read.
          const head = await storedHead(blobs, stored.storageKey, form.mode === 'preview' ? PREVIEW_ROWS : 0);
          file = { ...head, totalRows: stored.totalRows, filename: stored.filename };
        }
        const { headers, rows, totalRows } = file;
        const mapping = form.mapping ?? suggestMapping(headers, fields);
        const keys = dedupeKeys(resource);
        const key = form.key === undefined ? (keys.find((k) => Object.values(mapping).includes(k)) ?? null) : form.key || null;
        const plan = planImport(resource, scope, new RelationTitles(app.resources, scope), headers, mapping, key);
        const record = {
          tenantId: auth.tenantId,
          id,
          userId: auth.userId,
          userName: auth.userName,
          resource: resource.path,
          filename: file.filename,
          mapping,
          dedupeKey: key,
          options,
          storageKey: importFileKey(auth.tenantId, id),
          headers,
          totalRows,
        };
        if (form.mode === 'preview') {
          const preview = await app.db.readAsTenant(auth.tenantId, async (db) => {
            const out = [];
            for (const [i, cells] of rows.slice(0, PREVIEW_ROWS).entries()) {
              const outcome = await planRow(db, plan, cells);
              out.push({ row: i + 2, cells, action: outcome.action, errors: outcome.errors });
            }
            return out;
          });
          // A file sent with the preview stays stored for the run (and other previews) to name.
          if (form.file) await app.db.withTenant(auth.tenantId, (tx) => tx.insert(importJobs).values({ ...record, status: 'uploaded' }));
          return {
            upload: form.upload ?? id,
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
          if (form.file) {
            const [row] = await tx.insert(importJobs).values(record).returning(jobColumns);
            return row;
          }
          // The upload becomes the job: once only, whoever runs it first.
          const [row] = await tx
            .update(importJobs)
            .set({
              status: 'queued',
              mapping,
              dedupeKey: key,
              options,
              userId: auth.userId,
              userName: auth.userName,
              updatedAt: new Date(),
            })
            .where(
              and(
                tenantFilter(importJobs, auth.tenantId),
                eq(importJobs.id, form.upload!),
                eq(importJobs.resource, resource.path),
                eq(importJobs.status, 'uploaded'),
              ),
            )
            .returning(jobColumns);
          if (!row) throw alreadyRun();
          return row;
        });
        await app.jobs.send(IMPORT_JOB, { tenantId: auth.tenantId, jobId: job.id });
        // jobColumns are chosen at run time (all but HIDDEN): their row is the job as jobOut describes it.
        return reply.code(202).send({ data: job as unknown as z.infer<typeof jobOut> });
      } catch (err) {
        // A file stored by this request is not kept when the request is refused.
        if (form.file) await blobs.delete(importFileKey(auth.tenantId, id)).catch(() => {});
        throw err;
      }
    },
  );

  const findJob = async (req: FastifyRequest, id: string, withHeaders = false) => {
    const auth = req.auth!;
    const [job] = await app.db.readAsTenant(auth.tenantId, (db) =>
      db
        .select(withHeaders ? { ...jobColumns, headers: importJobs.headers } : jobColumns)
        .from(importJobs)
        .where(and(tenantFilter(importJobs, auth.tenantId), eq(importJobs.id, id), eq(importJobs.resource, resource.path)))
        .limit(1),
    );
    if (!job) throw errors.notFound('Import');
    return job as unknown as Omit<z.infer<typeof jobOut>, 'errors'> & { headers?: string[]; errors: ImportRowError[] };
  };

  r.get(
    `${base}/:id`,
    { config: write, schema: { summary: `Progress of a ${plural} import`, tags, params: idParams, response: { 200: importJobAnswer } } },
    async (req) => ({ data: await findJob(req, req.params.id) }) as never,
  );

  r.get(
    `${base}/:id/errors.csv`,
    { config: write, schema: { summary: `Refused rows of a ${plural} import, as CSV`, tags, params: idParams, produces: ['text/csv'] } },
    async (req, reply) => {
      const job = await findJob(req, req.params.id, true);
      const lines = job.errors.map((e) => [String(e.row), e.message, ...(e.cells ?? [])]);
      const name = `${resource.config.label.plural} import errors.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(`\ufeff${stringify([['Row', 'Error', ...(job.headers ?? [])], ...lines], { record_delimiter: 'windows' })}`);
    },
  );
}

interface ImportForm {
  /** The file sent with this request, stored. */
  file?: ReceivedFile & { filename: string };
  /** Or the id of an upload stored by an earlier preview. */
  upload?: string;
  mode: 'preview' | 'run';
  mapping?: Record<string, string>;
  key?: string;
  options?: unknown;
}

const alreadyRun = () => errors.conflict('import_started', 'This upload was imported already: upload the file again');

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

/** An optional form field holding JSON, read by `read`; a value it cannot read is refused with `message`. */
const jsonField = <T>(maxLength: number, read: (value: unknown) => T, message: string) =>
  z
    .string()
    .max(maxLength)
    .optional()
    .transform((s, ctx) => {
      if (s === undefined) return undefined;
      try {
        return read(JSON.parse(s));
      } catch {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
    });

const formFields = z
  .object({
    mode: z.enum(['preview', 'run']).default('preview'),
    mapping: jsonField(
      100_000,
      (value) => z.record(z.string().max(500), z.string().max(100)).parse(value),
      'Expected a JSON object of column header → field',
    ),
    key: z.string().max(100).optional(),
    upload: z.uuid({ message: 'Not a valid upload id' }).optional(),
    options: jsonField(10_000, (value): unknown => value, 'Expected a JSON object of import options'),
  })
  .strict();

/**
 * The form: its fields, and one CSV file (UTF-8) or XLSX workbook (read as CSV) streamed to storage
 * under `to.key` as it arrives (nothing stays there when the form is refused), or an upload's id.
 */
async function readForm(
  req: FastifyRequest,
  to: { blobs: BlobStore; key: string; maxRows: number; maxBytes: number },
): Promise<ImportForm> {
  if (!req.isMultipart()) throw errors.unsupportedMedia('Upload the CSV file as multipart/form-data');
  const raw: Record<string, string> = {};
  let file: ImportForm['file'];
  try {
    for await (const part of uploadParts(req.parts())) {
      if (part.type === 'file') {
        if (file) {
          part.file.resume();
          throw errors.badRequest('too_many_files', 'Upload one CSV file');
        }
        const received = await storeImportFile(to.blobs, to.key, part.file, { keep: PREVIEW_ROWS, ...to });
        file = { ...received, filename: part.filename };
      } else if (typeof part.value === 'string') raw[part.fieldname] = part.value;
    }
    const parsed = formFields.safeParse(raw);
    if (!parsed.success) {
      throw errors.validation(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || '_', i.message])));
    }
    if (!file && !parsed.data.upload) throw errors.validation({ file: 'Attach a CSV file' });
    if (file && parsed.data.upload) throw errors.validation({ upload: 'Send the file or the id of its upload, not both' });
    return { file, ...parsed.data };
  } catch (err) {
    if (file) await to.blobs.delete(to.key).catch(() => {});
    throw err;
  }
}
