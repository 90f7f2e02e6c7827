import { DomainError } from '../errors/domain-error';
import { currencyExponent } from './currencies';
import { formatScaled, parseScaled, roundScaled, toSafeNumber } from './decimal';

/**
 * Money is an integer count of the currency's minor unit (cents for EUR, yen for JPY, fils for KWD),
 * never a float. The currency travels beside the amount (a store's, a payment's), so amounts are plain
 * numbers; `Minor` names them in signatures. Every amount stays a safe integer (|n| ≤ 2^53 − 1);
 * products go through BigInt.
 */
export type Minor = number;

/** Throws unless `value` is a safe integer (and not negative unless allowed). */
export function assertMinor(value: number, what = 'amount', { allowNegative = false } = {}): Minor {
  if (!Number.isSafeInteger(value)) {
    throw new DomainError('invalid_amount', `The ${what} must be a whole number of minor units (got ${value})`, { field: what });
  }
  if (value < 0 && !allowNegative)
    throw new DomainError('invalid_amount', `The ${what} cannot be negative (got ${value})`, { field: what });
  return value;
}

/**
 * How a value between two minor units is rounded. `half-up` (the default): halves away from zero, the
 * "commercial" rounding of receipts and of most tax authorities (0.005 → 0.01, −0.005 → −0.01).
 * `half-even` (banker's rounding): halves to the even neighbour (0.005 → 0.00, 0.015 → 0.02), which
 * keeps the sum of many rounded values unbiased: for interest, averages and statistics, not for a line
 * a customer checks by hand.
 */
export type Rounding = 'half-up' | 'half-even';

/**
 * A decimal as people write it ("3.33", 3.33, "1000") → minor units. Refuses more decimals than the
 * currency has, rather than rounding, unless `rounding` says how to round them ("3.335" → 334 half-up).
 */
export function toMinor(value: string | number, currency: string, { rounding }: { rounding?: Rounding } = {}): Minor {
  const exponent = currencyExponent(currency);
  const what = `${currency} amount`;
  return rounding ? roundScaled(value, exponent, rounding, what) : parseScaled(value, exponent, what);
}

/** Minor units → the plain decimal string ("3.33", "-0.05", "1000" for JPY, "1.250" for KWD), as gateways and CSV files want it; `formatMoney` is for people. */
export function fromMinor(minor: Minor, currency: string): string {
  const exponent = currencyExponent(currency);
  return formatScaled(assertMinor(minor, 'amount', { allowNegative: true }), exponent);
}

/**
 * round(value × multiplier / divisor) to an integer, exactly, by `rounding` (half-up by default).
 * Commerce rounds half-up: every amount is rounded once and shares are allocated with `allocate`, so
 * sums are exact without banker's rounding, and half-up is what a customer or an accountant checking
 * a line by hand expects.
 */
export function mulDivRound(value: number, multiplier: number, divisor: number, rounding: Rounding = 'half-up'): number {
  for (const [name, n] of [
    ['value', value],
    ['multiplier', multiplier],
    ['divisor', divisor],
  ] as const) {
    if (!Number.isSafeInteger(n)) throw new DomainError('invalid_amount', `mulDivRound: the ${name} must be a safe integer (got ${n})`);
  }
  if (divisor <= 0) throw new DomainError('invalid_amount', `mulDivRound: the divisor must be positive (got ${divisor})`);
  const product = BigInt(value) * BigInt(multiplier);
  const d = BigInt(divisor);
  const abs = product < 0n ? -product : product;
  let magnitude = abs / d;
  const twiceRest = (abs % d) * 2n;
  if (twiceRest > d || (twiceRest === d && (rounding === 'half-up' || magnitude % 2n === 1n))) magnitude += 1n;
  return toSafeNumber(product < 0n ? -magnitude : magnitude);
}

/** amount × factor (a quantity), checked to stay exact. */
export const multiplyMinor = (amount: Minor, factor: number): Minor => mulDivRound(amount, factor, 1);

/** Sum of amounts, checked to stay exact. */
export function sumMinor(amounts: readonly Minor[]): Minor {
  let total = 0n;
  for (const a of amounts) total += BigInt(assertMinor(a, 'amount', { allowNegative: true }));
  return toSafeNumber(total);
}

/**
 * Splits `total` into parts proportional to `weights` that add up to exactly `total`
 * (largest-remainder method: everyone gets the floor of their share, the units left over go to the
 * largest remainders, ties to the earlier index). A part is never more than its weight when
 * `total` ≤ the sum of the weights, and a zero weight always gets zero.
 */
export function allocate(total: Minor, weights: readonly number[]): Minor[] {
  assertMinor(total, 'total', { allowNegative: true });
  for (const w of weights) assertMinor(w, 'weight');
  const weightSum = weights.reduce((s, w) => s + BigInt(w), 0n);
  if (weightSum === 0n) {
    if (total === 0) return weights.map(() => 0);
    throw new DomainError('invalid_allocation', `Cannot split ${total} over ${weights.length} parts that all weigh nothing`);
  }
  const magnitude = BigInt(Math.abs(total));
  const shares = weights.map((w, index) => ({
    index,
    part: (magnitude * BigInt(w)) / weightSum,
    rest: (magnitude * BigInt(w)) % weightSum,
  }));
  let left = magnitude - shares.reduce((s, x) => s + x.part, 0n);
  for (const share of [...shares].sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1))) {
    if (left === 0n) break;
    share.part += 1n;
    left -= 1n;
  }
  return shares.map((s) => toSafeNumber(total < 0 ? -s.part : s.part));
}
