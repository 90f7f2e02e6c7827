import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, requestOrigin, tenantRoutes } from '../../../kernel/resources';
import { requestAddon, requestInput } from '../addons/service';
import { requestCountry } from '../catalogue/country';
import { optionOf, planByCode, pricedPlan } from '../catalogue/pricing';
import { accountCountry } from '../catalogue/routes';
import { quotasOf } from '../quotas/port';
import { BILLING_PERIODS } from '../tables';
import { startCharge } from './charges';
import { invoicePdf } from './invoice-pdf';
import { ensureAccount, invoiceIn } from './invoices';
import { cancelAtPeriodEnd, changePlan, ensureSubscription, GRACE_DAYS, startTrial } from './service';

const tags = ['billing'];
const changeBody = z.object({ planCode: z.string().trim().min(1).max(40), period: z.enum(BILLING_PERIODS).optional() });

/** The community's billing: overview, plan changes, paying invoices, the invoice PDF, add-on requests. */
export async function subscriptionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { scope, inTx } = tenantRoutes(app);

  r.get(
    '/api/v1/billing/overview',
    {
      config: { access: 'billing:read' },
      schema: { tags, summary: 'The plan, subscription, usage of every quota and the billing details' },
    },
    async (req) => ({
      data: await inTx(req, async (tx, s) => {
        const subscription = await ensureSubscription(tx, s);
        const account = await ensureAccount(tx, s);
        const plan = await planByCode(tx, subscription.planCode);
        const pending = subscription.pendingPlanCode ? await planByCode(tx, subscription.pendingPlanCode) : undefined;
        return {
          subscription,
          plan: plan ? pricedPlan(plan, account.country) : null,
          pendingPlan: pending ? { code: pending.code, name: pending.name } : null,
          account,
          usage: await quotasOf(app).usage(tx, s),
          banner: bannerOf(subscription),
          graceDays: GRACE_DAYS,
        };
      }),
    }),
  );

  r.get(
    '/api/v1/billing/banner',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'What the console’s billing banner says (past due, trial ending), or null' },
    },
    async (req) => ({ data: await inTx(req, async (tx, s) => bannerOf(await ensureSubscription(tx, s))) }),
  );

  r.post(
    '/api/v1/billing/subscription/change',
    {
      config: { access: 'billing:write' },
      schema: {
        tags,
        summary: 'Change the plan: an upgrade now, prorated (an invoice to pay); a downgrade at the end of the period',
        body: changeBody,
      },
    },
    async (req) => {
      const s = scope(req);
      const where = await requestCountry(app, req, accountCountry(app, s.tenantId));
      return { data: await inTx(req, (tx) => changePlan(tx, s, { ...req.body, country: where.country })) };
    },
  );

  r.post(
    '/api/v1/billing/subscription/trial',
    {
      config: { access: 'billing:write' },
      schema: {
        tags,
        summary: 'Start the trial of the plan chosen at sign-up (/getapp), while the subscription is the untouched default trial',
        body: z.object({ planCode: z.string().trim().min(1).max(40) }),
      },
    },
    async (req) => ({ data: await inTx(req, (tx, s) => startTrial(tx, s, req.body.planCode)) }),
  );

  r.post(
    '/api/v1/billing/subscription/cancel',
    {
      config: { access: 'billing:write' },
      schema: { tags, summary: 'Cancel at the end of the period (cancel: false keeps it)', body: z.object({ cancel: z.boolean() }) },
    },
    async (req) => ({ data: await inTx(req, (tx, s) => cancelAtPeriodEnd(tx, s, req.body.cancel)) }),
  );

  r.get(
    '/api/v1/billing/plans/:code/option',
    {
      config: { access: 'billing:read' },
      schema: {
        tags,
        summary: 'A plan’s price for the admin’s country and a period',
        params: z.object({ code: z.string().max(40) }),
        querystring: z.object({ period: z.enum(BILLING_PERIODS).optional() }),
      },
    },
    async (req) => {
      const s = scope(req);
      const where = await requestCountry(app, req, accountCountry(app, s.tenantId));
      const plan = await planByCode(app.db.owner, req.params.code);
      return {
        data: plan ? { plan: plan.code, option: optionOf(plan, where.country, req.query.period) ?? null, country: where.country } : null,
      };
    },
  );

  r.post(
    '/api/v1/billing/invoices/:id/pay',
    {
      config: { access: 'billing:write' },
      schema: {
        tags,
        summary: 'Start paying an open invoice through the platform’s gateway: the hosted pay page to open',
        params: idParams,
      },
    },
    async (req) => ({ data: await startCharge(app, scope(req), req.params.id, requestOrigin(req)) }),
  );

  r.get(
    '/api/v1/billing/invoices/:id/pdf',
    { config: { access: 'billing:read' }, schema: { tags, summary: 'The invoice as a PDF', params: idParams } },
    async (req, reply) => {
      const s = scope(req);
      const invoice = await s.db.withTenant(s.tenantId, (tx) => invoiceIn(tx, s, req.params.id));
      const pdf = await invoicePdf(app, s, invoice);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${invoice.number ?? 'invoice'}.pdf"`)
        .send(pdf);
    },
  );

  r.post(
    '/api/v1/billing/addons/request',
    {
      config: { access: 'billing:write' },
      schema: {
        tags,
        summary: 'Buy an add-on (an invoice to pay) or ask the platform for one (approved by an operator)',
        body: z.object({
          addonCode: z.string().max(40),
          quantity: z.number().int().min(1).max(100).optional(),
          note: z.string().max(1000).optional(),
        }),
      },
    },
    async (req) => ({ data: await requestAddon(scope(req), requestInput(req.body)) }),
  );
}

/** The console's banner: past due (pay, or the plan ends on a date), or a trial's last days. */
export function bannerOf(sub: Awaited<ReturnType<typeof ensureSubscription>>, now = new Date()) {
  if (sub.status === 'past_due') {
    return {
      level: 'error' as const,
      message: `Your subscription is past due${sub.graceUntil ? `: pay the open invoice before ${sub.graceUntil.toISOString().slice(0, 10)} to keep your plan` : ''}.`,
    };
  }
  if (sub.status === 'cancelled')
    return { level: 'warning' as const, message: 'Your subscription is cancelled: choose a plan to lift the starter limits.' };
  const daysLeft = Math.ceil((sub.periodEnd.getTime() - now.getTime()) / 86_400_000);
  if (sub.status === 'trial' && daysLeft <= 3)
    return { level: 'warning' as const, message: `Your trial ends in ${Math.max(0, daysLeft)} days: choose a plan.` };
  if (sub.failedAttempts > 0 && sub.lastError)
    return { level: 'warning' as const, message: `The renewal payment failed (${sub.lastError}); we will try again.` };
  return null;
}
