import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can } from '../../../kernel/access';
import { errors, requireCommunity, type Scope } from '../../../kernel/resources';
import { decideRequest } from '../addons/service';
import { monthlyMilli } from '../domain/arithmetic';
import { ADDON_REQUEST_STATUSES, billingAddonOrders, billingInvoices, billingSubscriptions } from '../tables';

const tags = ['billing'];

/** Platform operators holding the plans-and-add-ons permission (read or write). */
const operator = (req: FastifyRequest, level: 'read' | 'write') => {
  if (!can(req.auth!, 'billing-catalogue', level)) throw errors.forbidden();
};

/**
 * The platform's side of billing, across communities: add-on requests to decide, subscriptions,
 * and revenue (MRR by currency, churn, paid invoices by month). Only platform operators (community
 * `-`, access 'platform') with the plans-and-add-ons permission; these reads are the one place billing
 * reads other communities' rows (on the owner connection), and each decision is written in the buyer's
 * own transaction.
 */
export async function platformRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db.owner;

  r.get(
    '/api/v1/billing/platform/addon-requests',
    {
      config: { access: 'platform' },
      schema: {
        tags,
        summary: 'Add-on requests of every community (platform operators)',
        querystring: z.object({ status: z.string().max(30).optional() }),
      },
    },
    async (req) => {
      operator(req, 'read');
      const rows = await db
        .select({
          id: billingAddonOrders.id,
          community: sql<string>`(select name from communities c where c.id = ${billingAddonOrders.tenantId})`,
          addonCode: billingAddonOrders.addonCode,
          name: billingAddonOrders.name,
          quantity: billingAddonOrders.quantity,
          units: billingAddonOrders.units,
          status: billingAddonOrders.status,
          note: billingAddonOrders.note,
          decisionNote: billingAddonOrders.decisionNote,
          createdAt: billingAddonOrders.createdAt,
        })
        .from(billingAddonOrders)
        .where(statusFilter(req.query.status))
        .orderBy(desc(billingAddonOrders.createdAt))
        .limit(200);
      return { data: rows };
    },
  );

  r.post(
    '/api/v1/billing/platform/addon-requests/:community/:id/decide',
    {
      config: { access: 'platform' },
      schema: {
        tags,
        summary: 'Approve (then invoiced to the community) or reject an add-on request',
        // The community by its name, as the list names it (tenant ids never leave the server).
        params: z.object({ community: z.string().min(1).max(100), id: z.uuid() }),
        body: z.object({ approve: z.boolean(), note: z.string().trim().max(1000).optional() }),
      },
    },
    async (req) => {
      operator(req, 'write');
      const { id: tenantId } = await requireCommunity(app.db, req.params.community);
      const buyer: Scope = { db: app.db, tenantId, actor: { id: null, name: `Platform: ${req.auth!.userName}` } };
      return { data: await decideRequest(buyer, req.params.id, req.body) };
    },
  );

  r.get(
    '/api/v1/billing/platform/subscriptions',
    { config: { access: 'platform' }, schema: { tags, summary: 'Every community’s subscription (platform operators)' } },
    async (req) => {
      operator(req, 'read');
      const rows = await db
        .select({
          community: sql<string>`(select name from communities c where c.id = ${billingSubscriptions.tenantId})`,
          planCode: billingSubscriptions.planCode,
          period: billingSubscriptions.period,
          status: billingSubscriptions.status,
          currency: billingSubscriptions.currency,
          priceMinor: billingSubscriptions.priceMinor,
          periodEnd: billingSubscriptions.periodEnd,
          failedAttempts: billingSubscriptions.failedAttempts,
        })
        .from(billingSubscriptions)
        .orderBy(desc(billingSubscriptions.updatedAt))
        .limit(500);
      return { data: rows };
    },
  );

  r.get(
    '/api/v1/billing/platform/revenue',
    {
      config: { access: 'platform' },
      schema: { tags, summary: 'MRR by currency, subscriptions by status, churn over 30 days, paid invoices by month' },
    },
    async (req) => {
      operator(req, 'read');
      const now = new Date();
      const subs = await db
        .select({
          status: billingSubscriptions.status,
          currency: billingSubscriptions.currency,
          priceMinor: billingSubscriptions.priceMinor,
          period: billingSubscriptions.period,
          updatedAt: billingSubscriptions.updatedAt,
        })
        .from(billingSubscriptions);
      const mrr: Record<string, number> = {};
      const byStatus: Record<string, number> = {};
      for (const s of subs) {
        byStatus[s.status] = (byStatus[s.status] ?? 0) + 1;
        if (s.status === 'active' || s.status === 'past_due')
          mrr[s.currency] = (mrr[s.currency] ?? 0) + monthlyMilli(s.priceMinor, s.period);
      }
      const monthAgo = new Date(now.getTime() - 30 * 86_400_000);
      const cancelled = subs.filter((s) => s.status === 'cancelled' && s.updatedAt >= monthAgo).length;
      const paying = (byStatus.active ?? 0) + (byStatus.past_due ?? 0);
      const yearAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
      const months = await db
        .select({
          month: sql<string>`to_char(date_trunc('month', ${billingInvoices.paidAt}), 'YYYY-MM')`,
          currency: billingInvoices.currency,
          totalMinor: sql<string>`sum(${billingInvoices.totalMinor})`,
          invoices: sql<number>`count(*)::int`,
        })
        .from(billingInvoices)
        .where(and(eq(billingInvoices.status, 'paid'), gte(billingInvoices.paidAt, yearAgo)))
        .groupBy(sql`1`, billingInvoices.currency)
        .orderBy(sql`1`);
      return {
        data: {
          mrr: Object.entries(mrr).map(([currency, milli]) => ({ currency, amountMinor: Math.round(milli / 1000) })),
          subscriptions: byStatus,
          churn: { cancelledLast30Days: cancelled, rate: paying + cancelled === 0 ? 0 : cancelled / (paying + cancelled) },
          paidByMonth: months.map((m) => ({ ...m, totalMinor: Number(m.totalMinor) })),
        },
      };
    },
  );
}

/** The requests in a status; the filter takes any text, and one that is no status matches none. */
function statusFilter(asked: string | undefined) {
  if (!asked) return undefined;
  const status = ADDON_REQUEST_STATUSES.find((s) => s === asked);
  return status ? eq(billingAddonOrders.status, status) : sql`false`;
}
