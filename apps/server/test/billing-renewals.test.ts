import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewDue } from '../src/modules/billing/subscriptions/renewals';
import { GRACE_DAYS, RENEWAL_ATTEMPTS } from '../src/modules/billing/subscriptions/service';
import { payInvoice, platformGateways, settle } from './billing-helpers';
import { apiOf, dataOf, startTestApp, type TestCommunity, waitFor } from './helpers';
import { fakePaymentsConfig, startFakeGateways } from './payment-fakes';

type Json = Record<string, any>;
/** The workflow runs after the sweep's commit, in the background: on a loaded machine it takes a while. */
const LATE = 90_000;

/**
 * Renewals against the fake gateway: the hourly sweep starts the billing.renew workflow for a period
 * that ended (invoice, charge through the platform's gateway); paid, the subscription moves to its
 * next period; a gateway that refuses is retried a day apart, then the subscription is past due with
 * grace and a banner, then cancelled.
 */
const fake = await startFakeGateways();
const t = await startTestApp({ payments: fakePaymentsConfig(fake) });
afterAll(async () => {
  await t.close();
  await fake.close();
});

let operator: TestCommunity;
let a: TestCommunity;
let b: TestCommunity;

const overview = async (who: TestCommunity) => dataOf(await apiOf(t, who)('GET', 'billing/overview')) as Json;
/** Moves a community's subscription (and its next attempt) into the past, as time passing would. */
const endPeriod = (
  who: TestCommunity,
  set = `period_start = period_start - interval '1 month', period_end = now() - interval '1 minute'`,
) => t.app.db.query(`update billing_subscriptions set ${set} where tenant_id = $1`, [who.tenantId]);

async function subscribed(planCode: string): Promise<TestCommunity> {
  const who = await t.signup();
  dataOf(await apiOf(t, who)('POST', 'billing/subscription/trial', { planCode: 'starter' }));
  const { invoice } = dataOf(await apiOf(t, who)('POST', 'billing/subscription/change', { planCode, period: 'monthly' }));
  await payInvoice(t, fake, who, invoice.id, operator);
  return who;
}

beforeAll(async () => {
  operator = await platformGateways(t, fake);
  a = await subscribed('essential');
  b = await subscribed('prototype');
}, LATE * 2);

describe('renewals', () => {
  it(
    'renews a period that ended: an invoice charged through the platform’s gateway, paid, the next period active',
    async () => {
      const before = (await overview(a)).subscription;
      // A downgrade chosen earlier is billed at the renewal.
      dataOf(await apiOf(t, a)('POST', 'billing/subscription/change', { planCode: 'prototype', period: 'monthly' }));
      await endPeriod(a);
      const ended = (await overview(a)).subscription;
      expect(await renewDue(t.app)).toMatchObject({ started: 1 });
      const invoice = await waitFor(
        'the renewal invoice',
        async () => {
          const list = dataOf(await apiOf(t, a)('GET', 'billing/invoices?purpose=renewal')) as Json[];
          return list[0];
        },
        LATE,
      );
      expect(invoice).toMatchObject({ status: 'open', subtotalMinor: 449_900, taxMinor: 80_982, totalMinor: 530_882 });
      expect(invoice.effect).toMatchObject({
        kind: 'renewal',
        planCode: 'prototype',
        periodStart: new Date(ended.periodEnd).toISOString(),
      });
      // The workflow's charge is an order on the gateway for the invoice's total.
      const [charge] = await waitFor(
        'the renewal charge',
        async () => {
          const rows = await t.app.db.query<{ id: string; gateway_order_id: string | null; amount_minor: number }>(
            `select t.id, t.gateway_order_id, t.amount_minor from payment_transactions t
           join billing_charges c on c.id::text = t.payable_id::text and c.invoice_id = $1`,
            [invoice.id],
          );
          return rows[0]?.gateway_order_id ? rows : undefined;
        },
        LATE,
      );
      expect(Number(charge.amount_minor)).toBe(530_882); // bigint: a string on PostgreSQL
      expect(fake.orders.get(charge.gateway_order_id!)).toMatchObject({ amount: 530_882, currency: 'INR' });
      // The same sweep again starts nothing more for this period.
      expect((await renewDue(t.app)).started).toBe(0);

      await settle(t, fake, charge.id, charge.gateway_order_id!);
      const renewed = await waitFor(
        'the next period',
        async () => {
          const sub = (await overview(a)).subscription;
          return sub.periodStart === ended.periodEnd ? sub : undefined;
        },
        LATE,
      );
      expect(renewed).toMatchObject({
        status: 'active',
        planCode: 'prototype',
        pendingPlanCode: null,
        priceMinor: 449_900,
        failedAttempts: 0,
      });
      expect(new Date(renewed.periodEnd).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
      expect(before.planCode).toBe('essential');
      expect((await overview(a)).banner).toBeNull();
    },
    LATE * 2,
  );

  it(
    'a refused charge is retried a day apart, then past due with grace and a banner, then cancelled',
    async () => {
      const secret = fake.razorpayAuth.keySecret;
      fake.razorpayAuth.keySecret = 'the-gateway-now-refuses-this-merchant';
      try {
        await endPeriod(b);
        for (let attempt = 1; attempt <= RENEWAL_ATTEMPTS; attempt++) {
          expect((await renewDue(t.app)).started).toBe(1);
          const sub = await waitFor(
            `failed attempt ${attempt}`,
            async () => {
              const s = (await overview(b)).subscription;
              return s.failedAttempts === attempt ? s : undefined;
            },
            LATE,
          );
          expect(sub.lastError).toMatch(/\S/);
          if (attempt < RENEWAL_ATTEMPTS) {
            expect(sub.status).toBe('active');
            expect(new Date(sub.nextAttemptAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
            // Nothing more until the next attempt is due; then a day passes.
            expect((await renewDue(t.app)).started).toBe(0);
            await endPeriod(b, `next_attempt_at = now() - interval '1 minute'`);
          } else {
            expect(sub.status).toBe('past_due');
            expect(new Date(sub.graceUntil).getTime()).toBeGreaterThan(Date.now() + (GRACE_DAYS - 1) * 86_400_000);
          }
        }
        // One open renewal invoice for the period, whatever the attempts.
        expect(dataOf(await apiOf(t, b)('GET', 'billing/invoices?purpose=renewal&status=open'))).toHaveLength(1);
        const { banner } = await overview(b);
        expect(banner).toMatchObject({ level: 'error' });
        expect(banner.message).toContain('past due');
        expect(dataOf(await apiOf(t, b)('GET', 'billing/banner'))).toMatchObject({ level: 'error' });
        // Past the grace: cancelled, with the first plan's limits.
        await endPeriod(b, `grace_until = now() - interval '1 minute'`);
        expect((await renewDue(t.app)).changed).toBe(1);
        expect((await overview(b)).subscription.status).toBe('cancelled');
      } finally {
        fake.razorpayAuth.keySecret = secret;
      }
    },
    LATE * 4,
  );
});
