import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { actorHolding } from '../access/privileges';
import type { Scope } from '../auth/context';
import type { Db } from '../db/database';
import { AppError } from '../errors/app-error';
import { giveMeter, meterKey, takeMeter } from '../resources/meters';
import type { ImportRow, ResourceImport, Row } from '../resources/types';
import { tenantFilter } from '../tenancy/scope-filter';
import { describeErrors, type ImportPlan, planImport, planRow, readRow } from './csv-import';
import { storedRows } from './import-file';
import { RelationTitles } from './relation-titles';
import { type ImportRowError, importJobs } from './tables';

export const IMPORT_JOB = 'csv-import';
/** Deletes what imports leave behind: uploads never run, files of ended imports, old import records. */
export const IMPORT_SWEEP_JOB = 'csv-import-sweep';
/** Rows per transaction; progress is saved with each batch, so a retried job resumes after it. */
const BATCH = 100;
/** Errors kept on the job (the report lists every refused row up to this many). */
const MAX_ERRORS = 10_000;
/** An upload previewed but not run is kept this long. */
const UPLOAD_KEPT_HOURS = 24;
/** A queued or running import without progress for this long has stopped (its process died for good). */
const STALLED_HOURS = 24;
/** An import's record (its counts and error report) is kept this long after it ended. */
export const IMPORT_KEPT_DAYS = 90;

export interface ImportJobData {
  tenantId: string;
  jobId: string;
}

type Counts = { processed: number; created: number; updated: number; unchanged: number; failed: number };

/**
 * The import job (the file read back from storage as a stream, rows in batches, refused rows
 * reported, the file deleted when it ends) and the hourly sweep, as the lists module declares them.
 */
export const importJobHandlers = {
  [IMPORT_JOB]: (data: ImportJobData, app: FastifyInstance) => runImport(app, data),
  [IMPORT_SWEEP_JOB]: async (_data: object, app: FastifyInstance) => {
    await sweepImports(app);
  },
};
export const importSchedules = { [IMPORT_SWEEP_JOB]: '23 * * * *' };

async function runImport(app: FastifyInstance, { tenantId, jobId }: ImportJobData) {
  const job = await app.db.withTenant(tenantId, async (tx) => {
    const [row] = await tx
      .select({
        status: importJobs.status,
        resource: importJobs.resource,
        userId: importJobs.userId,
        userName: importJobs.userName,
        filename: importJobs.filename,
        mapping: importJobs.mapping,
        dedupeKey: importJobs.dedupeKey,
        options: importJobs.options,
        storageKey: importJobs.storageKey,
        headers: importJobs.headers,
        processed: importJobs.processed,
        created: importJobs.created,
        updated: importJobs.updated,
        unchanged: importJobs.unchanged,
        failed: importJobs.failed,
        // How many errors are kept already (a resumed job): the errors themselves stay in the database.
        kept: sql<number>`jsonb_array_length(${importJobs.errors})`.mapWith(Number),
      })
      .from(importJobs)
      .where(jobWhere(tenantId, jobId))
      .limit(1);
    return row;
  });
  if (!job || job.status === 'uploaded' || job.status === 'done' || job.status === 'failed') return;
  const resource = app.resources.get(job.resource);
  // The admin who started it, with what they hold now: row rules (and file reads) see the caller as a request would.
  const actor = { id: job.userId, name: job.userName };
  const holding = await app.db.withTenant(tenantId, (tx) => actorHolding(tx, { db: app.db, tenantId, actor }));
  const scope: Scope = {
    db: app.db,
    tenantId,
    actor: { ...actor, isOwner: holding.all, permissions: holding.all ? {} : holding.permissions },
  };
  const counts: Counts = {
    processed: job.processed,
    created: job.created,
    updated: job.updated,
    unchanged: job.unchanged,
    failed: job.failed,
  };
  let ended: Partial<typeof importJobs.$inferInsert>;
  try {
    if (!resource) throw new Error('This list no longer exists');
    if (!job.storageKey) throw new AppError(410, 'file_gone', 'The uploaded file is no longer stored: upload it again');
    const importer = resource.config.import;
    const plan = planImport(
      resource,
      scope,
      new RelationTitles(app.resources, scope),
      job.headers,
      job.mapping,
      importer ? null : job.dedupeKey,
    );
    await setJob(app, tenantId, jobId, { status: 'running' });
    const run: Run = { app, plan, scope, jobId, counts, kept: job.kept };
    const batches = fileBatches(run, job.storageKey, importer, job.options)[Symbol.asyncIterator]();
    let next = batches.next();
    try {
      for (;;) {
        const batch = await next;
        if (batch.done) break;
        // The next batch is read, parsed (and prepared) while this one is written.
        next = batches.next();
        if (importer) await writeBatch(run, importer, job.options, batch.value);
        else await writeRows(run, batch.value);
      }
    } finally {
      next.catch(() => {});
      await batches.return(undefined).catch(() => {});
    }
    ended = { status: 'done', finishedAt: new Date() };
  } catch (err) {
    const known = (err as { status?: number }).status;
    ended = {
      status: 'failed',
      finishedAt: new Date(),
      message: known && known < 500 ? (err as Error).message : 'The import stopped on an unexpected error',
    };
    if (!known || known >= 500) app.log.error({ err, jobId }, 'import failed');
  }
  // Recorded first: if this fails, the job is retried and resumes with its file still there.
  await setJob(app, tenantId, jobId, ended);
  if (job.storageKey) await removeFile(app, tenantId, jobId, job.storageKey);
  if (ended.status === 'done' && resource) {
    await app.appLog(
      tenantId,
      `Imported ${resource.config.label.plural.toLowerCase()} from ${job.filename ?? 'a CSV file'}: ${counts.created} created, ${counts.updated} updated, ${counts.failed} refused`,
      { importJobId: jobId },
    );
  }
}

