import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLUSH_EVERY } from '../src/modules/campaigns/engine/deliver';
import { SENDERS } from '../src/modules/campaigns/engine/lifecycle';
import { SMTP_CONNECTIONS, SMTP_IN_FLIGHT_PER_CONNECTION } from '../src/modules/campaigns/providers/smtp';
import { startCampaignSink } from './campaign-fakes';
import { waitFor } from './helpers';
import { call, freshDatabase, type ServerProcess, startProcess, stopProcess } from './server-process';

/**
 * kill -9 in the middle of a 20,000-recipient email campaign, then a new process: every recipient
 * gets its message, each with one Message-ID (the recipient's idempotency key), counted by this
 * file's SMTP sink. A message in flight when the process died is sent again with the same
 * Message-ID (at least once to the server; a receiver keeps one). PostgreSQL only.
 */
const server = process.env.TEST_DATABASE_URL;
const RECIPIENTS = 20_000;

describe.skipIf(!server)('campaign send survives kill -9 (needs TEST_DATABASE_URL; skipped without it)', () => {
  let db: pg.Client;
  let sink: Awaited<ReturnType<typeof startCampaignSink>>;
  let env: Record<string, string>;
  let drop = async () => {};
  let last: ServerProcess | undefined;
  const community = `ck${Date.now().toString(36)}`;

  beforeAll(async () => {
    const database = await freshDatabase(server!, 'ck');
    drop = database.drop;
    sink = await startCampaignSink();
    env = { DATABASE_URL: database.url, SMTP_URL: `smtp://127.0.0.1:${sink.port}`, JOB_HEARTBEAT_SECONDS: '10' };
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await stopProcess(last);
    await db?.end();
    await sink?.close();
    await drop();
  }, 60_000);

  it('delivers every message once after the sender is killed mid-send', async () => {
    const a = await startProcess(env);
    last = a;
    const signup = await call(a, 'POST', '/api/v1/auth/signup', {
      body: { community, name: 'Owner', email: `o@${community}.example`, password: 'correct-horse-battery' },
    });
    expect(signup.status, signup.text).toBe(201);
    const as = { token: signup.body.token as string, community };
    const tenantId = signup.body.community.id as string;
    await db.query(
      `insert into marketing_contacts (tenant_id, name, email, email_consent)
       select $1, 'Reader ' || i, 'k' || i || '@kill.example.com', 'opted_in' from generate_series(1, $2) i`,
      [tenantId, RECIPIENTS],
    );
    const [template] = (
      await db.query(
        `insert into marketing_email_templates (tenant_id, name, subject, design, html, text)
         values ($1, 'Kill', 'Hello {{ first_name }}', '{"version":1,"blocks":[]}'::jsonb, '<p>Hi {{ first_name }} <a href="https://shop.example.com/">Shop</a></p>', 'Hi') returning id`,
        [tenantId],
      )
    ).rows;
    const limit = await call(a, 'POST', '/api/v1/campaigns/channel-limits', { ...as, body: { channel: 'email', perSecond: 2000 } });
    expect(limit.status, limit.text).toBe(201);
    const audience = await call(a, 'POST', '/api/v1/marketing/audiences', { ...as, body: { name: 'Everyone', channel: 'email' } });
    expect(audience.status, audience.text).toBe(201);
    const created = await call(a, 'POST', '/api/v1/campaigns/campaigns', {
      ...as,
      body: { name: 'Kill -9', channel: 'email', templateId: template.id, audienceIds: [audience.body.data.id] },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id as string;
    const t0 = Date.now();
    const launched = await call(a, 'POST', `/api/v1/campaigns/campaigns/${id}/launch`, as);
    expect(launched.status, launched.text).toBe(200);

    const ours = () => sink.received.filter((m) => m.campaignId === id);
    await waitFor('a tenth sent', () => (ours().length >= RECIPIENTS / 10 ? true : undefined), 240_000);
    const exited = new Promise((resolve) => a.child.on('exit', resolve));
    a.child.kill('SIGKILL');
    await exited;
    rmSync(a.dataDir, { recursive: true, force: true });
    const atKill = ours().length;
    expect(atKill).toBeLessThan(RECIPIENTS);

    const killedAt = Date.now();
    const b = await startProcess(env);
    last = b;
    const bStarted = Date.now();
    await waitFor(
      'the campaign sent by B',
      async () => ((await db.query('select status from campaigns where id = $1', [id])).rows[0].status === 'sent' ? true : undefined),
      600_000,
    );
    const states = (await db.query('select state, count(*)::int as n from campaign_recipients where campaign_id = $1 group by state', [id]))
      .rows;
    expect(states).toEqual([{ state: 'sent', n: RECIPIENTS }]);
    const byAddress = new Map<string, Set<string>>();
    for (const m of ours()) {
      const ids = byAddress.get(m.to) ?? new Set();
      ids.add(m.messageId);
      byAddress.set(m.to, ids);
    }
    // Every recipient got its message, and only ever one message (one Message-ID each).
    expect(byAddress.size).toBe(RECIPIENTS);
    expect([...byAddress.values()].filter((ids) => ids.size !== 1)).toEqual([]);
    // Sent again to the server: at most what was sent and not yet recorded when the process died. Per
    // sender: the outcomes of a flush not committed yet (a flush's worth and what finished meanwhile)
    // and the messages in flight (or finished since that flush began).
    const inFlight = SMTP_CONNECTIONS * SMTP_IN_FLIGHT_PER_CONNECTION;
    const unrecordedAtMost = SENDERS * (FLUSH_EVERY + 2 * inFlight);
    const again = ours().length - RECIPIENTS;
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `kill -9 after ${atKill} messages (${s(killedAt - t0)} after the launch); B listening after ${s(bStarted - killedAt)}, ` +
        `sent the rest in ${s(Date.now() - bStarted)}; ${again} sent again with their Message-ID (in flight at the kill)`,
    );
    expect(again).toBeLessThanOrEqual(unrecordedAtMost);
    expect(sink.errors).toEqual([]);
  }, 1_000_000);
});
