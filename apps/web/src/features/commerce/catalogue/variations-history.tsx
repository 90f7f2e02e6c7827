import { Text } from '@mantine/core';
import { toMajor } from '../../../kit/money';
import type { HistoryDescriber } from '../../../kit/record-history';
import type { Currency } from './money';

/** A variation as the grid's save audits it on its product (before and after, the edited fields). */
type Audited = { id: string } & Record<string, unknown>;

const FIELDS: [key: string, label: string][] = [
  ['sku', 'SKU'],
  ['price', 'price'],
  ['compareAtPrice', 'compare-at price'],
  ['cost', 'cost'],
  ['onHand', 'stock'],
  ['active', 'on sale'],
];
const MONEY = new Set(['price', 'compareAtPrice', 'cost']);

/**
 * The product history's words for a save of the variations grid: each variation changed, by its
 * title, with what changed in people's terms ("Maroon / M: price ₹1,499.00 → ₹1,599.00, stock 0 → 7"),
 * not the audit's JSON.
 */
export function describeVariations(titles: Map<string, string>, currency: Currency): HistoryDescriber {
  const money = new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.code });
  const shown = (key: string, value: unknown) => {
    if (value === null || value === undefined || value === '') return 'empty';
    if (MONEY.has(key) && typeof value === 'number') return money.format(toMajor(value, currency.code));
    if (typeof value === 'boolean') return value ? 'yes' : 'no';
    return String(value);
  };
  return ({ before, after }) => {
    const was = new Map((Array.isArray(before) ? (before as Audited[]) : []).map((v) => [v.id, v]));
    const lines = (Array.isArray(after) ? (after as Audited[]) : []).flatMap((v) => {
      const old = was.get(v.id) ?? { id: v.id };
      const diffs = FIELDS.filter(([key]) => key in v && JSON.stringify(old[key] ?? null) !== JSON.stringify(v[key] ?? null)).map(
        ([key, label]) => `${label} ${shown(key, old[key])} → ${shown(key, v[key])}`,
      );
      const name = titles.get(v.id) || String(v.sku ?? old.sku ?? 'A variation');
      return diffs.length > 0 ? [`${name}: ${diffs.join(', ')}`] : [];
    });
    if (lines.length === 0) return 'saved without a change';
    return lines.map((line) => (
      <Text key={line} span size="sm" display="block" data-testid="variation-change">
        {line}
      </Text>
    ));
  };
}
