import { useQuery } from '@tanstack/react-query';
import { currencyDigits } from '../../../kit/money';
import { listRecords } from '../../../kit/resource-api';

/** The shop's currency and how many decimals its minor unit has (INR: 2, JPY: 0). */
export interface Currency {
  code: string;
  decimals: number;
}

export const currencyOf = (code: string): Currency => ({ code, decimals: currencyDigits(code) });

/** The shop's currency (its settings record; INR until one is saved). */
export function useShopCurrency(): Currency {
  const settings = useQuery({
    queryKey: ['resource', 'commerce/settings', 'list', 'currency'],
    staleTime: 60_000,
    queryFn: () => listRecords('commerce/settings', { limit: 1, withTotal: 'false' }),
  });
  return currencyOf(String(settings.data?.data[0]?.currency ?? 'INR'));
}
