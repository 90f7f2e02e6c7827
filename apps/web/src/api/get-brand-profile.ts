import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './client';

export interface BrandProfile {
  id: string;
  businessName: string;
  logoUrl: string | null;
  faviconUrl: string | null;
  primaryColor: string | null;
  website: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  fontFamily: string | null;
}

/** The community's brand profile (one record), or null when none was saved yet. */
export const getBrandProfile = () =>
  request<{ data: BrandProfile[] }>('GET', '/api/v1/settings/client-profile', { query: { limit: 1, withTotal: 'false' } }).then(
    (r) => r.data[0] ?? null,
  );

export const brandProfileQuery = () => queryOptions({ queryKey: ['brand-profile'], queryFn: getBrandProfile, staleTime: 5 * 60_000 });

export const useBrandProfile = (enabled = true) => useQuery({ ...brandProfileQuery(), enabled });
