import { createHmac, timingSafeEqual } from 'node:crypto';

/** The signature of an unsubscribe link: HMAC-SHA256 of community and email with the server's secret. */
export function unsubscribeSignature(secret: string, community: string, email: string): string {
  return createHmac('sha256', secret).update(`unsubscribe\n${community}\n${email.trim().toLowerCase()}`).digest('base64url');
}

export function verifyUnsubscribe(secret: string, community: string, email: string, sig: string): boolean {
  const expected = Buffer.from(unsubscribeSignature(secret, community, email));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The link every mail to a subscriber carries (relative to the server's public address). */
export function unsubscribePath(secret: string, community: string, email: string): string {
  const params = new URLSearchParams({ email: email.trim().toLowerCase(), sig: unsubscribeSignature(secret, community, email) });
  return `/public/${community}/site/subscribers/unsubscribe?${params}`;
}
