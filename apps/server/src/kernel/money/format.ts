import { fromMinor } from './amounts';
import { currencyExponent } from './currencies';

/**
 * Minor units as people read them in `locale` ("€1,250.00", "¥1,000", "KWD 1.250"), with the
 * currency's ISO 4217 digits. The amount goes to Intl as a decimal string, so no float rounds it.
 * Throws `unknown_currency` for a code that is not ISO 4217; a locale Intl does not know gives the
 * plain "1250.00 EUR".
 */
export function formatMoney(minor: number, currency: string, locale = 'en'): string {
  const digits = currencyExponent(currency);
  const amount = fromMinor(minor, currency);
  try {
    const format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    // Intl's format takes a decimal string exactly (no float in between); its types say number.
    return format.format(amount as unknown as number);
  } catch {
    return `${amount} ${currency}`;
  }
}
