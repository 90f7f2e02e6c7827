import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

export interface TokenClaims {
  sub: string; // user id
  tid: string; // tenant (community) id
  cn: string; // community name
  sid: string; // session id
  exp: number;
}

export const SESSION_TTL_SECONDS = 60 * 60 * 12;

/** Tokens verified in this process, kept so the HMAC runs once per token rather than per request. */
const VERIFIED_MAX = 20_000;

export function createTokenService(secret: string) {
  // token → its claims. A hit is the very string verified before; expiry is still checked on every use
  // (revocation is the session's business: the session cache and its NOTIFY).
  const verified = new Map<string, TokenClaims>();
  const raw = new TextEncoder().encode(secret);
  // Imported once: handing jose the raw bytes re-imports the key on every request (about 0.1 ms each).
  const key = crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const hmacKey = createSecretKey(raw);
  return {
    async sign(claims: Omit<TokenClaims, 'exp'>, expiresAt: Date): Promise<string> {
      return new SignJWT({ tid: claims.tid, cn: claims.cn, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await key);
    },
    /** Returns the claims, or null for any token that is malformed, forged or expired. */
    verify(token: string): TokenClaims | null {
      const known = verified.get(token);
      if (known) {
        if (known.exp > Date.now() / 1000) return known;
        verified.delete(token);
        return null;
      }
      const claims = verifyHs256(token, hmacKey);
      if (claims) {
        if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
        verified.set(token, claims);
      }
      return claims;
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;

const HS256_HEADER = /^\{\s*"alg"\s*:\s*"HS256"\s*(,\s*"typ"\s*:\s*"JWT"\s*)?\}$/;

/**
 * A JWT signed by sign() above, checked on every request: HS256 only, the signature compared in
 * constant time, the claims typed, not expired. Synchronous with node:crypto: WebCrypto's verify
 * (what jose uses) hands each call to the thread pool and back, which cost more than the HMAC.
 */
export function verifyHs256(token: string, key: KeyObject): TokenClaims | null {
  if (token.length > 4096) return null;
  const [header, payload, signature, extra] = token.split('.');
  if (extra !== undefined || !header || !payload || !signature) return null;
  try {
    if (!HS256_HEADER.test(Buffer.from(header, 'base64url').toString('utf8'))) return null;
    const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (
      typeof claims.sub !== 'string' ||
      typeof claims.tid !== 'string' ||
      typeof claims.sid !== 'string' ||
      typeof claims.cn !== 'string' ||
      typeof claims.exp !== 'number' ||
      claims.exp <= Date.now() / 1000 ||
      (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > Date.now() / 1000))
    ) {
      return null;
    }
    return claims as unknown as TokenClaims;
  } catch {
    return null;
  }
}
