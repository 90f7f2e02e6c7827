import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { consumeRateLimit } from '../../../kernel/auth';
import type { Mailer } from '../../../kernel/messaging';
import { type Community, errors, publicBaseUrl, tenantFilter } from '../../../kernel/resources';
import { type SecretBox, secretBoxFor } from '../../../kernel/secrets';
import { joinRef } from '../joins';
import { commerceCustomerSessions, commerceCustomers } from '../tables';
import type { ShopTx } from './shop';

// Customers sign in to the storefront with their own opaque tokens ("cst_" + 256 random bits):
// only the SHA-256 of a token is stored, a session is revocable, and no console route accepts one
// (console tokens are signed JWTs of console sessions, which no storefront route accepts).

const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const SESSION_DAYS = 30;
const TOKEN = /^cst_[A-Za-z0-9_-]{43}$/;
export const SIGN_IN_LIMIT = { max: 10, windowSeconds: 600, backoff: true } as const;
export const SIGN_UP_LIMIT = { max: 10, windowSeconds: 3600 } as const;

/** A shopper's email as the shop keeps it (lower case: one customer per address). */
export const customerEmail = z
  .email('Enter a valid email address')
  .max(254)
  .transform((e) => e.toLowerCase());

export const signUpInput = z
  .object({
    email: customerEmail,
    password: z.string().min(10, 'At least 10 characters').max(200),
    name: z.string().trim().min(1).max(120),
    phone: z.string().trim().max(40).optional(),
    acceptsMarketing: z.boolean().default(false),
    /** A guest cart to merge into the customer's. */
    cartId: z.uuid().optional(),
  })
  .strict();

export const signInInput = z
  .object({
    email: customerEmail,
    password: z.string().min(1).max(200),
    cartId: z.uuid().optional(),
  })
  .strict();

