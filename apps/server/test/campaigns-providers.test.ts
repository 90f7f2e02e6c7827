import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { createOutbound, type Outbound } from '../src/kernel/messaging/outbound';
import { httpSms, webPush, whatsappCloud } from '../src/modules/campaigns/providers/channels';
import { openSmtp, SMTP_CONNECTIONS } from '../src/modules/campaigns/providers/smtp';
import type { OutgoingMessage, SendFailure } from '../src/modules/campaigns/providers/types';
import { signature, trackHtml, trackingLinks, verify } from '../src/modules/campaigns/tracking/links';
import { htmlOf, startCampaignSink } from './campaign-fakes';
import { apiOf, appWith, dataOf } from './helpers';

type Json = Record<string, any>;

/** A local fake of the HTTP providers: answers by the recipient (`to`) what a real one may answer. */
async function startFake() {
  const calls: { path: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      calls.push({ path: req.url ?? '', headers: req.headers, body });
      const to = req.url?.startsWith('/push/') ? req.url.slice(6) : (JSON.parse(body || '{}') as Json).to;
      const answer = (status: number, json: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(json));
      };
      if (to === '+15550000500' || to === '15550000500') return answer(503, { error: { message: 'Upstream down' } });
      if (to === '+15550000429' || to === '15550000429') return answer(429, { error: { message: 'Slow down' } }, { 'retry-after': '7' });
      if (to === '+15550000400' || to === '15550000400') return answer(400, { error: { message: 'Invalid number' } });
      if (to === '+15550000999') return; // never answers: a timeout
      if (to === 'gone') return answer(410, { message: 'Subscription expired' });
      if (req.url?.startsWith('/push/')) return answer(201, {});
      if (req.url?.includes('/messages') && req.url.startsWith('/v21.0/'))
        return answer(200, { messages: [{ id: `wamid.${calls.length}` }] });
      answer(200, { id: `sms-${calls.length}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, calls, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const failure = (p: Promise<unknown>) => p.then(() => null).catch((e) => e as SendFailure);

describe('campaign providers against local fakes', () => {
  let fake: Awaited<ReturnType<typeof startFake>>;
  let outbound: Outbound;
  beforeAll(async () => {
    fake = await startFake();
    outbound = createOutbound({ allowHosts: ['127.0.0.1'], allowHttp: true });
  });
  afterAll(async () => {
    outbound?.close();
    await fake?.close();
  });

  it('SMS: sends with the idempotency key and classifies errors, rate limits and timeouts', async () => {
    const sms = httpSms(outbound, { baseUrl: `${fake.url}/sms`, apiKey: 'key-1', senderId: 'ATRIUM', callbackUrl: 'https://x.example/cb' });
    const sent = await sms.send({ key: 'r-1', to: '+15550000001', text: 'Hello', dltTemplateId: '1107' });
    expect(sent.providerMessageId).toMatch(/^sms-\d+$/);
    const call = fake.calls.at(-1)!;
    expect(call.headers.authorization).toBe('Bearer key-1');
    expect(call.headers['idempotency-key']).toBe('r-1');
    expect(JSON.parse(call.body)).toMatchObject({
      from: 'ATRIUM',
      to: '+15550000001',
      text: 'Hello',
      templateId: '1107',
      reference: 'r-1',
    });
    expect(await failure(sms.send({ key: 'r-2', to: '+15550000500', text: 'x' }))).toMatchObject({ kind: 'transient' });
    expect(await failure(sms.send({ key: 'r-3', to: '+15550000429', text: 'x' }))).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 7000,
    });
    const refused = await failure(sms.send({ key: 'r-4', to: '+15550000400', text: 'x' }));
    expect(refused).toMatchObject({ kind: 'permanent' });
    expect(refused!.message).toMatch(/Invalid number/);
    const slow = httpSms(outbound, { baseUrl: `${fake.url}/sms`, apiKey: 'k', senderId: 'A' });
    const started = Date.now();
    // The provider's own timeout is 10 s; the outbound call is cut there and counted transient.
    expect(await failure(slow.send({ key: 'r-5', to: '+15550000999', text: 'x' }))).toMatchObject({ kind: 'transient' });
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);

  it('WhatsApp Cloud API: a template message with its values; errors classified', async () => {
    const wa = whatsappCloud(outbound, { graphUrl: `${fake.url}/v21.0`, phoneNumberId: '1234567', accessToken: 'wa-token' });
    const sent = await wa.send({
      key: 'w-1',
      to: '+15550000002',
      payload: { name: 'order_update', language: 'en', values: ['Asha', '42'] },
    });
    expect(sent.providerMessageId).toMatch(/^wamid\./);
    const call = fake.calls.at(-1)!;
    expect(call.path).toBe('/v21.0/1234567/messages');
    expect(JSON.parse(call.body)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '15550000002',
      type: 'template',
      template: {
        name: 'order_update',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Asha' },
              { type: 'text', text: '42' },
            ],
          },
        ],
      },
      biz_opaque_callback_data: 'w-1',
    });
    expect(await failure(wa.send({ key: 'w-2', to: '+15550000429', payload: { name: 'x', language: 'en', values: [] } }))).toMatchObject({
      kind: 'rate_limited',
    });
  });

  it('Web Push: an encrypted request with VAPID headers; an expired subscription is gone', async () => {
    const keys = webpush.generateVAPIDKeys();
    const browser = webpush.generateVAPIDKeys(); // a P-256 key pair stands in for the browser's
    const p256dh = browser.publicKey;
    const auth = Buffer.alloc(16, 7).toString('base64url');
    const push = webPush(outbound, {
      subject: 'mailto:ops@example.com',
      publicKey: keys.publicKey,
      privateKey: keys.privateKey,
      load: async (ids) => ids.map((id) => ({ id, endpoint: `${fake.url}/push/${id === 'sub-gone' ? 'gone' : id}`, p256dh, auth })),
    });
    await push.prepare!(['sub-1', 'sub-gone']);
    await push.send({ key: 'p-1', to: 'sub-1', payload: { title: 'Hi', body: 'There' } });
    const call = fake.calls.at(-1)!;
    expect(call.headers['content-encoding']).toBe('aes128gcm');
    expect(String(call.headers.authorization)).toMatch(/^vapid t=.+, k=/);
    expect(call.body).not.toContain('There');
    expect(await failure(push.send({ key: 'p-2', to: 'sub-gone', payload: {} }))).toMatchObject({ kind: 'gone' });
    expect(await failure(push.send({ key: 'p-3', to: 'unknown', payload: {} }))).toMatchObject({ kind: 'gone' });
  });

  it('tracking links: signed per recipient and target; altered ones do not verify', () => {
    const links = trackingLinks('secret-1', 'https://atrium.example.com', 'acme', '3f1c2e4d-0000-4000-8000-000000000001');
    const html = trackHtml('<html><body><a href="https://shop.example.com/a?x=1&amp;y=2">A</a></body></html>', links);
    expect(html).toContain(
      '/public/acme/campaigns/t/c/3f1c2e4d-0000-4000-8000-000000000001?u=https%3A%2F%2Fshop.example.com%2Fa%3Fx%3D1%26y%3D2',
    );
    expect(html).toMatch(/<img src="https:\/\/atrium\.example\.com\/public\/acme\/campaigns\/t\/o\/.+\.gif\?s=/);
    const s = signature('secret-1', 'c', 'acme', 'r1', 'https://a.example/');
    expect(verify('secret-1', 'c', 'acme', 'r1', s, 'https://a.example/')).toBe(true);
    expect(verify('secret-1', 'c', 'acme', 'r1', s, 'https://b.example/')).toBe(false);
    expect(verify('secret-1', 'c', 'other', 'r1', s, 'https://a.example/')).toBe(false);
    expect(verify('secret-2', 'c', 'acme', 'r1', s, 'https://a.example/')).toBe(false);
    expect(verify('secret-1', 'o', 'acme', 'r1', s, 'https://a.example/')).toBe(false);
  });
});

/** RFC 2047 encoded words (UTF-8, Q or B) back to text. */
const decodeWords = (value: string) =>
  value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );

describe('campaign email over SMTP (a local server)', () => {
  let sink: Awaited<ReturnType<typeof startCampaignSink>>;
  beforeAll(async () => {
    sink = await startCampaignSink();
  });
  afterAll(() => sink?.close());

  const message = (key: string, to: string): OutgoingMessage => ({
    key,
    to,
    subject: 'Grüße, Ana — 20% off',
    text: 'Hi Ana,\nthe sale is on.',
    html: `<html><body><p>Hi Ana, ${'the sale is on. '.repeat(8)}</p><a href="https://shop.example.com/sale?a=1&amp;b=2">Sale</a> é</body></html>`,
    fromName: 'Shop "Deals"',
    fromEmail: 'news@shop.example.com',
    headers: {
      'List-Unsubscribe': '<https://atrium.example.com/public/acme/campaigns/t/u/r1?s=abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'X-Campaign-Id': 'c-1',
    },
  });

  it("a pool: many messages over a few connections, each with its recipient's Message-ID and the campaign headers", async () => {
    const smtp = await openSmtp({
      url: `smtp://127.0.0.1:${sink.port}`,
      from: { name: 'Acme', address: 'hello@acme.example' },
      messageIdDomain: 'atrium.test',
    });
    const before = sink.connections();
    const count = 120;
    try {
      await Promise.all(Array.from({ length: count }, (_, i) => smtp.send(message(`key-${i}`, `reader${i}@example.com`))));
    } finally {
      await smtp.close();
    }
    const got = sink.received.filter((m) => m.to.startsWith('reader'));
    expect(got).toHaveLength(count);
    // Before the fix, nodemailer was given the pool as the messages' defaults: one connection per message.
    const opened = sink.connections() - before;
    expect(opened).toBeGreaterThan(1);
    expect(opened).toBeLessThanOrEqual(SMTP_CONNECTIONS);
    const first = got.find((m) => m.to === 'reader7@example.com')!;
    expect(first.messageId).toBe('<key-7@atrium.test>');
    expect(first.listUnsubscribe).toBe('<https://atrium.example.com/public/acme/campaigns/t/u/r1?s=abc>');
    expect(first.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    expect(first.campaignId).toBe('c-1');
    expect(decodeWords(first.subject)).toBe('Grüße, Ana — 20% off');
    expect(first.raw).toMatch(/^From: "Shop \\"Deals\\"" <news@shop\.example\.com>\r$/m);
    expect(first.raw).toMatch(/^To: reader7@example\.com\r$/m);
    expect(first.raw).toMatch(/^Content-Type: multipart\/alternative; boundary="/m);
    // The body's lines within 76 characters: the HTML part quoted-printable (long lines, an é), the text part 7bit.
    const body = first.raw.slice(first.raw.indexOf('\r\n\r\n'));
    expect(Math.max(...body.split('\r\n').map((l) => l.length))).toBeLessThanOrEqual(76);
    const html = htmlOf(first.raw.slice(first.raw.indexOf('Content-Type: text/html')));
    expect(html).toContain('<a href="https://shop.example.com/sale?a=1&amp;b=2">Sale</a>');
    expect(Buffer.from(html, 'latin1').toString('utf8')).toContain('</a> é</body>');
    expect(first.raw).toContain(
      'Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 7bit\r\n\r\nHi Ana,\r\nthe sale is on.',
    );
  });

  it("an internationalised address goes through nodemailer's composer (SMTPUTF8); refusals are classified", async () => {
    const smtp = await openSmtp({
      url: `smtp://127.0.0.1:${sink.port}`,
      from: { name: 'Acme', address: 'hello@acme.example' },
      messageIdDomain: 'atrium.test',
    });
    try {
      await smtp.send(message('key-idn', 'leser@bücher.example'));
      const idn = sink.received.find((m) => m.messageId === '<key-idn@atrium.test>');
      expect(idn?.to).toBe('leser@bücher.example');
      expect(decodeWords(idn?.subject ?? '')).toBe('Grüße, Ana — 20% off');
      expect((await failure(smtp.send(message('key-b', 'bounce1@example.com'))))?.kind).toBe('permanent');
      expect((await failure(smtp.send(message('key-f', 'flaky1@example.com'))))?.kind).toBe('transient');
      await smtp.send(message('key-f', 'flaky1@example.com'));
      expect(sink.received.filter((m) => m.messageId === '<key-f@atrium.test>')).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });
});

