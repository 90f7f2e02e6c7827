import { formatScaled, parseScaled, toSafeNumber } from './decimal';
import { DomainError } from './errors';

/**
 * Money is an integer count of the currency's minor unit (cents for EUR, yen for JPY, fils for KWD),
 * never a float. The currency is a property of the store, so amounts are plain numbers; `Minor` names
 * them in signatures. Every amount stays a safe integer (|n| ≤ 2^53 − 1); products go through BigInt.
 */
export type Minor = number;

/** ISO 4217 minor-unit exponents of the currencies in circulation (fund codes left out). */
const EXPONENT_0 = 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX VND VUV XAF XOF XPF';
const EXPONENT_3 = 'BHD IQD JOD KWD LYD OMR TND';
const EXPONENT_4 = 'CLF UYW';
const EXPONENT_2 =
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF CNY COP ' +
  'CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR ' +
  'JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN ' +
  'NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP ' +
  'SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG';

const EXPONENTS: ReadonlyMap<string, number> = new Map(
  [EXPONENT_0, EXPONENT_2, EXPONENT_3, EXPONENT_4].flatMap((codes, i) => codes.split(' ').map((code) => [code, [0, 2, 3, 4][i]] as const)),
);

export const CURRENCY_CODES: readonly string[] = [...EXPONENTS.keys()].sort();

export const isCurrencyCode = (code: string): boolean => EXPONENTS.has(code);

/** Digits after the decimal point: 2 for EUR, 0 for JPY, 3 for KWD. */
export function currencyExponent(currency: string): number {
  const exponent = EXPONENTS.get(currency);
  if (exponent === undefined) throw new DomainError('unknown_currency', `${currency} is not an ISO 4217 currency code`, { currency });
  return exponent;
}

/** Throws unless `value` is a safe integer (and not negative unless allowed). */
export function assertMinor(value: number, what = 'amount', { allowNegative = false } = {}): Minor {
  if (!Number.isSafeInteger(value)) {
    throw new DomainError('invalid_amount', `The ${what} must be a whole number of minor units (got ${value})`, { field: what });
  }
  if (value < 0 && !allowNegative)
    throw new DomainError('invalid_amount', `The ${what} cannot be negative (got ${value})`, { field: what });
  return value;
}

/** A decimal as people write it ("3.33", 3.33, "1000") → minor units. Refuses more decimals than the currency has, rather than rounding. */
export function toMinor(value: string | number, currency: string): Minor {
  return parseScaled(value, currencyExponent(currency), `${currency} amount`);
}

/** Minor units → the plain decimal string ("3.33", "-0.05", "1000" for JPY, "1.250" for KWD); display formatting is the console's. */
export function fromMinor(minor: Minor, currency: string): string {
  const exponent = currencyExponent(currency);
  return formatScaled(assertMinor(minor, 'amount', { allowNegative: true }), exponent);
}

/**
 * round(value × multiplier / divisor) to an integer, exactly, rounding halves away from zero
 * ("commercial" rounding, the half-up of receipts and of most tax authorities: 0.005 → 0.01).
 * Banker's rounding only pays off when many rounded values are added up; here every amount is
 * rounded once and shares are allocated with `allocate`, so sums are exact without it, and half-up
 * is what a customer or an accountant checking a line by hand expects.
 */
export function mulDivRound(value: number, multiplier: number, divisor: number): number {
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
  const magnitude = ((product < 0n ? -product : product) * 2n + d) / (2n * d);
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
