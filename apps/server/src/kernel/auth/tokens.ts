import { jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  sub: string; // user id
  tid: string; // tenant (community) id
  cn: string; // community name
  sid: string; // session id
  exp: number;
}

export const SESSION_TTL_SECONDS = 60 * 60 * 12;

export function createTokenService(secret: string) {
  const raw = new TextEncoder().encode(secret);
  // Imported once: handing jose the raw bytes re-imports the key on every request (about 0.1 ms each).
  const key = crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
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
    async verify(token: string): Promise<TokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'] });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.tid !== 'string' ||
          typeof payload.sid !== 'string' ||
          typeof payload.cn !== 'string' ||
          typeof payload.exp !== 'number'
        ) {
          return null;
        }
        return payload as unknown as TokenClaims;
      } catch {
        return null;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
