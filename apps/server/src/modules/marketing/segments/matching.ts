import { and, count, desc, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, errors, queryRows, tenantFilter } from '../../../kernel/resources';
import { contactConsentColumns, contactProfileColumns } from '../contacts/columns';
import { marketingContacts as c } from '../tables/contacts';
import { marketingSegmentMembers as m } from '../tables/segments';
import { compileRules } from './compile';
import { type RuleTree, ruleTreeSchema } from './rules';

/**
 * Who is in a segment, as a condition over marketing_contacts, and the two reads every screen and
 * call needs from such a condition: a count (exact while cheap, else from a sample) and a page of
 * contacts by keyset cursor (newest first: created_at, id).
 */

export interface SegmentLike {
  id: string;
  kind: 'static' | 'dynamic';
  rules: unknown;
}

export interface Count {
  total: number;
  totalIsEstimate: boolean;
}

/** A count as a segment's or an audience's stored columns: the figure, whether it is an estimate, and when. */
export const storedCount = (count: Count) => ({ contactCount: count.total, countIsEstimate: count.totalIsEstimate, countedAt: new Date() });

/** A static segment: its members; a dynamic one: its rules, evaluated as of `now`. */
export function segmentCondition(segment: SegmentLike, now = new Date()): SQL {
  if (segment.kind === 'static') {
    return sql`exists (select 1 from ${m} where ${m.tenantId} = ${c.tenantId} and ${m.segmentId} = ${segment.id} and ${m.contactId} = ${c.id})`;
  }
  return compileRules(ruleTreeSchema.parse(segment.rules ?? { rules: [] }) as RuleTree, now);
}

/** The community's contacts matching `condition` (ids only: counts and EXPLAIN). */
export const matchingContacts = (tx: Db, tenantId: string, condition: SQL) =>
  tx
    .select({ id: c.id })
    .from(c)
    .where(and(tenantFilter(c, tenantId), condition))
    .$dynamic();

/**
 * What reading every match costs, as the planner expects it (EXPLAIN: it plans, it does not run):
 * the matches and the plan's total cost, in its units (a page read in order is 1, at random 4 with
 * PostgreSQL's defaults, a row checked 0.01). A rule served by an index that names exactly the
 * matches costs about one page per match (they are scattered over the table); a rule checked row by
 * row after an index that names many more (an OR of segments, a jsonb attribute) costs a page per
 * row read, whatever the matches.
 */
async function plannedRead(tx: Db, tenantId: string, condition: SQL): Promise<{ matches: number; cost: number }> {
  const [plan] = await explainPlan(tx, matchingContacts(tx, tenantId, condition));
  return { matches: plan.Plan['Plan Rows'], cost: plan.Plan['Total Cost'] };
}

/**
 * Below this cost (a few thousand scattered pages: some 5 to 20 ms at a million contacts) a page
 * reads every match and takes the newest (see memberPageQuery).
 */
export const CHEAP_READ_COST = 15_000;
/** Below this one (twice as much: a count has 200 ms, a page 30) a count is exact. */
export const EXACT_COUNT_COST = 30_000;

/**
 * Counts: exact while cheap, else estimated from a sample of the table (flagged totalIsEstimate).
 *  - reading every match is cheap (EXACT_COUNT_COST) and the planner expects at most
 *    EXACT_COUNT_LIMIT: the exact count, up to EXACT_COUNT_LIMIT (more is answered by the sample),
 *    under a statement timeout of COUNT_BUDGET_MS for rules the planner misjudges (set in a savepoint
 *    and undone after: call inside a transaction, withTenant); past it, the sample;
 *  - else the sample: SAMPLE_ROWS rows (whole pages), some 15 ms whatever the rules.
 * The sample, not the planner's figure, answers an estimate: the planner multiplies the rules'
 * selectivities as if they were independent, which people's countries, languages and tags are not.
 */
