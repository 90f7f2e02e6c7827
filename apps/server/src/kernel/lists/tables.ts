import { index, integer, jsonb, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../db/tenant-table';

/** A user's named list view of one resource: its filters (incl. search), sort and columns. */
export const savedViews = tenantTable(
  'saved_views',
  {
    userId: uuid('user_id').notNull(),
    /** The resource path, `<module>/<resource>`. */
    resource: text('resource').notNull(),
    name: text('name').notNull(),
    /** API list parameters by name (`q`, `status`, `publishAt.gte`…) → values. */
    filters: jsonb('filters').$type<Record<string, string[]>>().notNull().default({}),
    sort: text('sort'),
    /** Visible columns in order; null = the resource's defaults. */
    columns: jsonb('columns').$type<string[] | null>(),
  },
  (t) => [
    uniqueIndex('saved_views_name_uq').on(t.tenantId, t.userId, t.resource, t.name),
    index('saved_views_user_idx').on(t.tenantId, t.userId, t.resource, t.createdAt),
  ],
);

export interface ImportRowError {
  /** Row of the file as a spreadsheet numbers it (the header is row 1). */
  row: number;
  /** Every problem of the row, as one sentence. */
  message: string;
  /** Field key → problem. */
  fields?: Record<string, string>;
  /** The row's cells as the file had them (the error report lists them; the file itself is gone). */
  cells?: string[];
}

/**
 * A CSV import of one resource, run as a background job; the console polls its progress. The
 * uploaded file is in storage under `storageKey` (an XLSX workbook as the CSV of its first sheet)
 * from its upload until the import ends: an upload previewed but never run is `uploaded`.
 */
export const importJobs = tenantTable(
  'import_jobs',
  {
    userId: uuid('user_id').notNull(),
    userName: text('user_name'),
    resource: text('resource').notNull(),
    filename: text('filename'),
    status: text('status', { enum: ['uploaded', 'queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    /** Column header → field key (unmapped headers are absent). */
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    /** Field that finds an existing record to update: 'id' or a unique field. */
    dedupeKey: text('dedupe_key'),
    /** The resource's own import choices (ResourceImport.options), validated at upload. */
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    /** Where the uploaded file is in storage (kernel/storage's blob store); null once it is deleted. */
    storageKey: text('storage_key'),
    /** The file's header row (the error report's columns). */
    headers: jsonb('headers').$type<string[]>().notNull().default([]),
    totalRows: integer('total_rows').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    errors: jsonb('errors').$type<ImportRowError[]>().notNull().default([]),
    message: text('message'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('import_jobs_resource_idx').on(t.tenantId, t.resource, t.createdAt)],
);
