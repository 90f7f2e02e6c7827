import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from './client';

/** The community's currency (ISO 4217, from the brand profile), readable by every signed-in user. */
export const getLocale = () => unwrap(api.GET('/api/v1/settings/locale')).then((r) => r.data);

export const localeQuery = () => queryOptions({ queryKey: ['settings', 'locale'], queryFn: getLocale, staleTime: 5 * 60_000 });

/** The currency money is shown in; USD until it is known (or when it cannot be read). */
export function useCurrency(): string {
  return useQuery(localeQuery()).data?.currency ?? 'USD';
}
