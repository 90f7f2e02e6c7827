import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Scope } from '../auth/context';
import type { Db } from '../db/database';
import type { Row } from '../resources/types';
import { tenantFilter } from '../tenancy/scope-filter';
import { describeErrors, parseCsv, planImport, planRow } from './csv-import';
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
      const { headers, rows } = parseCsv(job.csv ?? '');
      const plan = planImport(resource, scope, new RelationTitles(app.resources, tenantId), headers, job.mapping, job.dedupeKey);
      await setJob(app, tenantId, jobId, { status: 'running', totalRows: rows.length });
      const counts = { processed: job.processed, created: job.created, updated: job.updated, unchanged: job.unchanged, failed: job.failed };
      const errors: ImportRowError[] = [...job.errors];
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

      function fail(row: number, fields: Record<string, string>) {
        counts.failed++;
        if (errors.length < MAX_ERRORS) errors.push({ row, message: describeErrors(plan, fields), fields });
      }
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

const jobWhere = (tenantId: string, jobId: string) => and(tenantFilter(importJobs, tenantId), eq(importJobs.id, jobId));

function setJob(app: FastifyInstance, tenantId: string, jobId: string, values: Partial<typeof importJobs.$inferInsert>) {
  return app.db.withTenant(tenantId, (tx: Db) =>
    tx
      .update(importJobs)
      .set({ ...values, updatedAt: new Date() })
      .where(jobWhere(tenantId, jobId)),
  );
}
