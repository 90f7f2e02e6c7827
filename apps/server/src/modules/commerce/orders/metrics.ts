import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type DailyViews, errors, queryRows, tenantFilter, tenantRoutes } from '../../../kernel/resources';
import { commerceOrders } from '../tables';
import { type ShopTx, shopSettings } from './shop';

// The shop's numbers for a date range, beside the range just before it: revenue (what paid orders
// brought, less refunds), paid orders, average order value, orders placed, the storefront's visitors
// (the kit's page-view counter) and conversion (paid orders per visitor). Days are the shop's time
// zone's (`tz`) for orders; page views are counted per UTC day.

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_DAYS = 366;

const validZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

export const metricsQuery = z
  .object({
    from: z.string().regex(DAY, 'A day (YYYY-MM-DD)'),
    to: z.string().regex(DAY, 'A day (YYYY-MM-DD)'),
    tz: z.string().max(64).refine(validZone, 'A time zone (Asia/Kolkata)').default('UTC'),
  })
  .strict();
export type MetricsQuery = z.infer<typeof metricsQuery>;

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

export interface Totals {
  revenue: number;
  orders: number;
  averageOrderValue: number;
  placed: number;
  visitors: number;
  views: number;
  /** Paid orders per 100 visitors, one decimal; null without visitors. */
  conversionRate: number | null;
}

interface DayRow {
  day: string;
  revenue: number;
  orders: number;
  placed: number;
}

/** Paid orders (by day paid) and placed orders (by day placed) per day of [from, to] in `tz`. */
async function orderDays(s: ShopTx, from: string, to: string, tz: string, currency: string): Promise<DayRow[]> {
  const o = commerceOrders;
  const start = sql`(${from}::date::timestamp at time zone ${tz})`;
  const end = sql`(${addDays(to, 1)}::date::timestamp at time zone ${tz})`;
  const paid = s.tx
    .select({
      day: sql<string>`to_char(${o.paidAt} at time zone ${tz}, 'YYYY-MM-DD')`.as('day'),
      revenue: sql<number>`sum(${o.total} - ${o.refunded})::bigint`.as('revenue'),
      orders: sql<number>`count(*)::int`.as('orders'),
      placed: sql<number>`0`.as('placed'),
    })
    .from(o)
    .where(and(tenantFilter(o, s.tenantId), isNotNull(o.paidAt), gte(o.paidAt, start), lt(o.paidAt, end), eq(o.currency, currency)))
    .groupBy(sql`1`);
  const placed = s.tx
    .select({
      day: sql<string>`to_char(${o.createdAt} at time zone ${tz}, 'YYYY-MM-DD')`.as('day'),
      revenue: sql<number>`0::bigint`.as('revenue'),
      orders: sql<number>`0`.as('orders'),
      placed: sql<number>`count(*)::int`.as('placed'),
    })
    .from(o)
    .where(and(tenantFilter(o, s.tenantId), gte(o.createdAt, start), lt(o.createdAt, end)))
    .groupBy(sql`1`);
  const rows = await queryRows<{ day: string; revenue: string | number; orders: number; placed: number }>(
    s.tx,
    sql`select day, sum(revenue)::bigint as revenue, sum(orders)::int as orders, sum(placed)::int as placed
      from (${paid} union all ${placed}) d group by day`,
  );
  return rows.map((r) => ({ day: r.day, revenue: Number(r.revenue), orders: Number(r.orders), placed: Number(r.placed) }));
}

function totalsOf(days: { revenue: number; orders: number; placed: number; visitors: number; views: number }[]): Totals {
  const t = days.reduce(
    (sum, d) => ({
      revenue: sum.revenue + d.revenue,
      orders: sum.orders + d.orders,
      placed: sum.placed + d.placed,
      visitors: sum.visitors + d.visitors,
      views: sum.views + d.views,
    }),
    { revenue: 0, orders: 0, placed: 0, visitors: 0, views: 0 },
  );
  return {
    ...t,
    averageOrderValue: t.orders > 0 ? Math.round(t.revenue / t.orders) : 0,
    conversionRate: t.visitors > 0 ? Math.round((t.orders / t.visitors) * 1000) / 10 : null,
  };
}

/** The numbers of one range, per day (every day, zeros included) and in total. */
async function rangeMetrics(s: ShopTx, from: string, to: string, tz: string, currency: string, views: DailyViews[]) {
  const orders = await orderDays(s, from, to, tz, currency);
  const byDay = new Map(orders.map((r) => [r.day, r]));
  const viewsByDay = new Map(views.map((v) => [v.day, v]));
  const days = Array.from({ length: daysBetween(from, to) }, (_, i) => {
    const day = addDays(from, i);
    const o = byDay.get(day);
    const v = viewsByDay.get(day);
    return {
      day,
      revenue: o?.revenue ?? 0,
      orders: o?.orders ?? 0,
      placed: o?.placed ?? 0,
      visitors: v?.visitors ?? 0,
      views: v?.views ?? 0,
    };
  });
  return { from, to, totals: totalsOf(days), days };
}

/** The range asked for and the one of the same length just before it; 400 for a range backwards or too long. */
export function rangesOf(q: MetricsQuery) {
  if (q.to < q.from) throw errors.validation({ to: 'The end is before the start' });
  const length = daysBetween(q.from, q.to);
  if (length > MAX_DAYS) throw errors.validation({ from: `At most ${MAX_DAYS} days at a time` });
  return { current: { from: q.from, to: q.to }, previous: { from: addDays(q.from, -length), to: addDays(q.from, -1) } };
}

/** The numbers of both ranges; `views` are the storefront's page views of both (read beforehand, outside this transaction). */
export async function salesMetrics(s: ShopTx, q: MetricsQuery, views: DailyViews[]) {
  const ranges = rangesOf(q);
  const { currency } = await shopSettings(s);
  const current = await rangeMetrics(s, ranges.current.from, ranges.current.to, q.tz, currency, views);
  const previous = await rangeMetrics(s, ranges.previous.from, ranges.previous.to, q.tz, currency, views);
  return { currency, timeZone: q.tz, current, previous: { from: previous.from, to: previous.to, totals: previous.totals } };
}

export function metricsRoutes(app: FastifyInstance) {
  const { scope, reading } = tenantRoutes(app);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/commerce/metrics',
    {
      config: { access: 'commerce-orders:read' },
      schema: {
        tags: ['commerce'],
        summary:
          'Revenue, paid orders, average order value, orders placed, storefront visitors and conversion for a range of days (with the range before it, and per day)',
        querystring: metricsQuery,
      },
    },
    async (req) => {
      const { current, previous } = rangesOf(req.query);
      const views = await app.pageViews.daily(scope(req).tenantId, previous.from, current.to, 'shop');
      return { data: await reading(req, (db, sc) => salesMetrics({ tx: db, tenantId: sc.tenantId }, req.query, views)) };
    },
  );
}
