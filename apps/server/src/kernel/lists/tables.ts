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
}

/** A CSV import of one resource, run as a background job; the console polls its progress. */
export const importJobs = tenantTable(
  'import_jobs',
  {
    userId: uuid('user_id').notNull(),
    userName: text('user_name'),
    resource: text('resource').notNull(),
    filename: text('filename'),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    /** Column header → field key (unmapped headers are absent). */
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    /** Field that finds an existing record to update: 'id' or a unique field. */
    dedupeKey: text('dedupe_key'),
    /** The resource's own import choices (ResourceImport.options), validated at upload. */
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    /** The uploaded file, kept for the error report (its refused rows). */
    csv: text('csv'),
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
