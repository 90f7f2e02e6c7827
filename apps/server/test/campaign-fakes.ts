import { SMTPServer } from 'smtp-server';
import type { SendClock } from '../src/modules/campaigns/engine/clock';
import type { TestApp, TestCommunity } from './helpers';

/** A message as the campaign sink got it, with the headers tests look at. */
export interface SinkMessage {
  to: string;
  messageId: string;
  listUnsubscribe: string;
  listUnsubscribePost: string;
  campaignId: string;
  subject: string;
  raw: string;
  /** When the sink got it, on the sink's clock (the real one, or a test's fake send clock). */
  at: number;
}

/**
 * A real SMTP server for campaign tests: keeps what it accepts (headers parsed), and refuses by
 * address: `bounce…` with 550 (permanent), `flaky…` with 451 on its first try (transient).
 */
export async function startCampaignSink(options: { now?: () => number } = {}) {
  const now = options.now ?? (() => Date.now());
  const received: SinkMessage[] = [];
  const tries = new Map<string, number>();
  /** Connections opened to it (a pool keeps a few open for many messages). */
  let connections = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onRcptTo(address, _session, callback) {
      const a = address.address;
      const n = (tries.get(a) ?? 0) + 1;
      tries.set(a, n);
      if (a.startsWith('bounce')) return callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
      if (a.startsWith('flaky') && n === 1) return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
        const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          messageId: header('Message-ID'),
          listUnsubscribe: header('List-Unsubscribe'),
          listUnsubscribePost: header('List-Unsubscribe-Post'),
          campaignId: header('X-Campaign-Id'),
          subject: header('Subject'),
          raw,
          at: now(),
        });
        callback();
      });
    },
  });
  // A sender killed mid-conversation (the kill -9 test) resets its connections: expected, and only
  // that. Any other connection error is kept for the test to see (unhandled, it would end the run).
  const errors: Error[] = [];
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ECONNRESET') errors.push(err);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as { port: number }).port,
    received,
    tries,
    errors,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text of a message's HTML part as sent (quoted-printable undone). */
export function htmlOf(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return unfolded;
}

/** `n` contacts opted in to email (`<prefix><i>@<domain>`), written in SQL: ids in order. */
export async function emailContacts(t: TestApp, c: TestCommunity, n: number, prefix = 'reader', domain = 'example.com'): Promise<string[]> {
  const rows = await t.app.db.query<{ id: string }>(
    `insert into marketing_contacts (tenant_id, name, email, email_consent)
     select $1, 'Reader ' || i, $2 || i || '@' || $3, 'opted_in' from generate_series(1, $4) i returning id`,
    [c.tenantId, prefix, domain, n],
  );
  return rows.map((r) => r.id);
}

/** An email template written in SQL (its HTML as a save would leave it: merge tags intact). */
export async function emailTemplate(t: TestApp, c: TestCommunity, subject = 'Hello {{ first_name }}'): Promise<string> {
  const [row] = await t.app.db.query<{ id: string }>(
    `insert into marketing_email_templates (tenant_id, name, subject, design, html, text)
     values ($1, 'Campaign test', $2, '{"version":1,"blocks":[]}'::jsonb,
             '<html><body><p>Hi {{ first_name }}</p><p><a href="https://shop.example.com/sale?x=1&amp;y=2">Sale</a></p><p><a href="{{ unsubscribe_url }}">Unsubscribe</a></p></body></html>',
             'Hi {{ first_name }}. Sale: https://shop.example.com/sale') returning id`,
    [c.tenantId, subject],
  );
  return row.id;
}

/**
 * A fake send clock (engine/clock.ts): a wait moves its time to the awaited instant (never back) and
 * returns at once, so the rate limit is measured in its own time, not the loaded machine's.
 */
export function fakeSendClock(start: number): SendClock & { waits: number } {
  const clock = {
    t: start,
    waits: 0,
    now: () => clock.t,
    waitUntil: async (at: number) => {
      clock.waits++;
      clock.t = Math.max(clock.t, at);
    },
    drivesLimiter: true,
  };
  return clock;
}
