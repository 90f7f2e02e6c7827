import { api, unwrap } from '../../../api/client';
import type { paths } from '../../../api/schema';

export type ChangePasswordBody = paths['/api/v1/auth/password/change']['post']['requestBody']['content']['application/json'];

/** Changes the own password; the server signs out the user's other sessions. */
export const changePassword = (body: ChangePasswordBody) => unwrap(api.POST('/api/v1/auth/password/change', { body }));
