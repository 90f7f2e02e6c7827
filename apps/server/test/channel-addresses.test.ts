import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketingChannelSettings } from '../src/modules/marketing/tables/channels';
import { startTestApp, type TestApp, type TestCommunity } from './helpers';
import { startSmtp } from './smtp';

// Issue 22, findings 1 and 3: a community's SMTP server is held to the outbound policy like every
// other address it configures (at save and at each connection, mail ports only, one error that
// tells nothing about the target), and a stored secret does not follow a changed address.

type Json = Record<string, any>;

const listen = (server: Server | TcpServer) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
const closeServer = (server: Server | TcpServer) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('channel addresses', () => {
  let t: TestApp;
  let c: TestCommunity;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  /** A second mail server the installation does not allow: nothing may ever reach it. */
  let unlisted: Awaited<ReturnType<typeof startSmtp>>;
  /** An HTTP gateway recording the keys it is sent. */
  let gateway: Server;
  let gatewayPort: number;
  const keysSeen: string[] = [];
  /** A port that answers something other than SMTP, and a port nobody listens on. */
  let notSmtp: TcpServer;
  let notSmtpPort: number;
  let closedPort: number;

  const api = async (method: string, path: string, payload?: unknown) => {
    const res = await t.request({ method: method as 'GET', url: `/api/v1/${path}`, payload: payload as object, as: c });
    return { status: res.statusCode, body: res.json() as Json, raw: res.body };
  };
  const sendEmail = async (to: string) => {
    const sent = await api('POST', 'marketing/cc-messages/send', { channel: 'email', to, subject: 'Hello', body: 'Hi there' });
    expect(sent.status, sent.raw).toBeLessThan(300);
    return (await api('GET', `marketing/cc-messages/${sent.body.data.id}`)).body.data as Json;
  };
  const smtpSettings = (host: string, port: number, secrets: Json = {}) =>
    api('PATCH', 'marketing/channel-settings/email', {
      provider: 'smtp',
      config: { host, port, identities: [{ name: 'Atrium', address: 'hello@example.com' }] },
      secrets,
    });

  beforeAll(async () => {
    smtp = await startSmtp();
    unlisted = await startSmtp();
    gateway = createHttpServer((req, res) => {
      keysSeen.push(String(req.headers.authorization ?? ''));
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `sms_${keysSeen.length}` }));
    });
    gatewayPort = await listen(gateway);
    notSmtp = createTcpServer((socket) => socket.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n'));
    notSmtpPort = await listen(notSmtp);
    const probe = createTcpServer();
    closedPort = await listen(probe);
    await closeServer(probe);
    // The installation allows its test servers by host and port (OUTBOUND_ALLOW_HOSTS), the unlisted one not.
    const allowHosts = [smtp.port, gatewayPort, notSmtpPort, closedPort].map((p) => `127.0.0.1:${p}`);
    t = await startTestApp({ outbound: { allowHosts: [...allowHosts, 'localhost'], allowHttp: false } });
    c = await t.signup();
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([smtp.close(), unlisted.close(), closeServer(gateway), closeServer(notSmtp)]);
  });

  it('refuses an SMTP server at an internal address or on a port that is not a mail port, naming the field', async () => {
    const refused: [string, number, string][] = [
      ['127.0.0.1', 25, 'config.host'],
      ['127.0.0.2', 587, 'config.host'],
      ['10.1.2.3', 587, 'config.host'],
      ['192.168.0.10', 465, 'config.host'],
      ['169.254.169.254', 25, 'config.host'],
      ['0.0.0.0', 25, 'config.host'],
      ['2130706433', 587, 'config.host'], // 127.0.0.1 written as a number: resolved, then refused
      ['mail.localhost', 587, 'config.host'],
      ['203.0.114.10', 22, 'config.port'], // a public address, but an SSH port
      ['203.0.114.10', 6379, 'config.port'],
      ['127.0.0.1', unlisted.port, 'config.host'], // a loopback port the installation does not allow
    ];
    for (const [host, port, field] of refused) {
      const res = await smtpSettings(host, port, { password: 'a-password-1234' });
      expect(res.status, `${host}:${port} ${res.raw}`).toBe(400);
      expect(Object.keys(res.body.error.fields), `${host}:${port}`).toEqual([field]);
    }
    // A name is refused without naming the address it resolves to (that would map the installation's network).
    const named = await smtpSettings('2130706433', 587);
    expect(named.body.error.fields['config.host']).toBe(
      '2130706433 resolves to a loopback address: the server calls only public addresses',
    );
    expect((await api('GET', 'marketing/channel-settings/email')).body.data.configured).toBe(false);
    // A public address on a mail port, and an allowed host on any port, are saved.
    expect((await smtpSettings('203.0.114.10', 2525)).status).toBe(200);
    expect((await smtpSettings('localhost', 10025)).status).toBe(200);
  });

  it('checks the address again when it connects: a stored internal address is never reached', async () => {
    expect((await smtpSettings('127.0.0.1', smtp.port)).status).toBe(200);
    expect(await sendEmail('one@example.com')).toMatchObject({ status: 'sent', error: null });
    await smtp.until(1);
    // Written past the save's check (as if the name resolved elsewhere now): the send refuses it.
    await t.app.db.withTenant(c.tenantId, (tx) =>
      tx
        .update(marketingChannelSettings)
        .set({ config: { host: '127.0.0.1', port: unlisted.port, secure: false, username: '', identities: [] } })
        .where(and(eq(marketingChannelSettings.tenantId, c.tenantId), eq(marketingChannelSettings.channel, 'email'))),
    );
    const refused = await sendEmail('two@example.com');
    expect(refused).toMatchObject({ status: 'failed', error: expect.stringContaining('loopback') });
    expect(unlisted.received).toEqual([]);
  });

  it('answers one sentence for a closed port and a port that does not speak SMTP', async () => {
    const errors: string[] = [];
    for (const port of [closedPort, notSmtpPort]) {
      expect((await smtpSettings('127.0.0.1', port)).status).toBe(200);
      const failed = await sendEmail('three@example.com');
      expect(failed.status).toBe('failed');
      errors.push(String(failed.error));
    }
    expect(errors[0]).toContain('could not be reached');
    expect(errors[1]).toBe(errors[0]);
    for (const detail of ['ECONNREFUSED', 'greeting', 'HTTP', String(closedPort), String(notSmtpPort)]) {
      expect(errors.join(' ')).not.toContain(detail);
    }
  });

  it('drops a stored secret when the address it is sent to changes, unless it is entered again', async () => {
    const gatewayUrl = `http://127.0.0.1:${gatewayPort}/sms`;
    const saved = await api('PATCH', 'marketing/channel-settings/sms', {
      provider: 'http',
      config: { baseUrl: gatewayUrl, senderId: 'ATRIUM' },
      secrets: { apiKey: 'the-real-gateway-key-0001' },
    });
    expect(saved.status, saved.raw).toBe(200);
    // Another address, no key: refused naming the key; the stored settings are unchanged.
    const moved = await api('PATCH', 'marketing/channel-settings/sms', {
      config: { baseUrl: `http://127.0.0.1:${gatewayPort}/elsewhere`, senderId: 'ATRIUM' },
    });
    expect(moved.status, moved.raw).toBe(400);
    expect(Object.keys(moved.body.error.fields)).toEqual(['secrets.apiKey']);
    expect(moved.body.error.fields['secrets.apiKey']).toContain('config.baseUrl');
    expect((await api('GET', 'marketing/channel-settings/sms')).body.data.config.baseUrl).toBe(gatewayUrl);
    // The same address with another sender id keeps the key; a new address with the key entered again is saved.
    expect((await api('PATCH', 'marketing/channel-settings/sms', { config: { baseUrl: gatewayUrl, senderId: 'ATRMBP' } })).status).toBe(
      200,
    );
    const reentered = await api('PATCH', 'marketing/channel-settings/sms', {
      config: { baseUrl: `http://127.0.0.1:${gatewayPort}/v2`, senderId: 'ATRMBP' },
      secrets: { apiKey: 'a-new-gateway-key-0002' },
    });
    expect(reentered.status, reentered.raw).toBe(200);
    const sms = await api('POST', 'marketing/cc-messages/send', { channel: 'sms', to: '+919845000123', body: 'Hi' });
    expect(sms.status, sms.raw).toBeLessThan(300);
    expect(keysSeen).toEqual(['Bearer a-new-gateway-key-0002']);

    // SMTP: a new host or port needs the password again, or clearing it; the DKIM key stays (it never leaves).
    const dkim = '-----BEGIN PRIVATE KEY-----dkim-key-material-01-----END PRIVATE KEY-----';
    expect((await smtpSettings('127.0.0.1', smtp.port, { password: 'smtp-password-9876', dkimPrivateKey: dkim })).status).toBe(200);
    const otherPort = await smtpSettings('127.0.0.1', notSmtpPort);
    expect(otherPort.status).toBe(400);
    expect(Object.keys(otherPort.body.error.fields)).toEqual(['secrets.password']);
    const otherHost = await smtpSettings('localhost', smtp.port);
    expect(Object.keys(otherHost.body.error.fields)).toEqual(['secrets.password']);
    const cleared = await smtpSettings('localhost', smtp.port, { password: '' });
    expect(cleared.status, cleared.raw).toBe(200);
    expect(Object.keys(cleared.body.data.secrets)).toEqual(['dkimPrivateKey']);
  });
});
