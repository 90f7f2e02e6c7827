/**
 * Billing arithmetic, exact to the minor unit: integers only (BigInt where a product could pass
 * 2^53), one rounding per amount (half away from zero), documented so an invoice can be checked by hand.
 */

/** a × b ÷ c rounded half up, for non-negative integers (exact whatever their size). */
export function mulDivRound(a: number, b: number, c: number): number {
  if (c <= 0) throw new Error('mulDivRound: the divisor must be positive');
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  const q = n / d;
  const r = n % d;
  return Number(r * 2n >= d ? q + 1n : q);
}

export type Period = 'monthly' | 'quarterly' | 'yearly';
export const MONTHS: Record<Period, number> = { monthly: 1, quarterly: 3, yearly: 12 };

/** The same day `months` later (UTC), on the month's last day when it has no such day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export const periodEndFrom = (start: Date, period: Period) => addMonths(start, MONTHS[period]);

/** A price per month, to compare options of different periods (in thousandths of a minor unit, no rounding lost). */
export const monthlyMilli = (priceMinor: number, period: Period) => mulDivRound(priceMinor, 1000, MONTHS[period]);

export interface Proration {
  /** The part of the current period left, in seconds, and its whole length. */
  remainingSeconds: number;
  periodSeconds: number;
  /** What is left of the current price (given back). */
  creditMinor: number;
  /** The new price for what is left of the period (same period), or for a whole new period (another period). */
  chargeMinor: number;
  /** chargeMinor − creditMinor, never below 0. */
  dueMinor: number;
  /** Where the new price's period ends: the current end (same period) or a new period from now. */
  periodStart: Date;
  periodEnd: Date;
}

/**
 * An upgrade now (Stripe's "prorate" behaviour): the unused share of the current price is credited
 * (current × remaining ÷ period, rounded once); with the same period the new price is charged for
 * the same share and the period keeps its end; with another period a new period starts now and its
 * whole price is charged. Seconds are whole seconds.
 */
export function prorate(input: {
  currentPriceMinor: number;
  newPriceMinor: number;
  samePeriod: boolean;
  newPeriod: Period;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
}): Proration {
  const periodSeconds = Math.max(1, Math.floor((input.periodEnd.getTime() - input.periodStart.getTime()) / 1000));
  const remainingSeconds = Math.min(periodSeconds, Math.max(0, Math.floor((input.periodEnd.getTime() - input.now.getTime()) / 1000)));
  const creditMinor = mulDivRound(input.currentPriceMinor, remainingSeconds, periodSeconds);
  if (input.samePeriod) {
    const chargeMinor = mulDivRound(input.newPriceMinor, remainingSeconds, periodSeconds);
    return {
      remainingSeconds,
      periodSeconds,
      creditMinor,
      chargeMinor,
      dueMinor: Math.max(0, chargeMinor - creditMinor),
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
    };
  }
  const chargeMinor = input.newPriceMinor;
  return {
    remainingSeconds,
    periodSeconds,
    creditMinor,
    chargeMinor,
    dueMinor: Math.max(0, chargeMinor - creditMinor),
    periodStart: input.now,
    periodEnd: periodEndFrom(input.now, input.newPeriod),
  };
}

export interface TaxRate {
  country: string;
  name: string;
  ratePpm: number;
}

export interface TaxDecision {
  name: string | null;
  ratePpm: number;
  reverseCharge: boolean;
  /** What the invoice says about its tax. */
  note: string | null;
}

/**
 * Which tax an invoice carries. Digital services are taxed where the buyer is:
 * - a business buyer in another country than the seller, with a tax id, accounts for the tax itself
 *   (reverse charge): no tax on the invoice, and it says so;
 * - otherwise the rate of the buyer's country from the rates table (GST: IN 18%, SG 9%);
 * - a country without a rate: none (an export of services).
 */
export function decideTax(seller: { country: string }, buyer: { country: string; taxId?: string | null }, rates: TaxRate[]): TaxDecision {
  const rate = rates.find((r) => r.country === buyer.country);
  if (buyer.country !== seller.country && buyer.taxId) {
    return {
      name: rate?.name ?? null,
      ratePpm: 0,
      reverseCharge: true,
      note: `Reverse charge: ${rate?.name ?? 'tax'} on this supply is accounted for by the recipient (${buyer.taxId})`,
    };
  }
  if (!rate) return { name: null, ratePpm: 0, reverseCharge: false, note: null };
  return { name: rate.name, ratePpm: rate.ratePpm, reverseCharge: false, note: null };
}

export interface Totals {
  subtotalMinor: number;
  taxMinor: number;
  totalMinor: number;
}

/** Subtotal of the lines, tax on the subtotal (rounded once, half up), total. */
export function invoiceTotals(lines: { amountMinor: number }[], ratePpm: number): Totals {
  const subtotalMinor = lines.reduce((sum, l) => sum + l.amountMinor, 0);
  if (subtotalMinor < 0) throw new Error('An invoice cannot total below zero');
  const taxMinor = mulDivRound(subtotalMinor, ratePpm, 1_000_000);
  return { subtotalMinor, taxMinor, totalMinor: subtotalMinor + taxMinor };
}
