import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SWEEP_INTERVAL_MS } from '../src/kernel/auth/rate-limit';
import { LIMITS } from '../src/kernel/auth/service';
import { randomIp, startTestApp, type TestApp } from './helpers';

/** Issue 9, findings 4 and 10: rate limits keyed on a trustworthy address, counters that expire, no lockout. */
describe('rate limits and sign-in protection', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The test client connects from 127.0.0.1: trusting only 10.9.9.9 means its forwarded headers are ignored.
    t = await startTestApp({ trustProxy: '10.9.9.9' });
  });
  afterAll(() => t.close());

  const login = (payload: object, options: { ip?: string; forwardedFor?: string; cookie?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload,
      remoteAddress: options.ip ?? randomIp(),
      headers: {
        ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
    });
  const countKeys = async (prefix: string) =>
    (await t.app.db.query<{ n: number }>('select count(*)::int as n from rate_limits where key like $1', [`${prefix}%`]))[0].n;

  it('X-Forwarded-For from an untrusted client does not open new budgets nor grow the table', async () => {
    const ip = randomIp();
    const before = await countKeys('otp:ip:');
    for (let i = 0; i < LIMITS.otpPerIp.max; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/otp',
        payload: { email: `nobody-${i}@x.example` },
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      expect(res.statusCode).toBe(202);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/otp',
      payload: { email: 'nobody-last@x.example' },
      remoteAddress: ip,
      headers: { 'x-forwarded-for': '198.51.100.77' },
    });
    expect(res.statusCode).toBe(429);
    expect(await countKeys('otp:ip:')).toBe(before + 1);
  });

  it('a trusted proxy forwards the client address', async () => {
    const c = await t.signup();
    const client = randomIp();
    for (let i = 0; i < LIMITS.loginPerIp.max; i++) {
      const res = await login(
        { email: `guess-${i}@${c.name}.example`, password: 'guess-password' },
        { ip: '10.9.9.9', forwardedFor: client },
      );
      expect(res.statusCode).toBe(401);
    }
    expect((await login({ email: c.email, password: c.password }, { ip: '10.9.9.9', forwardedFor: client })).statusCode).toBe(429);
    // Another client behind the same proxy has its own budget.
    expect((await login({ email: c.email, password: c.password }, { ip: '10.9.9.9', forwardedFor: randomIp() })).statusCode).toBe(200);
  });

  it('expired counters are deleted', async () => {
    await t.app.db.query(
      `insert into rate_limits (key, count, reset_at)
       select 'old:' || g, 1, now() - interval '1 minute' from generate_series(1, 200) g`,
    );
    expect(await countKeys('old:')).toBe(200);
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + SWEEP_INTERVAL_MS + 1);
    try {
      expect((await login({ email: 'nobody@x.example', password: 'whatever-password' })).statusCode).toBe(401);
    } finally {
      clock.mockRestore();
    }
    expect(await countKeys('old:')).toBe(0);
  });

  it('waits double with every attempt past the limit', async () => {
    const c = await t.signup();
    for (let i = 0; i < LIMITS.loginPerAccount.max; i++) {
      expect((await login({ email: c.email, password: `wrong-${i}` })).statusCode).toBe(401);
    }
    const first = await login({ email: c.email, password: 'wrong' });
    const second = await login({ email: c.email, password: 'wrong' });
    expect([first.statusCode, second.statusCode]).toEqual([429, 429]);
    const a = Number(first.headers['retry-after']);
    const b = Number(second.headers['retry-after']);
    expect(a).toBeLessThanOrEqual(LIMITS.loginPerAccount.windowSeconds);
    expect(b).toBeGreaterThan(1.9 * a);
  });

  it('failures from elsewhere do not lock the real user out of a known device', async () => {
    const c = await t.signup();
    const home = randomIp();
    const first = await login({ email: c.email, password: c.password }, { ip: home });
    expect(first.statusCode).toBe(200);
    expect(first.body).not.toContain('deviceToken');
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/^atrium_device=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/);
    const cookie = setCookie.split(';')[0];

    const attacker = randomIp();
    for (let i = 0; i < 10; i++) expect((await login({ email: c.email, password: `guess-${i}` }, { ip: attacker })).statusCode).toBe(401);
    // The attacker (and any new device) is slowed down, even with the right password…
    expect((await login({ email: c.email, password: c.password }, { ip: attacker })).statusCode).toBe(429);
    expect((await login({ email: c.email, password: c.password }, { ip: randomIp() })).statusCode).toBe(429);
    // …but the real user signs in from their known device.
    const back = await login({ email: c.email, password: c.password }, { ip: home, cookie });
    expect(back.statusCode, back.body).toBe(200);
    // A device cookie of another user (or forged) is no key.
    const other = await t.signup();
    const otherCookie = String((await login({ email: other.email, password: other.password })).headers['set-cookie']).split(';')[0];
    expect((await login({ email: c.email, password: c.password }, { cookie: otherCookie })).statusCode).toBe(429);
    expect((await login({ email: c.email, password: c.password }, { cookie: 'atrium_device=abc.def' })).statusCode).toBe(429);
  });
});
