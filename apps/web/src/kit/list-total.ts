/** Exact totals are counted up to this many matches; past it the server may answer an estimate. */
export const EXACT_TOTAL_MAX = 10_000;

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * A list's total as people read it: exact ("1,234"), capped ("10,000+") or an estimate ("about 1.2M").
 * Null when the server did not count.
 */
export function formatTotal(total: number | null | undefined, isEstimate = false): string | null {
  if (total == null) return null;
  if (!isEstimate) return total.toLocaleString('en');
  if (total <= EXACT_TOTAL_MAX) return `${EXACT_TOTAL_MAX.toLocaleString('en')}+`;
  return `about ${compact.format(total)}`;
}

/** "1–25 of 1,234", "26–50 of about 1.2M", or "1–25" when there is no total. */
export function rangeText(first: number, count: number, total: number | null | undefined, isEstimate = false): string {
  const range = `${first.toLocaleString('en')}–${(first + count - 1).toLocaleString('en')}`;
  const of = formatTotal(total, isEstimate);
  return of ? `${range} of ${of}` : range;
}
