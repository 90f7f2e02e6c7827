import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { moduleCatalogue } from '../access/catalogue';
import { roles } from '../access/tables';
import type { Db } from '../db/database';
import { enterTenant } from '../db/database';
import { NOBODY, rolledBack } from '../db/rolled-back';
import { errors } from '../errors/app-error';
import { COMMUNITY_NAME, RESERVED_NAMES, requireCommunity } from '../tenancy/communities';
import { communities } from '../tenancy/tables';
import type { AuthContext } from './context';
import { issueDeviceToken, knownDevice } from './devices';
import { dummyHash, hashPassword, verifyPassword } from './passwords';
import { consumeRateLimit, resetRateLimit } from './rate-limit';
import { revokeSessions } from './revoke';
import { sessionCacheFor } from './session-cache';
import { otps, sessions, users } from './tables';
import { SESSION_TTL_SECONDS } from './tokens';

export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const LIMITS = {
  /** Sign-in attempts per account (or per known device of the account), then doubling waits. */
  loginPerAccount: { max: 10, windowSeconds: 15 * 60, backoff: true },
  loginPerIp: { max: 50, windowSeconds: 15 * 60, backoff: true },
  otpPerAccount: { max: 5, windowSeconds: 15 * 60 },
  otpPerIp: { max: 30, windowSeconds: 15 * 60 },
  signupPerIp: { max: 20, windowSeconds: 60 * 60 },
};

export interface Client {
  ip: string;
  userAgent?: string;
  /** The device token the browser holds from an earlier sign-in (cookie). */
  device?: string;
}

export type PublicUser = {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  roleId: string | null;
  isOwner: boolean;
  theme: string;
  starred: string[];
  status: string;
};

/** An account as its holder and the console see it (never its password hash). */
export const publicColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  phone: users.phone,
  roleId: users.roleId,
  isOwner: users.isOwner,
  theme: users.theme,
  starred: users.starred,
  status: users.status,
};

/** An account an email names (sign-in, codes). */
type Candidate = { tenant_id: string; id: string; password_hash: string; community: string; community_label: string; status: string };

