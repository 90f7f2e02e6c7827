import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Access } from '../access/check';
import { assertAccess } from '../access/check';
import type { Permissions } from '../access/modules';
import { errors } from '../errors/app-error';
import type { AuthContext } from './context';
import { PLATFORM_COMMUNITY } from './context';
import { sessionCacheFor } from './session-cache';
import type { TokenClaims } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** No session needed (sign-in, health, public website endpoints). */
    public?: boolean;
    /** What the caller must hold. Every non-public API route declares it: default deny. */
    access?: Access;
    /** The studio/agreements services send community-name `-` for platform catalogues. */
    platformHeader?: boolean;
  }
}

const GUARDED_PREFIXES = ['/api/v1', '/compat'];

/**
 * Security on by default: every route under /api/v1 and /compat must say it is public or name its
 * access (checked when routes are registered), the bearer token is verified against its session on
 * every request, and the community-name header may not name another community.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  const sessions = sessionCacheFor(app.db);
  app.addHook('onReady', () => sessions.start());
  app.addHook('onClose', () => sessions.stop());

  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { public?: boolean; access?: Access };
    if (GUARDED_PREFIXES.some((p) => route.url.startsWith(p)) && !config.public && !config.access) {
      throw new Error(`Route ${route.method} ${route.url} declares neither public nor access`);
    }
    // A permission must name a permission module some module declares.
    if (config.access?.includes(':')) app.catalogue.assertPermission(config.access, `Route ${route.method} ${route.url}`);
    // The API document requires the bearer token everywhere; a public route says it needs none.
    if (config.public && route.schema && route.schema.security === undefined) route.schema.security = [];
  });

  app.addHook('onRequest', async (req) => {
    const config = req.routeOptions.config as { public?: boolean; access?: Access; platformHeader?: boolean };
    const guarded = Boolean(config.access) && !config.public;
    const token = bearerToken(req);
    if (token) {
      const claims = await app.tokens.verify(token);
      req.auth = claims ? await loadSession(app, claims) : null;
      if (!req.auth && guarded) throw errors.unauthenticated('Your session has expired. Sign in again');
    }
    if (!guarded) return;
    if (!req.auth) throw errors.unauthenticated();
    const named = req.headers['community-name'];
    if (typeof named === 'string' && named !== '' && named !== req.auth.community) {
      if (!(config.platformHeader && named === PLATFORM_COMMUNITY)) throw errors.communityMismatch();
    }
    assertAccess(req.auth, config.access!);
  });
});

function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One round trip: the session, its user, role permissions and community. Null if revoked or expired. */
async function loadSession(app: FastifyInstance, claims: TokenClaims): Promise<AuthContext | null> {
  if (!UUID.test(claims.tid) || !UUID.test(claims.sid) || !UUID.test(claims.sub)) return null;
  const cache = sessionCacheFor(app.db);
  const cached = cache.get(claims.sid, claims.sub, claims.tid);
  if (cached) return cached;
  const [row] = await app.db.query<{
    id: string;
    name: string;
    email: string;
    is_owner: boolean;
    permissions: Permissions | null;
    community: string;
  }>(
    `select u.id, u.name, u.email, u.is_owner, r.permissions, c.name as community
       from sessions s
       join users u on u.tenant_id = s.tenant_id and u.id = s.user_id
       join communities c on c.id = s.tenant_id
       left join roles r on r.tenant_id = u.tenant_id and r.id = u.role_id
      where s.tenant_id = $1 and s.id = $2 and s.user_id = $3
        and s.revoked_at is null and s.expires_at > now()
        and u.status = 'active' and c.status = 'active'`,
    [claims.tid, claims.sid, claims.sub],
    { name: 'auth.session' },
  );
  if (!row) return null;
  const auth: AuthContext = {
    tenantId: claims.tid,
    community: row.community,
    userId: row.id,
    userName: row.name,
    email: row.email,
    sessionId: claims.sid,
    isOwner: row.is_owner,
    permissions: row.permissions ?? {},
  };
  cache.set(auth);
  return auth;
}
