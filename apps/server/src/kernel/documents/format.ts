/** How many digits the currency's minor unit has (USD 2, JPY 0, KWD 3); 2 for an unknown code. */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount in minor units as the currency is written: formatDocumentMoney(79900, 'INR') → "₹799.00". */
export function formatDocumentMoney(minor: number, currency: string, locale = 'en'): string {
  const digits = currencyDigits(currency);
  const value = minor / 10 ** digits;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(value);
  } catch {
    return `${value.toFixed(digits)} ${currency}`;
  }
}

/** A date as people read it on paper ("28 Nov 2026"), in UTC so the printed day does not depend on the server. */
export function formatDocumentDate(value: Date | string, locale = 'en'): string {
  if (typeof value === 'string') return value;
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(value);
}

/** A Content-Disposition header value for a download named `filename` (RFC 6266, non-ASCII kept). */
export function contentDisposition(filename: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
