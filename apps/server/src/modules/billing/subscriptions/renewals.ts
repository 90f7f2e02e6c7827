import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, type Scope, systemScope, tenantFilter } from '../../../kernel/resources';
import { defineWorkflow, externalStep, startWorkflow, step } from '../../../kernel/workflows';
import { type Plan, planByCode } from '../catalogue/pricing';
import { type Period, periodEndFrom } from '../domain/arithmetic';
import { billingInvoices, billingSubscriptions, type PlanOption } from '../tables';
import { startCharge } from './charges';
import { issueInvoice } from './invoices';
import { afterFailedRenewal, GRACE_DAYS, RENEWAL_ATTEMPTS, type Subscription } from './service';

const DAY = 86_400_000;

interface Renewal {
  subscriptionId: string;
  /** The period being renewed ends (and the new one starts) then. */
  periodEnd: string;
}
interface Invoiced extends Renewal {
  invoiceId: string;
}
interface Charged extends Invoiced {
  transactionId: string;
}

/** A plan's price for a period in a currency, among its options and its regional ones. */
export function renewalOption(plan: Plan, period: Period, currency: string): PlanOption | undefined {
  const all = [...plan.options, ...plan.regional.flatMap((r) => r.options)];
  return all.find((o) => o.period === period && o.currency === currency) ?? all.find((o) => o.currency === currency);
}

const scopeOf = (ctx: { app: FastifyInstance; tenantId: string }): Scope => systemScope(ctx.app.db, ctx.tenantId, 'billing renewal');

