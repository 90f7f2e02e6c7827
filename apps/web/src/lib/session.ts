/**
 * The session token: the only thing the console keeps across reloads (localStorage 'token').
 * Everything else lives in memory.
 */
const TOKEN_KEY = 'token';
const COMMUNITY_KEY = 'atrium.lastCommunity';

export interface TokenClaims {
  sub: string;
  tid: string;
  cn: string;
  sid: string;
  exp: number;
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string) {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken() {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {}
}

/** The claims of a JWT without verifying it (the server verifies every call). Null if malformed. */
export function decodeToken(token: string): TokenClaims | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const claims = JSON.parse(json) as Partial<TokenClaims>;
    return typeof claims.exp === 'number' ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

/** The seeds' client-side check: the token's expiry against the current time in seconds. */
export function isExpired(token: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  const claims = decodeToken(token);
  return !claims || claims.exp <= nowSeconds;
}

/** The community last signed in to, to prefill the sign-in form. */
export function lastCommunity(): string {
  try {
    return localStorage.getItem(COMMUNITY_KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberCommunity(name: string) {
  try {
    localStorage.setItem(COMMUNITY_KEY, name);
  } catch {}
}

/** A next= target is only ever a path of this console. */
export function safeNext(next: string | null): string | null {
  return next?.startsWith('/') && !next.startsWith('//') ? next : null;
}
