import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../../kernel/events';
import { type Db, errors, type Scope, tenantFilter } from '../../../kernel/resources';
import { optionOf, type Plan, planByCode } from '../catalogue/pricing';
import { monthlyMilli, type Period, prorate } from '../domain/arithmetic';
import {
  billingAddonOrders,
  billingInvoices,
  billingSubscriptions,
  billingUsage,
  type InvoiceEffect,
  type SubscriptionStatus,
} from '../tables';
import { type Invoice, invoiceIn, issueInvoice } from './invoices';

export type Subscription = typeof billingSubscriptions.$inferSelect;

/**
 * The plan a community that chose none starts its trial on (every feature, as trials of the top plan
 * go); a community signing up from /getapp starts the trial of the plan it chose (`startTrial`).
 */
export const TRIAL_PLAN = 'enterprise';
/** What a cancelled subscription keeps: the first plan's limits. */
export const FALLBACK_PLAN = 'starter';
/** Renewal attempts before a subscription is past due, and the days between them. */
export const RENEWAL_ATTEMPTS = 3;
export const RETRY_DAYS = 1;
/** Days a past-due subscription keeps its plan before it is cancelled. */
export const GRACE_DAYS = 7;
/** Quota keys that are monthly credits (start again with each period); the others count what exists. */
export const MONTHLY_KEYS = /^(messages:|ai$)/;

const DAY = 86_400_000;