export interface CustomerSession {
  customerId: string;
  sessionId: string;
  name: string;
  email: string;
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

let dummy: Promise<string> | undefined;
/** Compared against when the email has no account, so the time does not tell. */
const dummyHash = () => {
  dummy ??= hash(`dummy-${randomBytes(16).toString('hex')}`, ARGON2);
  return dummy;
};

async function checkPassword(stored: string | null, password: string): Promise<boolean> {
  try {
    return await verify(stored ?? (await dummyHash()), password);
  } catch {
    return false; // a malformed stored hash verifies nothing
  }
}

async function openSession(s: ShopTx, customerId: string): Promise<string> {
  const token = `cst_${randomBytes(32).toString('base64url')}`;
  await s.tx.insert(commerceCustomerSessions).values({
    tenantId: s.tenantId,
    customerId,
    tokenHash: tokenHash(token),
    expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
  });
  await s.tx
    .update(commerceCustomers)
    .set({ lastSignInAt: new Date() })
    .where(and(tenantFilter(commerceCustomers, s.tenantId), eq(commerceCustomers.id, customerId)));
  return token;
}

const customerOut = (c: typeof commerceCustomers.$inferSelect) => ({
  id: c.id,
  email: c.email,
  name: c.name,
  phone: c.phone,
  acceptsMarketing: c.acceptsMarketing,
});

/** How long a sign-up's mailed link stays valid. */
const SIGN_UP_LINK_SECONDS = 24 * 3600;
/** The associated data a sign-up link is sealed with: it opens only for this community's shop. */
const signUpContext = (tenantId: string) => `${tenantId}:shop_sign_up`;

/** What a sign-up answers, whoever the email belongs to: the shop never says which addresses have an account. */
export const SIGN_UP_ANSWER = {
  status: 'confirmation_sent',
  message: 'Check your email: the link we sent finishes your sign-up',
} as const;

export interface SignUpMail {
  mailer: Mailer;
  box: SecretBox;
  shopName: string;
  /** The confirmation link without its token (…/auth/signup/confirm?token=). */
  linkBase: string;
}

/** The mail of a sign-up in this request's shop: its link leads back to the confirm route. */
export const signUpMailFor = (app: FastifyInstance, req: FastifyRequest, community: Community): SignUpMail => ({
  mailer: app.mailer,
  box: secretBoxFor(app.db),
  shopName: community.displayName,
  linkBase: `${publicBaseUrl(app, req)}/public/${community.name}/shop/auth/signup/confirm?token=`,
});

/**
 * A sign-up: the same answer, the same work (a password hash, one mail) and so about the same time
 * for a new email and a known one. A new email gets a link that creates the account (sealed: it
 * carries the password's hash, readable by no one); a known one gets a notice that an account
 * exists, so only the address's owner learns it. An email the shop already knows (an account, or a
 * customer the shop entered) is never claimed: that would hand over its orders without proof.
 */
export async function requestSignUp(s: ShopTx, input: z.infer<typeof signUpInput>, mail: SignUpMail) {
  const passwordHash = await hash(input.password, ARGON2);
  const [known] = await s.tx
    .select({ id: commerceCustomers.id })
    .from(commerceCustomers)
    .where(and(tenantFilter(commerceCustomers, s.tenantId), eq(commerceCustomers.email, input.email)));
  if (known) {
    await mail.mailer.enqueue(s.tx, s.tenantId, {
      to: input.email,
      subject: `Your account at ${mail.shopName}`,
      text: [
        `Someone, perhaps you, asked to create an account at ${mail.shopName} with ${input.email}.`,
        'This email already has an account or orders there: sign in with it (or ask the shop for help).',
        'If it was not you, you can ignore this message.',
      ].join('\n'),
    });
    return SIGN_UP_ANSWER;
  }
  const claims = {
    email: input.email,
    name: input.name,
    phone: input.phone ?? null,
    acceptsMarketing: input.acceptsMarketing,
    passwordHash,
    expiresAt: Math.floor(Date.now() / 1000) + SIGN_UP_LINK_SECONDS,
  };
  const token = mail.box.seal(JSON.stringify(claims), signUpContext(s.tenantId));
  await mail.mailer.enqueue(s.tx, s.tenantId, {
    to: input.email,
    subject: `Finish creating your account at ${mail.shopName}`,
    // The link makes the account: the outbox keeps a redacted copy only.
    sensitive: true,
    text: [
      `Follow this link within 24 hours to create your account at ${mail.shopName}:`,
      '',
      `${mail.linkBase}${encodeURIComponent(token)}`,
      '',
      'If you did not sign up, ignore this message: no account is made without the link.',
    ].join('\n'),
  });
  return SIGN_UP_ANSWER;
}

export const confirmSignUpInput = z
  .object({
    token: z.string().min(1).max(4000),
    /** A guest cart to merge into the new customer's. */
    cartId: z.uuid().optional(),
  })
  .strict();

/** The mailed link followed: the account is created and signed in (a link used twice, or stale, is refused). */
export async function confirmSignUp(s: ShopTx, box: SecretBox, token: string) {
  const invalid = () => errors.badRequest('invalid_link', 'This link is not valid or has expired: sign up again');
  let claims: { email: string; name: string; phone: string | null; acceptsMarketing: boolean; passwordHash: string; expiresAt: number };
  try {
    claims = JSON.parse(box.open(token, signUpContext(s.tenantId)));
  } catch {
    throw invalid();
  }
  if (claims.expiresAt < Date.now() / 1000) throw invalid();
  const [customer] = await s.tx
    .insert(commerceCustomers)
    .values({
      tenantId: s.tenantId,
      email: claims.email,
      name: claims.name,
      phone: claims.phone,
      acceptsMarketing: claims.acceptsMarketing,
      passwordHash: claims.passwordHash,
    })
    .onConflictDoNothing({ target: [commerceCustomers.tenantId, commerceCustomers.email] })
    .returning();
  // Only the address's owner holds the link: telling them the account exists reveals nothing.
  if (!customer) throw errors.conflict('already_exists', 'An account with this email exists: sign in instead', { email: 'Taken' });
  return { token: await openSession(s, customer.id), customer: customerOut(customer) };
}

/** Email and password; a wrong email and a wrong password get the same answer in the same time. */
export async function signIn(s: ShopTx, input: z.infer<typeof signInInput>) {
  const [customer] = await s.tx
    .select()
    .from(commerceCustomers)
    .where(and(tenantFilter(commerceCustomers, s.tenantId), eq(commerceCustomers.email, input.email)));
  const ok = await checkPassword(customer?.passwordHash ?? null, input.password);
  if (!customer || !ok || !customer.passwordHash || customer.status !== 'active') throw errors.invalidCredentials();
  return { token: await openSession(s, customer.id), customer: customerOut(customer) };
}

/** The customer behind a storefront token, or null (unknown, expired, revoked, disabled). */
export async function customerOf(s: ShopTx, token: string | null): Promise<CustomerSession | null> {
  if (!token || !TOKEN.test(token)) return null;
  const [row] = await s.tx
    .select({
      sessionId: commerceCustomerSessions.id,
      customerId: commerceCustomers.id,
      name: commerceCustomers.name,
      email: commerceCustomers.email,
    })
    .from(commerceCustomerSessions)
    .innerJoin(commerceCustomers, joinRef(commerceCustomers, commerceCustomerSessions, commerceCustomerSessions.customerId))
    .where(
      and(
        tenantFilter(commerceCustomerSessions, s.tenantId),
        eq(commerceCustomerSessions.tokenHash, tokenHash(token)),
        isNull(commerceCustomerSessions.revokedAt),
        gt(commerceCustomerSessions.expiresAt, sql`now()`),
        eq(commerceCustomers.status, 'active'),
      ),
    );
  return row ?? null;
}

export async function revokeSession(s: ShopTx, sessionId: string) {
  await s.tx
    .update(commerceCustomerSessions)
    .set({ revokedAt: new Date() })
    .where(and(tenantFilter(commerceCustomerSessions, s.tenantId), eq(commerceCustomerSessions.id, sessionId)));
}

/** The storefront token of a request: `Authorization: Bearer cst_…` or `X-Shop-Token`. */
export function shopToken(req: FastifyRequest): string | null {
  const header = req.headers['x-shop-token'];
  if (typeof header === 'string' && header) return header.trim();
  const [scheme, value] = (req.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && value?.startsWith('cst_') ? value.trim() : null;
}

/** Sign-up and sign-in attempts per address and community (and per email for sign-in). */
export async function limitAttempt(app: FastifyInstance, kind: 'signup' | 'signin', tenantId: string, ip: string, email: string) {
  if (kind === 'signup') return consumeRateLimit(app, `shop-signup:${tenantId}:${ip}`, SIGN_UP_LIMIT);
  await consumeRateLimit(app, `shop-signin:${tenantId}:${ip}`, SIGN_IN_LIMIT);
  await consumeRateLimit(app, `shop-signin:${tenantId}:${email}`, SIGN_IN_LIMIT);
}
