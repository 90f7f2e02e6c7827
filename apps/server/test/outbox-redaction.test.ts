import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomIp, startTestApp, type TestApp, type TestCommunity } from './helpers';

describe('outbox: one-time codes are hidden from all but the owner', () => {
  let t: TestApp;
  let owner: TestCommunity;
  let reader: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signup();
    const role = await t.request({
      method: 'POST',
      url: '/api/v1/identity/roles',
      as: owner,
      payload: { name: 'Outbox reader', permissions: { notifications: 'read' } },
    });
    await t.request({
      method: 'POST',
      url: '/api/v1/identity/admins',
      as: owner,
      payload: { name: 'Reader', email: `reader@${owner.name}.example`, password: 'reader-password-1', roleId: role.json().data.id },
    });
    const login = await t.request({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: `reader@${owner.name}.example`, password: 'reader-password-1', community: owner.name },
      remoteAddress: randomIp(),
    });
    reader = login.json().token;
    // The reader asks for a reset code of the owner's account: the code must not reach them.
    const forgot = await t.request({
      method: 'POST',
      url: '/api/v1/auth/password/forgot',
      payload: { email: owner.email, community: owner.name },
      remoteAddress: randomIp(),
    });
    expect(forgot.statusCode).toBe(202);
  });
  afterAll(() => t.close());

  it('shows the code to the owner', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/ops/outbox?to=' + encodeURIComponent(owner.email), as: owner });
    expect(res.statusCode).toBe(200);
    const [message] = res.json().data;
    expect(message.sensitive).toBe(true);
    expect(message.text).toMatch(/\b\d{6}\b/);
  });

  it('hides it from another admin who may read the outbox, in the list and by id', async () => {
    const list = await t.request({ method: 'GET', url: '/api/v1/ops/outbox', as: reader });
    expect(list.statusCode).toBe(200);
    const message = list.json().data.find((m: { to: string }) => m.to === owner.email);
    expect(message).toBeDefined();
    expect(JSON.stringify(message)).not.toMatch(/\b\d{6}\b/);
    const one = await t.request({ method: 'GET', url: `/api/v1/ops/outbox/${message.id}`, as: reader });
    expect(one.statusCode).toBe(200);
    expect(JSON.stringify(one.json())).not.toMatch(/\b\d{6}\b/);
  });
});