describe('campaign webhooks: delivery reports are taken only when signed', async () => {
  const [t, a] = await appWith(1, { outbound: { allowHosts: ['127.0.0.1'], allowHttp: true } });
  const v1 = apiOf(t, a);

  it("web push: a browser registers on the community's public endpoint, gets its service worker, and reports a shown and a clicked notification, signed", async () => {
    const subscription = {
      endpoint: 'https://push.example.com/send/browser-1',
      keys: { p256dh: 'BOr8mPZx3d0-p256dh-key-of-the-browser', auth: 'auth-secret-1' },
    };
    const subscribe = (body: Json) => t.request({ method: 'POST', url: `/public/${a.name}/campaigns/push/subscribe`, payload: body });
    const first = await subscribe({ subscription });
    expect(first.statusCode).toBe(201);
    // The same browser again (its keys renewed): the same subscription, not a second one.
    const again = await subscribe({ subscription: { ...subscription, keys: { ...subscription.keys, auth: 'auth-secret-2' } } });
    expect(again.json().data.id).toBe(first.json().data.id);
    expect((await subscribe({ subscription: { ...subscription, endpoint: 'http://push.example.com/plain' } })).statusCode).toBe(400);
    const registered = dataOf(await v1('GET', 'campaigns/push-subscriptions'));
    expect(registered.filter((r: Json) => r.endpoint === subscription.endpoint)).toHaveLength(1);

    const sw = await t.request({ method: 'GET', url: `/public/${a.name}/campaigns/push/sw.js` });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(sw.body).toContain(`/public/${a.name}/campaigns/push/report`);
    expect(sw.body).toMatch(/addEventListener\(['"]push['"]/);

    // A push campaign's message to that browser, then the service worker's reports with the payload's signature.
    const campaign = dataOf(await v1('POST', 'campaigns/campaigns', { name: 'Push reports', channel: 'push' }), 201);
    const [recipient] = await t.app.db.query<{ id: string }>(
      `insert into campaign_recipients (tenant_id, campaign_id, address, state, sent_at) values ($1, $2, $3, 'sent', now()) returning id`,
      [a.tenantId, campaign.id, first.json().data.id],
    );
    const report = (kind: string, s: string) =>
      t.request({ method: 'POST', url: `/public/${a.name}/campaigns/push/report`, payload: { recipientId: recipient.id, s, kind } });
    const s = signature(t.app.config.jwtSecret, 'o', a.name, recipient.id);
    expect(
      (
        await report(
          'delivered',
          s.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
        )
      ).statusCode,
    ).toBe(403);
    expect((await report('delivered', s)).statusCode).toBe(200);
    expect((await report('click', s)).statusCode).toBe(200);
    const [row] = await t.app.db.query<{ delivered: boolean; clicked: boolean }>(
      'select delivered_at is not null as delivered, clicked_at is not null as clicked from campaign_recipients where id = $1',
      [recipient.id],
    );
    expect(row).toEqual({ delivered: true, clicked: true });
    const counts = dataOf(await v1('GET', `campaigns/campaigns/${campaign.id}/report`)).counts;
    expect(counts).toMatchObject({ delivered: 1, clicked: 1 });
  });

  it('SMS delivery reports (X-Signature under the API key) and WhatsApp statuses (X-Hub-Signature-256 under the app secret)', async () => {
    dataOf(
      await v1('PATCH', 'marketing/channel-settings/sms', {
        provider: 'http',
        config: { baseUrl: 'http://127.0.0.1:9/sms', senderId: 'ATRIUM' },
        secrets: { apiKey: 'sms-api-key-123456' },
      }),
    );
    dataOf(
      await v1('PATCH', 'marketing/channel-settings/whatsapp', {
        provider: 'cloud_api',
        config: { phoneNumberId: '1234567', businessAccountId: '7654321', graphUrl: 'http://127.0.0.1:9/v21.0' },
        secrets: { accessToken: 'wa-token-123456', webhookVerifyToken: 'verify-123', appSecret: 'app-secret-123456' },
      }),
    );
    const campaign = dataOf(await v1('POST', 'campaigns/campaigns', { name: 'Reports', channel: 'sms' }), 201);
    await t.app.db.query(
      `insert into campaign_recipients (tenant_id, campaign_id, address, state, provider_message_id, sent_at)
       values ($1, $2, '+15550000001', 'sent', 'sms-77', now()), ($1, $2, '+15550000002', 'sent', 'wamid.9', now())`,
      [a.tenantId, campaign.id],
    );
    const post = (url: string, body: Json, headers: Record<string, string>) =>
      t.request({ method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
    const sms = { id: 'sms-77', status: 'DELIVERED' };
    const signed = (key: string, body: Json) => `sha256=${createHmac('sha256', key).update(JSON.stringify(body)).digest('hex')}`;
    expect((await post(`/public/${a.name}/campaigns/sms/reports`, sms, { 'x-signature': signed('wrong-key', sms) })).statusCode).toBe(403);
    expect(
      (await post(`/public/${a.name}/campaigns/sms/reports`, sms, { 'x-signature': signed('sms-api-key-123456', sms) })).statusCode,
    ).toBe(200);
    const wa = { entry: [{ changes: [{ field: 'messages', value: { statuses: [{ id: 'wamid.9', status: 'read' }] } }] }] };
    expect((await post(`/public/${a.name}/campaigns/whatsapp/webhook`, wa, { 'x-hub-signature-256': signed('nope', wa) })).statusCode).toBe(
      403,
    );
    expect(
      (await post(`/public/${a.name}/campaigns/whatsapp/webhook`, wa, { 'x-hub-signature-256': signed('app-secret-123456', wa) }))
        .statusCode,
    ).toBe(200);
    const report = dataOf(await v1('GET', `campaigns/campaigns/${campaign.id}/report`));
    expect(report.counts).toMatchObject({ sent: 2, delivered: 2, read: 1 });
    const verifyCall = await t.request({
      method: 'GET',
      url: `/public/${a.name}/campaigns/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=verify-123&hub.challenge=abc123`,
    });
    expect(verifyCall.body).toBe('abc123');
  });
});
