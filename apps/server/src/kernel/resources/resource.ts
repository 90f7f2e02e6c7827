import { Column, eq, getTableColumns, inArray, is, SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { enforcePrivileges, revokeOnCredentialChange } from '../access/privileges';
import type { Scope } from '../auth/context';
import { sessionCacheFor } from '../auth/session-cache';
import type { Db } from '../db/database';
import { platformTransaction } from '../db/platform-writes';
import { relationsOf } from '../db/relations';
import { preparedRows, rawRows, selectList, selectRows } from '../db/select-rows';
import { AppError, errors } from '../errors/app-error';
import { humanIssue, type IssueLike } from '../errors/human-messages';
import { recordAudit } from '../events/audit';
import { type FileField, linkFiles, unlinkFiles } from '../storage/file-links';
import { files } from '../storage/tables';
import { isPlatformCommunity } from '../tenancy/communities';
import { tenantFilter } from '../tenancy/scope-filter';
import {
  combine,
  cursorKey,
  ESTIMATE_TRUSTED_FROM,
  EXACT_TOTAL_LIMIT,
  encodeCursor,
  type ListPlan,
  type ListQuery,
  listQuerySchema,
  MAX_OFFSET,
  OFFSET_MESSAGE,
  planList,
  RANK,
  sortTerms,
} from './list-query';
import { giveMeter, meterAmount, meterKey, takeMeter } from './meters';
import {
  beforeRemove,
  checkRelations,
  expandRows,
  foreignKeyError,
  parseExpand,
  type Relation,
  resolveRelations,
  type TableLookup,
} from './relations';
import { deriveSchemas } from './schemas';
import { totalEstimates } from './total-estimates';
import type { AccessCaller, ColumnKey, RecordOf, ResourceConfig, ResourceTable, Row, RowRule, TenantTable } from './types';

type WriteOp = 'create' | 'update' | 'delete';

export interface ListResult<R extends Row = Row> {
  data: R[];
  total: number | null;
  /** True when total is the planner's estimate (more than EXACT_TOTAL_LIMIT matches). */
  totalIsEstimate: boolean;
  /**
   * When the count stopped at EXACT_TOTAL_LIMIT: the list holds more than this many ("1,000+"), and
   * total is the planner's estimate, never below it. Null when total is exact, not counted, or an
   * estimate trusted without counting ("about 86,000").
   */
  totalAtLeast: number | null;
  limit: number;
  offset: number;
  nextCursor: string | null;
}

/**
 * A narrower way to list a resource (a public view): its own filter/search/sort declaration,
 * conditions every page is held to, and the columns shown.
 */
export interface ListView {
  config?: ResourceConfig;
  where?: SQL[];
  selection?: Record<string, PgColumn>;
}

/** The derived schemas, `record` typed as the resource's records. */
export type ResourceSchemas<R extends Row = Row> = Omit<ReturnType<typeof deriveSchemas>, 'record'> & { record: z.ZodType<R> };

/**
 * A declared resource and its operations. Each operation is a fixed pipeline:
 * transaction (as the tenant) → validate → beforeWrite hook → relations → write → audit → afterWrite.
 *
 * `R` is the record its readers and writers return (RecordOf its table, from defineResource); the
 * kit's generic code holds resources as `Resource` (rows of unknown columns).
 */
export class Resource<R extends Row = Row> {
  readonly schemas: ResourceSchemas<R>;
  readonly listQuery: z.ZodObject;
  private readonly selection: Record<string, PgColumn>;
  private readonly columns: Record<string, PgColumn>;
  private lookup: TableLookup = () => undefined;
  private byPath: (path: string) => Resource | undefined = () => undefined;
  private files?: FileField[];
  private resolved?: Relation[];
  private readonly prepared = new WeakMap<Db, Map<string, { execute(values: Record<string, unknown>): Promise<unknown> }>>();

  /** A platform catalogue (a table without tenant_id): read by every community, written by platform operators. */
  readonly platform: boolean;

  constructor(readonly config: ResourceConfig) {
    this.columns = getTableColumns(config.table) as Record<string, PgColumn>;
    this.platform = !('tenantId' in this.columns);
    const hidden = new Set<string>(['tenantId', ...(config.hidden ?? [])]);
    this.selection = Object.fromEntries(Object.entries(this.columns).filter(([k]) => !hidden.has(k)));
    const schemas = deriveSchemas(config);
    // The record schema is drizzle-zod's select schema of the table R is inferred from.
    this.schemas = { ...schemas, record: schemas.record as unknown as z.ZodType<R> };
    this.listQuery = listQuerySchema(config);
  }

  get path() {
    return this.config.path;
  }
  get module() {
    return this.config.module;
  }
  get table(): TenantTable {
    // A platform table has every column of a tenant table but tenant_id, which the kit reads only
    // through tenantCondition (never for a platform catalogue).
    return this.config.table as TenantTable;
  }
  allows(op: WriteOp): boolean {
    return this.config.operations?.[op] !== false;
  }
  attach(lookup: TableLookup, byPath: (path: string) => Resource | undefined) {
    this.lookup = lookup;
    this.byPath = byPath;
    this.resolved = undefined;
  }
  /** Fields that hold stored files (widget image or file, or a relation to the files table): their files belong to the record. */
  get fileFields(): FileField[] {
    this.files ??= Object.keys(this.columns).flatMap((name) => {
      const ui = this.config.fields?.[name];
      const holdsIds = relationsOf(this.table).some((r) => r.key === name && r.target() === files);
      if (!holdsIds && ui?.widget !== 'image' && ui?.widget !== 'file') return [];
      return [{ name, private: ui?.private === true, ids: holdsIds }];
    });
    return this.files;
  }
  /**
   * Fields no two records of a community may share (a unique index on the community and that one
   * field, `lower(email)` too): a copy of a record must change them (meta `ui.unique`).
   */
  get uniqueFields(): string[] {
    const out = new Set<string>();
    for (const index of getTableConfig(this.table).indexes) {
      if (!index.config.unique) continue;
      const keys = this.indexFields(index.config.columns);
      if (keys.length === 1) out.add(keys[0]);
    }
    return [...out];
  }

  /** The field keys an index covers (a plain column, or the columns inside an expression such as `lower(email)`), tenant left out. */
  private indexFields(columns: readonly unknown[]): string[] {
    const byName = new Map(Object.entries(this.columns).map(([k, c]) => [c.name, k]));
    return columns.flatMap((col) => {
      const names = is(col, SQL)
        ? col.queryChunks.filter((chunk) => is(chunk, Column)).map((chunk) => (chunk as Column).name)
        : [(col as { name?: string }).name];
      return names.map((n) => (n ? byName.get(n) : undefined)).filter((k): k is string => k !== undefined && k !== 'tenantId');
    });
  }

  /** The declared relations (ref/refs columns), resolved against the app's resources. */
  get relations(): Relation[] {
    this.resolved ??= resolveRelations(this.table, this.lookup);
    return this.resolved;
  }
  /** The relations `?expand=` names (400 for a name that is not one). */
  expandable(raw: unknown): Relation[] {
    return parseExpand(this.relations, raw);
  }

  /** Whether the resource declares a row rule (meta says so). */
  get hasRowRules(): boolean {
    return Boolean(this.config.access?.read || this.config.access?.write);
  }

  /**
   * What `scope` may read of this resource, with `more`: the community's records (none of that for a
   * platform catalogue) meeting the read rule. Every read of the kit goes through here.
   */
  visible(scope: Scope, ...more: Parameters<typeof combine>[0]): SQL | undefined {
    return combine([this.tenantCondition(scope), ruleCondition(this.config.access?.read, scope), ...more]);
  }

  /** What `scope` may change or delete: what it may read, meeting the write rule too. */
  private writable(scope: Scope, ...more: Parameters<typeof combine>[0]): SQL | undefined {
    return this.visible(scope, ruleCondition(this.config.access?.write, scope), ...more);
  }

  private tenantCondition(scope: Scope): SQL | undefined {
    return this.platform ? undefined : tenantFilter(this.table, scope.tenantId);
  }

  /** ` where …` of the visible conditions, or nothing when there are none (row-level security alone). */
  private whereClause(scope: Scope, conditions: SQL[]): SQL {
    const where = this.visible(scope, ...conditions);
    return where ? sql` where ${where}` : sql``;
  }

  /**
   * The transaction the kit writes this resource in: the caller's community transaction, or for a
   * platform catalogue the guarded platform transaction (after checking the caller operates the platform).
   */
  async transaction<T>(scope: Scope, fn: (tx: Db) => Promise<T>): Promise<T> {
    if (!this.platform) return scope.db.withTenant(scope.tenantId, fn);
    await this.assertPlatformOperator(scope);
    return platformTransaction(scope.db, scope.tenantId, fn);
  }

  /** A platform catalogue changes only in the platform community `-` (403 for any other community, its owner too). */
  async assertPlatformOperator(scope: Scope) {
    if (this.platform && !(await isPlatformCommunity(scope.db, scope.tenantId))) {
      throw errors.forbidden(`Only platform operators can change ${this.config.label.plural.toLowerCase()}`);
    }
  }

  /**
   * A create or change must leave the record within the caller's rules (a write rule "own records"
   * refuses a record made for someone else): checked in the write's transaction, which a 403 rolls back.
   */
  private async assertWithinRules(tx: Db, scope: Scope, id: unknown) {
    if (!this.hasRowRules) return;
    const [row] = await tx
      .select({ id: this.columns.id })
      .from(this.table)
      .where(this.writable(scope, eq(this.columns.id, id)))
      .limit(1);
    if (!row) throw errors.forbidden(`This ${this.config.label.singular.toLowerCase()} would be outside what you may change`);
  }

  // ---- reads ---------------------------------------------------------------------------------

  list(scope: Scope, query: ListQuery): Promise<ListResult<R>> {
    return scope.db.readAsTenant(scope.tenantId, (db) => this.listIn(db, scope, query));
  }

  async listIn(tx: Db, scope: Scope, query: ListQuery, view?: ListView): Promise<ListResult<R>> {
    // Whatever the entry point (a compat line computing page × limit, a view): deep offsets walk every row before them.
    if ((query.offset ?? 0) > MAX_OFFSET) throw errors.validation({ offset: OFFSET_MESSAGE });
    const { plan, limit, offset, statement, countsOnTheWay, filters, selection, rawCursor, cursorOnly, matching } =
      await this.pageStatement(tx, scope, query, view);
    const { rows, raw } = (await selectRows(tx, statement, selection)) as { rows: R[]; raw: unknown[][] };
    let total: number | null = null;
    let totalIsEstimate = false;
    let totalAtLeast: number | null = null;
    if (query.withTotal !== 'false') {
      if (!query.cursor && rows.length < limit && (rows.length > 0 || offset === 0)) {
        // The page holds the end of the list: the total is known without asking again.
        total = offset + rows.length;
      } else if (countsOnTheWay && raw.length > 0) {
        total = Number(raw[0][Object.keys(selection).length]);
      } else {
        ({ total, totalIsEstimate, totalAtLeast } = await countUpTo(tx, (cap) => matching(filters, cap), scope));
      }
    }
    const last = rows[rows.length - 1];
    // A full page may still be the last: an exact total (counted from the start) says so.
    const atEnd = total !== null && !totalIsEstimate && !query.cursor && offset + rows.length >= total;
    let nextCursor: string | null = null;
    if (rows.length === limit && last && !atEnd) {
      // A sort date's exact value is the driver's text of the column (see ListPlan.cursorValues).
      const lastRaw = raw[raw.length - 1];
      const exact = Object.fromEntries(Object.entries(rawCursor).map(([key, index]) => [key, lastRaw[index]]));
      nextCursor = encodeCursor({ ...last, ...exact }, plan.cursorKeys);
    }
    const extra = cursorOnly;
    // Cleared, not deleted: \`delete\` turns each row into a slow dictionary object, which cost ~8% of a
    // 50-row list's CPU in serialisation. Undefined keys are never written (JSON or the compiled serialiser).
    if (extra.length > 0) for (const row of rows) for (const key of extra) (row as Row)[key] = undefined;
    const data = this.config.redact ? rows.map((row) => this.redacted(row, scope)) : rows;
    await expandRows(tx, scope, data, this.expandable(query.expand));
    return { data, total, totalIsEstimate, totalAtLeast, limit, offset, nextCursor };
  }

  /**
   * The statement a list's page runs (what listIn runs, and what EXPLAIN should read): the plain
   * page, or for a search with few matches its matches first (readsMatchesFirst), counting them on
   * the way on a first page that wants its total.
   */
  async pageStatement(tx: Db, scope: Scope, query: ListQuery, view?: ListView) {
    const q = this.pageQuery(tx, scope, query, view);
    // The whole filtered list, without the page's cursor (its last condition): what the total counts.
    const filters = query.cursor ? q.plan.where.slice(0, -1) : q.plan.where;
    const matchesFirst = await readsMatchesFirst(tx, scope, q.plan, q.limit, q.matching, filters);
    const countsOnTheWay = matchesFirst && query.withTotal !== 'false' && !query.cursor;
    return { ...q, filters, countsOnTheWay, statement: matchesFirst ? q.pageOfMatches(countsOnTheWay) : q.page };
  }

  /** The statements a list may run (EXPLAIN-able): the page, and the filtered set the total counts. */
  pageQuery(_tx: Db, scope: Scope, query: ListQuery, view?: ListView) {
    const plan = planList(view?.config ?? this.config, query);
    // The view's conditions go first: the cursor's is the plan's last (the count leaves it out).
    if (view?.where?.length) plan.where.unshift(...view.where);
    const limit = query.limit ?? 25;
    const offset = query.cursor ? 0 : (query.offset ?? 0);
    const base = view?.selection ?? this.selection;
    // A cursor value is selected beside the row only when the page does not already hold it: a sort
    // date the selection has is read from the driver's text of that column (its index, by cursor key).
    const rawCursor: Record<string, number> = {};
    const keys = Object.keys(base);
    if (plan.sortKey !== RANK) {
      plan.cursorKeys.forEach((column, i) => {
        const index = keys.indexOf(column);
        if (cursorKey(i) in plan.cursorValues && index !== -1) rawCursor[cursorKey(i)] = index;
      });
    }
    // A sort column the selection leaves out (a public view showing no sortOrder) is selected for the cursor too.
    const cursorValues: Record<string, SQL> = { ...plan.cursorValues };
    if (plan.sortKey !== RANK) {
      sortTerms(view?.config ?? this.config, plan.sortKey).forEach((term, i) => {
        if (!(cursorKey(i) in cursorValues) && !keys.includes(term.key)) cursorValues[cursorKey(i)] = sql`${term.column}`;
      });
    }
    const extra = Object.entries(cursorValues).filter(([key]) => !(key in rawCursor));
    const selection = extra.length > 0 ? { ...base, ...Object.fromEntries(extra.map(([key, value]) => [key, value.as(key)])) } : base;
    // Written as drizzle's select builder would write them, but without rendering every column again.
    const where = this.whereClause(scope, plan.where);
    const order = sql` order by ${sql.join(plan.orderBy, sql.raw(', '))} limit ${limit} offset ${offset}`;
    const page = sql`select ${selectList(selection)} from ${this.table}${where}${order}`;
    /**
     * The same page read from the matching rows first (see readsMatchesFirst), with their number as
     * a last column when `counted`. `offset 0` keeps the planner from walking the ordering's index:
     * the matches come from the search's own index, then the few of them are sorted. The subquery
     * takes the table's name, so the selection and ordering read it as they would the table.
     */
    const pageOfMatches = (counted: boolean) =>
      sql`select ${selectList(selection)}${counted ? sql`, count(*) over ()` : sql``} from (select * from ${this.table}${where} offset 0) as ${sql.identifier(getTableConfig(this.table).name)}${order}`;
    /** The filtered set (the total's), optionally capped at `limit` rows. */
    const matching = (filters: SQL[] = plan.where, cap?: number) => {
      const set = sql`select 1 from ${this.table}${this.whereClause(scope, filters)}`;
      return cap === undefined ? set : sql`${set} limit ${cap}`;
    };
    /** What the page selects for the cursor only: cleared from the rows before they leave. */
    const cursorOnly = extra.map(([key]) => key);
    return { plan, limit, offset, page, pageOfMatches, selection, rawCursor, cursorOnly, matching };
  }

  /** The first record (columns of `selection`, or all that clients may see) meeting `conditions`, or null. */
  findIn(tx: Db, scope: Scope, conditions: SQL[]): Promise<R | null>;
  findIn(tx: Db, scope: Scope, conditions: SQL[], selection: Record<string, PgColumn>): Promise<Row | null>;
  async findIn(tx: Db, scope: Scope, conditions: SQL[], selection?: Record<string, PgColumn>): Promise<Row | null> {
    const [row] = (await tx
      .select(selection ?? this.selection)
      .from(this.table)
      .where(this.visible(scope, ...conditions))
      .limit(1)) as R[];
    return row ? this.redacted(row, scope) : null;
  }

  /** The record as this caller may see it (config.redact). */
  private redacted(row: R, scope: Scope): R {
    // redact is declared over R (ResourceConfig<T, H>); the erased config holds it over Row.
    return this.config.redact ? (this.config.redact(row, scope) as R) : row;
  }

  /** The named condition of `config.scopes` (e.g. `published`), as of now; unknown names fail loudly. */
  scopeCondition(name: string, now = new Date()): SQL {
    const scope = this.config.scopes?.[name];
    if (!scope) throw new Error(`${this.path} declares no scope named ${name}`);
    return scope(now);
  }

  /** The columns a reader may be shown, by key (never tenantId nor a hidden column). */
  selectionOf(keys: string[]): Record<string, PgColumn> {
    const missing = keys.filter((k) => !(k in this.selection));
    if (missing.length > 0) throw new Error(`${this.path} has no public column ${missing.join(', ')}`);
    return Object.fromEntries(keys.map((k) => [k, this.selection[k]]));
  }

  /** One record; `expand` names relations to add as `expanded` (see list). */
  get(scope: Scope, id: string, expand?: string): Promise<R> {
    const relations = this.expandable(expand);
    return scope.db.readAsTenant(scope.tenantId, async (db) => {
      const row = await this.getIn(db, scope, id);
      await expandRows(db, scope, [row], relations);
      return row;
    });
  }

  async getIn(tx: Db, scope: Scope, id: string, forUpdate = false): Promise<R> {
    // A record read to be changed is one the caller may change (write rule); a platform catalogue's
    // and a row-ruled resource's read depends on more than the community, so it is not prepared.
    const [row] = (
      forUpdate
        ? await tx
            .select(this.selection)
            .from(this.table)
            .where(this.writable(scope, eq(this.columns.id, id)))
            .limit(1)
            .for('update')
        : this.platform || this.hasRowRules
          ? await tx
              .select(this.selection)
              .from(this.table)
              .where(this.visible(scope, eq(this.columns.id, id)))
              .limit(1)
          : await this.preparedGet(tx).execute({ tenantId: scope.tenantId, id })
    ) as R[];
    if (!row) throw errors.notFound(this.config.label.singular);
    return this.redacted(row, scope);
  }

  /**
   * The read by id, built once per connection handle (readers keep theirs) as a named statement:
   * no query building per request, and PostgreSQL plans it once per connection.
   */
  private preparedGet(db: Db) {
    const filter = tenantFilter(this.table, sql.placeholder('tenantId'));
    const key = filter ? 'get' : 'get:rls-only'; // tests turn the application filter off
    let byKey = this.prepared.get(db);
    if (!byKey) {
      byKey = new Map();
      this.prepared.set(db, byKey);
    }
    let query = byKey.get(key);
    if (!query) {
      const where = combine([filter, eq(this.columns.id, sql.placeholder('id'))]);
      const statement = sql`select ${selectList(this.selection)} from ${this.table} where ${where} limit 1`;
      query = preparedRows(db, statement, this.selection, `${this.path}:${key}`);
      byKey.set(key, query);
    }
    return query;
  }

  // ---- writes --------------------------------------------------------------------------------

  create(scope: Scope, input: unknown): Promise<R> {
    return this.inOwnTransaction(scope, 'create', (tx) => this.createIn(tx, scope, input));
  }

  /**
   * `restoring`: a deleted record put back (undo) under its own id and creation time; its input is
   * validated and hooked like any creation.
   */
  async createIn(tx: Db, scope: Scope, input: unknown, restoring?: { id: string; createdAt?: Date }): Promise<R> {
    this.assertAllowed('create');
    await this.assertPlatformOperator(scope);
    let data: Record<string, unknown> = parseInput(this.schemas.create, input);
    if (restoring) data = { ...data, ...restoring };
    if (this.config.privileges) await enforcePrivileges(tx, scope, this.config.privileges, 'create', undefined, data);
    if (this.config.hooks?.beforeWrite) data = await this.config.hooks.beforeWrite({ scope, tx, op: 'create' }, data);
    await this.checkRelations(tx, scope, data);
    if (this.config.meter) await takeMeter(tx, scope, meterKey(this.config.meter), meterAmount(this.config.meter, [data]));
    const [row] = (await this.guardUnique(
      tx
        .insert(this.table)
        .values((this.platform ? data : { ...data, tenantId: scope.tenantId }) as never)
        .returning(this.selection),
    )) as R[];
    await this.assertWithinRules(tx, scope, row.id);
    await this.linkFiles(tx, scope, row, true);
    await recordAudit(tx, scope, [{ action: 'create', resource: this.path, recordId: row.id, after: row }]);
    await this.config.hooks?.afterWrite?.({ scope, tx, op: 'create' }, row);
    return row;
  }

  update(scope: Scope, id: string, patch: unknown): Promise<R> {
    return this.inOwnTransaction(scope, 'update', (tx) => this.updateIn(tx, scope, id, patch));
  }

  async updateIn(tx: Db, scope: Scope, id: string, patch: unknown): Promise<R> {
    this.assertAllowed('update');
    await this.assertPlatformOperator(scope);
    let data: Record<string, unknown> = parseInput(this.schemas.update, patch);
    const existing = await this.getIn(tx, scope, id, true);
    if (this.config.privileges) await enforcePrivileges(tx, scope, this.config.privileges, 'update', existing, data);
    if (this.config.hooks?.beforeWrite) {
      data = await this.config.hooks.beforeWrite({ scope, tx, op: 'update', existing }, data);
    }
    if (Object.keys(data).length === 0) return existing;
    await this.checkRelations(tx, scope, data);
    const [row] = (await this.guardUnique(
      tx
        .update(this.table)
        .set({ ...data, updatedAt: new Date() } as never)
        .where(this.writable(scope, eq(this.columns.id, id)))
        .returning(this.selection),
    )) as R[];
    await this.assertWithinRules(tx, scope, id);
    if (this.config.privileges) await revokeOnCredentialChange(tx, scope, this.config.privileges, existing, data);
    await this.linkFiles(tx, scope, row, false);
    await recordAudit(tx, scope, [{ action: 'update', resource: this.path, recordId: id, before: existing, after: row }]);
    await this.config.hooks?.afterWrite?.({ scope, tx, op: 'update', existing }, row);
    return row;
  }

  remove(scope: Scope, id: string): Promise<R> {
    return this.inOwnTransaction(scope, 'delete', (tx) => this.removeIn(tx, scope, id));
  }

  async removeIn(tx: Db, scope: Scope, id: string): Promise<R> {
    this.assertAllowed('delete');
    await this.assertPlatformOperator(scope);
    const existing = await this.getIn(tx, scope, id, true);
    if (this.config.privileges) await enforcePrivileges(tx, scope, this.config.privileges, 'delete', existing);
    await this.config.hooks?.beforeDelete?.({ scope, tx }, existing);
    await beforeRemove(tx, scope, this.table, this.config.label.singular, [id], this.lookup);
    await this.guardForeignKeys(tx.delete(this.table).where(this.writable(scope, eq(this.columns.id, id))), 'delete');
    if (this.config.meter) await giveMeter(tx, scope, meterKey(this.config.meter), meterAmount(this.config.meter, [existing]));
    if (this.fileFields.length > 0) await unlinkFiles(tx, scope.tenantId, this.path, [id]);
    await recordAudit(tx, scope, [{ action: 'delete', resource: this.path, recordId: id, before: existing }]);
    return existing;
  }

  async bulkRemove(scope: Scope, ids: string[]): Promise<{ deleted: number; ids: string[] }> {
    const result = await this.transaction(scope, (tx) => this.bulkRemoveIn(tx, scope, ids));
    if (result.deleted > 0)
      await this.committed(
        scope,
        'delete',
        result.ids.map((id) => ({ id })),
      );
    return result;
  }

  async bulkRemoveIn(tx: Db, scope: Scope, ids: string[]): Promise<{ deleted: number; ids: string[] }> {
    this.assertAllowed('delete');
    await this.assertPlatformOperator(scope);
    const unique = [...new Set(ids)];
    const existing = (await tx
      .select(this.selection)
      .from(this.table)
      .where(this.writable(scope, inArray(this.columns.id, unique)))
      .for('update')) as R[];
    for (const row of existing) {
      if (this.config.privileges) await enforcePrivileges(tx, scope, this.config.privileges, 'delete', row);
      await this.config.hooks?.beforeDelete?.({ scope, tx }, row);
    }
    const found = existing.map((r) => r.id);
    await beforeRemove(tx, scope, this.table, this.config.label.singular, found, this.lookup);
    if (found.length > 0) {
      await this.guardForeignKeys(tx.delete(this.table).where(this.writable(scope, inArray(this.columns.id, found))), 'delete');
      if (this.config.meter) await giveMeter(tx, scope, meterKey(this.config.meter), meterAmount(this.config.meter, existing));
      if (this.fileFields.length > 0) await unlinkFiles(tx, scope.tenantId, this.path, found);
    }
    await recordAudit(
      tx,
      scope,
      existing.map((row) => ({ action: 'delete' as const, resource: this.path, recordId: row.id, before: row })),
    );
    return { deleted: existing.length, ids: existing.map((r) => r.id) };
  }

  // ---- helpers -------------------------------------------------------------------------------

  /**
   * After commit: the resource's own clean-ups, and — for records that give privileges — dropping the
   * community's cached sessions in every process, so what they may do changes at once.
   */
  /** One write in a transaction of its own, then what follows its commit. */
  private async inOwnTransaction(scope: Scope, op: WriteOp, write: (tx: Db) => Promise<R>): Promise<R> {
    const row = await this.transaction(scope, write);
    await this.committed(scope, op, [row]);
    return row;
  }

  async committed(scope: Scope, op: WriteOp, records: Row[]) {
    if (this.config.privileges) await sessionCacheFor(scope.db).invalidateTenant(scope.tenantId);
    await this.config.hooks?.afterCommit?.(scope, op, records);
  }

  private assertAllowed(op: WriteOp) {
    if (!this.allows(op)) {
      throw new AppError(405, 'operation_not_allowed', `${this.config.label.plural} cannot be ${op}d through the API`);
    }
  }

  /** The files the record's file fields hold belong to it (checked: the writer may read each new one). */
  private async linkFiles(tx: Db, scope: Scope, row: Row, isNew: boolean) {
    if (this.fileFields.length === 0) return;
    await linkFiles(
      tx,
      scope.tenantId,
      scope.actor,
      { resource: this.path, recordId: row.id, fields: this.fileFields, moduleOf: (path) => this.byPath(path)?.module, isNew },
      row,
    );
  }

  private checkRelations(tx: Db, scope: Scope, data: Record<string, unknown>) {
    return checkRelations(tx, scope, this.relations, data);
  }

  /** A foreign-key violation becomes a 400 naming the field (write) or a 409 (delete). */
  private async guardForeignKeys<R>(query: Promise<R>, op: 'write' | 'delete'): Promise<R> {
    try {
      return await query;
    } catch (err) {
      throw foreignKeyError(err, this.table, op) ?? err;
    }
  }

  /** A unique-index violation becomes a 409 naming the fields. */
  private async guardUnique<R>(query: Promise<R>): Promise<R> {
    try {
      return await query;
    } catch (err) {
      const pgError = ((err as { cause?: unknown }).cause ?? err) as { code?: string; constraint?: string };
      if (pgError.code !== '23505') throw foreignKeyError(err, this.table, 'write') ?? err;
      const index = getTableConfig(this.table).indexes.find((i) => i.config.name === pgError.constraint);
      const fields: Record<string, string> = {};
      for (const key of this.indexFields(index?.config.columns ?? [])) fields[key] = 'Already in use';
      throw errors.conflict('already_exists', `A ${this.config.label.singular.toLowerCase()} with these values already exists`, fields);
    }
  }
}

/** A list's total as counted by countUpTo. */
export type Counted = Pick<ListResult, 'total' | 'totalIsEstimate' | 'totalAtLeast'> & { total: number };

/**
 * A total whose cost is bounded by the cap, whatever the number of matches. The planner's estimate
 * comes first (EXPLAIN plans, it does not run; reused a minute per community and filter when
 * `estimatesOf` names them, see total-estimates.ts): when it expects far more matches than
 * EXACT_TOTAL_LIMIT (ESTIMATE_TRUSTED_FROM), it is the answer ("about 86,000"). Otherwise the
 * matches are counted over a subquery LIMITed to EXACT_TOTAL_LIMIT + 1, which stops reading there:
 * exact below, and past it "at least EXACT_TOTAL_LIMIT" with the estimate (never below what was counted).
 */
export async function countUpTo(
  tx: Db,
  matching: (cap?: number) => SQL,
  estimatesOf?: { db: Scope['db']; tenantId: string },
): Promise<Counted> {
  const estimate = await plannedRows(tx, matching(), estimatesOf);
  if (estimate >= ESTIMATE_TRUSTED_FROM) return { total: estimate, totalIsEstimate: true, totalAtLeast: null };
  const [[n]] = await rawRows(tx, sql`select count(*)::int from (${matching(EXACT_TOTAL_LIMIT + 1)}) as capped`);
  if (Number(n) <= EXACT_TOTAL_LIMIT) return { total: Number(n), totalIsEstimate: false, totalAtLeast: null };
  return { total: Math.max(estimate, EXACT_TOTAL_LIMIT + 1), totalIsEstimate: true, totalAtLeast: EXACT_TOTAL_LIMIT };
}

/**
 * How many rows the planner expects a statement to return (EXPLAIN plans, it does not run); reused
 * a minute per community and statement when `estimatesOf` names them (see total-estimates.ts).
 */
export async function plannedRows(tx: Db, query: SQL, estimatesOf?: { db: Scope['db']; tenantId: string }): Promise<number> {
  const ask = async () => Math.round((await explain(tx, query))[0].Plan['Plan Rows'] as number);
  return estimatesOf ? totalEstimates(estimatesOf.db).get(estimatesOf.tenantId, query, ask) : ask();
}

/**
 * Whether a searched list reads its matches first (from the search's index, then sorts them) rather
 * than walking its ordering's index and checking each row against the term until the page is full.
 * The walk reads about limit × rows ÷ matches rows, reading matches first about `matches` rows: so
 * matches first when matches² ≤ limit × rows. The planner compares them badly: it charges almost
 * nothing for the substring check, so at 100,000 products it walked 8,770 rows (9 ms) to find a page
 * of a term 500 of them hold, where their trigram index finds all 500 in 1 ms. Both sizes are its
 * estimates, reused a minute (plannedRows). A search ranked by relevance sorts every match anyway.
 */
async function readsMatchesFirst(
  tx: Db,
  scope: Scope,
  plan: ListPlan,
  limit: number,
  count: (filters: SQL[]) => SQL,
  filters: SQL[],
): Promise<boolean> {
  if (!plan.search || plan.sortKey === RANK) return false;
  const matches = await plannedRows(tx, count(filters), scope);
  const rows = await plannedRows(tx, count(filters.filter((c) => c !== plan.search)), scope);
  return matches * matches <= limit * rows;
}

export type PlanNode = Record<string, unknown> & { 'Node Type': string; Plans?: PlanNode[] };

/** `EXPLAIN (FORMAT JSON)` of a query (`analyze`: run, with actual rows), on either engine. */
export async function explain(tx: Db, query: SQLWrapper, analyze = false): Promise<{ Plan: PlanNode }[]> {
  const [[cell]] = await rawRows(tx, sql`explain (${sql.raw(analyze ? 'analyze, ' : '')}format json) ${query}`);
  return (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
}

/** Validates input with a zod schema, typed as the schema's output; failures name each field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw errors.validation(zodFields(result.error));
}

export function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path, key].join('.')] = 'Unknown field';
      continue;
    }
    const key = issue.path.join('.') || '_';
    fields[key] ??= humanIssue(issue as IssueLike);
  }
  return fields;
}

/**
 * Declares a resource: column names are checked against the table, and the resource's records are
 * typed from it (RecordOf: its row without tenant_id and the `hidden` columns).
 */
export function defineResource<T extends ResourceTable, H extends ColumnKey<T> = never>(
  config: ResourceConfig<T, H>,
): Resource<RecordOf<T, H>> {
  // The one place a resource's table type is erased: the kit's pipeline works on any table.
  return new Resource<RecordOf<T, H>>(config as unknown as ResourceConfig);
}

/** A rule's condition for the scope's caller; none when there is no rule or it allows every record. */
function ruleCondition(rule: RowRule | undefined, scope: Scope): SQL | undefined {
  if (!rule) return undefined;
  const condition = rule(callerOf(scope));
  if (condition === true) return undefined;
  return condition === false ? sql`false` : condition;
}

function callerOf(scope: Scope): AccessCaller {
  return {
    tenantId: scope.tenantId,
    userId: scope.actor.id,
    isOwner: scope.actor.isOwner === true,
    permissions: scope.actor.permissions ?? {},
  };
}
