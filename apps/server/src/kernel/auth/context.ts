import type { Permissions } from '../access/modules';
import type { Database } from '../db/database';

/** Who is calling, established from the bearer token on every request. */
export interface AuthContext {
  tenantId: string;
  community: string;
  userId: string;
  userName: string;
  email: string;
  sessionId: string;
  isOwner: boolean;
  permissions: Permissions;
}

/** What a resource operation or service needs: the database and on whose behalf it acts. */
export interface Scope {
  db: Database;
  tenantId: string;
  /** Permissions: what the actor may read (files it attaches must be readable by it); none for visitors and the system. */
  actor: { id: string | null; name: string | null; isOwner?: boolean; sessionId?: string; permissions?: Permissions };
}

export function scopeOf(db: Database, auth: AuthContext): Scope {
  return {
    db,
    tenantId: auth.tenantId,
    actor: { id: auth.userId, name: auth.userName, isOwner: auth.isOwner, sessionId: auth.sessionId, permissions: auth.permissions },
  };
}

/**
 * A scope acting for the system in a community (a job, a gateway's callback, a storefront visitor's
 * payment): no user, no permissions, `name` shown as the actor in audit entries.
 */
export const systemScope = (db: Database, tenantId: string, name: string): Scope => ({ db, tenantId, actor: { id: null, name } });

/** The platform community: its admins manage platform catalogues. */
export const PLATFORM_COMMUNITY = '-';
