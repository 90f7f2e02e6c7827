import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from './client';
import type { paths } from './schema';

type ModulesResponse = paths['/api/v1/meta/modules']['get']['responses'][200]['content']['application/json'];

/** A module of the server (the kernel's own or an area) with its permission modules. */
export type AppModule = ModulesResponse['data'][number];

/** A permission module a module declares, and what the caller holds in it. */
export type PermissionModule = AppModule['permissionModules'][number];

/** Every permission module that exists on the server, in the modules' order. */
export const getModules = () => unwrap(api.GET('/api/v1/meta/modules')).then((r) => r.data.flatMap((m) => m.permissionModules));

export const modulesQuery = () => queryOptions({ queryKey: ['meta', 'modules'], queryFn: getModules, staleTime: 5 * 60_000 });

export const useModules = () => useQuery(modulesQuery());
