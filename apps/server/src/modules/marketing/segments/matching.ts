import { and, asc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { countUpTo, type Db } from '../../../kernel/resources';
import { marketingContacts as c } from '../tables/contacts';
import { marketingSegmentMembers as m } from '../tables/segments';
import { compileRules } from './compile';
import { type RuleTree, ruleTreeSchema } from './rules';

/**
 * Who is in a segment, as a condition over marketing_contacts, and the two reads every screen and
 * call needs from such a condition: a count (the kit's rule: exact up to 10,000, the planner's
 * estimate beyond) and a page of contacts by keyset cursor (contact id, the primary key's order).
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
    .where(and(eq(c.tenantId, tenantId), condition))
    .$dynamic() as unknown as PgSelect;

/**
 * How long an exact count may take. The kit's rule (countUpTo) already answers the planner's estimate
 * when it expects 30,000 matches or more; a rarer match scattered over a million rows can still cost
 * a heap page per match, so the exact count runs under this statement timeout (set in a savepoint
 * and undone after: call inside a transaction, withTenant) and, past it, the answer is estimated
 * from a sample of the table (flagged totalIsEstimate). A sample, not the planner's figure: the
 * planner guesses jsonb containment and correlated rules badly (324 expected for 11,956 at 1M rows).
 */
export const COUNT_BUDGET_MS = 100;
/** About this many rows are sampled for an estimate (whole pages, TABLESAMPLE SYSTEM). */
const SAMPLE_ROWS = 20_000;

const isTimeout = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: unknown } | null;
  return e?.code === '57014' || (e?.cause !== undefined && isTimeout(e.cause));
};

export async function countContacts(tx: Db, tenantId: string, condition: SQL): Promise<Count> {
  try {
    return await tx.transaction(async (sp) => {
      await sp.execute(sql.raw(`set local statement_timeout = ${COUNT_BUDGET_MS}`));
      const count = await countUpTo(sp, () => matchingContacts(sp, tenantId, condition));
      await sp.execute(sql`set local statement_timeout to default`);
      return count;
    });
  } catch (err) {
    if (!isTimeout(err)) throw err;
    return sampledCount(tx, tenantId, condition);
  }
}

/** The matches in a sample of the table's pages, scaled up (repeatable: the same answer while nothing changes). */
async function sampledCount(tx: Db, tenantId: string, condition: SQL): Promise<Count> {
  const stats = (await tx.execute(sql`select reltuples from pg_class where oid = 'marketing_contacts'::regclass`)) as unknown as {
    rows: { reltuples: number }[];
  };
  const rows = Number(stats.rows[0]?.reltuples ?? -1);
  const percent = rows > SAMPLE_ROWS ? (100 * SAMPLE_ROWS) / rows : 100;
  const result = (await tx.execute(
    sql`select count(*)::int as n from ${c} tablesample system (${percent}::real) repeatable (0) where ${and(eq(c.tenantId, tenantId), condition)}`,
  )) as unknown as { rows: { n: number }[] };
  return { total: Math.round((Number(result.rows[0].n) * 100) / percent), totalIsEstimate: true };
}

/** `EXPLAIN (FORMAT JSON)` of a query, on either engine: the planner's expected rows. */
async function explainPlan(tx: Db, query: PgSelect): Promise<{ Plan: { 'Plan Rows': number } }[]> {
  const result = (await tx.execute(sql`explain (format json) ${query}`)) as unknown as { rows: Record<string, unknown>[] };
  const cell = result.rows[0]['QUERY PLAN'];
  return (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: { 'Plan Rows': number } }[];
}

/** What a member list shows of a contact (no custom attributes: they can be large). */
export const memberColumns = {
  id: c.id,
  name: c.name,
  email: c.email,
  phone: c.phone,
  whatsapp: c.whatsapp,
  country: c.country,
  language: c.language,
  tags: c.tags,
  source: c.source,
  emailConsent: c.emailConsent,
  smsConsent: c.smsConsent,
  whatsappConsent: c.whatsappConsent,
  pushConsent: c.pushConsent,
  lastActivityAt: c.lastActivityAt,
  createdAt: c.createdAt,
};
export type MemberRow = Pick<typeof c.$inferSelect, keyof typeof memberColumns>;

export const MAX_PAGE = 200;

/**
 * Below this many expected matches a page is read through the condition's indexes (a bitmap of every
 * match, sorted by id); above it, by walking the primary key in id order and filtering. Walking costs
 * about limit × (contacts / matches) rows, each on its own heap page (ids are random), which for a
 * rare match means reading most of the table; the planner cannot tell the two apart from its estimates.
 */
export const SELECTIVE_MATCHES = 5_000;

/** One page of matching contacts after `cursor` (a contact id), and the cursor of the next page. */
export async function pageContacts(
  tx: Db,
  tenantId: string,
  condition: SQL,
  page: { limit: number; cursor?: string },
): Promise<{ data: MemberRow[]; nextCursor: string | null }> {
  const where = and(eq(c.tenantId, tenantId), condition, page.cursor ? gt(c.id, page.cursor) : undefined);
  const [plan] = await explainPlan(tx, tx.select({ id: c.id }).from(c).where(where).$dynamic() as unknown as PgSelect);
  let rows: MemberRow[];
  if (plan.Plan['Plan Rows'] <= SELECTIVE_MATCHES) {
    // OFFSET 0 fences the matching off: it is planned on its own (through its indexes), then sorted.
    const matching = tx.select({ id: c.id }).from(c).where(where).offset(0).as('matching');
    const ids = tx
      .select({ id: matching.id })
      .from(matching)
      .orderBy(asc(matching.id))
      .limit(page.limit + 1);
    rows = (await tx
      .select(memberColumns)
      .from(c)
      .where(and(eq(c.tenantId, tenantId), inArray(c.id, ids)))
      .orderBy(asc(c.id))) as MemberRow[];
  } else {
    rows = (await tx
      .select(memberColumns)
      .from(c)
      .where(where)
      .orderBy(asc(c.id))
      .limit(page.limit + 1)) as MemberRow[];
  }
  const more = rows.length > page.limit;
  const data = more ? rows.slice(0, page.limit) : rows;
  return { data, nextCursor: more ? data[data.length - 1].id : null };
}
