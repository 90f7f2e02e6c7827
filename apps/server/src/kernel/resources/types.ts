import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ModuleKey, Permissions } from '../access/modules';
import type { PrivilegeRules } from '../access/privileges';
import type { Scope } from '../auth/context';
import type { Db } from '../db/database';
import type { MeterDeclaration } from './meters';
import type { BadgeColor, Widget } from './widgets';

/** Any table built with tenantTable(). */
export type TenantTable = PgTable & {
  tenantId: PgColumn;
  id: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
};

/** Any table built with platformTable(): a platform catalogue, the same for every community (no tenant_id). */
export type PlatformTable = PgTable & {
  id: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
};

/** The table of a resource: a community's records, or a platform catalogue. */
export type ResourceTable = TenantTable | PlatformTable;

/** Who asks, as a row rule sees them. */
export interface AccessCaller {
  tenantId: string;
  /** The signed-in admin; null for the system and visitors. */
  userId: string | null;
  isOwner: boolean;
  permissions: Permissions;
}

/**
 * A row rule: the condition (over the resource's table) a caller's records meet, or true for all of
 * them, e.g. `(caller) => eq(tasks.createdBy, caller.userId)` ("own records") or an `exists (…)`
 * subquery ("member of the project").
 */
export type RowRule = (caller: AccessCaller) => SQL | boolean;

export type Row = Record<string, unknown> & { id: string };

/** The keys of a table's columns. */
export type ColumnKey<T extends ResourceTable> = keyof T['_']['columns'] & string;

/**
 * A resource's record as its readers and writers return it: the table's row without tenant_id and
 * the hidden columns `H`. The kit's own code, which knows no particular table, sees a Row.
 */
export type RecordOf<T extends ResourceTable, H extends string = never> =
  string extends ColumnKey<T> ? Row : { [K in Exclude<keyof T['$inferSelect'], 'tenantId' | H>]: T['$inferSelect'][K] } & { id: string };

// Widget and BadgeColor are value lists (widgets.ts): the meta route's OpenAPI schema takes the same names.
export type { BadgeColor, Widget } from './widgets';

export interface FieldUi {
  label?: string;
  /** Labels (and badge colours) of an enum's values; undeclared values are humanised (`in_progress` → "In progress"). */
  options?: Record<string, { label?: string; color?: BadgeColor }>;
  /** Relations are declared on the table (ref/refs columns, kernel/db/relations.ts), not here. */
  widget?: Widget;
  /**
   * A file field (widget image or file, or a relation to media/files) whose files are private:
   * readable only by whoever may read the record (careers CVs, inbound attachments). Files attached
   * to it are made private. Files in other file fields keep the visibility they were uploaded with.
   */
  private?: boolean;
  help?: string;
  /**
   * Money (widget `money`) stored as whole minor units of its currency (cents, paise; none for JPY):
   * the console shows and takes the amount people read and converts with the currency's digits.
   */
  minorUnits?: boolean;
  /** Money: the record's field holding its currency (ISO 4217); otherwise the community's currency. */
  currencyField?: string;
  /** Money: the currency held by a settings resource's record, as `path#field` (`commerce/settings#currency`). */
  currencyFrom?: string;
  /** A number stored scaled: the console shows value ÷ scale (a percentage kept in ppm: widget `percent`, scale 10000). */
  scale?: number;
}

/**
 * Records that need someone, shown on the dashboard with their count and linked to the list filtered
 * the same way: e.g. `{ label: 'to answer', filter: { status: 'new' } }`. A filter value may be a
 * function for times resolved per request ("publishAt after now").
 */
export interface AttentionQueue {
  label: string;
  filter: Record<string, string | (() => string)>;
}

/** A step of a new community's set-up checklist: done once `atLeast` records (default 1) match `filter`. */
export interface SetupStep {
  label: string;
  filter?: Record<string, string>;
  atLeast?: number;
}

export interface HookContext<R extends Row = Row> {
  scope: Scope;
  tx: Db;
  op: 'create' | 'update';
  /** The record before an update. */
  existing?: R;
}

/** A step before a create or update: the data to write, changed or checked (HookContext has the record before). */
export type BeforeWrite<R extends Row = Row> = (
  ctx: HookContext<R>,
  data: Record<string, unknown>,
) => Promise<Record<string, unknown>> | Record<string, unknown>;

/**
 * A searched field: a column key is searched by substring (trigram index); prose is declared
 * `{ field, kind: 'fulltext' }` and searched by words, ranked (generated tsvector, GIN index).
 * `language` is the PostgreSQL text search configuration (default 'english').
 */
export type SearchField<K extends string> = K | { field: K; kind: 'fulltext'; language?: string };

/**
 * `T` is the table; `H` the hidden columns (inferred from `hidden`), which the records' type leaves out.
 * Hooks and `redact` see the records as the resource returns them (RecordOf).
 */