interface Run {
  app: FastifyInstance;
  plan: ImportPlan;
  scope: Scope;
  jobId: string;
  counts: Counts;
  /** Errors kept on the job so far. */
  kept: number;
}

/** Refused rows of a batch, with their cells (the error report's rows), up to MAX_ERRORS in all. */
class BatchErrors {
  readonly list: ImportRowError[] = [];
  constructor(
    private readonly run: Run,
    private readonly first: number,
    private readonly cells: string[][],
  ) {}

  add(row: number, fields: Record<string, string>) {
    const { run } = this;
    run.counts.failed++;
    if (run.kept >= MAX_ERRORS) return;
    run.kept++;
    this.list.push({ row, message: describeErrors(run.plan, fields), fields, cells: this.cells[row - this.first] ?? [] });
  }
}

/** The job's progress after a batch, in the batch's transaction: counts, and its refused rows appended. */
async function saveProgress(tx: Db, run: Run, errors: ImportRowError[]) {
  await tx
    .update(importJobs)
    .set({
      ...run.counts,
      ...(errors.length > 0 ? { errors: sql`${importJobs.errors} || ${JSON.stringify(errors)}::jsonb` } : {}),
      updatedAt: new Date(),
    })
    .where(jobWhere(run.scope.tenantId, run.jobId));
}

/** A batch of the file's rows. */
interface Batch {
  cells: string[][];
  /** Row number of the first (as a spreadsheet numbers it: the header is row 1). */
  first: number;
  /** Its rows read (and prepared by the resource) ahead of its transaction, when that needs no database. */
  read?: ReadBatch;
}

interface ReadBatch {
  refused: { row: number; fields: Record<string, string> }[];
  /** What the resource's batch takes (ResourceImport.prepare's result, or the rows); null when none is left. */
  prepared: unknown;
}

/**
 * The stored file's rows after those already imported, in batches. For a resource that imports in
 * batches, a batch's rows are read and validated (and prepared by the resource) as soon as it is
 * parsed, so that work is done while the batch before it is written; when its columns include
 * relations (resolved by title in the database), they are read in the batch's transaction instead.
 */
