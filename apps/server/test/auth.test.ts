import { randomBytes } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, OTP_MAX_ATTEMPTS } from '../src/kernel/auth/service';
import { droppedMail, randomIp, startTestApp, type TestApp, type TestCommunity } from './helpers';

const PASSWORD = 'correct-horse-battery';
const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

describe('auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, options: { ip?: string; as?: TestCommunity | string } = {}) =>
    t.request({ method: 'POST', url, payload, remoteAddress: options.ip ?? randomIp(), as: options.as });
  const signup = (payload: object, ip = randomIp()) => post('/api/v1/auth/signup', payload, { ip });
  const login = (payload: { email: string; password: string; community?: string }, ip = randomIp()) =>
    post('/api/v1/auth/login', payload, { ip });
  const me = (token: string) => t.request({ method: 'GET', url: '/api/v1/auth/me', as: token });

  /** The newest message in the community's outbox to `to`, read by the owner through the API. */
  async function lastEmail(owner: TestCommunity, to: string) {
    const res = await t.request({ method: 'GET', url: `/api/v1/ops/outbox?to=${encodeURIComponent(to)}&limit=1`, as: owner });
    expect(res.statusCode).toBe(200);
    const [message] = res.json().data as { subject: string; text: string; to: string; channel: string }[];
    expect(message, `a message to ${to}`).toMatchObject({ to });
    return message;
  }

  /** The code from the mail drop (the real message); the outbox copy the owner reads carries none. */
  async function lastCode(owner: TestCommunity, to: string) {
    expect(JSON.stringify(await lastEmail(owner, to))).not.toMatch(/\b\d{6}\b/);
    const message = droppedMail(t, to);
    const code = /\b(\d{6})\b/.exec(message.subject)?.[1];
    expect(code, message.subject).toMatch(/^\d{6}$/);
    expect(message.text).toContain(code);
    return code!;
  }

  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  async function createAdmin(owner: TestCommunity, body: Record<string, unknown>) {
    const res = await t.request({ method: 'POST', url: '/api/v1/identity/admins', payload: body, as: owner });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; email: string };
  }

  describe('signup', () => {
    it('creates a community and its owner and answers 201 with a session', async () => {
      const community = unique('acme');
      const res = await signup({
        community,
        name: 'Ada Owner',
        email: `Ada@${community}.example`,
        password: PASSWORD,
        displayName: 'Acme Ltd',
      });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(typeof body.token).toBe('string');
      expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now());
      expect(body.user).toMatchObject({ email: `ada@${community}.example`, name: 'Ada Owner', isOwner: true, status: 'active' });
      expect(body.user).not.toHaveProperty('passwordHash');
      expect(body.community).toMatchObject({ name: community, displayName: 'Acme Ltd' });
      expect(body.community.id).toMatch(/^[0-9a-f-]{36}$/);

      const who = await me(body.token);
      expect(who.statusCode).toBe(200);
      expect(who.json()).toMatchObject({ data: { id: body.user.id }, community: { id: body.community.id, name: community } });
    });

    it('lowercases the community name and refuses a taken one with 409 community_taken', async () => {
      const community = unique('taken');
      expect(
        (await signup({ community: community.toUpperCase(), name: 'First', email: 'a@x.example', password: PASSWORD })).statusCode,
      ).toBe(201);
      const res = await signup({ community, name: 'Second', email: 'b@x.example', password: PASSWORD });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'community_taken', fields: { community: expect.any(String) } });
    });

    it.each([
      ['not a slug', 'Bad Name!'],
      ['leading dash', '-dash'],
      ['trailing dash', 'dash-'],
      ['too long', 'a'.repeat(64)],
      ['reserved', 'admin'],
      ['reserved', 'api'],
      ['the platform community', '-'],
    ])('refuses a bad community name (%s) with 400 naming community', async (_what, community) => {
      const res = await signup({ community, name: 'Someone', email: 'someone@x.example', password: PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(res.json().error.fields).toHaveProperty('community');
    });

    it('refuses a weak password, a bad email and a missing name with 400', async () => {
      const community = unique('weak');
      const weak = await signup({ community, name: 'Someone', email: 'someone@x.example', password: 'short' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().error).toMatchObject({ code: 'validation_failed', fields: { password: expect.any(String) } });
      const badEmail = await signup({ community, name: 'Someone', email: 'not-an-email', password: PASSWORD });
      expect(badEmail.statusCode).toBe(400);
      expect(badEmail.json().error.fields).toHaveProperty('email');
      const noName = await signup({ community, email: 'someone@x.example', password: PASSWORD });
      expect(noName.statusCode).toBe(400);
      expect(noName.json().error.fields).toHaveProperty('name');
      // Nothing was created by the refusals.
      expect((await signup({ community, name: 'Someone', email: 'someone@x.example', password: PASSWORD })).statusCode).toBe(201);
    });
  });

  describe('login', () => {
    it('signs in with and without the community', async () => {
      const c = await t.signup();
      const without = await login({ email: c.email, password: c.password });
      expect(without.statusCode, without.body).toBe(200);
      expect(without.json()).toMatchObject({ user: { id: c.userId }, community: { id: c.tenantId, name: c.name } });
      const withCommunity = await login({ email: c.email.toUpperCase(), password: c.password, community: c.name.toUpperCase() });
      expect(withCommunity.statusCode, withCommunity.body).toBe(200);
      expect(withCommunity.json().community.name).toBe(c.name);
      expect((await me(withCommunity.json().token)).statusCode).toBe(200);
    });

    it('with an email in several communities: signs in where the password is right, asks for the community only if it is right in more than one', async () => {
      const email = `${unique('shared')}@x.example`;
      const a = unique('one');
      const b = unique('two');
      const c = unique('three');
      expect((await signup({ community: a, name: 'A', email, password: PASSWORD })).statusCode).toBe(201);
      expect((await signup({ community: b, name: 'B', email, password: 'another-password-2' })).statusCode).toBe(201);
      const onlyA = await login({ email, password: PASSWORD });
      expect(onlyA.statusCode, onlyA.body).toBe(200);
      expect(onlyA.json().community.name).toBe(a);
      expect((await signup({ community: c, name: 'C', email, password: PASSWORD })).statusCode).toBe(201);
      const ambiguous = await login({ email, password: PASSWORD });
      // Right in two: it offers those two (never the one whose password differs), to be chosen from.
      expect(ambiguous.statusCode).toBe(409);
      const refusal = ambiguous.json().error;
      expect(refusal.code).toBe('community_choice');
      expect(refusal.fields).toHaveProperty('community');
      expect(refusal.choices.map((choice: { value: string }) => choice.value).sort()).toEqual([a, c].sort());
      for (const choice of refusal.choices) expect(choice.label).toEqual(expect.any(String));
      const inA = await login({ email, password: PASSWORD, community: a });
      expect(inA.statusCode).toBe(200);
      expect(inA.json().community.name).toBe(a);
      const inB = await login({ email, password: 'another-password-2', community: b });
      expect(inB.statusCode).toBe(200);
      expect(inB.json().community.name).toBe(b);
      // Each community's password is its own.
      expect((await login({ email, password: PASSWORD, community: b })).statusCode).toBe(401);
    });

    it('refuses a wrong password, an unknown email and a wrong community with 401 invalid_credentials', async () => {
      const c = await t.signup();
      for (const attempt of [
        { email: c.email, password: 'wrong-password' },
        { email: `nobody-${c.email}`, password: c.password },
        { email: c.email, password: c.password, community: unique('other') },
      ]) {
        const res = await login(attempt);
        expect(res.statusCode).toBe(401);
        expect(res.json().error.code).toBe('invalid_credentials');
        expect(res.json()).not.toHaveProperty('token');
      }
    });

    it('refuses a disabled account with 403', async () => {
      const owner = await t.signup();
      const admin = await createAdmin(owner, {
        name: 'Disabled Dan',
        email: `dan@${owner.name}.example`,
        password: 'dans-password-1',
        status: 'disabled',
      });
      const res = await login({ email: admin.email, password: 'dans-password-1', community: owner.name });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
      expect(res.json()).not.toHaveProperty('token');
      // A wrong password is still only "invalid credentials": a disabled state is not revealed to guessers.
      expect((await login({ email: admin.email, password: 'wrong-password', community: owner.name })).statusCode).toBe(401);
    });

    it('refuses a malformed body with 400', async () => {
      expect((await login({ email: 'nope', password: 'x' })).statusCode).toBe(400);
      const res = await post('/api/v1/auth/login', { email: 'a@b.example' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    });
  });

  describe('tokens and sessions', () => {
    it('carries exp, sub, tid and sid', async () => {
      const c = await t.signup();
      const before = Math.floor(Date.now() / 1000);
      const res = await login({ email: c.email, password: c.password });
      const { token, expiresAt } = res.json();
      const claims = decodeJwt(token);
      expect(claims.sub).toBe(c.userId);
      expect(claims.tid).toBe(c.tenantId);
      expect(claims.sid).toMatch(/^[0-9a-f-]{36}$/);
      expect(claims.cn).toBe(c.name);
      expect(typeof claims.exp).toBe('number');
      expect(claims.exp!).toBeGreaterThan(before);
      expect(claims.exp!).toBeLessThanOrEqual(before + 24 * 3600);
      expect(claims.exp).toBe(Math.floor(new Date(expiresAt).getTime() / 1000));
      // The session the token names is a row the server can revoke.
      const [session] = await t.app.db.query<{ user_id: string; revoked_at: Date | null }>(
        'select user_id, revoked_at from sessions where tenant_id = $1 and id = $2',
        [c.tenantId, claims.sid],
      );
      expect(session).toMatchObject({ user_id: c.userId, revoked_at: null });
      // Each sign-in is its own session.
      expect(decodeJwt(c.token).sid).not.toBe(claims.sid);
    });

    it('logout revokes the session: the same token is refused afterwards', async () => {
      const c = await t.signup();
      const { token } = (await login({ email: c.email, password: c.password })).json();
      expect((await me(token)).statusCode).toBe(200);
      const out = await post('/api/v1/auth/logout', {}, { as: token });
      expect(out.statusCode).toBe(204);
      const after = await me(token);
      expect(after.statusCode).toBe(401);
      expect(after.json().error.code).toBe('unauthenticated');
      expect((await post('/api/v1/auth/logout', {}, { as: token })).statusCode).toBe(401);
      // Other sessions of the same user are untouched.
      expect((await me(c.token)).statusCode).toBe(200);
    });

    it('refuses expired, forged, tampered and garbage tokens with 401 on a guarded route', async () => {
      const c = await t.signup();
      const good = decodeJwt(c.token) as { sub: string; tid: string; sid: string; cn: string };
      const key = new TextEncoder().encode(t.config.jwtSecret);
      const make = (secret: Uint8Array, exp: number, claims: Record<string, unknown> = {}) =>
        new SignJWT({ tid: good.tid, cn: good.cn, sid: good.sid, ...claims })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(good.sub)
          .setIssuedAt()
          .setExpirationTime(exp)
          .sign(secret);
      const now = Math.floor(Date.now() / 1000);

      // Control: the same claims, signed with the right key and a future exp, are accepted.
      expect((await me(await make(key, now + 600))).statusCode).toBe(200);

      const [header, payload, signature] = c.token.split('.');
      const otherUser = Buffer.from(JSON.stringify({ ...decodeJwt(c.token), sub: crypto.randomUUID() })).toString('base64url');
      const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      const refused = {
        expired: await make(key, now - 60),
        forged: await make(new TextEncoder().encode('another-secret-that-is-long-enough-0123456789'), now + 600),
        tampered: `${header}.${otherUser}.${signature}`,
        unsigned,
        unknownSession: await make(key, now + 600, { sid: crypto.randomUUID() }),
        notUuids: await make(key, now + 600, { sid: 'x', tid: 'y' }),
        garbage: 'not-a-token',
        empty: '',
      };
      for (const [what, token] of Object.entries(refused)) {
        const res = await t.request({ method: 'GET', url: '/api/v1/identity/roles', headers: { authorization: `Bearer ${token}` } });
        expect(res.statusCode, what).toBe(401);
        expect(res.json().error.code, what).toBe('unauthenticated');
      }
      for (const authorization of ['Basic abc', c.token, `Token ${c.token}`]) {
        const res = await t.request({ method: 'GET', url: '/api/v1/identity/roles', headers: { authorization } });
        expect(res.statusCode, authorization).toBe(401);
      }
      expect((await t.request({ method: 'GET', url: '/api/v1/identity/roles' })).statusCode).toBe(401);
    });

    it('refuses a session whose server-side expiry has passed', async () => {
      const c = await t.signup();
      const { token } = (await login({ email: c.email, password: c.password })).json();
      await t.app.db.query(`update sessions set expires_at = now() - interval '1 minute' where tenant_id = $1 and id = $2`, [
        c.tenantId,
        decodeJwt(token).sid,
      ]);
      expect((await me(token)).statusCode).toBe(401);
    });

    it('refuses the sessions of an account once it is disabled', async () => {
      const owner = await t.signup();
      const admin = await createAdmin(owner, { name: 'Soon Disabled', email: `sd@${owner.name}.example`, password: 'sd-password-1' });
      const { token } = (await login({ email: admin.email, password: 'sd-password-1', community: owner.name })).json();
      expect((await me(token)).statusCode).toBe(200);
      const patch = await t.request({
        method: 'PATCH',
        url: `/api/v1/identity/admins/${admin.id}`,
        payload: { status: 'disabled' },
        as: owner,
      });
      expect(patch.statusCode, patch.body).toBe(200);
      expect((await me(token)).statusCode).toBe(401);
    });

    it('refuses a community-name header naming another community with 403', async () => {
      const a = await t.signup();
      const b = await t.signup();
      const res = await t.request({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: { authorization: `Bearer ${a.token}`, 'community-name': b.name },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('community_mismatch');
    });
  });

  describe('own details', () => {
    it('GET /api/v1/auth/me answers the user, community and permissions', async () => {
      const c = await t.signup();
      const res = await me(c.token);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data).toMatchObject({ id: c.userId, email: c.email, isOwner: true, theme: 'light', status: 'active' });
      expect(body.data).not.toHaveProperty('passwordHash');
      expect(body.community).toEqual({ id: c.tenantId, name: c.name });
      expect(body.permissions).toEqual({ '*': 'write' });
    });

    it('answers a role holder their role permissions', async () => {
      const owner = await t.signup();
      const role = await t.request({
        method: 'POST',
        url: '/api/v1/identity/roles',
        payload: { name: 'Contact desk', permissions: { 'contact-us': 'write', site: 'read' } },
        as: owner,
      });
      expect(role.statusCode, role.body).toBe(201);
      const admin = await createAdmin(owner, {
        name: 'Mia',
        email: `mia@${owner.name}.example`,
        password: 'mias-password-1',
        roleId: role.json().data.id,
      });
      const { token } = (await login({ email: admin.email, password: 'mias-password-1' })).json();
      const res = await me(token);
      expect(res.json().data).toMatchObject({ isOwner: false, roleId: role.json().data.id });
      expect(res.json().permissions).toEqual({ 'contact-us': 'write', site: 'read' });
    });

    it('PATCH /api/v1/auth/me updates name, phone and theme', async () => {
      const c = await t.signup();
      const res = await t.request({ method: 'PATCH', url: '/api/v1/auth/me', payload: { name: '  New Name ', theme: 'dark' }, as: c });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ id: c.userId, name: 'New Name', theme: 'dark' });
      const phone = await t.request({
        method: 'PATCH',
        url: '/api/v1/auth/me',
        payload: { phone: '+65 8123 4567', theme: 'semi-dark' },
        as: c,
      });
      expect(phone.json().data).toMatchObject({ name: 'New Name', phone: '+65 8123 4567', theme: 'semi-dark' });
      expect((await me(c.token)).json().data).toMatchObject({ name: 'New Name', theme: 'semi-dark', phone: '+65 8123 4567' });
      const empty = await t.request({ method: 'PATCH', url: '/api/v1/auth/me', payload: {}, as: c });
      expect(empty.statusCode).toBe(200);
      expect(empty.json().data.name).toBe('New Name');
    });

    it('PATCH /api/v1/auth/me refuses a bad theme, unknown fields and privilege fields', async () => {
      const c = await t.signup();
      for (const payload of [{ theme: 'neon' }, { name: '' }, { isOwner: false }, { email: 'x@y.example' }, { status: 'disabled' }]) {
        const res = await t.request({ method: 'PATCH', url: '/api/v1/auth/me', payload, as: c });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().error.code).toBe('validation_failed');
      }
      expect((await me(c.token)).json().data).toMatchObject({ email: c.email, isOwner: true, status: 'active', theme: 'light' });
      expect((await t.request({ method: 'PATCH', url: '/api/v1/auth/me', payload: { theme: 'dark' } })).statusCode).toBe(401);
    });
  });

  describe('one-time codes', () => {
    it('emails a 6-digit code to the outbox and stores only its hash', async () => {
      const c = await t.signup();
      const res = await post('/api/v1/auth/otp', { email: c.email, community: c.name });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ data: { sent: true } });
      const message = await lastEmail(c, c.email);
      expect(message.channel).toBe('email');
      const code = await lastCode(c, c.email);

      const rows = await t.app.db.query<{ code_hash: string; attempts: number; consumed_at: Date | null; expires_at: Date }>(
        `select code_hash, attempts, consumed_at, expires_at from otps where tenant_id = $1 and user_id = $2 and purpose = 'login'`,
        [c.tenantId, c.userId],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].code_hash).not.toBe(code);
      expect(rows[0].code_hash).not.toContain(code);
      expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]).toMatchObject({ attempts: 0, consumed_at: null });
      expect(new Date(rows[0].expires_at).getTime()).toBeGreaterThan(Date.now());
    });

    it('answers the same for an unknown email and sends nothing', async () => {
      const c = await t.signup();
      const res = await post('/api/v1/auth/otp', { email: `ghost@${c.name}.example`, community: c.name });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ data: { sent: true } });
      const outbox = await t.request({ method: 'GET', url: `/api/v1/ops/outbox?to=ghost@${c.name}.example`, as: c });
      expect(outbox.json().data).toHaveLength(0);
    });

    it('signs in with the right code, once', async () => {
      const c = await t.signup();
      await post('/api/v1/auth/otp', { email: c.email });
      const code = await lastCode(c, c.email);
      const res = await post('/api/v1/auth/otp/verify', { email: c.email, code });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user).toMatchObject({ id: c.userId });
      const claims = decodeJwt(res.json().token);
      expect(claims).toMatchObject({ sub: c.userId, tid: c.tenantId });
      expect((await me(res.json().token)).statusCode).toBe(200);
      // A code works once.
      const again = await post('/api/v1/auth/otp/verify', { email: c.email, code });
      expect(again.statusCode).toBe(400);
      expect(again.json().error.code).toBe('otp_invalid');
    });

    it('a new code replaces the earlier one', async () => {
      const c = await t.signup();
      await post('/api/v1/auth/otp', { email: c.email, community: c.name });
      const first = await lastCode(c, c.email);
      await post('/api/v1/auth/otp', { email: c.email, community: c.name });
      const second = await lastCode(c, c.email);
      if (first !== second) {
        expect((await post('/api/v1/auth/otp/verify', { email: c.email, community: c.name, code: first })).json().error.code).toBe(
          'otp_invalid',
        );
      }
      expect((await post('/api/v1/auth/otp/verify', { email: c.email, community: c.name, code: second })).statusCode).toBe(200);
    });

    it(`locks the code after ${OTP_MAX_ATTEMPTS} wrong tries: even the right one then fails`, async () => {
      const c = await t.signup();
      await post('/api/v1/auth/otp', { email: c.email, community: c.name });
      const code = await lastCode(c, c.email);
      const wrong = otherCode(code);
      for (let i = 1; i < OTP_MAX_ATTEMPTS; i++) {
        const res = await post('/api/v1/auth/otp/verify', { email: c.email, community: c.name, code: wrong });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('otp_invalid');
      }
      const locked = await post('/api/v1/auth/otp/verify', { email: c.email, community: c.name, code: wrong });
      expect(locked.statusCode).toBe(400);
      expect(locked.json().error.code).toBe('otp_locked');
      const right = await post('/api/v1/auth/otp/verify', { email: c.email, community: c.name, code });
      expect(right.statusCode).toBe(400);
      expect(right.json()).not.toHaveProperty('token');
      const [row] = await t.app.db.query<{ attempts: number; consumed_at: Date | null }>(
        'select attempts, consumed_at from otps where tenant_id = $1 and user_id = $2',
        [c.tenantId, c.userId],
      );
      expect(row.attempts).toBe(OTP_MAX_ATTEMPTS);
      expect(row.consumed_at).not.toBeNull();
    });

    it('refuses an expired code', async () => {
      const c = await t.signup();
      await post('/api/v1/auth/otp', { email: c.email, community: c.name });
      const code = await lastCode(c, c.email);
      await t.app.db.query(
        `update otps set expires_at = now() - interval '1 second' where tenant_id = $1 and user_id = $2 and consumed_at is null`,
        [c.tenantId, c.userId],
      );
      const res = await post('/api/v1/auth/otp/verify', { email: c.email, community: c.name, code });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('otp_invalid');
      expect(res.json()).not.toHaveProperty('token');
    });

    it('refuses malformed codes and unknown accounts', async () => {
      const c = await t.signup();
      for (const code of ['12345', '1234567', 'abcdef', '']) {
        const res = await post('/api/v1/auth/otp/verify', { email: c.email, code });
        expect(res.statusCode, code).toBe(400);
        expect(res.json().error.fields).toHaveProperty('code');
      }
      const unknown = await post('/api/v1/auth/otp/verify', { email: `ghost@${c.name}.example`, code: '123456' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.code).toBe('otp_invalid');
    });

    it('sends no code to a disabled account', async () => {
      const owner = await t.signup();
      const admin = await createAdmin(owner, { name: 'Off', email: `off@${owner.name}.example`, status: 'disabled' });
      expect((await post('/api/v1/auth/otp', { email: admin.email, community: owner.name })).statusCode).toBe(202);
      const outbox = await t.request({ method: 'GET', url: `/api/v1/ops/outbox?to=${admin.email}`, as: owner });
      expect(outbox.json().data).toHaveLength(0);
    });
  });

  describe('passwords', () => {
    it('forgot → reset with the emailed code: old password fails, new works, sessions revoked', async () => {
      const c = await t.signup();
      const { token: second } = (await login({ email: c.email, password: c.password })).json();
      const forgot = await post('/api/v1/auth/password/forgot', { email: c.email, community: c.name });
      expect(forgot.statusCode).toBe(202);
      expect(droppedMail(t, c.email).text).toContain('reset your password');
      const code = await lastCode(c, c.email);

      // A reset code does not sign in.
      expect((await post('/api/v1/auth/otp/verify', { email: c.email, community: c.name, code })).statusCode).toBe(400);
      // The new password must be strong enough; the refusal does not use up the code.
      expect((await post('/api/v1/auth/password/reset', { email: c.email, community: c.name, code, password: 'short' })).statusCode).toBe(
        400,
      );

      const reset = await post('/api/v1/auth/password/reset', {
        email: c.email,
        community: c.name,
        code,
        password: 'a-brand-new-password',
      });
      expect(reset.statusCode, reset.body).toBe(204);

      expect((await me(c.token)).statusCode).toBe(401);
      expect((await me(second)).statusCode).toBe(401);
      const old = await login({ email: c.email, password: c.password });
      expect(old.statusCode).toBe(401);
      const fresh = await login({ email: c.email, password: 'a-brand-new-password' });
      expect(fresh.statusCode).toBe(200);
      expect((await me(fresh.json().token)).statusCode).toBe(200);

      // The code is spent.
      const replay = await post('/api/v1/auth/password/reset', {
        email: c.email,
        community: c.name,
        code,
        password: 'yet-another-password',
      });
      expect(replay.statusCode).toBe(400);
      expect(replay.json().error.code).toBe('otp_invalid');
    });

    it('reset with a wrong code changes nothing', async () => {
      const c = await t.signup();
      await post('/api/v1/auth/password/forgot', { email: c.email });
      const code = await lastCode(c, c.email);
      const res = await post('/api/v1/auth/password/reset', { email: c.email, code: otherCode(code), password: 'a-brand-new-password' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('otp_invalid');
      expect((await me(c.token)).statusCode).toBe(200);
      expect((await login({ email: c.email, password: c.password })).statusCode).toBe(200);
    });

    it('change password revokes the other sessions and keeps the current one', async () => {
      const c = await t.signup();
      const { token: other } = (await login({ email: c.email, password: c.password })).json();
      const { token: current } = (await login({ email: c.email, password: c.password })).json();

      const wrong = await post(
        '/api/v1/auth/password/change',
        { currentPassword: 'not-the-password', newPassword: 'changed-password-1' },
        { as: current },
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.fields).toHaveProperty('currentPassword');
      const weak = await post('/api/v1/auth/password/change', { currentPassword: c.password, newPassword: 'short' }, { as: current });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().error.fields).toHaveProperty('newPassword');
      expect((await me(other)).statusCode).toBe(200);

      const res = await post(
        '/api/v1/auth/password/change',
        { currentPassword: c.password, newPassword: 'changed-password-1' },
        { as: current },
      );
      expect(res.statusCode, res.body).toBe(204);
      expect((await me(current)).statusCode).toBe(200);
      expect((await me(other)).statusCode).toBe(401);
      expect((await me(c.token)).statusCode).toBe(401);
      expect((await login({ email: c.email, password: c.password })).statusCode).toBe(401);
      expect((await login({ email: c.email, password: 'changed-password-1' })).statusCode).toBe(200);
      expect((await post('/api/v1/auth/password/change', { currentPassword: 'x', newPassword: 'changed-password-2' })).statusCode).toBe(
        401,
      );
    });
  });

  describe('rate limits', () => {
    const expectLimited = (res: Awaited<ReturnType<typeof login>>) => {
      expect(res.statusCode, res.body).toBe(429);
      expect(res.json().error.code).toBe('rate_limited');
      const retry = Number(res.headers['retry-after']);
      expect(retry).toBeGreaterThan(0);
      // Every attempt past the limit doubles the wait (backoff); these tests go at most two past it.
      expect(retry).toBeLessThanOrEqual(2 * LIMITS.loginPerAccount.windowSeconds);
    };

    it(`limits failed logins per account (${LIMITS.loginPerAccount.max}), whatever the address, even for the right password`, async () => {
      const c = await t.signup();
      for (let i = 0; i < LIMITS.loginPerAccount.max; i++) {
        expect((await login({ email: c.email, password: `wrong-${i}`, community: c.name })).statusCode).toBe(401);
      }
      expectLimited(await login({ email: c.email, password: 'wrong-again', community: c.name }));
      expectLimited(await login({ email: c.email, password: c.password, community: c.name }));
      // Another account is not affected.
      const other = await t.signup();
      expect((await login({ email: other.email, password: other.password })).statusCode).toBe(200);
    });

    it('counts failures against the account however it is named', async () => {
      const c = await t.signup();
      for (let i = 0; i < LIMITS.loginPerAccount.max; i++) {
        const attempt =
          i % 3 === 0
            ? { email: c.email, password: `wrong-${i}` }
            : i % 3 === 1
              ? { email: c.email.toUpperCase(), password: `wrong-${i}`, community: c.name }
              : { email: c.email, password: `wrong-${i}`, community: c.name.toUpperCase() };
        expect((await login(attempt)).statusCode).toBe(401);
      }
      expectLimited(await login({ email: c.email, password: c.password }));
      expectLimited(await login({ email: c.email, password: c.password, community: c.name }));
    });

    it('a successful sign-in clears the account failures', async () => {
      const c = await t.signup();
      for (let i = 0; i < LIMITS.loginPerAccount.max - 1; i++) {
        expect((await login({ email: c.email, password: `wrong-${i}` })).statusCode).toBe(401);
      }
      expect((await login({ email: c.email, password: c.password })).statusCode).toBe(200);
      for (let i = 0; i < LIMITS.loginPerAccount.max - 1; i++) {
        expect((await login({ email: c.email, password: `wrong-${i}` })).statusCode).toBe(401);
      }
      expect((await login({ email: c.email, password: c.password })).statusCode).toBe(200);
    });

    it(`limits sign-in attempts per address across many accounts (${LIMITS.loginPerIp.max})`, async () => {
      const ip = randomIp();
      const c = await t.signup();
      for (let i = 0; i < LIMITS.loginPerIp.max; i++) {
        const res = await login({ email: `guess-${i}@${c.name}.example`, password: 'guess-password' }, ip);
        expect(res.statusCode).toBe(401);
      }
      expectLimited(await login({ email: `guess-last@${c.name}.example`, password: 'guess-password' }, ip));
      expectLimited(await login({ email: c.email, password: c.password }, ip));
      // Another address is not affected.
      expect((await login({ email: c.email, password: c.password }, randomIp())).statusCode).toBe(200);
    });

    it(`limits code requests per account (${LIMITS.otpPerAccount.max})`, async () => {
      const c = await t.signup();
      for (let i = 0; i < LIMITS.otpPerAccount.max; i++) {
        const res = await post('/api/v1/auth/otp', i % 2 ? { email: c.email, community: c.name } : { email: c.email });
        expect(res.statusCode).toBe(202);
      }
      const res = await post('/api/v1/auth/otp', { email: c.email, community: c.name });
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('rate_limited');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // Password-reset codes share the account's budget.
      expect((await post('/api/v1/auth/password/forgot', { email: c.email })).statusCode).toBe(429);
      const [{ n }] = await t.app.db.query<{ n: number }>('select count(*)::int as n from otps where tenant_id = $1', [c.tenantId]);
      expect(n).toBe(LIMITS.otpPerAccount.max);
    });

    it(`limits code requests per address (${LIMITS.otpPerIp.max})`, async () => {
      const ip = randomIp();
      for (let i = 0; i < LIMITS.otpPerIp.max; i++) {
        expect((await post('/api/v1/auth/otp', { email: `nobody-${i}@x.example` }, { ip })).statusCode).toBe(202);
      }
      const res = await post('/api/v1/auth/otp', { email: 'nobody-last@x.example' }, { ip });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
    });
  });
});
