import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './client';

export interface Health {
  status: string;
  database: string;
  version: string;
}

export const getHealth = () => request<Health>('GET', '/api/health');

export const healthQuery = () => queryOptions({ queryKey: ['health'], queryFn: getHealth, staleTime: 5 * 60_000 });

export const useHealth = () => useQuery(healthQuery());