async function* fileBatches(
  run: Run,
  storageKey: string,
  importer: ResourceImport | undefined,
  options: Record<string, unknown>,
): AsyncGenerator<Batch> {
  const size = importer ? (importer.batchSize ?? 1_000) : BATCH;
  const ahead = importer && run.plan.columns.every(([, f]) => !f.writable || !f.ref);
  let first = run.counts.processed + 2;
  for await (const cells of batchesOf(storedRows(run.app.storage.blobs, storageKey, run.counts.processed), size)) {
    const batch: Batch = { cells, first };
    if (ahead) batch.read = await readBatch(null, run.plan, batch, importer, options);
    first += cells.length;
    yield batch;
  }
}

/** A batch's rows read and validated, then prepared by the resource (ResourceImport.prepare). */
async function readBatch(
  db: Db | null,
  plan: ImportPlan,
  { cells, first }: Batch,
  importer: ResourceImport,
  options: Record<string, unknown>,
): Promise<ReadBatch> {
  const refused: ReadBatch['refused'] = [];
  const rows: ImportRow[] = [];
  for (const [i, row] of cells.entries()) {
    const read = await readRow(db, plan, row);
    if (read.errors) refused.push({ row: first + i, fields: read.errors });
    else rows.push({ row: first + i, data: read.data });
  }
  const prepared = rows.length === 0 ? null : importer.prepare ? importer.prepare(rows, options) : rows;
  return { refused, prepared };
}

/** Rows written one create/update at a time, each in a savepoint (a refused row leaves the batch intact). */
async function writeRows(run: Run, { cells, first }: Batch) {
  const { plan, scope, counts } = run;
  const resource = plan.resource;
  const written: { op: 'create' | 'update'; row: Row }[] = [];
  await resource.transaction(scope, async (tx) => {
    const errors = new BatchErrors(run, first, cells);
    for (const [i, row] of cells.entries()) {
      const rowNumber = first + i;
      const outcome = await planRow(tx, plan, row);
      if (outcome.action === 'unchanged') counts.unchanged++;
      else if (outcome.action === 'error') errors.add(rowNumber, outcome.errors);
      else {
        try {
          const record = await tx.transaction((sp) =>
            outcome.action === 'create'
              ? resource.createIn(sp, scope, outcome.data)
              : resource.updateIn(sp, scope, outcome.id!, outcome.data),
          );
          written.push({ op: outcome.action, row: record });
          counts[outcome.action === 'create' ? 'created' : 'updated']++;
        } catch (err) {
          const e = err as { status?: number; message?: string; fields?: Record<string, string> };
          if (!e.status || e.status >= 500) throw err;
          errors.add(rowNumber, e.fields ?? { _: e.message ?? 'Refused' });
        }
      }
      counts.processed++;
    }
    await saveProgress(tx, run, errors.list);
  });
  for (const op of ['create', 'update'] as const) {
    const rowsOf = written.filter((w) => w.op === op).map((w) => w.row);
    if (rowsOf.length > 0) await resource.committed(scope, op, rowsOf);
  }
}

/**
 * A resource that imports in batches (ResourceImport): the batch's rows, read and validated (ahead,
 * or here), are written by the resource's own batch in one transaction with the job's progress, so a
 * retried job resumes after the last committed batch.
 */
async function writeBatch(run: Run, importer: ResourceImport, options: Record<string, unknown>, batch: Batch) {
  const { plan, scope, counts } = run;
  await plan.resource.transaction(scope, async (tx) => {
    const errors = new BatchErrors(run, batch.first, batch.cells);
    const read = batch.read ?? (await readBatch(tx, plan, batch, importer, options));
    for (const r of read.refused) errors.add(r.row, r.fields);
    if (read.prepared !== null) {
      // A metered resource's batch reserves a record per row first, and gives back what it did not create.
      const meter = plan.resource.config.meter;
      const reserved = meter && typeof meter === 'string' ? batch.cells.length : 0;
      if (meter) await takeMeter(tx, scope, meterKey(meter), reserved);
      const result = await importer.batch(tx, scope, read.prepared, options);
      if (meter) await giveMeter(tx, scope, meterKey(meter), reserved - result.created);
      counts.created += result.created;
      counts.updated += result.updated;
      counts.unchanged += result.unchanged;
      for (const e of result.errors) errors.add(e.row, e.fields);
    }
    counts.processed += batch.cells.length;
    await saveProgress(tx, run, errors.list);
  });
}