export interface ResourceConfig<T extends ResourceTable = TenantTable, H extends ColumnKey<T> = ColumnKey<T>> {
  /** URL path below /api/v1/, `<module>/<resource>`. Also the resource's name. */
  path: string;
  module: ModuleKey;
  table: T;
  label: { singular: string; plural: string };
  /** Refinements over the schema derived from the table, per column. */
  input?: Partial<Record<ColumnKey<T>, (schema: any) => z.ZodType>>;
  /** Extra input fields that are not columns (e.g. a password turned into a hash by a hook). */
  extraInput?: Record<string, z.ZodType>;
  /** Columns never sent to clients. */
  hidden?: H[];
  /** Columns clients may not set; the server manages them. */
  readOnly?: ColumnKey<T>[];
  /**
   * The fields a change (PATCH, bulk edit, import, restore) may set; the others are set when the record
   * is created and kept as they were (a visitor's message stays what the visitor sent: only its status,
   * notes and assignee change). A PATCH of another field is a 400 naming it. Default: every input field.
   */
  editable?: ColumnKey<T>[];
  list?: {
    search?: SearchField<ColumnKey<T>>[];
    filters?: ColumnKey<T>[];
    sort?: ColumnKey<T>[];
    /** e.g. '-createdAt' (default) or 'name' */
    defaultSort?: string;
    /**
     * Sorts over several columns, by name: `sortOrder: ['sortOrder', 'name']`, `'-completedOn'` for a
     * column that sorts the other way; `sort=-<name>` turns them all around. The id ends each one.
     * The first column needs an index like any sort.
     */
    orderings?: Record<string, (ColumnKey<T> | `-${ColumnKey<T>}`)[]>;
  };
  /**
   * Named conditions a reader can be held to, e.g. `published` (what the website may show): a
   * public view (public-view.ts) lists and reads through them. Called per request (`now` moves).
   */
  scopes?: Record<string, (now: Date) => SQL>;
  fields?: Partial<Record<ColumnKey<T> | string, FieldUi>>;
  ui?: {
    title: ColumnKey<T>;
    columns: ColumnKey<T>[];
    /** The status shown as tabs and badges (default: an enum column named `status`, all its values as tabs). */
    status?: { field: ColumnKey<T>; tabs?: string[] };
    /** Fields editable on many records at once (default: enum, relation, tags and yes/no fields). */
    bulkEdit?: ColumnKey<T>[];
    /** Queues of records the dashboard brings to the owner's attention. */
    attention?: AttentionQueue[];
    /** The set-up checklist step this resource completes. */
    setup?: SetupStep;
  };
  /** Operations this resource offers besides list and get (default: all). */
  operations?: { create?: boolean; update?: boolean; delete?: boolean };
  hooks?: {
    beforeWrite?: BeforeWrite<RecordOf<T, H>>;
    afterWrite?: (ctx: HookContext<RecordOf<T, H>>, record: RecordOf<T, H>) => Promise<void> | void;
    beforeDelete?: (ctx: { scope: Scope; tx: Db }, record: RecordOf<T, H>) => Promise<void> | void;
    /**
     * After the transaction committed (clean-ups outside the database, cache invalidation). A bulk
     * delete hands over the ids only, so the records are Rows here.
     */
    afterCommit?: (scope: Scope, op: 'create' | 'update' | 'delete', records: Row[]) => Promise<void> | void;
  };
  /**
   * What the records give their holders (a role's permissions, an account's role and owner flag):
   * the kernel then refuses writes beyond the actor's own permissions, keeps the owner account to its
   * owner, revokes an account's sessions when its credentials change, and drops cached sessions.
   */
  privileges?: PrivilegeRules;
  /**
   * Row access: which records a caller may read, and which of those they may change or delete. The kit
   * holds every entry point to them (list, get, export, import, bulk edit, expand, revisions, compat);
   * a record outside the rule is not found (404). A write rule is checked on the record before a change
   * and on the record a create or change leaves (403 when it falls outside).
   */
  access?: { read?: RowRule; write?: RowRule };
  /**
   * On a platform catalogue (a platformTable): the records may also be read without signing in, at
   * `/public/platform/<path>` and `/public/platform/<path>/:id`.
   */
  public?: boolean;
  /** Masks what this caller may not see of a record (applied to every record read). */
  redact?: (record: RecordOf<T, H>, scope: Scope) => RecordOf<T, H>;
  /** How a file import writes this resource's rows, when one create/update per row will not do (kernel/lists/import-job.ts). */
  import?: ResourceImport;
  /**
   * The community's limit these records count toward (`'products'`, or `{ key: 'storage', column: 'size' }`
   * for an amount per record): taken when records are made, in their transaction (a 402 when over), given
   * back when they are deleted (kernel/resources/meters.ts). Counted by the module providing `quotas`.
   */
  meter?: MeterDeclaration;
  /** Sample records: seeded into the demo community and used by the conformance suite. */
  examples: Record<string, unknown>[];
}

/** One row of an imported file, read from its cells and validated against the create schema. */
export interface ImportRow {
  /** Row of the file as a spreadsheet numbers it (the header is row 1). */
  row: number;
  data: Record<string, unknown>;
}

export interface ImportBatchResult {
  created: number;
  updated: number;
  unchanged: number;
  /** Refused rows, field key → problem. */
  errors: { row: number; fields: Record<string, string> }[];
}

/**
 * A resource's own way of writing imported rows: a batch at a time in one transaction (multi-row
 * upserts and its own merge rules) instead of one create/update per row. The kit still reads the
 * file (CSV or XLSX), maps and validates the cells, reports progress and refused rows.
 *
 * `prepare` (optional) is the part of a batch's work that needs no database (normalising values,
 * merging rows within the batch, refusing rows): the kit runs it while the previous batch is being
 * written, and hands its result to `batch`. Without it, `batch` gets the rows.
 */
export interface ResourceImport<O = any, P = any> {
  /** The import's choices beside the mapping (the form's `options`, JSON), e.g. merge rules. */
  options: z.ZodType<O>;
  /** Most rows one file may hold (default MAX_IMPORT_ROWS). */
  maxRows?: number;
  /** Rows per batch (default 1,000). */
  batchSize?: number;
  prepare?: (rows: ImportRow[], options: O) => P;
  batch: (tx: Db, scope: Scope, rows: P, options: O) => Promise<ImportBatchResult>;
}