async function subscriptionIn(tx: Db, tenantId: string, id: string, lock = false): Promise<Subscription | undefined> {
  const q = tx
    .select()
    .from(billingSubscriptions)
    .where(and(tenantFilter(billingSubscriptions, tenantId), eq(billingSubscriptions.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The renewal invoice of the next period: the open one already issued for it, or a new one (the pending downgrade's plan). */
async function renewalInvoice(tx: Db, scope: Scope, sub: Subscription, periodEnd: string): Promise<string> {
  const [open] = await tx
    .select({ id: billingInvoices.id })
    .from(billingInvoices)
    .where(
      and(
        tenantFilter(billingInvoices, scope.tenantId),
        eq(billingInvoices.purpose, 'renewal'),
        eq(billingInvoices.status, 'open'),
        sql`${billingInvoices.effect}->>'periodStart' = ${new Date(periodEnd).toISOString()}`,
      ),
    );
  if (open) return open.id;
  const planCode = sub.pendingPlanCode ?? sub.planCode;
  const period = (sub.pendingPeriod ?? sub.period) as Period;
  const plan = await planByCode(tx, planCode);
  const option = plan ? renewalOption(plan, period, sub.currency) : undefined;
  if (!plan || !option) throw new Error(`No ${period} ${sub.currency} price of the ${planCode} plan to renew with`);
  const start = new Date(periodEnd);
  const end = periodEndFrom(start, option.period);
  const invoice = await issueInvoice(tx, scope, {
    purpose: 'renewal',
    currency: option.currency,
    lines: [
      {
        description: `${plan.name} plan, ${option.period}, ${start.toISOString().slice(0, 10)} – ${end.toISOString().slice(0, 10)}`,
        quantity: 1,
        unitMinor: option.priceMinor,
        amountMinor: option.priceMinor,
      },
    ],
    effect: {
      kind: 'renewal',
      planCode: plan.code,
      period: option.period,
      periodStart: start.toISOString(),
      periodEnd: end.toISOString(),
      priceMinor: option.priceMinor,
    },
  });
  return invoice.id;
}

/** One renewal attempt that failed: counted, retried a day later, past due (with grace) after the last. */
async function recordFailure(tx: Db, tenantId: string, subscriptionId: string, error: string, now = new Date()) {
  const sub = await subscriptionIn(tx, tenantId, subscriptionId, true);
  if (!sub) return;
  const attempts = sub.failedAttempts + 1;
  const next = afterFailedRenewal(sub, attempts, now);
  await tx
    .update(billingSubscriptions)
    .set({ failedAttempts: attempts, lastError: error.slice(0, 500), ...next, updatedAt: now })
    .where(and(tenantFilter(billingSubscriptions, tenantId), eq(billingSubscriptions.id, sub.id)));
}

/**
 * A renewal attempt: the invoice of the next period (issued once), the charge through the payments
 * service (the platform's gateway; its idempotency key is the step's), then the attempt recorded (the
 * payment, once captured, renews the subscription: see charges.ts). A charge the gateway refuses or
 * that times out compensates the invoice step, which records the failed attempt.
 */
export const renewalWorkflow = defineWorkflow('billing.renew', [
  step(
    'invoice',
    async (input: Renewal, ctx): Promise<Invoiced> => {
      const sub = await subscriptionIn(ctx.tx, ctx.tenantId, input.subscriptionId);
      if (!sub) throw new Error('The subscription is gone');
      return { ...input, invoiceId: await renewalInvoice(ctx.tx, scopeOf(ctx), sub, input.periodEnd) };
    },
    async (_output, input, ctx) => recordFailure(ctx.tx, ctx.tenantId, input.subscriptionId, 'The renewal charge failed'),
  ),
  externalStep('charge', async (input: Invoiced, ctx): Promise<Charged> => {
    const origin = ctx.app.config.publicUrl ?? `http://${ctx.app.config.host}:${ctx.app.config.port}`;
    const started = await startCharge(ctx.app, scopeOf(ctx), input.invoiceId, origin, ctx.idempotencyKey);
    return { ...input, transactionId: started.transactionId };
  }),
  step('attempted', async (input: Charged, ctx) => {
    const sub = await subscriptionIn(ctx.tx, ctx.tenantId, input.subscriptionId, true);
    if (sub) {
      // The attempt counts until its invoice is paid (which resets the count); unpaid a day later,
      // the sweep tries again, or makes the subscription past due after the last attempt.
      await ctx.tx
        .update(billingSubscriptions)
        .set({ failedAttempts: sub.failedAttempts + 1, nextAttemptAt: new Date(Date.now() + DAY), lastError: null, updatedAt: new Date() })
        .where(and(tenantFilter(billingSubscriptions, ctx.tenantId), eq(billingSubscriptions.id, sub.id)));
    }
    return input;
  }),
]);

/**
 * The renewal sweep (hourly): for every subscription whose period has ended, across communities —
 * a trial or a subscription cancelled at its period's end ends; a past-due one past its grace is
 * cancelled; an active one is renewed (one attempt at a time, a day apart, RENEWAL_ATTEMPTS in all,
 * then past due with GRACE_DAYS of grace). Each community's changes run in its own transaction.
 */
export async function renewDue(app: FastifyInstance, now = new Date()): Promise<{ started: number; changed: number }> {
  // The one read across communities: which subscriptions are due (ids only).
  const due = await app.db.owner
    .select({ tenantId: billingSubscriptions.tenantId, id: billingSubscriptions.id })
    .from(billingSubscriptions)
    .where(lte(billingSubscriptions.periodEnd, now))
    .limit(500);
  let started = 0;
  let changed = 0;
  for (const { tenantId, id } of due) {
    const outcome = await app.db.withTenant(tenantId, async (tx) => {
      const sub = await subscriptionIn(tx, tenantId, id, true);
      if (!sub || sub.periodEnd > now || sub.status === 'cancelled') return 'none';
      const set = (patch: Partial<Subscription>) =>
        tx
          .update(billingSubscriptions)
          .set({ ...patch, updatedAt: now })
          .where(and(tenantFilter(billingSubscriptions, tenantId), eq(billingSubscriptions.id, sub.id)));
      if (sub.cancelAtPeriodEnd) {
        await set({ status: 'cancelled' });
        return 'changed';
      }
      if (sub.status === 'trial') {
        // A trial that ended unpaid: past due, with grace to choose a plan.
        await set({ status: 'past_due', graceUntil: new Date(now.getTime() + GRACE_DAYS * DAY) });
        return 'changed';
      }
      if (sub.status === 'past_due') {
        if (sub.graceUntil && sub.graceUntil <= now) {
          await set({ status: 'cancelled' });
          return 'changed';
        }
        if (sub.failedAttempts >= RENEWAL_ATTEMPTS || !sub.nextAttemptAt || sub.nextAttemptAt > now) return 'none';
      }
      if (sub.nextAttemptAt && sub.nextAttemptAt > now) return 'none';
      if (sub.failedAttempts >= RENEWAL_ATTEMPTS) {
        // Every attempt of this period went unpaid: past due, with grace.
        await set(afterFailedRenewal(sub, sub.failedAttempts, now));
        return 'changed';
      }
      const attempt = sub.failedAttempts;
      const run = await startWorkflow(
        tx,
        renewalWorkflow,
        { subscriptionId: sub.id, periodEnd: sub.periodEnd.toISOString() },
        { key: `renew-${sub.id}-${sub.periodEnd.toISOString()}-${attempt}` },
      );
      return run.created ? 'started' : 'none';
    });
    if (outcome === 'started') started++;
    if (outcome === 'changed') changed++;
  }
  return { started, changed };
}
