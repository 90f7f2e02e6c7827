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

  /** Refuses a guarded route to a caller without a live session, the wrong community or the access. */
  const admit = (req: FastifyRequest, config: RouteAuthConfig, hadToken: boolean) => {
    if (!req.auth) throw hadToken ? errors.unauthenticated('Your session has expired. Sign in again') : errors.unauthenticated();
    const named = req.headers['community-name'];
    if (typeof named === 'string' && named !== '' && named !== req.auth.community) {
      if (!(config.platformHeader && named === PLATFORM_COMMUNITY)) throw errors.communityMismatch();
    }
    assertAccess(req.auth, config.access!);
  };
  const admitted = (req: FastifyRequest, config: RouteAuthConfig, hadToken: boolean, done: (err?: Error) => void) => {
    try {
      if (config.access && !config.public) admit(req, config, hadToken);
    } catch (err) {
      return done(err as Error);
    }
    done();
  };

  // A callback hook with a synchronous path: a known token of a cached session (nearly every request)
  // is admitted without a promise or a tick; only a session lookup waits on the database.
  app.addHook('onRequest', (req, _reply, done) => {
    const config = req.routeOptions.config as RouteAuthConfig;
    const token = bearerToken(req);
    const claims = token ? app.tokens.verify(token) : null;
    const cached = claims ? sessionOf(claims, sessions) : null;
    if (claims && cached === undefined) {
      loadSession(app, claims).then((auth) => {
        req.auth = auth;
        admitted(req, config, true, done);
      }, done);
      return;
    }
    req.auth = cached ?? null;
    admitted(req, config, Boolean(token), done);
  });
});

type RouteAuthConfig = { public?: boolean; access?: Access; platformHeader?: boolean };

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cached session of these claims; null if the claims are not well formed; undefined if not cached. */
function sessionOf(claims: TokenClaims, cache: ReturnType<typeof sessionCacheFor>): AuthContext | null | undefined {
  if (!UUID.test(claims.tid) || !UUID.test(claims.sid) || !UUID.test(claims.sub)) return null;
  return cache.get(claims.sid, claims.sub, claims.tid) ?? undefined;
}

/** One round trip: the session, its user, role permissions and community. Null if revoked or expired. */
export async function loadSession(app: FastifyInstance, claims: TokenClaims): Promise<AuthContext | null> {
  const cache = sessionCacheFor(app.db);
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
