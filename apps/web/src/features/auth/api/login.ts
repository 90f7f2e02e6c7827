import { api, unwrap } from '../../../api/client';
import type { paths } from '../../../api/schema';

export type LoginBody = paths['/api/v1/auth/login']['post']['requestBody']['content']['application/json'];
export type LoginResult = paths['/api/v1/auth/login']['post']['responses'][200]['content']['application/json'];

export const login = (body: LoginBody): Promise<LoginResult> => unwrap(api.POST('/api/v1/auth/login', { body }));
