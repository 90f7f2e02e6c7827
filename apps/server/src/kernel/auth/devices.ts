import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The cookie that marks a browser where the user has signed in before. */
export const DEVICE_COOKIE = 'atrium_device';
const ONE_YEAR = 365 * 24 * 3600;

const mac = (secret: string, userId: string, nonce: string) =>
  createHmac('sha256', secret).update(`device:${userId}:${nonce}`).digest('base64url');

/** A token for this user's device: `<nonce>.<mac>`, bound to the user by the MAC. */
export function issueDeviceToken(secret: string, userId: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${mac(secret, userId, nonce)}`;
}

/** The device's id when `token` was issued to `userId` by this server, else null. */
export function knownDevice(secret: string, token: string | undefined, userId: string): string | null {
  const [nonce, given, extra] = (token ?? '').split('.');
  if (!nonce || !given || extra !== undefined || nonce.length > 64) return null;
  const expected = Buffer.from(mac(secret, userId, nonce));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? nonce : null;
}

/** The device token the browser sent (cookie). */
export function deviceTokenOf(req: FastifyRequest): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === DEVICE_COOKIE) return value.join('=').slice(0, 200);
  }
  return undefined;
}

/** Sends a sign-in answer: its device token goes into an HttpOnly cookie, not the body. */
export function withDeviceCookie<T extends { deviceToken?: string }>(
  reply: FastifyReply,
  result: T,
  secure: boolean,
): Omit<T, 'deviceToken'> {
  const { deviceToken, ...rest } = result;
  if (deviceToken) {
    reply.header(
      'set-cookie',
      `${DEVICE_COOKIE}=${deviceToken}; Path=/; Max-Age=${ONE_YEAR}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
    );
  }
  return rest;
}
