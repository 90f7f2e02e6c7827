import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED } from '../src/kernel/messaging/mailer';
import { appWith, droppedMail, logIn, randomIp, startTestApp, type TestApp, type TestCommunity, waitFor } from './helpers';
import { startSmtp } from './smtp';

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

type OutboxRow = { id: string; to: string; subject: string; text: string; status: string; attempts: number; error: string | null };

async function outboxRows(t: TestApp, c: TestCommunity): Promise<OutboxRow[]> {
  const res = await t.request({ method: 'GET', url: '/api/v1/ops/outbox?channel=email', as: c });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const forgot = (t: TestApp, c: TestCommunity) =>
  t.request({
    method: 'POST',
    url: '/api/v1/auth/password/forgot',
    payload: { email: c.email, community: c.name },
    remoteAddress: randomIp(),
  });

describe('mail over SMTP, delivered by a pg-boss job', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp({ jobs: true, smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: 'Atrium Test <robot@atrium.test>' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('runs pg-boss and uses the SMTP transport', () => {
    expect(t.app.jobs.running).toBe(true);
    expect(t.app.mailer.transport).toBe('smtp');
  });

  it('delivers the password-reset code and marks the outbox row sent', async () => {
    const c = await t.signup();
    const res = await forgot(t, c);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { sent: true } });

    const mail = await waitFor('the SMTP server to receive the email', () => smtp.received.find((m) => m.to.includes(c.email)));
    expect(mail.from).toBe('robot@atrium.test');
    expect(mail.raw).toMatch(/^Subject: Your Atrium code: \d{6}\r?$/m);
    const code = /Your Atrium code: (\d{6})/.exec(mail.raw)![1];
    expect(mail.raw).toContain(`Use ${code} to reset your password in ${c.name}`);

    const row = await waitFor('the outbox row to be sent', async () => {
      const rows = await outboxRows(t, c);
      return rows.find((r) => r.to === c.email && r.status === 'sent');
    });
    // The real message travelled sealed in the job; the outbox copy is redacted.
    expect(row.subject).toBe(REDACTED.subject);
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row.attempts).toBe(1);
    expect(row.error).toBeNull();

    // The emailed code really resets the password.
    const reset = await t.request({
      method: 'POST',
      url: '/api/v1/auth/password/reset',
      payload: { email: c.email, community: c.name, code, password: 'a-brand-new-password' },
      remoteAddress: randomIp(),
    });
    expect(reset.statusCode).toBe(204);
    const login = await logIn(t, c.email, 'a-brand-new-password', c.name);
    expect(login.statusCode).toBe(200);
  });

  it('sends nothing for an unknown address but answers the same', async () => {
    const before = smtp.received.length;
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/auth/password/forgot',
      payload: { email: 'nobody@nowhere.example' },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { sent: true } });
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.received.length).toBe(before);
  });

  it("keeps each community's outbox to itself", async () => {
    const a = await t.signup();
    const b = await t.signup();
    expect((await forgot(t, a)).statusCode).toBe(202);
    await waitFor('the email', () => smtp.received.find((m) => m.to.includes(a.email)));
    expect((await outboxRows(t, a)).map((r) => r.to)).toEqual([a.email]);
    expect(await outboxRows(t, b)).toEqual([]);
  });
});

describe('mail without SMTP', async () => {
  const [t] = await appWith(0, { jobs: true });

  it('keeps a redacted copy in the outbox and the real message in the mail drop', async () => {
    expect(t.app.mailer.transport).toBe('outbox');
    const c = await t.signup();
    expect((await forgot(t, c)).statusCode).toBe(202);
    const rows = await outboxRows(t, c);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ to: c.email, status: 'outbox', attempts: 0, error: null });
    expect(rows[0]).toMatchObject(REDACTED);
    const real = droppedMail(t, c.email);
    expect(real.id).toBe(rows[0].id);
    expect(real.subject).toMatch(/^Your Atrium code: \d{6}$/);
    expect(real.text).toMatch(/Use \d{6} to reset your password/);

    // It stays there: nothing picks it up.
    await new Promise((r) => setTimeout(r, 1200));
    const again = await t.request({ method: 'GET', url: `/api/v1/ops/outbox/${rows[0].id}`, as: c });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.status).toBe('outbox');
  });
});

describe('mail to an unreachable SMTP server', async () => {
  const [t] = await appWith(0, { jobs: true, smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });

  it('marks the row failed and writes an error log entry', async () => {
    const c = await t.signup();
    expect((await forgot(t, c)).statusCode).toBe(202);
    const row = await waitFor('the outbox row to fail', async () => (await outboxRows(t, c)).find((r) => r.status === 'failed'));
    expect(row.attempts).toBeGreaterThanOrEqual(1);
    expect(row.error).toMatch(/\S/);

    const logs = await t.request({ method: 'GET', url: '/api/v1/ops/logs?kind=error', as: c });
    expect(logs.statusCode).toBe(200);
    const entries = logs.json().data as { kind: string; level: string; code: string; message: string }[];
    expect(entries.length).toBeGreaterThanOrEqual(1);
    expect(entries[0]).toMatchObject({ kind: 'error', level: 'error', code: 'email_failed' });
    expect(entries[0].message).toContain(c.email);
    // Only error entries come back for kind=error.
    expect(entries.every((e) => e.kind === 'error')).toBe(true);
  });
});

describe('mail with jobs off', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp({ jobs: false, smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('delivers inline, without pg-boss', async () => {
    expect(t.app.jobs.running).toBe(false);
    const c = await t.signup();
    expect((await forgot(t, c)).statusCode).toBe(202);
    const mail = await waitFor('the email', () => smtp.received.find((m) => m.to.includes(c.email)));
    expect(mail.raw).toMatch(/Your Atrium code: \d{6}/);
    await waitFor('the row to be sent', async () => (await outboxRows(t, c)).find((r) => r.status === 'sent'));
  });
});
