import { api, unwrap } from '../../../api/client';
import type { paths } from '../../../api/schema';

export type ForgotBody = paths['/api/v1/auth/password/forgot']['post']['requestBody']['content']['application/json'];
export type ResetBody = paths['/api/v1/auth/password/reset']['post']['requestBody']['content']['application/json'];

/** Emails a 6-digit code (the server answers the same whether or not the account exists). */
export const requestResetCode = (body: ForgotBody) => unwrap(api.POST('/api/v1/auth/password/forgot', { body }));

/** Sets the new password with the emailed code. */
export const resetPassword = (body: ResetBody) => unwrap(api.POST('/api/v1/auth/password/reset', { body }));