/** Sign-up, sign-in, sessions, OTP and passwords. Routes (v1 and compat) stay thin over these. */
export function authService(app: FastifyInstance) {
  const { db, tokens } = app;
  const sessionCache = sessionCacheFor(db);

  async function openSession(tx: Db, tenantId: string, community: string, user: PublicUser, client: Client) {
    const expiresAt = new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
    const [session] = await tx
      .insert(sessions)
      .values({ tenantId, userId: user.id, expiresAt, ip: client.ip, userAgent: client.userAgent?.slice(0, 500) })
      .returning({ id: sessions.id });
    const token = await tokens.sign({ sub: user.id, tid: tenantId, cn: community, sid: session.id }, expiresAt);
    return { token, expiresAt: expiresAt.toISOString() };
  }

  /** The users with this email, across communities or in one. */
  async function findUsers(email: string, community?: string): Promise<Candidate[]> {
    const rows = await db.query<Candidate>(
      `select u.tenant_id, u.id, u.password_hash, c.name as community, c.display_name as community_label, u.status
         from users u join communities c on c.id = u.tenant_id
        where lower(u.email) = lower($1) and c.status = 'active' and ($2::text is null or c.name = $2)`,
      [email, community ?? null],
    );
    return rows;
  }

  /**
   * The rate-limit key of an account: the account itself when it exists, so naming the community or
   * not (or in another case) does not open a second budget; else the name that was tried.
   */
  function accountLimitKey(kind: string, user: { tenant_id: string; id: string } | null, email: string, community?: string) {
    return user ? `${kind}:acct:${user.tenant_id}:${user.id}` : `${kind}:acct:${community ?? '*'}:${email}`;
  }

  /** The account budgets an attempt counts against: every account the name matches, or the name. */
  function limitKeys(kind: string, found: Candidate[], email: string, community?: string) {
    return found.length > 0
      ? found.map((u) => accountLimitKey(kind, u, email, community))
      : [accountLimitKey(kind, null, email, community)];
  }

  async function consumeAll(keys: string[], limit: (typeof LIMITS)[keyof typeof LIMITS]) {
    for (const key of keys) await consumeRateLimit(app, key, limit);
  }

  /** Stores a new code (retiring any earlier one for the purpose) in `tx`. */
  async function storeCode(tx: Db, tenantId: string, userId: string, purpose: 'login' | 'reset', code: string) {
    await tx
      .update(otps)
      .set({ consumedAt: new Date() })
      .where(and(eq(otps.tenantId, tenantId), eq(otps.userId, userId), eq(otps.purpose, purpose), isNull(otps.consumedAt)));
    await tx.insert(otps).values({
      tenantId,
      userId,
      purpose,
      codeHash: otpHash(userId, code),
      expiresAt: new Date(Date.now() + OTP_TTL_MINUTES * 60_000),
    });
  }

  function codeEmail(to: string, community: string, purpose: 'login' | 'reset', code: string) {
    const what = purpose === 'reset' ? 'reset your password' : 'sign in';
    return {
      sensitive: true,
      to,
      subject: `Your Atrium code: ${code}`,
      text: `Use ${code} to ${what} in ${community}. It expires in ${OTP_TTL_MINUTES} minutes. If you did not ask for it, ignore this email.`,
    };
  }

  /** The latest live code of an account matches `code` (a read: nothing is counted or consumed). */
  async function codeMatches(user: Candidate, purpose: 'login' | 'reset', code: string) {
    const [otp] = await db.withTenant(user.tenant_id, (tx) =>
      tx
        .select({ codeHash: otps.codeHash, expiresAt: otps.expiresAt })
        .from(otps)
        .where(and(eq(otps.tenantId, user.tenant_id), eq(otps.userId, user.id), eq(otps.purpose, purpose), isNull(otps.consumedAt)))
        .orderBy(sql`${otps.createdAt} desc`)
        .limit(1),
    );
    return Boolean(
      otp &&
        otp.expiresAt.getTime() >= Date.now() &&
        timingSafeEqual(Buffer.from(otp.codeHash, 'hex'), Buffer.from(otpHash(user.id, code), 'hex')),
    );
  }

  /** Of several accounts, the one whose live code this is; if none, the attempt counts against each. */
  async function pickByCode(found: Candidate[], purpose: 'login' | 'reset', code: string): Promise<Candidate | undefined> {
    for (const user of found) if (await codeMatches(user, purpose, code)) return user;
    for (const user of found) await countWrongCode(user, purpose);
    return undefined;
  }

  async function countWrongCode(user: Candidate, purpose: 'login' | 'reset') {
    await db.withTenant(user.tenant_id, (tx) =>
      tx
        .update(otps)
        .set({
          attempts: sql`${otps.attempts} + 1`,
          consumedAt: sql`case when ${otps.attempts} + 1 >= ${OTP_MAX_ATTEMPTS} then now() else null end`,
        })
        .where(and(eq(otps.tenantId, user.tenant_id), eq(otps.userId, user.id), eq(otps.purpose, purpose), isNull(otps.consumedAt))),
    );
  }

  function otpHash(userId: string, code: string) {
    return createHmac('sha256', app.config.jwtSecret).update(`${userId}:${code}`).digest('hex');
  }

  async function userById(tenantId: string, userId: string): Promise<PublicUser> {
    const [user] = await db.withTenant(tenantId, (tx) =>
      tx
        .select(publicColumns)
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.id, userId))),
    );
    if (!user) throw errors.notFound('User');
    return user as PublicUser;
  }

  return {
    async signup(input: { community: string; name: string; email: string; password: string; displayName?: string }, client: Client) {
      await consumeRateLimit(app, `signup:ip:${client.ip}`, LIMITS.signupPerIp);
      const name = input.community.trim().toLowerCase();
      if (!COMMUNITY_NAME.test(name) || RESERVED_NAMES.has(name)) {
        throw errors.validation({ community: 'Use 1-63 lowercase letters, digits and dashes, not a reserved name' });
      }
      const passwordHash = await hashPassword(input.password);
      try {
        return await db.owner.transaction(async (tx) => {
          const [community] = await tx
            .insert(communities)
            .values({ name, displayName: input.displayName?.trim() || input.name.trim() })
            .returning();
          await enterTenant(tx, community.id);
          const [user] = await tx
            .insert(users)
            .values({ tenantId: community.id, email: input.email.toLowerCase(), name: input.name.trim(), passwordHash, isOwner: true })
            .returning(publicColumns);
          await tx.insert(roles).values([
            {
              tenantId: community.id,
              name: 'Editor',
              description: 'Edits the content of every area',
              permissions: moduleCatalogue().starterPermissions('write'),
            },
            {
              tenantId: community.id,
              name: 'Viewer',
              description: 'Reads the content of every area, changes nothing',
              permissions: moduleCatalogue().starterPermissions('read'),
            },
          ]);
          const session = await openSession(tx, community.id, community.name, user as PublicUser, client);
          return {
            ...session,
            user: user as PublicUser,
            community: { id: community.id, name: community.name, displayName: community.displayName },
          };
        });
      } catch (err) {
        const code = ((err as { cause?: { code?: string } }).cause ?? err) as { code?: string };
        if (code.code === '23505') throw errors.conflict('community_taken', 'This community name is taken', { community: 'Already taken' });
        throw err;
      }
    },

    async login(input: { email: string; password: string; community?: string }, client: Client) {
      const email = input.email.toLowerCase();
      await consumeRateLimit(app, `login:ip:${client.ip}`, LIMITS.loginPerIp);
      const found = await findUsers(email, input.community);
      // A browser an account signed in from before has its own budget: failures from elsewhere
      // slow the attacker down without locking the real user out.
      const keyOf = (u: Candidate) => {
        const device = knownDevice(app.config.jwtSecret, client.device, u.id);
        return device ? `login:device:${u.tenant_id}:${device}` : accountLimitKey('login', u, email, input.community);
      };
      await consumeAll(found.length > 0 ? found.map(keyOf) : limitKeys('login', found, email, input.community), LIMITS.loginPerAccount);
      // Every account the email names is checked (in parallel), an unknown email against a dummy hash:
      // the answer (and its time) says nothing until a password is right.
      const checks = await Promise.all(
        found.length > 0
          ? found.map((u) => verifyPassword(u.password_hash, input.password))
          : [dummyHash().then((h) => verifyPassword(h, input.password))],
      );
      const matching = found.filter((_, i) => checks[i]);
      if (matching.length === 0) throw errors.invalidCredentials();
      if (matching.length > 1) {
        // The password is right in each of them, so naming them tells the caller nothing new.
        throw errors.choose(
          'community_choice',
          'This email and password open several communities: choose one',
          { community: 'Choose the community to sign in to' },
          matching.map((u) => ({ value: u.community, label: u.community_label })).sort((x, y) => x.label.localeCompare(y.label)),
        );
      }
      const user = matching[0];
      if (user.status !== 'active') throw errors.forbidden('This account is disabled');
      await resetRateLimit(app, keyOf(user));
      const result = await db.withTenant(user.tenant_id, async (tx) => {
        const [u] = await tx
          .update(users)
          .set({ lastLoginAt: new Date() })
          .where(and(eq(users.tenantId, user.tenant_id), eq(users.id, user.id)))
          .returning(publicColumns);
        return { ...(await openSession(tx, user.tenant_id, user.community, u as PublicUser, client)), user: u as PublicUser };
      });
      await app.appLog(user.tenant_id, `${email} signed in`, { ip: client.ip });
      const known = knownDevice(app.config.jwtSecret, client.device, user.id);
      const deviceToken = known ? client.device : issueDeviceToken(app.config.jwtSecret, user.id);
      return { ...result, community: { id: user.tenant_id, name: user.community }, deviceToken };
    },

    async logout(auth: AuthContext) {
      await db.withTenant(auth.tenantId, (tx) =>
        tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.tenantId, auth.tenantId), eq(sessions.id, auth.sessionId))),
      );
      await sessionCache.invalidateTenant(auth.tenantId);
    },

    /**
     * Sends a 6-digit code by email, one per community the address has an active account in (each
     * email names its community). Answers the same, after the same work, whether or not there is one:
     * for none, the sending is rehearsed (same statements, rolled back).
     */
    async issueOtp(input: { email: string; community?: string; purpose: 'login' | 'reset' }, client: Client) {
      const email = input.email.toLowerCase();
      await consumeRateLimit(app, `otp:ip:${client.ip}`, LIMITS.otpPerIp);
      const found = await findUsers(email, input.community);
      await consumeAll(limitKeys('otp', found, email, input.community), LIMITS.otpPerAccount);
      const active = found.filter((u) => u.status === 'active');
      const code = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
      if (active.length === 0) {
        const decoy = code();
        await rolledBack(db, NOBODY, async (tx) => {
          // There is no user to point at: the foreign key is checked at commit, which never comes.
          await tx.execute(sql`set constraints otps_user_id_fk deferred`);
          await storeCode(tx, NOBODY, NOBODY, input.purpose, decoy);
        });
        await app.mailer.rehearse(codeEmail(email, input.community ?? '-', input.purpose, decoy));
        return;
      }
      for (const user of active) {
        const value = code();
        await db.withTenant(user.tenant_id, (tx) => storeCode(tx, user.tenant_id, user.id, input.purpose, value));
        await app.mailer.send(user.tenant_id, codeEmail(email, user.community, input.purpose, value));
      }
    },

    /** Checks a code (5 attempts, 10 minutes) and consumes it. Returns the user's ids. */
    async verifyOtp(input: { email: string; community?: string; code: string; purpose: 'login' | 'reset' }, client: Client) {
      await consumeRateLimit(app, `otp-verify:ip:${client.ip}`, LIMITS.otpPerIp);
      const invalid = () => errors.badRequest('otp_invalid', 'The code is wrong or has expired');
      const found = (await findUsers(input.email.toLowerCase(), input.community)).filter((u) => u.status === 'active');
      // Without a community the code tells which account it was sent for; a wrong code counts
      // against every account the email names.
      const user = found.length > 1 ? await pickByCode(found, input.purpose, input.code) : found[0];
      if (!user) throw invalid();
      return db.owner
        .transaction(async (tx) => {
          await enterTenant(tx, user.tenant_id);
          const [otp] = await tx
            .select()
            .from(otps)
            .where(
              and(eq(otps.tenantId, user.tenant_id), eq(otps.userId, user.id), eq(otps.purpose, input.purpose), isNull(otps.consumedAt)),
            )
            .orderBy(sql`${otps.createdAt} desc`)
            .limit(1)
            .for('update');
          if (!otp || otp.expiresAt.getTime() < Date.now()) throw invalid();
          const expected = Buffer.from(otp.codeHash, 'hex');
          const given = Buffer.from(otpHash(user.id, input.code), 'hex');
          if (!timingSafeEqual(expected, given)) {
            const attempts = otp.attempts + 1;
            await tx
              .update(otps)
              .set({ attempts, consumedAt: attempts >= OTP_MAX_ATTEMPTS ? new Date() : null })
              .where(and(eq(otps.tenantId, user.tenant_id), eq(otps.id, otp.id)));
            if (attempts >= OTP_MAX_ATTEMPTS) {
              return { locked: true as const };
            }
            return { wrong: true as const };
          }
          await tx
            .update(otps)
            .set({ consumedAt: new Date() })
            .where(and(eq(otps.tenantId, user.tenant_id), eq(otps.id, otp.id)));
          if (input.purpose === 'login') {
            const [u] = await tx
              .select(publicColumns)
              .from(users)
              .where(and(eq(users.tenantId, user.tenant_id), eq(users.id, user.id)));
            const session = await openSession(tx, user.tenant_id, user.community, u as PublicUser, client);
            return { ...session, user: u as PublicUser, tenantId: user.tenant_id, userId: user.id };
          }
          return { tenantId: user.tenant_id, userId: user.id };
        })
        .then((result) => {
          // Failed attempts are committed before refusing, so they count.
          if ('locked' in result) throw errors.badRequest('otp_locked', 'Too many wrong codes. Ask for a new one');
          if ('wrong' in result) throw invalid();
          return result;
        });
    },

    async resetPassword(input: { email: string; community?: string; code: string; password: string }, client: Client) {
      const { tenantId, userId } = await this.verifyOtp({ ...input, purpose: 'reset' }, client);
      const passwordHash = await hashPassword(input.password);
      await db.withTenant(tenantId, async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash })
          .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
        await revokeSessions(tx, tenantId, userId);
      });
      await sessionCache.invalidateTenant(tenantId);
      await app.appLog(tenantId, `${input.email.toLowerCase()} reset their password`);
    },

    /** Changes the caller's password and signs out their other sessions. */
    async changePassword(auth: AuthContext, input: { currentPassword: string; newPassword: string }) {
      const [row] = await db.withTenant(auth.tenantId, (tx) =>
        tx
          .select({ hash: users.passwordHash })
          .from(users)
          .where(and(eq(users.tenantId, auth.tenantId), eq(users.id, auth.userId))),
      );
      await consumeRateLimit(app, `password:acct:${auth.userId}`, LIMITS.loginPerAccount);
      if (!row || !(await verifyPassword(row.hash, input.currentPassword))) {
        throw errors.validation({ currentPassword: 'The current password is wrong' }, 'The current password is wrong');
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.withTenant(auth.tenantId, async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash })
          .where(and(eq(users.tenantId, auth.tenantId), eq(users.id, auth.userId)));
        await revokeSessions(tx, auth.tenantId, auth.userId, auth.sessionId);
      });
      await sessionCache.invalidateTenant(auth.tenantId);
    },

    me: (auth: AuthContext) => userById(auth.tenantId, auth.userId),

    async updateMe(
      auth: AuthContext,
      input: { name?: string; phone?: string | null; theme?: 'system' | 'light' | 'dark' | 'semi-dark'; starred?: string[] },
    ) {
      if (Object.keys(input).length === 0) return userById(auth.tenantId, auth.userId);
      const [user] = await db.withTenant(auth.tenantId, (tx) =>
        tx
          .update(users)
          .set(input)
          .where(and(eq(users.tenantId, auth.tenantId), eq(users.id, auth.userId)))
          .returning(publicColumns),
      );
      await sessionCache.invalidateTenant(auth.tenantId);
      return user as PublicUser;
    },

    requireCommunity: (name: string) => requireCommunity(db, name),
  };
}

export type AuthService = ReturnType<typeof authService>;
