import { useQuery } from '@tanstack/react-query';
import { listRecords } from '../../../kit/resource-api';

/** The shop's currency and how many decimals its minor unit has (INR: 2, JPY: 0). */
export interface Currency {
  code: string;
  decimals: number;
}

export const currencyOf = (code: string): Currency => ({
  code,
  decimals: new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2,
});

/** The shop's currency (its settings record; INR until one is saved). */
export function useShopCurrency(): Currency {
  const settings = useQuery({
    queryKey: ['resource', 'commerce/settings', 'list', 'currency'],
    staleTime: 60_000,
    queryFn: () => listRecords('commerce/settings', { limit: 1, withTotal: 'false' }),
  });
  return currencyOf(String(settings.data?.data[0]?.currency ?? 'INR'));
}

/** Minor units (stored) → the amount people type (1,499.00). */
export const toMajor = (minor: number, c: Currency) => minor / 10 ** c.decimals;
/** The amount typed → minor units, rounded to the currency's minor unit. */
export const toMinor = (major: number, c: Currency) => Math.round(major * 10 ** c.decimals);
