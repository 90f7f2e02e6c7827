// The console's one place for money. Amounts travel as integers of the currency's minor unit; the
// ISO 4217 digits, the exact conversions and the formatter are the server's own (kernel/money, pure
// code), so a price reads the same on a screen, in an email and on the pay page, and the console
// never disagrees with the server about how many decimals a currency has (Intl's CLDR data does for
// some: RSD, IQD, LAK…).
import { currencyExponent, formatMoney as formatMinor, fromMinor, isCurrencyCode, toMinor } from '../../../server/src/kernel/money';

/** How many decimals a currency's amounts have (EUR 2, JPY 0, BHD 3); 2 for a code that is not ISO 4217. */
export function currencyDigits(currency: string): number {
  return isCurrencyCode(currency) ? currencyExponent(currency) : 2;
}

const browserLocale = () => (typeof navigator === 'undefined' ? undefined : navigator.language);

/**
 * Minor units as people read them, in `locale` (the browser's by default): 125000 EUR → "€1,250.00".
 * A screen never fails on a value it did not expect: a non-integer is rounded to the minor unit, and a
 * code that is not a currency is written after the plain number.
 */
export function formatMoney(minor: number, currency: string, locale = browserLocale()): string {
  const whole = Number.isFinite(minor) ? Math.round(minor) : 0;
  if (!isCurrencyCode(currency)) return `${(whole / 100).toFixed(2)} ${currency}`.trim();
  return formatMinor(whole, currency, locale);
}

/** Minor units (stored) → the amount people type (1499.5 for 149950 INR). */
export function toMajor(minor: number, currency: string): number {
  if (!isCurrencyCode(currency) || !Number.isSafeInteger(minor)) return minor / 10 ** currencyDigits(currency);
  return Number(fromMinor(minor, currency));
}

/** The amount typed (a number input's value) → minor units, rounded half-up to the currency's minor unit. */
export function toMinorUnits(major: number, currency: string): number {
  const digits = currencyDigits(currency);
  if (!isCurrencyCode(currency)) return Math.round(major * 10 ** digits);
  return toMinor(major, currency, { rounding: 'half-up' });
}

/**
 * Text someone typed or pasted ("1,250.50", "€ 12.5", "-3") → minor units, or null when it is not an
 * amount of the currency. Thousands separators and the currency's symbol or code are ignored; a
 * decimal comma is read only when there is no decimal point ("12,5" → 12.50, "1,250" → 1250).
 */
export function parseMoney(text: string, currency: string): number | null {
  let clean = text
    .replace(/[\s\u00a0]/g, '')
    .replace(currency, '')
    .replace(currencySymbol(currency), '');
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(clean)) clean = clean.replaceAll(',', '');
  else if (/^-?\d+,\d+$/.test(clean)) clean = clean.replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(clean)) return null;
  try {
    return toMinor(clean, isCurrencyCode(currency) ? currency : 'USD');
  } catch {
    return null;
  }
}

/** "€", "₹", "$", or the code itself for a currency the browser has no symbol for. */
export function currencySymbol(currency: string, locale?: string): string {
  try {
    const part = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
      .formatToParts(0)
      .find((p) => p.type === 'currency');
    return part?.value ?? currency;
  } catch {
    return currency;
  }
}
