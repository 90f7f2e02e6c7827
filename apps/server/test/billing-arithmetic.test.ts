import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { optionsFor } from '../src/modules/billing/catalogue/pricing';
import { addMonths, decideTax, invoiceTotals, mulDivRound, periodEndFrom, prorate } from '../src/modules/billing/domain/arithmetic';
import { afterFailedRenewal, GRACE_DAYS, RENEWAL_ATTEMPTS } from '../src/modules/billing/subscriptions/service';

const d = (s: string) => new Date(s);
const RATES = [
  { country: 'IN', name: 'GST', ratePpm: 180_000 },
  { country: 'SG', name: 'GST', ratePpm: 90_000 },
];

describe('billing arithmetic, exact to the minor unit', () => {
  it('rounds a × b ÷ c half up, exactly past 2^53', () => {
    expect(mulDivRound(10, 1, 4)).toBe(3); // 2.5 → 3
    expect(mulDivRound(10, 1, 3)).toBe(3); // 3.33 → 3
    expect(mulDivRound(499_999_900, 31_536_000, 31_536_000)).toBe(499_999_900);
    expect(mulDivRound(999_999_999, 99_999_999, 100_000_000)).toBe(999_999_989); // 999,999,989.000…01
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 1e8 }), fc.integer({ min: 1, max: 1e8 }), (a, b, c) => {
        const exact = (BigInt(a) * BigInt(b) * 2n + BigInt(c)) / (2n * BigInt(c));
        expect(mulDivRound(a, b, c)).toBe(Number(exact));
      }),
    );
  });

  it('adds months on the calendar, keeping the day or the month’s last day', () => {
    expect(addMonths(d('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(d('2028-01-31T00:00:00Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonths(d('2026-11-15T00:00:00Z'), 3).toISOString()).toBe('2027-02-15T00:00:00.000Z');
    expect(periodEndFrom(d('2026-03-01T00:00:00Z'), 'yearly').toISOString()).toBe('2027-03-01T00:00:00.000Z');
  });

  it('prorates an upgrade within the same period: credit and charge for the seconds left, each rounded once', () => {
    // A 30-day period (2,592,000 s) with 10 days (864,000 s) left: a third of each price.
    const p = prorate({
      currentPriceMinor: 999_900, // ₹9,999.00
      newPriceMinor: 4_999_900, // ₹49,999.00
      samePeriod: true,
      newPeriod: 'monthly',
      periodStart: d('2026-11-01T00:00:00Z'),
      periodEnd: d('2026-12-01T00:00:00Z'),
      now: d('2026-11-21T00:00:00Z'),
    });
    expect(p.periodSeconds).toBe(2_592_000);
    expect(p.remainingSeconds).toBe(864_000);
    expect(p.creditMinor).toBe(333_300); // 999,900 / 3
    expect(p.chargeMinor).toBe(1_666_633); // 4,999,900 / 3 = 1,666,633.33 → 1,666,633
    expect(p.dueMinor).toBe(1_333_333);
    expect(p.periodEnd.toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });

  it('rounds a half paisa up once, not per part', () => {
    // 1 of 2 seconds left: 1,001 × ½ = 500.5 → 501; 3 × ½ = 1.5 → 2; due 499.
    const p = prorate({
      currentPriceMinor: 3,
      newPriceMinor: 1_001,
      samePeriod: true,
      newPeriod: 'monthly',
      periodStart: d('2026-11-01T00:00:00Z'),
      periodEnd: d('2026-11-01T00:00:02Z'),
      now: d('2026-11-01T00:00:01Z'),
    });
    expect([p.creditMinor, p.chargeMinor, p.dueMinor]).toEqual([2, 501, 499]);
  });

  it('starts a new period when the period changes: the whole new price less the unused credit', () => {
    const p = prorate({
      currentPriceMinor: 999_900,
      newPriceMinor: 9_999_000,
      samePeriod: false,
      newPeriod: 'yearly',
      periodStart: d('2026-11-01T00:00:00Z'),
      periodEnd: d('2026-12-01T00:00:00Z'),
      now: d('2026-11-16T00:00:00Z'),
    });
    expect(p.creditMinor).toBe(499_950);
    expect(p.chargeMinor).toBe(9_999_000);
    expect(p.dueMinor).toBe(9_499_050);
    expect(p.periodStart.toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(p.periodEnd.toISOString()).toBe('2027-11-16T00:00:00.000Z');
  });

  it('never charges below zero, and credits nothing after the period ended', () => {
    const later = prorate({
      currentPriceMinor: 5_000,
      newPriceMinor: 1_000,
      samePeriod: true,
      newPeriod: 'monthly',
      periodStart: d('2026-11-01T00:00:00Z'),
      periodEnd: d('2026-12-01T00:00:00Z'),
      now: d('2026-11-11T00:00:00Z'),
    });
    expect(later.dueMinor).toBe(0);
    const ended = prorate({
      currentPriceMinor: 5_000,
      newPriceMinor: 9_000,
      samePeriod: true,
      newPeriod: 'monthly',
      periodStart: d('2026-11-01T00:00:00Z'),
      periodEnd: d('2026-12-01T00:00:00Z'),
      now: d('2026-12-05T00:00:00Z'),
    });
    expect([ended.creditMinor, ended.chargeMinor]).toEqual([0, 0]);
  });

  it('taxes by the buyer’s country from the rates table, with reverse charge for a business abroad', () => {
    const seller = { country: 'IN' };
    expect(decideTax(seller, { country: 'IN', taxId: '29AAACB1234C1Z5' }, RATES)).toMatchObject({
      name: 'GST',
      ratePpm: 180_000,
      reverseCharge: false,
    });
    expect(decideTax(seller, { country: 'SG' }, RATES)).toMatchObject({ name: 'GST', ratePpm: 90_000, reverseCharge: false });
    const b2b = decideTax(seller, { country: 'SG', taxId: '201912345K' }, RATES);
    expect(b2b).toMatchObject({ ratePpm: 0, reverseCharge: true });
    expect(b2b.note).toContain('201912345K');
    expect(decideTax(seller, { country: 'US' }, RATES)).toMatchObject({ name: null, ratePpm: 0, reverseCharge: false });
  });

  it('totals: tax on the subtotal rounded half up once', () => {
    // 18% of 1,333,333 = 239,999.94 → 240,000; 9% of 1,900 = 171.
    expect(invoiceTotals([{ amountMinor: 1_666_633 }, { amountMinor: -333_300 }], 180_000)).toEqual({
      subtotalMinor: 1_333_333,
      taxMinor: 240_000,
      totalMinor: 1_573_333,
    });
    expect(invoiceTotals([{ amountMinor: 1_900 }], 90_000)).toEqual({ subtotalMinor: 1_900, taxMinor: 171, totalMinor: 2_071 });
    // 18% of 25 = 4.5 → 5 (half up).
    expect(invoiceTotals([{ amountMinor: 25 }], 180_000).taxMinor).toBe(5);
  });

  it('Singapore prices replace a plan’s options for SG, and only for SG', () => {
    const plan = {
      options: [{ period: 'monthly' as const, currency: 'INR', priceMinor: 99_900 }],
      regional: [{ country: 'SG', options: [{ period: 'monthly' as const, currency: 'SGD', priceMinor: 1_900 }] }],
    };
    expect(optionsFor(plan, 'SG')).toEqual([{ period: 'monthly', currency: 'SGD', priceMinor: 1_900 }]);
    expect(optionsFor(plan, 'IN')).toBe(plan.options);
    expect(optionsFor(plan, null)).toBe(plan.options);
  });

  it('a failed renewal retries a day later, then is past due with grace after the last attempt', () => {
    const now = d('2026-12-01T00:00:00Z');
    const sub = { status: 'active' as const, periodEnd: now };
    const first = afterFailedRenewal(sub, 1, now);
    expect(first).toEqual({ status: 'active', nextAttemptAt: d('2026-12-02T00:00:00Z'), graceUntil: null });
    const last = afterFailedRenewal(sub, RENEWAL_ATTEMPTS, now);
    expect(last.status).toBe('past_due');
    expect(last.graceUntil?.toISOString()).toBe(new Date(now.getTime() + GRACE_DAYS * 86_400_000).toISOString());
  });
});
