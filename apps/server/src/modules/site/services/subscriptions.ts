import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a re-subscription confirmation link works. */
export const CONFIRM_TTL_SECONDS = 48 * 3600;

const normal = (email: string) => email.trim().toLowerCase();

/** HMAC-SHA256 with the server's secret over a purpose and its parts (one per line). */
function sign(secret: string, parts: string[]): string {
  return createHmac('sha256', secret).update(parts.join('\n')).digest('base64url');
}

function same(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The signature of an unsubscribe link: community and email with the server's secret. */
export function unsubscribeSignature(secret: string, community: string, email: string): string {
  return sign(secret, ['unsubscribe', community, normal(email)]);
}

export function verifyUnsubscribe(secret: string, community: string, email: string, sig: string): boolean {
  return same(unsubscribeSignature(secret, community, email), sig);
}

/** The link every mail to a subscriber carries (relative to the server's public address). */
export function unsubscribePath(secret: string, community: string, email: string): string {
  const params = new URLSearchParams({ email: normal(email), sig: unsubscribeSignature(secret, community, email) });
  return `/public/${community}/site/subscribers/unsubscribe?${params}`;
}

/**
 * What a re-subscription confirmation signs: the address, when the link expires, and when the
 * address unsubscribed — so a link works once (confirming clears that moment) and no older link
 * works after a later unsubscribe.
 */
export interface Resubscription {
  community: string;
  email: string;
  /** Unix seconds. */
  expires: number;
  unsubscribedAt: Date;
}

export function confirmSignature(secret: string, r: Resubscription): string {
  return sign(secret, ['resubscribe', r.community, normal(r.email), String(r.expires), r.unsubscribedAt.toISOString()]);
}

export function verifyConfirm(secret: string, r: Resubscription, sig: string): boolean {
  return same(confirmSignature(secret, r), sig);
}

/** The confirmation link of a re-subscription (relative to the server's public address). */
export function confirmPath(secret: string, community: string, email: string, unsubscribedAt: Date, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + CONFIRM_TTL_SECONDS;
  const sig = confirmSignature(secret, { community, email, expires, unsubscribedAt });
  const params = new URLSearchParams({ email: normal(email), expires: String(expires), sig });
  return `/public/${community}/site/subscribers/confirm?${params}`;
}
