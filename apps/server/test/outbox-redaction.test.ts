import { beforeAll, describe, expect, it } from 'vitest';
import { appWith, droppedMail, randomIp, signedInAdmin } from './helpers';

const [t, owner] = await appWith(1);

describe('outbox: one-time codes are never stored or searchable in clear', () => {
  let reader: string;
  let code: string;

  beforeAll(async () => {
    reader = (await signedInAdmin(t, owner, { notifications: 'read' })).token;
    // The reader asks for a reset code of the owner's account: the code must not reach them.
    const forgot = await t.request({
      method: 'POST',
      url: '/api/v1/auth/password/forgot',
      payload: { email: owner.email, community: owner.name },
      remoteAddress: randomIp(),
    });
    expect(forgot.statusCode).toBe(202);
    code = /\b(\d{6})\b/.exec(droppedMail(t, owner.email).text)![1];
  });

  it('keeps only a redacted copy, for the owner too, in the list and by id', async () => {
    for (const who of [owner, reader]) {
      const list = await t.request({ method: 'GET', url: '/api/v1/ops/outbox?to=' + encodeURIComponent(owner.email), as: who });
      expect(list.statusCode).toBe(200);
      const [message] = list.json().data;
      expect(message.sensitive).toBe(true);
      expect(JSON.stringify(message)).not.toContain(code);
      const one = await t.request({ method: 'GET', url: `/api/v1/ops/outbox/${message.id}`, as: who });
      expect(one.statusCode).toBe(200);
      expect(JSON.stringify(one.json())).not.toContain(code);
    }
  });

  it('stores no code in the outbox table at all', async () => {
    const rows = await t.app.db.query<{ subject: string; text: string; html: string | null }>(
      'select subject, text, html from outbox where tenant_id = $1',
      [owner.tenantId],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('?q= with a guessed prefix of the code matches nothing, for the true prefix as for any other', async () => {
    for (const q of [`Your Atrium code: ${code.slice(0, 1)}`, `code: ${code.slice(0, 3)}`, code, `Use ${code.slice(0, 2)}`]) {
      const res = await t.request({
        method: 'GET',
        url: `/api/v1/ops/outbox?to=${encodeURIComponent(owner.email)}&q=${encodeURIComponent(q)}`,
        as: reader,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data, q).toEqual([]);
    }
  });

  it('the real message (with the code) went only to the mail drop, readable by this user alone', async () => {
    const message = droppedMail(t, owner.email);
    expect(message.subject).toContain(code);
    const { statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { mailDropDir } = await import('../src/kernel/messaging/mailer');
    expect(statSync(join(mailDropDir(t.config.dataDir), `${message.id}.json`)).mode & 0o777).toBe(0o600);
  });
});
