import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './client';

/** A permission module (the seeds' admin modules plus one per area) and what the caller holds. */
export interface PermissionModule {
  key: string;
  label: string;
  area: string;
  read: boolean;
  write: boolean;
}

export const getModules = () => request<{ data: PermissionModule[] }>('GET', '/api/v1/meta/modules').then((r) => r.data);

export const modulesQuery = () => queryOptions({ queryKey: ['meta', 'modules'], queryFn: getModules, staleTime: 5 * 60_000 });

export const useModules = () => useQuery(modulesQuery());
