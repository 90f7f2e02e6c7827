import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../src/kernel/messaging/tables';
import { droppedMail, randomIp, startTestApp, type TestApp, type TestCommunity } from './helpers';

// Issue 22, finding 7: public answers that tell nobody who exists. A landing page's signup and the
// storefront's sign-up answer the same, in about the same time, for a known email and a new one;
// the storefront account is made by the link mailed to the address (a known one gets a notice).

type Json = Record<string, any>;

describe('public answers reveal nothing', () => {
  let t: TestApp;
  let c: TestCommunity;
  const shop = (path: string, payload: Json) =>
    t.request({ method: 'POST', url: `/public/${c.name}/shop${path}`, payload, remoteAddress: randomIp() });
  /** The answer without what differs per request (nothing should). */
  const answerOf = (res: { statusCode: number; body: string }) => ({ status: res.statusCode, body: res.body });

  beforeAll(async () => {
    t = await startTestApp();
    c = await t.signup();
  });
  afterAll(() => t.close());

  it('a landing page signup answers alike for a known and a new email', async () => {
    const design = {
      blocks: [
        {
          id: 'join',
          type: 'signup',
          heading: 'Join',
          buttonText: 'Join',
          optIn: 'single',
          consentText: 'Yes, email me',
          thankYou: 'Thanks',
        },
      ],
    };
    const page = await t.request({
      method: 'POST',
      url: '/api/v1/marketing/landing-pages',
      as: c,
      payload: { name: 'Offer', slug: 'offer', status: 'published', design },
    });
    expect(page.statusCode, page.body).toBe(201);
    const signup = (email: string) =>
      t.request({
        method: 'POST',
        url: `/public/${c.name}/p/offer/signup/join`,
        payload: { email, consent: 'yes' },
        remoteAddress: randomIp(),
      });
    const first = await signup('known@example.com');
    expect(first.statusCode, first.body).toBe(202);
    const known = await signup('known@example.com');
    const fresh = await signup('fresh@example.com');
    expect(answerOf(known)).toEqual(answerOf(fresh));
    expect(known.body).not.toMatch(/created|exist|already/i);
  });

  it('the storefront sign-up answers alike, and the account is made by the mailed link', async () => {
    const password = 'a-long-customer-password';
    const first = await shop('/auth/signup', { email: 'taken@example.com', password, name: 'First' });
    expect(first.statusCode, first.body).toBe(202);
    const link = /https?:\/\/\S+confirm\?token=(\S+)/.exec(droppedMail(t, 'taken@example.com').text)!;
    const made = await shop('/auth/signup/confirm', { token: decodeURIComponent(link[1]!) });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.token).toMatch(/^cst_/);

    // Timed: a known email and a new one do the same work (a password hash, one mail).
    const timed = async (email: string) => {
      const started = process.hrtime.bigint();
      const res = await shop('/auth/signup', { email, password, name: 'Someone' });
      return { res, ms: Number(process.hrtime.bigint() - started) / 1e6 };
    };
    const known = await timed('taken@example.com');
    const fresh = await timed('new-person@example.com');
    expect(answerOf(known.res)).toEqual(answerOf(fresh.res));
    expect(known.res.body).not.toMatch(/exist|taken|already/i);
    expect(Math.abs(known.ms - fresh.ms)).toBeLessThan(Math.max(known.ms, fresh.ms));
    // Only the owner's mailbox learns the difference: a notice for the known email, a link for the new one.
    const notices = await t.app.db.withTenant(c.tenantId, (tx) =>
      tx
        .select()
        .from(outbox)
        .where(and(eq(outbox.tenantId, c.tenantId), eq(outbox.to, 'taken@example.com'))),
    );
    expect(notices.map((m) => m.text).join('\n')).toContain('already has an account');
    expect(droppedMail(t, 'new-person@example.com').text).toMatch(/confirm\?token=/);
    // No account exists before the link is followed; a forged or reused link makes none.
    const signIn = await shop('/auth/signin', { email: 'new-person@example.com', password });
    expect(signIn.statusCode).toBe(401);
    expect((await shop('/auth/signup/confirm', { token: 'not-a-sealed-token' })).statusCode).toBe(400);
    expect((await shop('/auth/signup/confirm', { token: decodeURIComponent(link[1]!) })).statusCode).toBe(409);
    // The link opened in a browser makes the account too.
    const fromMail = new URL(/https?:\/\/\S+/.exec(droppedMail(t, 'new-person@example.com').text)![0]);
    const page = await t.request({ method: 'GET', url: `${fromMail.pathname}${fromMail.search}`, remoteAddress: randomIp() });
    expect(page.statusCode, page.body).toBe(201);
    expect((await shop('/auth/signin', { email: 'new-person@example.com', password })).statusCode).toBe(200);
  });
});
