import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './client';
import type { paths } from './schema';

/** The brand profile as the API answers it (its record schema). */
export type BrandProfile = paths['/api/v1/settings/client-profile']['get']['responses'][200]['content']['application/json']['data'][number];

/** The community's brand profile (one record), or null when none was saved yet. */
export const getBrandProfile = () =>
  request<{ data: BrandProfile[] }>('GET', '/api/v1/settings/client-profile', { query: { limit: 1, withTotal: 'false' } }).then(
    (r) => r.data[0] ?? null,
  );

export const brandProfileQuery = () => queryOptions({ queryKey: ['brand-profile'], queryFn: getBrandProfile, staleTime: 5 * 60_000 });

export const useBrandProfile = (enabled = true) => useQuery({ ...brandProfileQuery(), enabled });
