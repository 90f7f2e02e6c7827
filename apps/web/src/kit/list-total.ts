/** Exact totals are counted up to this many matches; past it the server answers totalAtLeast or an estimate. */
export const EXACT_TOTAL_MAX = 1_000;

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** What a list answered of its size (the API's total, totalIsEstimate and totalAtLeast). */
export interface TotalInfo {
  total: number | null | undefined;
  totalIsEstimate?: boolean;
  totalAtLeast?: number | null;
}

/**
 * A list's total as people read it: exact ("1,234"), where the count stopped ("1,000+", the server
 * counted that many and no further) or the planner's estimate ("about 8.6K", "about 1.2M").
 * Null when the server did not count.
 */
export function formatTotal({ total, totalIsEstimate = false, totalAtLeast = null }: TotalInfo): string | null {
  if (total == null) return null;
  if (!totalIsEstimate) return total.toLocaleString('en');
  if (totalAtLeast != null) return `${totalAtLeast.toLocaleString('en')}+`;
  if (total <= EXACT_TOTAL_MAX) return `${EXACT_TOTAL_MAX.toLocaleString('en')}+`;
  return `about ${compact.format(total)}`;
}

/** "1–25 of 1,234", "26–50 of 1,000+", "26–50 of about 1.2M", or "1–25" when there is no total. */
export function rangeText(first: number, count: number, info: TotalInfo): string {
  const range = `${first.toLocaleString('en')}–${(first + count - 1).toLocaleString('en')}`;
  const of = formatTotal(info);
  return of ? `${range} of ${of}` : range;
}