export const EXACT_COUNT_LIMIT = 10_000;
export const COUNT_BUDGET_MS = 100;
/** About this many rows are sampled for an estimate (whole pages, TABLESAMPLE SYSTEM). */
const SAMPLE_ROWS = 20_000;

const isTimeout = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: unknown } | null;
  return e?.code === '57014' || (e?.cause !== undefined && isTimeout(e.cause));
};

export async function countContacts(tx: Db, tenantId: string, condition: SQL): Promise<Count> {
  const planned = await plannedRead(tx, tenantId, condition);
  if (planned.cost > EXACT_COUNT_COST || planned.matches > EXACT_COUNT_LIMIT) return sampledCount(tx, tenantId, condition);
  try {
    const n = await tx.transaction(async (sp) => {
      await sp.execute(sql.raw(`set local statement_timeout = ${COUNT_BUDGET_MS}`));
      const capped = matchingContacts(sp, tenantId, condition)
        .limit(EXACT_COUNT_LIMIT + 1)
        .as('capped');
      const [row] = await sp.select({ n: count() }).from(capped);
      await sp.execute(sql`set local statement_timeout to default`);
      return Number(row.n);
    });
    if (n <= EXACT_COUNT_LIMIT) return { total: n, totalIsEstimate: false };
  } catch (err) {
    if (!isTimeout(err)) throw err;
  }
  return sampledCount(tx, tenantId, condition);
}

