import { assertMinor, formatScaled, type Minor, mulDivRound, parseScaled, sumMinor } from '../../../kernel/money';
import { DomainError } from './errors';

/**
 * A rate in parts per million: 200_000 is 20 %, 88_750 is 8.875 % (New York City sales tax),
 * 99_750 is 9.975 % (Quebec QST). Basis points cannot hold those last two exactly.
 */
export type Ppm = number;

export const PPM = 1_000_000;

/** Where the goods go: an ISO 3166-1 alpha-2 country and, where rates differ inside it, a state or province code. */
export interface TaxRegion {
  country: string;
  state?: string | null;
}

/**
 * One rate of the store's table. `country: null` is the store's default for the tax class;
 * a rate with a `state` applies there only and wins over its country's rate.
 */
export interface TaxRate {
  country: string | null;
  state?: string | null;
  taxClass: string;
  ratePpm: Ppm;
  /** "VAT 20 %", shown on invoices. */
  name?: string;
}

/** Throws unless `ratePpm` is a whole number of parts per million from 0 to 1_000_000 (0–100 %). */
export function assertRate(ratePpm: number, what = 'rate'): Ppm {
  if (!Number.isSafeInteger(ratePpm) || ratePpm < 0 || ratePpm > PPM) {
    throw new DomainError('invalid_rate', `The ${what} must be from 0 to 100 % (0 to ${PPM} parts per million; got ${ratePpm})`, {
      field: what,
    });
  }
  return ratePpm;
}

/** "20" → 200_000, "8.875" → 88_750 (at most four decimals). */
export const percentToPpm = (percent: string | number): Ppm => assertRate(parseScaled(percent, 4, 'percentage'), 'percentage');

/** 88_750 → "8.875". */
export const ppmToPercent = (ratePpm: Ppm): string => formatScaled(assertRate(ratePpm), 4, { trim: true });

const code = (s: string | null | undefined) => (s ? s.trim().toUpperCase() : null);

/**
 * The rate for `taxClass` in `region`: the state's rate, else the country's, else the store's
 * default (`country: null`), else null (the class is not taxed there). Codes compare case-insensitively;
 * with `region` null only the default applies.
 */
export function findTaxRate(rates: readonly TaxRate[], region: TaxRegion | null, taxClass: string): TaxRate | null {
  const ofClass = rates.filter((r) => r.taxClass === taxClass);
  const country = code(region?.country);
  const state = code(region?.state);
  return (
    (country && state ? ofClass.find((r) => code(r.country) === country && code(r.state) === state) : undefined) ??
    (country ? ofClass.find((r) => code(r.country) === country && !code(r.state)) : undefined) ??
    ofClass.find((r) => !code(r.country) && !code(r.state)) ??
    null
  );
}

/** An amount taken apart: `net` + `tax` = `gross`, always exactly. */
export interface TaxSplit {
  net: Minor;
  tax: Minor;
  gross: Minor;
}

/**
 * The tax in `amount` (tax-inclusive prices: tax = amount × r / (1 + r), the amount is the gross) or
 * on it (tax-exclusive: tax = amount × r, the amount is the net), rounded half-up to the minor unit.
 */
export function splitTax(amount: Minor, ratePpm: Ppm, pricesIncludeTax: boolean): TaxSplit {
  assertMinor(amount);
  assertRate(ratePpm, 'tax rate');
  if (pricesIncludeTax) {
    const tax = mulDivRound(amount, ratePpm, PPM + ratePpm);
    return { net: amount - tax, tax, gross: amount };
  }
  const tax = mulDivRound(amount, ratePpm, PPM);
  return { net: amount, tax, gross: sumMinor([amount, tax]) };
}
