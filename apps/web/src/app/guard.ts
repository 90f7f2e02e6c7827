import { type LoaderFunctionArgs, redirect } from 'react-router';
import { ApiError } from '../api/client';
import { type Me, meQuery } from '../api/get-me';
import { queryClient } from '../lib/query-client';
import { clearToken, getToken, isExpired } from '../lib/session';

export type SessionCheck = { ok: true; me: Me } | { ok: false };

export interface GuardDeps {
  token: string | null;
  nowSeconds: number;
  /** Asks the server whether the token's session is still valid (GET /api/v1/auth/me). */
  verify: (token: string) => Promise<Me>;
}

/**
 * The session guard: no token, an expired one (exp vs now in seconds, on the client) or one the
 * server refuses (401) → not signed in. Any other failure (server unreachable) is thrown.
 */
export async function checkSession({ token, nowSeconds, verify }: GuardDeps): Promise<SessionCheck> {
  if (!token || isExpired(token, nowSeconds)) return { ok: false };
  try {
    return { ok: true, me: await verify(token) };
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return { ok: false };
    throw err;
  }
}

/** Where to sign in, remembering the page asked for. */
export function loginPath(next?: string): string {
  return next && next !== '/' && !next.startsWith('/login') ? `/login?next=${encodeURIComponent(next)}` : '/login';
}

/** Loader of every route that is not public: silently to /login without a valid session. */
export async function requireSession({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = getToken();
  const result = await checkSession({
    token,
    nowSeconds: Math.floor(Date.now() / 1000),
    verify: (t) => queryClient.fetchQuery(meQuery(t)),
  });
  if (!result.ok) {
    clearToken();
    queryClient.clear();
    throw redirect(loginPath(url.pathname + url.search));
  }
  return result.me;
}
