import { beforeAll, describe, expect, it } from 'vitest';
import { scopeOf } from '../src/kernel/auth/context';
import { replyToInbound } from '../src/modules/site/services/replies';
import { appWith, logIn, randomIp, type TestCommunity } from './helpers';

const [t, a, b] = await appWith(2);

describe('site: reply by email to an inbound record', () => {
  let messageId: string;

  beforeAll(async () => {
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

  it('records no email when the status change fails: reply and status commit together', async () => {
    const owner = {
      tenantId: a.tenantId,
      community: a.name,
      userId: a.userId,
      userName: 'Owner',
      email: a.email,
      sessionId: a.userId,
      isOwner: true,
      permissions: {},
    };
    const failed = await replyToInbound(t.app, scopeOf(t.app.db, owner), 'get-in-touch-messages', messageId, {
      subject: 'Half a reply',
      message: 'This must not be sent.',
      status: 'archived-forever' as never,
    }).then(
      () => null,
      (err: { statusCode?: number; code?: string }) => err.code,
    );
    expect(failed).toBe('validation_failed');
    const outbox = await t.request({ method: 'GET', url: '/api/v1/ops/outbox?q=Half%20a%20reply', as: a });
    expect(outbox.json().data).toEqual([]);
    const jobs = await t.app.db.query<{ n: number }>('select count(*)::int as n from job_outbox where tenant_id = $1', [a.tenantId]);
    expect(jobs[0].n).toBe(0);
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
    const login = await logIn(t, `r@${a.name}.example`, 'reader-password-1', a.name);
    const denied = await reply(login.json().token, 'get-in-touch-messages', messageId, { subject: 's', message: 'm' });
    expect(denied.statusCode).toBe(403);
  });
});