/** The community's subscription, starting a trial of the starter plan on first use. */
export async function ensureSubscription(tx: Db, scope: Scope, now = new Date()): Promise<Subscription> {
  const [existing] = await tx.select().from(billingSubscriptions).where(tenantFilter(billingSubscriptions, scope.tenantId));
  if (existing) return existing;
  const plan = await planByCode(tx, TRIAL_PLAN);
  if (!plan) throw errors.conflict('billing_unavailable', `The ${TRIAL_PLAN} plan is missing from the catalogue`);
  const option = optionOf(plan, null, 'monthly') ?? optionOf(plan, null);
  if (!option) throw errors.conflict('billing_unavailable', `The ${plan.name} plan has no price`);
  const [created] = await tx
    .insert(billingSubscriptions)
    .values({
      tenantId: scope.tenantId,
      planCode: plan.code,
      period: option.period,
      currency: option.currency,
      priceMinor: option.priceMinor,
      status: 'trial',
      periodStart: now,
      periodEnd: new Date(now.getTime() + Math.max(1, plan.trialDays) * DAY),
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [again] = await tx.select().from(billingSubscriptions).where(tenantFilter(billingSubscriptions, scope.tenantId));
  return again;
}

/**
 * The trial of a chosen plan for a community that has just signed up (/getapp): allowed while the
 * subscription is the untouched default trial (no invoice yet); otherwise a 409.
 */
export async function startTrial(tx: Db, scope: Scope, planCode: string, now = new Date()): Promise<Subscription> {
  const plan = await planByCode(tx, planCode);
  if (!plan || !plan.active) throw errors.validation({ planCode: 'No such plan' });
  const current = await lockedSubscription(tx, scope);
  const [invoiced] = await tx
    .select({ id: billingInvoices.id })
    .from(billingInvoices)
    .where(tenantFilter(billingInvoices, scope.tenantId))
    .limit(1);
  if (current.status !== 'trial' || invoiced)
    throw errors.conflict('already_subscribed', 'The community already has a subscription: change its plan from Billing');
  const option = optionOf(plan, null, 'monthly') ?? optionOf(plan, null)!;
  return setSubscription(tx, scope, current, {
    planCode: plan.code,
    period: option.period,
    currency: option.currency,
    priceMinor: option.priceMinor,
    periodStart: now,
    periodEnd: new Date(now.getTime() + Math.max(1, plan.trialDays) * DAY),
  });
}

/** The subscription, locked for a change. */
async function lockedSubscription(tx: Db, scope: Scope): Promise<Subscription> {
  await ensureSubscription(tx, scope);
  const [row] = await tx.select().from(billingSubscriptions).where(tenantFilter(billingSubscriptions, scope.tenantId)).for('update');
  return row;
}

async function setSubscription(tx: Db, scope: Scope, before: Subscription, patch: Partial<Subscription>): Promise<Subscription> {
  const [after] = await tx
    .update(billingSubscriptions)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(tenantFilter(billingSubscriptions, scope.tenantId), eq(billingSubscriptions.id, before.id)))
    .returning();
  await recordAudit(tx, scope, [{ action: 'update', resource: 'billing/subscription', recordId: before.id, before, after }]);
  return after;
}

export interface PlanChange {
  kind: 'upgrade' | 'downgrade' | 'same';
  subscription: Subscription;
  /** An upgrade's invoice (open until paid; the change applies when it is paid). */
  invoice?: Invoice;
  /** A downgrade takes effect then. */
  effectiveAt?: Date;
}

export interface PlanChangeInput {
  planCode: string;
  period?: Period;
  /** The admin's country (regional prices). */
  country: string | null;
}

/** Which way a change goes: a higher price per month (or any paid plan from a trial) is an upgrade. */
function direction(current: Subscription, plan: Plan, option: { period: Period; priceMinor: number; currency: string }) {
  if (current.status === 'trial' || current.status === 'cancelled') return 'upgrade' as const;
  if (current.planCode === plan.code && current.period === option.period && current.currency === option.currency) return 'same' as const;
  const now = monthlyMilli(current.priceMinor, current.period);
  const next = monthlyMilli(option.priceMinor, option.period);
  return next > now || current.currency !== option.currency ? ('upgrade' as const) : ('downgrade' as const);
}

/**
 * Changes the plan. An upgrade applies now, prorated (the unused part of the current price is
 * credited, the new price charged for what is left of the period, or for a new period when the period
 * changes): it issues an invoice, and the change is made when that invoice is paid. A downgrade
 * applies at the end of the period: nothing is charged now and the renewal bills the new plan.
 */
export async function changePlan(tx: Db, scope: Scope, input: PlanChangeInput, now = new Date()): Promise<PlanChange> {
  const plan = await planByCode(tx, input.planCode);
  if (!plan || !plan.active) throw errors.validation({ planCode: 'No such plan' });
  const option = optionOf(plan, input.country, input.period);
  if (!option) throw errors.validation({ period: `The ${plan.name} plan has no ${input.period ?? ''} price`.replace('  ', ' ') });
  const current = await lockedSubscription(tx, scope);
  const way = direction(current, plan, option);
  if (way === 'same') {
    if (current.pendingPlanCode || current.cancelAtPeriodEnd) {
      const subscription = await setSubscription(tx, scope, current, {
        pendingPlanCode: null,
        pendingPeriod: null,
        cancelAtPeriodEnd: false,
      });
      return { kind: 'same', subscription };
    }
    return { kind: 'same', subscription: current };
  }
  if (way === 'downgrade') {
    const subscription = await setSubscription(tx, scope, current, {
      pendingPlanCode: plan.code,
      pendingPeriod: option.period,
      cancelAtPeriodEnd: false,
    });
    return { kind: 'downgrade', subscription, effectiveAt: subscription.periodEnd };
  }
  const fromTrial = current.status === 'trial' || current.status === 'cancelled' || current.currency !== option.currency;
  const proration = prorate({
    currentPriceMinor: fromTrial ? 0 : current.priceMinor,
    newPriceMinor: option.priceMinor,
    samePeriod: !fromTrial && current.period === option.period,
    newPeriod: option.period,
    periodStart: current.periodStart,
    periodEnd: current.periodEnd,
    now,
  });
  const lines = [
    {
      description: `${plan.name} plan, ${option.period}, ${day(proration.periodStart)} – ${day(proration.periodEnd)}${
        proration.chargeMinor !== option.priceMinor ? ` (prorated: ${proration.remainingSeconds} of ${proration.periodSeconds} s)` : ''
      }`,
      quantity: 1,
      unitMinor: proration.chargeMinor,
      amountMinor: proration.chargeMinor,
    },
  ];
  if (proration.creditMinor > 0 && !fromTrial) {
    lines.push({
      description: `Unused time of the ${current.planCode} plan`,
      quantity: 1,
      unitMinor: -Math.min(proration.creditMinor, proration.chargeMinor),
      amountMinor: -Math.min(proration.creditMinor, proration.chargeMinor),
    });
  }
  const effect: InvoiceEffect = {
    kind: 'plan',
    planCode: plan.code,
    period: option.period,
    periodStart: proration.periodStart.toISOString(),
    periodEnd: proration.periodEnd.toISOString(),
  };
  const invoice = await issueInvoice(tx, scope, {
    purpose: current.status === 'trial' ? 'subscription' : 'upgrade',
    lines,
    currency: option.currency,
    effect: { ...effect, priceMinor: option.priceMinor },
    now,
  });
  if (invoice.status === 'paid') await applyPaid(tx, scope, invoice, null, now);
  return { kind: 'upgrade', subscription: await lockedSubscription(tx, scope), invoice };
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** Cancels at the end of the period (or undoes that). */
export async function cancelAtPeriodEnd(tx: Db, scope: Scope, cancel: boolean): Promise<Subscription> {
  const current = await lockedSubscription(tx, scope);
  return setSubscription(tx, scope, current, { cancelAtPeriodEnd: cancel, pendingPlanCode: cancel ? null : current.pendingPlanCode });
}

/**
 * What a paid invoice does, once (a paid invoice is never paid again): a plan change or renewal moves
 * the subscription (active, its new period, price; monthly credits start again with a new period);
 * an add-on becomes active.
 */
export async function applyPaid(tx: Db, scope: Scope, invoice: Invoice, paymentId: string | null, now = new Date()): Promise<void> {
  if (invoice.status === 'void') return;
  if (invoice.status !== 'paid') {
    const [paid] = await tx
      .update(billingInvoices)
      .set({ status: 'paid', paidAt: now, paymentId, updatedAt: now })
      .where(and(tenantFilter(billingInvoices, scope.tenantId), eq(billingInvoices.id, invoice.id), eq(billingInvoices.status, 'open')))
      .returning();
    if (!paid) return; // paid (or voided) by someone else first
    await recordAudit(tx, scope, [{ action: 'update', resource: 'billing/invoices', recordId: invoice.id, before: invoice, after: paid }]);
  }
  const effect = invoice.effect;
  if (effect.kind === 'plan' || effect.kind === 'renewal') {
    const plan = await planByCode(tx, effect.planCode!);
    if (!plan) return;
    const current = await lockedSubscription(tx, scope);
    const start = new Date(effect.periodStart!);
    const newPeriod = start.getTime() !== current.periodStart.getTime();
    await setSubscription(tx, scope, current, {
      planCode: plan.code,
      period: effect.period!,
      currency: invoice.currency,
      priceMinor: effect.priceMinor ?? invoice.subtotalMinor,
      status: 'active',
      periodStart: start,
      periodEnd: new Date(effect.periodEnd!),
      pendingPlanCode: effect.kind === 'renewal' ? null : current.pendingPlanCode,
      pendingPeriod: effect.kind === 'renewal' ? null : current.pendingPeriod,
      failedAttempts: 0,
      nextAttemptAt: null,
      graceUntil: null,
      lastError: null,
    });
    if (newPeriod) await restartMonthlyCredits(tx, scope, start);
  }
  if (effect.kind === 'addon' && effect.requestId) {
    await tx
      .update(billingAddonOrders)
      .set({ status: 'active', activatedAt: now, invoiceId: invoice.id, updatedAt: now })
      .where(and(tenantFilter(billingAddonOrders, scope.tenantId), eq(billingAddonOrders.id, effect.requestId)));
  }
}

/** Monthly credits (messages, AI) start again from zero with a new period. */
export async function restartMonthlyCredits(tx: Db, scope: Scope, from: Date) {
  await tx
    .update(billingUsage)
    .set({ used: 0, periodStart: from, updatedAt: new Date() })
    .where(and(tenantFilter(billingUsage, scope.tenantId), sql`${billingUsage.key} ~ ${MONTHLY_KEYS.source}`));
}

/** Marks an invoice paid by its id (the payment bridge, a zero invoice). */
export async function invoicePaid(tx: Db, scope: Scope, invoiceId: string, paymentId: string | null) {
  const invoice = await invoiceIn(tx, scope, invoiceId, true);
  await applyPaid(tx, scope, invoice, paymentId);
}

/** The status a subscription should have now that its renewal failed `attempts` times. */
export function afterFailedRenewal(
  sub: Pick<Subscription, 'status' | 'periodEnd'>,
  attempts: number,
  now: Date,
): { status: SubscriptionStatus; nextAttemptAt: Date | null; graceUntil: Date | null } {
  if (attempts < RENEWAL_ATTEMPTS)
    return { status: sub.status, nextAttemptAt: new Date(now.getTime() + RETRY_DAYS * DAY), graceUntil: null };
  return {
    status: 'past_due',
    nextAttemptAt: null,
    graceUntil: new Date(Math.max(now.getTime(), sub.periodEnd.getTime()) + GRACE_DAYS * DAY),
  };
}
