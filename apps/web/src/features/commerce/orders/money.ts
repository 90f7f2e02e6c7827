/** Minor units of `currency` for display ("1,570.00 EUR" in the browser's locale). */
export function formatMoney(minor: unknown, currency: unknown): string {
  const code = typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : 'INR';
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
  const amount = typeof minor === 'number' ? minor / 10 ** digits : 0;
  return new Intl.NumberFormat(undefined, { style: 'currency', currency: code }).format(amount);
}