/** The matches in a sample of the table's pages, scaled up (repeatable: the same answer while nothing changes). */
async function sampledCount(tx: Db, tenantId: string, condition: SQL): Promise<Count> {
  const stats = await queryRows<{ reltuples: number }>(tx, sql`select reltuples from pg_class where oid = 'marketing_contacts'::regclass`);
  const rows = Number(stats[0]?.reltuples ?? -1);
  const percent = rows > SAMPLE_ROWS ? (100 * SAMPLE_ROWS) / rows : 100;
  const result = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from ${c} tablesample system (${percent}::real) repeatable (0) where ${and(tenantFilter(c, tenantId), condition)}`,
  );
  return { total: Math.round((Number(result[0].n) * 100) / percent), totalIsEstimate: true };
}

/** `EXPLAIN (FORMAT JSON)` of a query, on either engine: the planner's expected rows and cost. */
async function explainPlan(tx: Db, query: SQLWrapper): Promise<{ Plan: { 'Plan Rows': number; 'Total Cost': number } }[]> {
  const result = await queryRows<Record<string, unknown>>(tx, sql`explain (format json) ${query}`);
  const cell = result[0]['QUERY PLAN'];
  return (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: { 'Plan Rows': number; 'Total Cost': number } }[];
}

/** What a member list shows of a contact (no custom attributes: they can be large). */
export const memberColumns = {
  ...contactProfileColumns,
  source: c.source,
  ...contactConsentColumns,
  lastActivityAt: c.lastActivityAt,
  createdAt: c.createdAt,
};
export type MemberRow = Pick<typeof c.$inferSelect, keyof typeof memberColumns>;

export const MAX_PAGE = 200;

/**
 * A page's cursor: the last member's created_at (to the microsecond, which a JS Date would round
 * to the millisecond and so skip or repeat members) and id, as base64url JSON. Members are listed
 * newest first, (created_at, id) descending: both never change, so paging through (a campaign's
 * batches) neither skips nor repeats a contact whose data changes meanwhile, and the indexes that
 * end in (created_at, id) give the order (see memberPageQuery).
 */
export interface MemberCursor {
  at: string;
  id: string;
}
const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const encodeMemberCursor = (c: MemberCursor) => Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');

function decodeMemberCursor(text: string): MemberCursor | null {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [at, id] = value;
    return typeof at === 'string' && CURSOR_AT.test(at) && typeof id === 'string' && UUID.test(id) ? { at, id } : null;
  } catch {
    return null;
  }
}

/** A nextCursor given back; anything else is a 400. */
export function parseMemberCursor(text: string): MemberCursor {
  const cursor = text.length <= 200 ? decodeMemberCursor(text) : null;
  if (!cursor) throw errors.validation({ cursor: 'Not a valid cursor' });
  return cursor;
}

/** The `cursor` of a member page (query string or compat body): nextCursor of the previous page. */
export const memberCursor = z
  .string()
  .max(200)
  .transform((text, ctx) => {
    const cursor = decodeMemberCursor(text);
    if (!cursor) ctx.addIssue({ code: 'custom', message: 'Not a valid cursor' });
    return cursor ?? z.NEVER;
  });

/** created_at as the cursor holds it: UTC, microseconds. */
const cursorAt = sql<string>`to_char(${c.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const newestFirst = [desc(c.createdAt), desc(c.id)];
/**
 * `offset 0`: drizzle writes no offset for the number 0, and the fence needs one written. Typed as the
 * number .offset() takes; drizzle writes SQL given there as it is.
 */
const OFFSET_ZERO = sql`0` as unknown as number;

type PageRow = MemberRow & { cursorAt: string };

/**
 * The statement of a page (limit + 1 rows, to know whether another follows). When reading every
 * match after the cursor is cheap (CHEAP_READ_COST), all of them are read through the rules'
 * indexes and the newest taken (OFFSET 0 keeps the planner from doing otherwise), a cost bounded
 * by the matches. Otherwise the planner walks an index in (created_at, id) order —
 * (tenant_id, created_at, id), or one that also fixes a rule's column, as (tenant_id, country,
 * created_at, id) — checking rows until the page is full: about limit × (rows walked / matches)
 * rows. The planner cannot be left to choose alone: it takes rows in an index on (tenant_id, …) to
 * lie in table order (the first column is the same for every row of a community) and so a walk to
 * cost little, and it expects matches spread evenly along it, where matches of rare rules come in
 * clusters (one import, one campaign's day) and walking between them reads thousands of rows.
 * `readsAll` says which was chosen; exported for the EXPLAIN tests, which may choose (`readAll`).
 */
export async function memberPageQuery(
  tx: Db,
  tenantId: string,
  condition: SQL,
  page: { limit: number; cursor?: MemberCursor },
  readAll?: boolean,
) {
  const after = page.cursor ? sql`(${c.createdAt}, ${c.id}) < (${page.cursor.at}::timestamptz, ${page.cursor.id}::uuid)` : undefined;
  const where = and(tenantFilter(c, tenantId), condition, after);
  const selection = { ...memberColumns, cursorAt: cursorAt.as('cursor_at') };
  if (readAll ?? (await plannedRead(tx, tenantId, and(condition, after) as SQL)).cost <= CHEAP_READ_COST) {
    const matching = tx.select(selection).from(c).where(where).offset(OFFSET_ZERO).as('matching');
    const query = tx
      .select()
      .from(matching)
      .orderBy(desc(matching.createdAt), desc(matching.id))
      .limit(page.limit + 1);
    return { query, readsAll: true };
  }
  const query = tx
    .select(selection)
    .from(c)
    .where(where)
    .orderBy(...newestFirst)
    .limit(page.limit + 1);
  return { query, readsAll: false };
}

/** One page of matching contacts after `cursor`, newest first, and the cursor of the next page. */
export async function pageContacts(
  tx: Db,
  tenantId: string,
  condition: SQL,
  page: { limit: number; cursor?: MemberCursor },
): Promise<{ data: MemberRow[]; nextCursor: string | null }> {
  const rows = (await (await memberPageQuery(tx, tenantId, condition, page)).query) as PageRow[];
  const more = rows.length > page.limit;
  const data = (more ? rows.slice(0, page.limit) : rows).map(({ cursorAt: _, ...row }) => row as MemberRow);
  const last = rows[page.limit - 1];
  return { data, nextCursor: more ? encodeMemberCursor({ at: last.cursorAt, id: last.id }) : null };
}