/** Rows grouped in batches of `size` (the last one shorter). */
async function* batchesOf<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Deletes an import's file, then forgets its key (a failed deletion is the sweep's to retry). */
async function removeFile(app: FastifyInstance, tenantId: string, jobId: string, storageKey: string) {
  try {
    await app.storage.blobs.delete(storageKey);
  } catch (err) {
    app.log.warn({ err, jobId }, 'the file of an ended import could not be deleted (the sweep retries)');
    return;
  }
  await setJob(app, tenantId, jobId, { storageKey: null });
}

/**
 * What imports leave behind, in every community: uploads previewed but not run within a day (record
 * and file), the files of ended imports whose deletion failed, imports stalled for a day (failed, file
 * deleted), and the records of imports ended more than IMPORT_KEPT_DAYS ago. Returns what it did.
 */
export async function sweepImports(app: FastifyInstance, now = new Date()) {
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();
  const uploadedBefore = hoursAgo(UPLOAD_KEPT_HOURS);
  const stalledBefore = hoursAgo(STALLED_HOURS);
  const endedBefore = hoursAgo(IMPORT_KEPT_DAYS * 24);
  // The candidates across communities (owner connection); each is then handled as its community.
  const candidates = await app.db.query<{ tenant_id: string; id: string; status: string; storage_key: string | null }>(
    `select tenant_id, id, status, storage_key from import_jobs
      where (status = 'uploaded' and created_at < $1)
         or (status in ('queued', 'running') and updated_at < $2)
         or (status in ('done', 'failed') and (storage_key is not null or coalesce(finished_at, updated_at) < $3))
      limit 1000`,
    [uploadedBefore, stalledBefore, endedBefore],
  );
  const done = { deleted: 0, stalled: 0, filesRemoved: 0 };
  for (const c of candidates) {
    const where = jobWhere(c.tenant_id, c.id);
    let removeBytes = false;
    if (c.status === 'uploaded') {
      const gone = await app.db.withTenant(c.tenant_id, (tx) =>
        tx
          .delete(importJobs)
          .where(and(where, eq(importJobs.status, 'uploaded'), sql`${importJobs.createdAt} < ${uploadedBefore}`))
          .returning({ id: importJobs.id }),
      );
      done.deleted += gone.length;
      removeBytes = gone.length > 0;
    } else if (c.status === 'queued' || c.status === 'running') {
      const stopped = await app.db.withTenant(c.tenant_id, (tx) =>
        tx
          .update(importJobs)
          .set({
            status: 'failed',
            message: 'The import stopped and did not resume: import the rest of the file again',
            finishedAt: now,
            storageKey: null,
            updatedAt: now,
          })
          .where(and(where, sql`${importJobs.status} in ('queued', 'running')`, sql`${importJobs.updatedAt} < ${stalledBefore}`))
          .returning({ id: importJobs.id }),
      );
      done.stalled += stopped.length;
      removeBytes = stopped.length > 0;
    } else {
      // Ended: the file is not needed any more (deleted first: if forgetting the key fails, it is retried).
      if (c.storage_key) {
        await app.storage.blobs.delete(c.storage_key);
        done.filesRemoved++;
      }
      const gone = await app.db.withTenant(c.tenant_id, async (tx) => {
        await tx.update(importJobs).set({ storageKey: null }).where(where);
        return tx
          .delete(importJobs)
          .where(and(where, sql`coalesce(${importJobs.finishedAt}, ${importJobs.updatedAt}) < ${endedBefore}`))
          .returning({ id: importJobs.id });
      });
      done.deleted += gone.length;
    }
    if (removeBytes && c.storage_key) {
      await app.storage.blobs.delete(c.storage_key);
      done.filesRemoved++;
    }
  }
  return done;
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
