import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from './client';
import type { paths } from './schema';

type MeResponse = paths['/api/v1/auth/me']['get']['responses'][200]['content']['application/json'];
export type Me = MeResponse;
export type UpdateMeBody = NonNullable<paths['/api/v1/auth/me']['patch']['requestBody']>['content']['application/json'];

export const getMe = (): Promise<Me> => unwrap(api.GET('/api/v1/auth/me'));

/** The signed-in user, community and permissions; verified by the server (at most once a minute per navigation). */
export const meQuery = (token: string | null) =>
  queryOptions({ queryKey: ['me', token], queryFn: getMe, staleTime: 60_000, enabled: Boolean(token) });

export const useMe = (token: string | null) => useQuery(meQuery(token));

export const updateMe = (body: UpdateMeBody) => unwrap(api.PATCH('/api/v1/auth/me', { body }));
