import type { AuthContext } from '../auth/context';
import { PLATFORM_COMMUNITY } from '../auth/context';
import { errors } from '../errors/app-error';
import type { Level, ModuleKey, Permission } from './modules';

/** Route access: a module permission, any signed-in user, or a platform operator. */
export type Access = Permission | 'authenticated' | 'platform';

export function can(auth: AuthContext, module: ModuleKey, level: Level): boolean {
  if (auth.isOwner) return true;
  const granted = auth.permissions[module];
  return granted === 'write' || (level === 'read' && granted === 'read');
}

export function isPlatformOperator(auth: AuthContext): boolean {
  return auth.community === PLATFORM_COMMUNITY;
}

/** Default deny: throws 403 unless `auth` holds `access`. */
export function assertAccess(auth: AuthContext, access: Access): void {
  if (access === 'authenticated') return;
  if (access === 'platform') {
    if (!isPlatformOperator(auth)) throw errors.forbidden('Only platform operators can do this');
    return;
  }
  const [module, level] = access.split(':') as [ModuleKey, Level];
  if (!can(auth, module, level)) throw errors.forbidden();
}
