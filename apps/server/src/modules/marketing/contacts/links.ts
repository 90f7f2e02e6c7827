import { createHmac } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../../kernel/resources';
import { CHANNELS, type Channel } from '../tables/contacts';

// Signed links a contact follows from a message: the email double opt-in confirmation (expires)
// and the unsubscribe link of a channel (does not). Both are JWTs (HS256, jose) under a key derived
// from JWT_SECRET for this purpose only, so a session token is never a link and the other way round.

/** How long a double opt-in confirmation link works. */
export const CONFIRM_TTL_SECONDS = 48 * 3600;

type Purpose = 'confirm' | 'unsubscribe';

interface LinkClaims {
  purpose: Purpose;
  community: string;
  contactId: string;
  channel: Channel;
  /** The address the link was sent to: the link stops working if the contact's address changes. */
  address: string;
  /** Seconds since the epoch, when the link was made. */
  issuedAt: number;
}

const keyOf = (secret: string) => createHmac('sha256', secret).update('atrium marketing consent links').digest();

async function sign(secret: string, claims: Omit<LinkClaims, 'issuedAt'>, ttlSeconds?: number): Promise<string> {
  const jwt = new SignJWT({ p: claims.purpose, c: claims.community, ch: claims.channel, a: claims.address })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.contactId)
    .setIssuedAt();
  if (ttlSeconds) jwt.setExpirationTime(`${ttlSeconds}s`);
  return jwt.sign(keyOf(secret));
}

/** Reads a link's token: 403 when it is not one of ours for this purpose and community, 410 when expired. */
export async function readLink(secret: string, token: string, purpose: Purpose, community: string): Promise<LinkClaims> {
  const invalid = () => new AppError(403, 'invalid_signature', 'This link is not valid');
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'] });
    const channel = payload.ch as Channel;
    if (
      payload.p !== purpose ||
      payload.c !== community ||
      !CHANNELS.includes(channel) ||
      typeof payload.sub !== 'string' ||
      typeof payload.a !== 'string'
    ) {
      throw invalid();
    }
    return { purpose, community, channel, contactId: payload.sub, address: payload.a, issuedAt: payload.iat ?? 0 };
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new AppError(410, 'link_expired', 'This link has expired: ask for a new one');
    if (err instanceof AppError) throw err;
    throw invalid();
  }
}

/** The double opt-in link mailed to a contact's email (relative to the server's public address). */
export async function confirmationPath(secret: string, community: string, contactId: string, email: string): Promise<string> {
  const token = await sign(secret, { purpose: 'confirm', community, contactId, channel: 'email', address: email }, CONFIRM_TTL_SECONDS);
  return `/public/${community}/marketing/consent/confirm?token=${token}`;
}

/**
 * The unsubscribe link of a contact on a channel (relative to the server's public address), for
 * every message sent to it: following it opts the contact out there and suppresses the address.
 * `address` is the one the message goes to (email, E.164 phone).
 */
export async function unsubscribePath(
  secret: string,
  community: string,
  contactId: string,
  channel: Channel,
  address: string,
): Promise<string> {
  const token = await sign(secret, { purpose: 'unsubscribe', community, contactId, channel, address });
  return `/public/${community}/marketing/consent/unsubscribe?token=${token}`;
}

/** The whole unsubscribe URL (`unsubscribe_url` of a template), from the server's public address. */
export async function unsubscribeUrl(
  baseUrl: string,
  secret: string,
  community: string,
  contact: { id: string },
  channel: Channel,
  address: string,
): Promise<string> {
  return `${baseUrl.replace(/\/$/, '')}${await unsubscribePath(secret, community, contact.id, channel, address)}`;
}
