import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomIp, startTestApp, type TestApp, type TestCommunity } from './helpers';

describe('site: reply by email to an inbound record', () => {
  let t: TestApp;
  let a: TestCommunity;
  let b: TestCommunity;
  let messageId: string;

  beforeAll(async () => {
    t = await startTestApp();
    a = await t.signup();
    b = await t.signup();
    const sent = await t.request({
      method: 'POST',
      url: `/public/${a.name}/site/get-in-touch`,
      payload: { name: 'Visitor Vee', email: 'vee@visitor.example', message: 'Do you ship tiles to Penang?' },
      remoteAddress: randomIp(),
    });
    expect(sent.statusCode).toBe(202);
    const list = await t.request({ method: 'GET', url: '/api/v1/site/get-in-touch-messages?q=vee', as: a });
    messageId = list.json().data[0].id;
  });
  afterAll(() => t.close());

  const reply = (as: TestCommunity | string, list: string, id: string, payload: unknown) =>
    t.request({ method: 'POST', url: `/api/v1/site/inbound/${list}/${id}/reply`, as, payload: payload as object });

  it('emails the visitor through the outbox and moves the record to done', async () => {
    const res = await reply(a, 'get-in-touch-messages', messageId, {
      subject: 'Shipping to Penang',
      message: 'Yes, we ship weekly.',
      status: 'done',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ to: 'vee@visitor.example', record: { id: messageId, status: 'done' } });
    const outbox = await t.request({ method: 'GET', url: '/api/v1/ops/outbox?to=vee%40visitor.example', as: a });
    expect(outbox.json().data[0]).toMatchObject({ subject: 'Shipping to Penang', text: 'Yes, we ship weekly.', channel: 'email' });
  });

  it('refuses bad input, another community and a role without write', async () => {
    const bad = await reply(a, 'get-in-touch-messages', messageId, { subject: '', message: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.subject).toEqual(expect.any(String));
    expect((await reply(a, 'subscribers', messageId, { subject: 's', message: 'm' })).statusCode).toBe(400);
    const other = await reply(b, 'get-in-touch-messages', messageId, { subject: 's', message: 'm' });
    expect(other.statusCode).toBe(404);

    const role = await t.request({
      method: 'POST',
      url: '/api/v1/identity/roles',
      as: a,
      payload: { name: 'Site reader', permissions: { site: 'read' } },
    });
    await t.request({
      method: 'POST',
      url: '/api/v1/identity/admins',
      as: a,
      payload: { name: 'Reader', email: `r@${a.name}.example`, password: 'reader-password-1', roleId: role.json().data.id },
    });
    const login = await t.request({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: `r@${a.name}.example`, password: 'reader-password-1', community: a.name },
      remoteAddress: randomIp(),
    });
    const denied = await reply(login.json().token, 'get-in-touch-messages', messageId, { subject: 's', message: 'm' });
    expect(denied.statusCode).toBe(403);
  });
});
