import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Scope } from '../auth/context';
import type { Db } from '../db/database';
import type { ImportRow, ResourceImport, Row } from '../resources/types';
import { tenantFilter } from '../tenancy/scope-filter';
import {
  csvRows,
  describeErrors,
  type ImportPlan,
  MAX_IMPORT_ROWS,
  parseCsv,
  planImport,
  planRow,
  readCsvHead,
  readRow,
} from './csv-import';
import { RelationTitles } from './relation-titles';
import { type ImportRowError, importJobs } from './tables';

export const IMPORT_JOB = 'csv-import';
/** Rows per transaction; progress is saved with each batch, so a retried job resumes after it. */
const BATCH = 100;
/** Errors kept on the job (the report lists every refused row up to this many). */
const MAX_ERRORS = 10_000;

export interface ImportJobData {
  tenantId: string;
  jobId: string;
}

/** Registers the import job: rows in batches, each row in a savepoint, refused rows reported. */
export function registerImportJob(app: FastifyInstance) {
  app.jobs.handle<ImportJobData>(IMPORT_JOB, async ({ tenantId, jobId }) => {
    const job = await app.db.withTenant(tenantId, async (tx) => {
      const [row] = await tx.select().from(importJobs).where(jobWhere(tenantId, jobId)).limit(1);
      return row;
    });
    if (!job || job.status === 'done' || job.status === 'failed') return;
    const resource = app.resources.get(job.resource);
    const scope: Scope = { db: app.db, tenantId, actor: { id: job.userId, name: job.userName } };
    try {
      if (!resource) throw new Error('This list no longer exists');
      const importer = resource.config.import;
      const csv = job.csv ?? '';
      const file = importer ? readCsvHead(csv, 0, importer.maxRows ?? MAX_IMPORT_ROWS) : parseCsv(csv);
      // A batching resource streams its rows (runBatched); the others are planned row by row below.
      const rows: string[][] = importer ? [] : (file as { rows: string[][] }).rows;
      const plan = planImport(
        resource,
        scope,
        new RelationTitles(app.resources, tenantId),
        file.headers,
        job.mapping,
        importer ? null : job.dedupeKey,
      );
      await setJob(app, tenantId, jobId, { status: 'running', totalRows: 'totalRows' in file ? (file.totalRows as number) : rows.length });
      const counts = { processed: job.processed, created: job.created, updated: job.updated, unchanged: job.unchanged, failed: job.failed };
      const errors: ImportRowError[] = [...job.errors];
      const fail = (row: number, fields: Record<string, string>) => {
        counts.failed++;
        if (errors.length < MAX_ERRORS) errors.push({ row, message: describeErrors(plan, fields), fields });
      };
      if (importer) await runBatched(app, { importer, plan, scope, csv, options: job.options, jobId, counts, errors, fail });
      for (let start = job.processed; start < rows.length; start += BATCH) {
        const written: { op: 'create' | 'update'; row: Row }[] = [];
        await app.db.withTenant(tenantId, async (tx) => {
          for (const [i, cells] of rows.slice(start, start + BATCH).entries()) {
            const rowNumber = start + i + 2;
            const outcome = await planRow(tx, plan, cells);
            if (outcome.action === 'unchanged') counts.unchanged++;
            else if (outcome.action === 'error') fail(rowNumber, outcome.errors);
            else {
              try {
                // A savepoint per row: a refused row (unique value, hook) leaves the batch intact.
                const row = await tx.transaction((sp) =>
                  outcome.action === 'create'
                    ? resource.createIn(sp, scope, outcome.data)
                    : resource.updateIn(sp, scope, outcome.id!, outcome.data),
                );
                written.push({ op: outcome.action, row });
                counts[outcome.action === 'create' ? 'created' : 'updated']++;
              } catch (err) {
                const e = err as { status?: number; message?: string; fields?: Record<string, string> };
                if (!e.status || e.status >= 500) throw err;
                fail(rowNumber, e.fields ?? { _: e.message ?? 'Refused' });
              }
            }
            counts.processed++;
          }
          await tx
            .update(importJobs)
            .set({ ...counts, errors, updatedAt: new Date() })
            .where(jobWhere(tenantId, jobId));
        });
        for (const op of ['create', 'update'] as const) {
          const rowsOf = written.filter((w) => w.op === op).map((w) => w.row);
          if (rowsOf.length > 0) await resource.committed(scope, op, rowsOf);
        }
      }
      await setJob(app, tenantId, jobId, { status: 'done', finishedAt: new Date() });
      await app.appLog(
        tenantId,
        `Imported ${resource.config.label.plural.toLowerCase()} from ${job.filename ?? 'a CSV file'}: ${counts.created} created, ${counts.updated} updated, ${counts.failed} refused`,
        { importJobId: jobId },
      );
    } catch (err) {
      const known = (err as { status?: number }).status;
      await setJob(app, tenantId, jobId, {
        status: 'failed',
        finishedAt: new Date(),
        message: known && known < 500 ? (err as Error).message : 'The import stopped on an unexpected error',
      });
      if (!known || known >= 500) app.log.error({ err, jobId }, 'import failed');
    }
  });
}

interface BatchRun {
  importer: ResourceImport;
  plan: ImportPlan;
  scope: Scope;
  csv: string;
  options: Record<string, unknown>;
  jobId: string;
  counts: { processed: number; created: number; updated: number; unchanged: number; failed: number };
  errors: ImportRowError[];
  fail: (row: number, fields: Record<string, string>) => void;
}

/**
 * A resource that imports in batches (ResourceImport): the file is streamed, each batch of rows is
 * read and validated, then written by the resource's own batch in one transaction with the job's
 * progress, so a retried job resumes after the last committed batch.
 */
async function runBatched(app: FastifyInstance, run: BatchRun) {
  const { importer, plan, scope, counts } = run;
  const size = importer.batchSize ?? 1_000;
  let pending: string[][] = [];
  let first = counts.processed;
  const flush = async () => {
    const cells = pending;
    pending = [];
    await app.db.withTenant(scope.tenantId, async (tx) => {
      const rows: ImportRow[] = [];
      for (const [i, row] of cells.entries()) {
        const rowNumber = first + i + 2;
        const read = await readRow(tx, plan, row);
        if (read.errors) run.fail(rowNumber, read.errors);
        else rows.push({ row: rowNumber, data: read.data });
      }
      if (rows.length > 0) {
        const result = await importer.batch(tx, scope, rows, run.options);
        counts.created += result.created;
        counts.updated += result.updated;
        counts.unchanged += result.unchanged;
        for (const e of result.errors) run.fail(e.row, e.fields);
      }
      counts.processed += cells.length;
      first += cells.length;
      await tx
        .update(importJobs)
        .set({ ...counts, errors: run.errors, updatedAt: new Date() })
        .where(jobWhere(scope.tenantId, run.jobId));
    });
  };
  for await (const row of csvRows(run.csv, counts.processed)) {
    pending.push(row);
    if (pending.length >= size) await flush();
  }
  if (pending.length > 0) await flush();
}

const jobWhere = (tenantId: string, jobId: string) => and(tenantFilter(importJobs, tenantId), eq(importJobs.id, jobId));

function setJob(app: FastifyInstance, tenantId: string, jobId: string, values: Partial<typeof importJobs.$inferInsert>) {
  return app.db.withTenant(tenantId, (tx: Db) =>
    tx
      .update(importJobs)
      .set({ ...values, updatedAt: new Date() })
      .where(jobWhere(tenantId, jobId)),
  );
}
