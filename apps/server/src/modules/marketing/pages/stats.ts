import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import { type Db, inTurn, sameCommunity, tenantFilter } from '../../../kernel/resources';
import { marketingLandingPages, marketingLandingStats } from '../tables/pages';

// Traffic of landing pages: one row per page, block and day, incremented in place (an upsert), and
// the page's running totals in the same transaction. The page row ('' block) holds the page's own
// counts; a block's row holds its clicks or signups.

export type Metric = 'opens' | 'clicks' | 'signups';

/** Today in UTC (the stats' day). */
export const today = (now = new Date()) => now.toISOString().slice(0, 10);

/** Counts `n` of `metric` for the page (and the block, when given) on `day`. */
export async function count(tx: Db, tenantId: string, pageId: string, metric: Metric, blockId?: string, n = 1, day = today()) {
  const s = marketingLandingStats;
  const rows = [{ tenantId, pageId, day, blockId: '', [metric]: n }];
  if (blockId) rows.push({ tenantId, pageId, day, blockId, [metric]: n });
  await tx
    .insert(s)
    .values(rows)
    .onConflictDoUpdate({
      target: [s.tenantId, s.pageId, s.day, s.blockId],
      set: { [metric]: sql`${s[metric]} + excluded.${sql.raw(metric)}`, updatedAt: new Date() },
    });
  const p = marketingLandingPages;
  // Totals only: updatedAt stays (it is the version of the page's content, and of its cached HTML).
  await tx
    .update(p)
    .set({ [metric]: sql`${p[metric]} + ${n}` })
    .where(and(tenantFilter(p, tenantId), eq(p.id, pageId)));
}

/** Signups per open, in percent with one decimal (0 without opens). */
export const conversionRate = (signups: number, opens: number) => (opens > 0 ? Math.round((signups / opens) * 1000) / 10 : 0);

/** A page's traffic over the last `days` days (every day, zeros included) and per block. */
export async function pageStats(tx: Db, tenantId: string, pageId: string, days: number, now = new Date()) {
  const s = marketingLandingStats;
  const from = today(new Date(now.getTime() - (days - 1) * 86_400_000));
  const rows = await tx
    .select({ day: s.day, blockId: s.blockId, opens: s.opens, clicks: s.clicks, signups: s.signups })
    .from(s)
    .where(and(tenantFilter(s, tenantId), eq(s.pageId, pageId), gte(s.day, from)))
    .orderBy(asc(s.day));
  const byDay = new Map(rows.filter((r) => r.blockId === '').map((r) => [r.day, r]));
  const series = Array.from({ length: days }, (_, i) => {
    const day = today(new Date(now.getTime() - (days - 1 - i) * 86_400_000));
    const r = byDay.get(day);
    return { day, opens: r?.opens ?? 0, clicks: r?.clicks ?? 0, signups: r?.signups ?? 0 };
  });
  const blocks = await tx
    .select({
      blockId: s.blockId,
      clicks: sql<number>`sum(${s.clicks})::int`,
      signups: sql<number>`sum(${s.signups})::int`,
    })
    .from(s)
    .where(and(tenantFilter(s, tenantId), eq(s.pageId, pageId), sql`${s.blockId} <> ''`))
    .groupBy(s.blockId)
    .orderBy(desc(sql`sum(${s.clicks})`));
  const total = series.reduce((t, d) => ({ opens: t.opens + d.opens, clicks: t.clicks + d.clicks, signups: t.signups + d.signups }), {
    opens: 0,
    clicks: 0,
    signups: 0,
  });
  return { days: series, blocks, period: { ...total, conversionRate: conversionRate(total.signups, total.opens) } };
}

/**
 * Every page's traffic over the last `days` days, per day, with the pages opened most: the
 * dashboard's "landing pages" card (visits and conversions the public pages recorded).
 */
export async function trafficStats(tx: Db, tenantId: string, days: number, now = new Date()) {
  const s = marketingLandingStats;
  const from = today(new Date(now.getTime() - (days - 1) * 86_400_000));
  const inPeriod = and(tenantFilter(s, tenantId), eq(s.blockId, ''), gte(s.day, from));
  const opens = sql<number>`sum(${s.opens})::int`;
  const clicks = sql<number>`sum(${s.clicks})::int`;
  const signups = sql<number>`sum(${s.signups})::int`;
  const [rows, pages] = await inTurn(
    () => tx.select({ day: s.day, opens, clicks, signups }).from(s).where(inPeriod).groupBy(s.day),
    () =>
      tx
        .select({ id: s.pageId, name: marketingLandingPages.name, opens, signups })
        .from(s)
        .innerJoin(marketingLandingPages, and(sameCommunity(marketingLandingPages, s), eq(marketingLandingPages.id, s.pageId)))
        .where(inPeriod)
        .groupBy(s.pageId, marketingLandingPages.name)
        .orderBy(desc(opens))
        .limit(5),
  );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const series = Array.from({ length: days }, (_, i) => {
    const day = today(new Date(now.getTime() - (days - 1 - i) * 86_400_000));
    const r = byDay.get(day);
    return { day, opens: r?.opens ?? 0, clicks: r?.clicks ?? 0, signups: r?.signups ?? 0 };
  });
  const total = series.reduce((t, d) => ({ opens: t.opens + d.opens, clicks: t.clicks + d.clicks, signups: t.signups + d.signups }), {
    opens: 0,
    clicks: 0,
    signups: 0,
  });
  return {
    days: series,
    pages: pages.map((p) => ({ ...p, conversionRate: conversionRate(p.signups, p.opens) })),
    period: { ...total, conversionRate: conversionRate(total.signups, total.opens) },
  };
}
