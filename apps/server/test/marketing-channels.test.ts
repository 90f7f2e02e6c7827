import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbound, type Outbound } from '../src/kernel/messaging/outbound';
import { createHttpSmsClient } from '../src/modules/marketing/channels/providers/http-sms';
import { ProviderError } from '../src/modules/marketing/channels/providers/types';
import {
  createWhatsappCloudClient,
  fetchHeaderMedia,
  type WhatsappCloudOptions,
} from '../src/modules/marketing/channels/providers/whatsapp-cloud';
import { countSms } from '../src/modules/marketing/channels/sms-counter';
import { syncPendingWhatsappTemplates } from '../src/modules/marketing/channels/whatsapp-sync';
import { hubSignature } from '../src/modules/marketing/channels/whatsapp-webhook';
import { marketingChannelSettings, marketingWhatsappTemplates } from '../src/modules/marketing/tables/channels';
import { marketingSuppressions } from '../src/modules/marketing/tables/contacts';
import { marketingVariables } from '../src/modules/marketing/tables/variables';
import { startTestApp, type TestApp, type TestCommunity } from './helpers';

type Json = Record<string, any>;

// ---- a fake SMS gateway and a fake WhatsApp Cloud API on one local server ----------------------

interface Fake {
  url: string;
  /** host:port of the fake, as the installation allows it (OUTBOUND_ALLOW_HOSTS). */
  host: string;
  /** Requests as received: method, path, authorization, parsed body (raw bytes for an upload). */
  requests: { method: string; path: string; auth: string; body: Json | null; headers: IncomingMessage['headers']; bytes: Buffer }[];
  /** Answer of the next SMS send: `ok`, a refusal, or never (a timeout). */
  smsMode: 'ok' | 'refuse' | 'hang';
  /** Template statuses Meta would report, by id. */
  templates: Map<string, { status: string; rejected_reason?: string }>;
  close(): Promise<void>;
}

/** A 1×1 PNG: the header image the fake serves. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function bytesOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function startFake(): Promise<Fake> {
  const state = {
    requests: [] as Fake['requests'],
    smsMode: 'ok' as Fake['smsMode'],
    templates: new Map<string, { status: string; rejected_reason?: string }>(),
  };
  const hanging: ServerResponse[] = [];
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  let next = 0;
  const server: Server = createServer(async (req, res) => {
    const bytes = await bytesOf(req);
    const isJson = String(req.headers['content-type'] ?? '').startsWith('application/json');
    const body = isJson && bytes.length > 0 ? (JSON.parse(bytes.toString('utf8')) as Json) : null;
    const path = req.url ?? '';
    state.requests.push({
      method: req.method ?? '',
      path,
      auth: String(req.headers.authorization ?? ''),
      body,
      headers: req.headers,
      bytes,
    });
    // Files a template's media header may name.
    if (path === '/media/header.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (path === '/media/moved.png') return void res.writeHead(302, { location: 'http://169.254.169.254/latest' }).end();
    if (path === '/sms/messages') {
      if (req.headers.authorization !== 'Bearer sms-key-0001') return json(res, 401, { error: { message: 'Invalid API key' } });
      if (state.smsMode === 'hang') return void hanging.push(res);
      if (state.smsMode === 'refuse') return json(res, 400, { error: { message: 'Sender id not approved' } });
      return json(res, 200, { id: `sms_${++next}` });
    }
    // The Resumable Upload API's second step takes the token as `OAuth <token>` and the offset as a header.
    const upload = /^\/graph\/(upload:[A-Za-z0-9]+\?sig=[A-Za-z0-9]+)$/.exec(path);
    if (upload && req.method === 'POST') {
      if (req.headers.authorization !== 'OAuth EAAG-wa-token-0001')
        return json(res, 401, { error: { message: 'Invalid OAuth access token' } });
      if (req.headers.file_offset !== '0') return json(res, 400, { error: { message: 'file_offset header missing' } });
      return json(res, 200, { h: `4::aW1hZ2UvcG5n:${bytes.length}:e:${upload[1]!.slice(7, 15)}` });
    }
    if (req.headers.authorization !== 'Bearer EAAG-wa-token-0001')
      return json(res, 401, { error: { message: 'Invalid OAuth access token', code: 190 } });
    const session = /^\/graph\/(\d+)\/uploads\?(.*)$/.exec(path);
    if (session && req.method === 'POST') {
      const q = new URLSearchParams(session[2]);
      if (!q.get('file_length') || !q.get('file_type')) return json(res, 400, { error: { message: 'file_length and file_type required' } });
      return json(res, 200, { id: `upload:U${++next}sess?sig=S${next}` });
    }
    const m = /^\/graph\/(\d+)\/message_templates$/.exec(path);
    if (m && req.method === 'POST') {
      if (String(body?.name).startsWith('bad_'))
        return json(res, 400, { error: { message: 'Invalid parameter', error_user_msg: 'Template name already exists' } });
      const id = String(900000 + ++next);
      state.templates.set(id, { status: 'PENDING' });
      return json(res, 200, { id, status: 'PENDING', category: body?.category });
    }
    const one = /^\/graph\/(\d+)\?fields=/.exec(path);
    if (one && req.method === 'GET') {
      const t = state.templates.get(one[1]);
      return t ? json(res, 200, { id: one[1], ...t }) : json(res, 404, { error: { message: 'Unsupported get request' } });
    }
    const send = /^\/graph\/(\d+)\/messages$/.exec(path);
    if (send && req.method === 'POST') return json(res, 200, { messaging_product: 'whatsapp', messages: [{ id: `wamid.${++next}` }] });
    return json(res, 404, { error: { message: 'Unknown path' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake = Object.assign(state, {
    url: `http://${host}`,
    host,
    close: async () => {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
  return fake as Fake;
}

// ---- the counter ---------------------------------------------------------------------------------

describe('SMS counter (GSM-7 and UCS-2)', () => {
  it('counts GSM-7 up to 160 in one segment and 161 in two of 153', () => {
    expect(countSms('')).toMatchObject({ encoding: 'gsm7', characters: 0, segments: 0 });
    expect(countSms('a'.repeat(160))).toMatchObject({ encoding: 'gsm7', units: 160, segments: 1, perSegment: 160, remaining: 0 });
    expect(countSms('a'.repeat(161))).toMatchObject({ encoding: 'gsm7', units: 161, segments: 2, perSegment: 153, remaining: 145 });
    expect(countSms('a'.repeat(306))).toMatchObject({ segments: 2, remaining: 0 });
    expect(countSms('a'.repeat(307))).toMatchObject({ segments: 3 });
    expect(countSms('Café à £5, Ñoño ¿Qué?').encoding).toBe('gsm7');
  });

  it('counts the extension table (€ [ ] { } ~ ^ | \\) as two septets, never split across segments', () => {
    expect(countSms('€')).toMatchObject({ encoding: 'gsm7', characters: 1, units: 2 });
    expect(countSms('a'.repeat(158) + '€')).toMatchObject({ units: 160, segments: 1 });
    expect(countSms('a'.repeat(159) + '€')).toMatchObject({ units: 161, segments: 2 });
    // 152 + an escape pair does not fit a 153-septet part: the pair moves to the next part.
    const split = countSms('a'.repeat(152) + '{' + 'a'.repeat(8));
    expect(split).toMatchObject({ units: 162, segments: 2, remaining: 153 - 10 });
  });

  it('switches to UCS-2 for any other character: 70 in one segment, 71 in two of 67; an emoji takes two units', () => {
    expect(countSms('नमस्ते')).toMatchObject({ encoding: 'ucs2', segments: 1, perSegment: 70 });
    expect(countSms('ж'.repeat(70))).toMatchObject({ encoding: 'ucs2', units: 70, segments: 1, remaining: 0 });
    expect(countSms('ж'.repeat(71))).toMatchObject({ encoding: 'ucs2', units: 71, segments: 2, perSegment: 67 });
    const emoji = countSms('Sale 🎉');
    expect(emoji).toMatchObject({ encoding: 'ucs2', characters: 6, units: 7, nonGsm: ['🎉'] });
    expect(countSms('a'.repeat(69) + '🎉')).toMatchObject({ units: 71, segments: 2 });
    // A surrogate pair is never split: 66 + 🎉 (2) does not fit 67, so it opens the next part.
    expect(countSms('a'.repeat(66) + '🎉' + 'a'.repeat(10))).toMatchObject({ units: 78, segments: 2, remaining: 67 - 12 });
  });
});

// ---- provider clients against the fake ------------------------------------------------------------

describe('provider clients', () => {
  let fake: Fake;
  /** The installation allows the fake (a local server over http), as OUTBOUND_ALLOW_HOSTS would. */
  let outbound: Outbound;
  beforeAll(async () => {
    fake = await startFake();
    outbound = createOutbound({ allowHosts: [fake.host], allowHttp: false });
  });
  afterAll(async () => {
    outbound.close();
    await fake.close();
  });

  /** A WhatsApp Cloud API client of the fake's Graph address: its valid token and numbers unless `options` names others. */
  const cloudClient = (options: Partial<WhatsappCloudOptions> = {}) =>
    createWhatsappCloudClient({
      graphUrl: `${fake.url}/graph`,
      accessToken: 'EAAG-wa-token-0001',
      phoneNumberId: '1234567',
      businessAccountId: '7654321',
      outbound,
      ...options,
    });

  it('sends an SMS with the documented JSON POST and returns the gateway id', async () => {
    fake.smsMode = 'ok';
    const client = createHttpSmsClient({ baseUrl: `${fake.url}/sms/`, apiKey: 'sms-key-0001', username: 'atrium', outbound });
    const result = await client.send({ to: '+919845012345', text: 'Hello', from: 'ATRIUM', templateId: '1107' });
    expect(result).toMatchObject({ status: 'sent', provider: 'http', providerMessageId: expect.stringMatching(/^sms_\d+$/) });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/sms/messages',
      body: { from: 'ATRIUM', to: '+919845012345', text: 'Hello', templateId: '1107' },
    });
  });

  it('turns a refusal, bad credentials and a timeout into ProviderErrors (422, never 5xx)', async () => {
    fake.smsMode = 'refuse';
    const client = createHttpSmsClient({ baseUrl: `${fake.url}/sms`, apiKey: 'sms-key-0001', timeoutMs: 300, outbound });
    const refused = await client.send({ to: '+919845012345', text: 'x', from: 'ATRIUM' }).catch((e) => e);
    expect(refused).toBeInstanceOf(ProviderError);
    expect(refused).toMatchObject({ status: 422, code: 'provider_refused', message: expect.stringContaining('Sender id not approved') });
    const badKey = await createHttpSmsClient({ baseUrl: `${fake.url}/sms`, apiKey: 'wrong', outbound })
      .send({ to: '+919845012345', text: 'x', from: 'A' })
      .catch((e) => e);
    expect(badKey).toMatchObject({ code: 'provider_refused', message: expect.stringContaining('Invalid API key') });
    expect(badKey.message).not.toContain('wrong');
    fake.smsMode = 'hang';
    const late = await client.send({ to: '+919845012345', text: 'x', from: 'ATRIUM' }).catch((e) => e);
    expect(late).toMatchObject({ status: 422, code: 'provider_timeout' });
    // Port 1 of the loopback is not the fake: the installation does not allow it, so it is not even called.
    const blocked = await createHttpSmsClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', outbound })
      .send({ to: '+919845012345', text: 'x', from: 'A' })
      .catch((e) => e);
    expect(blocked).toMatchObject({ status: 422, code: 'provider_address_refused' });
    const loopback = createOutbound({ allowHosts: ['127.0.0.1'], allowHttp: false });
    const nowhere = await createHttpSmsClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', outbound: loopback })
      .send({ to: '+919845012345', text: 'x', from: 'A' })
      .catch((e) => e);
    loopback.close();
    expect(nowhere).toMatchObject({ code: 'provider_unreachable' });
    fake.smsMode = 'ok';
  });

  it('submits a WhatsApp template in Meta’s components shape, reads its status and sends it', async () => {
    const client = cloudClient();
    const submitted = await client.submitTemplate({
      name: 'order_update',
      category: 'utility',
      language: 'en',
      headerType: 'text',
      headerText: 'Order {{1}}',
      headerImageUrl: null,
      body: 'Hi {{1}}, order {{2}} shipped',
      footer: 'Atrium',
      buttons: [
        { type: 'quick_reply', text: 'Thanks' },
        { type: 'url', text: 'Track', url: 'https://example.com/t' },
        { type: 'phone', text: 'Call', phone: '+918045678900' },
      ],
      samples: ['Asha', 'A-1001'],
    });
    expect(submitted.status).toBe('pending');
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe('/graph/7654321/message_templates');
    expect(sent.body).toEqual({
      name: 'order_update',
      language: 'en',
      category: 'UTILITY',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}', example: { header_text: ['Asha'] } },
        { type: 'BODY', text: 'Hi {{1}}, order {{2}} shipped', example: { body_text: [['Asha', 'A-1001']] } },
        { type: 'FOOTER', text: 'Atrium' },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'QUICK_REPLY', text: 'Thanks' },
            { type: 'URL', text: 'Track', url: 'https://example.com/t' },
            { type: 'PHONE_NUMBER', text: 'Call', phone_number: '+918045678900' },
          ],
        },
      ],
    });
    fake.templates.set(submitted.id, { status: 'REJECTED', rejected_reason: 'INVALID_FORMAT' });
    expect(await client.templateStatus(submitted.id)).toEqual({ status: 'rejected', reason: 'INVALID_FORMAT' });
    const message = await client.sendTemplate('+919845012345', 'order_update', 'en', ['Asha', 'A-1001']);
    expect(message).toMatchObject({ status: 'sent', providerMessageId: expect.stringMatching(/^wamid\./) });
    expect(fake.requests.at(-1)?.body).toMatchObject({ to: '919845012345', template: { name: 'order_update', language: { code: 'en' } } });
    const refused = await cloudClient({ accessToken: 'bad', phoneNumberId: '1', businessAccountId: '2' })
      .templateStatus('1')
      .catch((e) => e);
    expect(refused).toMatchObject({
      status: 422,
      code: 'provider_refused',
      message: expect.stringContaining('Invalid OAuth access token'),
    });
  });

  it('uploads a media header with the Resumable Upload API and submits its handle as the header example', async () => {
    const client = cloudClient({ appId: '4455667788' });
    const media = await fetchHeaderMedia(outbound, `${fake.url}/media/header.png`, 'image');
    expect(media).toEqual({ bytes: PNG, type: 'image/png', name: 'header.png' });
    const before = fake.requests.length;
    const handle = await client.uploadMedia(media);
    const [session, upload] = fake.requests.slice(before);
    expect(session).toMatchObject({ method: 'POST', auth: 'Bearer EAAG-wa-token-0001' });
    const query = new URLSearchParams(session!.path.split('?')[1]);
    expect(session!.path.startsWith('/graph/4455667788/uploads?')).toBe(true);
    expect(Object.fromEntries(query)).toEqual({ file_name: 'header.png', file_length: String(PNG.length), file_type: 'image/png' });
    expect(upload).toMatchObject({
      method: 'POST',
      path: expect.stringMatching(/^\/graph\/upload:U\d+sess\?sig=S\d+$/),
      auth: 'OAuth EAAG-wa-token-0001',
    });
    expect(upload!.headers).toMatchObject({ file_offset: '0', 'content-type': 'image/png' });
    expect(upload!.bytes.equals(PNG)).toBe(true);
    expect(handle).toMatch(/^4::aW1hZ2UvcG5n:\d+:e:/);

    await client.submitTemplate({
      name: 'new_range',
      category: 'marketing',
      language: 'en',
      headerType: 'image',
      headerText: null,
      headerImageUrl: `${fake.url}/media/header.png`,
      headerHandle: handle,
      body: 'New tiles are in',
      footer: null,
      buttons: [],
      samples: [],
    });
    expect(fake.requests.at(-1)?.body?.components[0]).toEqual({ type: 'HEADER', format: 'IMAGE', example: { header_handle: [handle] } });

    // A file that is not what the header says, a redirect (never followed) and an app without its id are refused.
    const notPdf = await fetchHeaderMedia(outbound, `${fake.url}/media/header.png`, 'document').catch((e) => e);
    expect(notPdf).toMatchObject({ status: 422, code: 'provider_refused', message: expect.stringContaining('is not a PDF document') });
    const moved = await fetchHeaderMedia(outbound, `${fake.url}/media/moved.png`, 'image').catch((e) => e);
    expect(moved).toMatchObject({ status: 422, message: expect.stringContaining('HTTP 302') });
    expect(fake.requests.some((r) => r.path === '/latest')).toBe(false);
    const noApp = await cloudClient({ accessToken: 'x', phoneNumberId: '1', businessAccountId: '2' })
      .uploadMedia(media)
      .catch((e) => e);
    expect(noApp).toMatchObject({ status: 422, message: expect.stringContaining('app id') });
  });
});

// ---- through the app ------------------------------------------------------------------------------

describe('marketing channels', () => {
  let t: TestApp;
  let fake: Fake;
  let c: TestCommunity;
  let other: TestCommunity;

  const api = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: Json, as: TestCommunity = c) => {
    const res = await t.request({ method, url: `/api/v1/${url}`, payload, as });
    return { status: res.statusCode, body: res.body === '' ? {} : (res.json() as Json), raw: res.body };
  };
  const compat = async (service: string, path: string, payload: Json = {}, as: TestCommunity = c) => {
    const res = await t.request({ method: 'POST', url: `/compat/${service}${path}`, payload, as });
    return { status: res.statusCode, body: res.json() as Json, raw: res.body };
  };

  beforeAll(async () => {
    fake = await startFake();
    // The fake is a local server over http: the installation allows exactly it (OUTBOUND_ALLOW_HOSTS).
    t = await startTestApp({ outbound: { allowHosts: [fake.host], allowHttp: false } });
    c = await t.signup();
    other = await t.signup();
    await t.app.db.withTenant(c.tenantId, (tx) =>
      tx.insert(marketingVariables).values({
        tenantId: c.tenantId,
        name: 'first_name',
        label: 'First name',
        source: 'contact',
        path: 'first_name',
        defaultValue: 'there',
      }),
    );
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('saves an SMS template with its counted segments, and refuses an unknown merge tag naming it', async () => {
    const created = await api('POST', 'marketing/sms-templates', {
      name: 'Greeting',
      body: 'Hi {{ first_name }}, 20% off ~ today',
      senderId: 'ATRIUM',
      dltTemplateId: '1107161',
    });
    expect(created.status, created.raw).toBe(201);
    expect(created.body.data).toMatchObject({ encoding: 'gsm7', characters: 36, segments: 1 });
    const hindi = await api('PATCH', `marketing/sms-templates/${created.body.data.id}`, {
      body: `नमस्ते {{ first_name }} ${'क'.repeat(60)}`,
    });
    expect(hindi.body.data).toMatchObject({ encoding: 'ucs2', segments: 2 });
    const unknown = await api('POST', 'marketing/sms-templates', { name: 'Bad', body: 'Hi {{ nickname }}' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual({ body: 'Unknown variable: nickname' });
    const badSender = await api('POST', 'marketing/sms-templates', { name: 'Bad', body: 'x', senderId: 'TOO-LONG-SENDER' });
    expect(badSender.status).toBe(400);
    expect(badSender.body.error.fields).toHaveProperty('senderId');
    const forged = await api('POST', 'marketing/sms-templates', { name: 'Forged', body: 'x', segments: 0, encoding: 'ucs2' });
    expect(forged.status).toBe(400);
  });

  it('serves SMS and push templates through the compat lines', async () => {
    const added = await compat('content', '/marcom/smsTemplate/addSms', { name: 'Compat SMS', body: 'Price list: 5€ per tile' });
    expect(added.status, added.raw).toBe(200);
    expect(added.body.data).toMatchObject({ name: 'Compat SMS', encoding: 'gsm7', characters: 23 });
    const listed = await compat('content', '/templates/sms/getSmsTemplates', { search: 'Compat' });
    expect(listed.body.data.map((r: Json) => r.name)).toEqual(['Compat SMS']);
    expect((await compat('content', '/marcom/smsTemplate/getSms', { id: added.body.data.id })).body.data.name).toBe('Compat SMS');
    const push = await compat('content', '/marcom/pushNotification/pushNotificationTemplates', {
      name: 'Launch',
      title: 'New tiles, {{ first_name }}',
      body: 'See the range',
      url: 'https://example.com/new',
      urlText: 'See it',
    });
    expect(push.status, push.raw).toBe(200);
    const bad = await compat('content', '/marcom/pushNotification/pushNotificationTemplates', {
      name: 'x',
      title: '{{ coupon }}',
      body: 'b',
      url: 'javascript:alert(1)',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(expect.arrayContaining(['url']));
    const pushes = await compat('content', '/marcom/pushNotification/getAllPushNotificationTemplate', {});
    expect(pushes.body.data.map((r: Json) => r.name)).toContain('Launch');
    expect((await compat('content', '/marcom/pushNotification/getAllPushNotificationTemplate', {}, other)).body.data).toEqual([]);
  });

  it('checks WhatsApp templates (numbered variables mapped to merge variables, buttons) and syncs approval from the provider', async () => {
    const base = {
      name: 'shipping_update',
      category: 'utility',
      language: 'en',
      headerType: 'text',
      headerText: 'Shipping',
      body: 'Hi {{1}}, your order ships in {{2}} days',
      footer: 'Atrium',
      buttons: [{ type: 'url', text: 'Track', url: 'https://example.com/track' }],
    };
    const unmapped = await api('POST', 'marketing/whatsapp-templates', { ...base, variableMap: { '1': 'first_name' } });
    expect(unmapped.status).toBe(400);
    expect(unmapped.body.error.fields.variableMap).toBe('Choose a merge variable for {{2}}');
    const unknown = await api('POST', 'marketing/whatsapp-templates', { ...base, variableMap: { '1': 'first_name', '2': 'lead_time' } });
    expect(unknown.body.error.fields.variableMap).toBe('Unknown variable: lead_time');
    const gap = await api('POST', 'marketing/whatsapp-templates', {
      ...base,
      body: 'Hi {{1}} and {{3}}',
      variableMap: { '1': 'first_name', '3': 'first_name' },
    });
    expect(gap.body.error.fields.body).toMatch(/without gaps/);
    const noHeader = await api('POST', 'marketing/whatsapp-templates', {
      ...base,
      headerText: null,
      variableMap: { '1': 'first_name', '2': 'current_year' },
    });
    expect(noHeader.body.error.fields.headerText).toMatch(/needs its text/);
    const created = await compat('core', '/marcom/whatsapp/addTemplate', {
      ...base,
      variableMap: { '1': 'first_name', '2': 'current_year' },
    });
    expect(created.status, created.raw).toBe(200);
    const id = created.body.data.id;
    expect(created.body.data.status).toBe('draft');

    // On the outbox WhatsApp has no provider to submit to.
    const notConfigured = await api('POST', `marketing/whatsapp-templates/${id}/submit`);
    expect(notConfigured.status).toBe(409);
    expect(notConfigured.body.error.code).toBe('whatsapp_not_configured');

    const saved = await compat('core', '/marcom/whatsapp/createwhatsAppConfig', {
      provider: 'cloud_api',
      phoneNumberId: '1234567',
      businessAccountId: '7654321',
      graphUrl: `${fake.url}/graph`,
      accessToken: 'EAAG-wa-token-0001',
      webhookVerifyToken: 'verify-me-please-42',
    });
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.raw).not.toContain('EAAG-wa-token-0001');
    expect(saved.body.data.secrets).toEqual({ accessToken: '••••0001', webhookVerifyToken: '••••e-42' });

    const submitted = await api('POST', `marketing/whatsapp-templates/${id}/submit`);
    expect(submitted.status, submitted.raw).toBe(200);
    expect(submitted.body.data).toMatchObject({ status: 'pending', providerTemplateId: expect.any(String) });
    const review = fake.requests.at(-1)!;
    expect(review.body?.components[1]).toEqual({ type: 'BODY', text: base.body, example: { body_text: [['there', 'current_year']] } });
    fake.templates.set(submitted.body.data.providerTemplateId, { status: 'APPROVED', rejected_reason: 'NONE' });
    const synced = await api('POST', 'marketing/whatsapp-templates/sync', {});
    expect(synced.status, synced.raw).toBe(200);
    expect(synced.body.data).toEqual([
      expect.objectContaining({ id, status: 'approved', rejectionReason: null, syncedAt: expect.any(String) }),
    ]);
    const listed = await compat('core', '/marcom/whatsapp/getAllTemplate', { status: 'approved' });
    expect(listed.body.data.map((r: Json) => r.id)).toEqual([id]);
    // An edit must be approved again.
    const edited = await api('PATCH', `marketing/whatsapp-templates/${id}`, { footer: 'Atrium Building Products' });
    expect(edited.body.data.status).toBe('draft');

    const refusedName = await api('POST', 'marketing/whatsapp-templates', {
      ...base,
      name: 'bad_name',
      variableMap: { '1': 'first_name', '2': 'current_year' },
    });
    const refused = await api('POST', `marketing/whatsapp-templates/${refusedName.body.data.id}/submit`);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({
      code: 'provider_refused',
      message: expect.stringContaining('Template name already exists'),
    });
    expect((await api('GET', `marketing/whatsapp-templates/${refusedName.body.data.id}`)).body.data.status).toBe('draft');
  });

  it('keeps channel secrets sealed: never returned, listed, logged or audited, only masked', async () => {
    const empty = await compat('content', '/marcom/sms/getSmsConfig', {}, other);
    expect(empty.body.data).toMatchObject({ provider: 'outbox', configured: false, secrets: {} });
    const missing = await api('PATCH', 'marketing/channel-settings/sms', {
      provider: 'http',
      config: { baseUrl: `${fake.url}/sms`, senderId: 'ATRIUM' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ 'secrets.apiKey': 'Required' });
    const typo = await api('PATCH', 'marketing/channel-settings/sms', {
      provider: 'http',
      config: { baseUrl: `${fake.url}/sms`, senderId: 'ATRIUM', apiKey: 'x' },
    });
    expect(typo.body.error.fields).toEqual({ 'config.apiKey': 'Unknown field' });
    const saved = await compat('content', '/marcom/sms/createSmsConfig', {
      provider: 'http',
      baseUrl: `${fake.url}/sms`,
      senderId: 'ATRIUM',
      apiKey: 'sms-key-0001',
    });
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body.data).toMatchObject({
      provider: 'http',
      config: { baseUrl: `${fake.url}/sms`, senderId: 'ATRIUM' },
      secrets: { apiKey: '••••' },
    });
    // A save without the secret keeps the stored one.
    const renamed = await api('PATCH', 'marketing/channel-settings/sms', { config: { baseUrl: `${fake.url}/sms`, senderId: 'ATRMBP' } });
    expect(renamed.body.data).toMatchObject({ config: { senderId: 'ATRMBP' }, secrets: { apiKey: '••••' } });
    const read = await api('GET', 'marketing/channel-settings/sms');
    expect(read.raw).not.toContain('sms-key-0001');
    expect((await api('GET', 'marketing/channel-settings/sms', undefined, other)).body.data.configured).toBe(false);
    const smtp = await api('PATCH', 'marketing/channel-settings/email', {
      provider: 'smtp',
      config: { host: 'smtp.example.com', port: 587, username: 'mailer', identities: [{ name: 'Atrium', address: 'hello@example.com' }] },
      secrets: { password: 'smtp-password-9876', dkimPrivateKey: '-----BEGIN PRIVATE KEY-----abc123-----END PRIVATE KEY-----' },
    });
    expect(smtp.status, smtp.raw).toBe(200);
    expect(smtp.raw).not.toContain('smtp-password-9876');
    expect((await compat('content', '/marcom/email/getEmailConfig')).body.data).toMatchObject({
      provider: 'smtp',
      secrets: { password: '••••9876' },
    });
    const audit = await api('GET', 'ops/audit-log?limit=100');
    expect(audit.status).toBe(200);
    expect(audit.raw).toContain('marketing/channel-settings');
    for (const secret of ['sms-key-0001', 'smtp-password-9876', 'EAAG-wa-token-0001', 'abc123']) expect(audit.raw).not.toContain(secret);
    const logs = await api('GET', 'ops/logs?limit=100');
    for (const secret of ['sms-key-0001', 'smtp-password-9876']) expect(logs.raw).not.toContain(secret);
    // Back to the installation's mail for the sends below.
    expect((await api('PATCH', 'marketing/channel-settings/email', { provider: 'default', config: {} })).body.data).toMatchObject({
      provider: 'default',
      secrets: {},
    });
  });

  it('generates VAPID keys per community: the public key shown, the private key sealed', async () => {
    const first = await api('PATCH', 'marketing/channel-settings/push', { config: { subject: 'mailto:hello@example.com' } });
    expect(first.status, first.raw).toBe(200);
    const publicKey = first.body.data.config.publicKey;
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.body.data.secrets).toEqual({ vapidPrivateKey: expect.stringMatching(/^••••/) });
    const kept = await api('PATCH', 'marketing/channel-settings/push', { config: { subject: 'https://example.com', publicKey: 'forged' } });
    expect(kept.status, kept.raw).toBe(200);
    expect(kept.body.data.config).toEqual({ subject: 'https://example.com', publicKey });
    const rotated = await api('POST', 'marketing/channel-settings/push/vapid', {});
    expect(rotated.body.data.config.publicKey).not.toBe(publicKey);
    const theirs = await api('POST', 'marketing/channel-settings/push/vapid', {}, other);
    expect(theirs.body.data.config.publicKey).not.toBe(rotated.body.data.config.publicKey);
  });

  it('sends control-center messages after the commit, refuses suppressed and opted-out addresses, and keeps the history', async () => {
    // SMS goes to the fake gateway configured above.
    fake.smsMode = 'ok';
    const sms = await compat('content', '/controlCenter/ccSms/create', {
      to: '+91 98450 12345',
      body: 'Hi {{ first_name }}, your tiles shipped',
    });
    expect(sms.status, sms.raw).toBe(200);
    expect(sms.body.data).toMatchObject({
      channel: 'sms',
      to: expect.stringMatching(/^\+\d+$/),
      body: 'Hi there, your tiles shipped',
      status: 'sent',
    });
    const stored = (await api('GET', `marketing/cc-messages/${sms.body.data.id}`)).body.data;
    expect(sms.body.data).toMatchObject(stored);
    expect(stored).toMatchObject({ status: 'sent', provider: 'http', providerMessageId: expect.stringMatching(/^sms_/), error: null });
    expect(fake.requests.at(-1)?.body).toMatchObject({ from: 'ATRMBP', text: 'Hi there, your tiles shipped' });

    fake.smsMode = 'refuse';
    const failed = await compat('content', '/controlCenter/ccSms/create', { to: '+919845000001', body: 'Second' });
    expect(failed.status).toBe(200);
    expect((await api('GET', `marketing/cc-messages/${failed.body.data.id}`)).body.data).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('Sender id not approved'),
    });
    fake.smsMode = 'ok';

    // Email without community SMTP: the installation's mail (the outbox in tests).
    const email = await compat('content', '/controlCenter/ccEmail/create', {
      to: 'Asha@Example.com',
      subject: 'Your quote',
      body: 'Dear {{ first_name }}, here it is.',
    });
    expect(email.status, email.raw).toBe(200);
    expect((await api('GET', `marketing/cc-messages/${email.body.data.id}`)).body.data).toMatchObject({
      to: 'asha@example.com',
      status: 'outbox',
      provider: 'installation',
    });

    await t.app.db.withTenant(c.tenantId, (tx) =>
      tx
        .insert(marketingSuppressions)
        .values({ tenantId: c.tenantId, channel: 'email', address: 'gone@example.com', reason: 'unsubscribed' }),
    );
    const suppressed = await compat('content', '/controlCenter/ccEmail/create', { to: 'GONE@example.com', subject: 'Hi', body: 'x' });
    expect(suppressed.status).toBe(409);
    expect(suppressed.body.error).toMatchObject({ code: 'suppressed', message: expect.stringContaining('gone@example.com') });
    const noSubject = await compat('content', '/controlCenter/ccEmail/create', { to: 'a@example.com', body: 'x' });
    expect(noSubject.body.error.fields).toEqual({ subject: 'An email needs a subject' });
    const unknownTag = await api('POST', 'marketing/cc-messages/send', { channel: 'sms', to: '+919845000002', body: 'Hi {{ nickname }}' });
    expect(unknownTag.body.error.fields).toEqual({ body: 'Unknown variable: nickname' });

    const contact = await t.app.db.withTenant(c.tenantId, async (tx) => {
      const { marketingContacts } = await import('../src/modules/marketing/tables/contacts');
      const [row] = await tx
        .insert(marketingContacts)
        .values({ tenantId: c.tenantId, name: 'Ravi Kumar', email: 'ravi@example.com', phone: '+919845011111', smsConsent: 'opted_out' })
        .returning();
      return row;
    });
    const optedOut = await api('POST', 'marketing/cc-messages/send', { channel: 'sms', contactId: contact.id, body: 'Hello' });
    expect(optedOut.status).toBe(409);
    expect(optedOut.body.error.code).toBe('opted_out');
    const template = (await api('POST', 'marketing/sms-templates', { name: 'Ravi', body: 'Hi {{ first_name }}', senderId: 'RAVI' })).body
      .data;
    const byContact = await api('POST', 'marketing/cc-messages/send', {
      channel: 'email',
      contactId: contact.id,
      subject: 'For {{ first_name }}',
      body: 'Hello {{ first_name }}',
    });
    expect(byContact.status, byContact.raw).toBe(201);
    expect(byContact.body.data).toMatchObject({ to: 'ravi@example.com', subject: 'For Ravi', body: 'Hello Ravi' });
    const fromTemplate = await compat('content', '/controlCenter/ccSms/create', { to: '+919845000003', smsTemplateId: template.id });
    expect(fromTemplate.body.data.body).toBe('Hi there');
    expect(fake.requests.at(-1)?.body).toMatchObject({ from: 'RAVI', to: '+919845000003' });

    const smsHistory = await compat('content', '/controlCenter/ccSms/getAll', {});
    expect(smsHistory.body.data.map((r: Json) => r.channel)).toEqual(['sms', 'sms', 'sms']);
    const emailHistory = await compat('content', '/controlCenter/ccEmail/getAll', {});
    expect(emailHistory.body.data.map((r: Json) => r.to).sort()).toEqual(['asha@example.com', 'ravi@example.com']);
    expect((await compat('content', '/controlCenter/ccEmail/getAll', {}, other)).body.data).toEqual([]);
    const failedOnly = await api('GET', 'marketing/cc-messages?status=failed');
    expect(failedOnly.body.data.map((r: Json) => r.id)).toEqual([failed.body.data.id]);
    // History stays: no delete, no change, and no create that would skip the checks.
    expect((await api('DELETE', `marketing/cc-messages/${sms.body.data.id}`)).status).toBe(404);
    expect((await api('POST', 'marketing/cc-messages', { channel: 'sms', to: '+919845000009', body: 'x', status: 'sent' })).status).toBe(
      404,
    );
    expect((await api('GET', `marketing/cc-messages/${sms.body.data.id}`)).status).toBe(200);
  });

  // ---- addresses the server calls: public https only -------------------------------------------

  const whatsappConfig = (extra: Json = {}) => ({
    provider: 'cloud_api',
    config: { phoneNumberId: '1234567', businessAccountId: '7654321', graphUrl: `${fake.url}/graph`, ...extra },
  });
  const setStoredConfig = (community: TestCommunity, channel: 'sms' | 'whatsapp', key: string, value: string) =>
    t.app.db.withTenant(community.tenantId, (tx) =>
      tx
        .update(marketingChannelSettings)
        .set({ config: sql`jsonb_set(${marketingChannelSettings.config}, ${`{${key}}`}::text[], ${JSON.stringify(value)}::jsonb)` })
        .where(and(eq(marketingChannelSettings.tenantId, community.tenantId), eq(marketingChannelSettings.channel, channel))),
    );

  it('refuses a gateway or Graph address on a private network at save, naming the field, and saves nothing', async () => {
    const refusedUrls = [
      'https://127.0.0.1/sms',
      'https://10.20.30.40/sms',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/sms',
      'https://[::ffff:127.0.0.1]/sms',
      'https://[fd12:3456::1]/sms',
      'https://100.64.0.1/sms',
      'https://192.168.1.1/sms',
      'https://2130706433/sms', // 127.0.0.1 written as a number
      'https://localhost:8443/sms',
      'http://sms.example.com/api', // plain http is not allowed by this installation
      'http://127.0.0.1:1/sms', // the loopback, but not the allowed port
    ];
    for (const baseUrl of refusedUrls) {
      const res = await api(
        'PATCH',
        'marketing/channel-settings/sms',
        { provider: 'http', config: { baseUrl, senderId: 'ATRIUM' }, secrets: { apiKey: 'other-key-0001' } },
        other,
      );
      expect(res.status, baseUrl).toBe(400);
      expect(res.body.error.code, baseUrl).toBe('validation_failed');
      expect(Object.keys(res.body.error.fields), baseUrl).toEqual(['config.baseUrl']);
    }
    const metadata = await api(
      'PATCH',
      'marketing/channel-settings/sms',
      { provider: 'http', config: { baseUrl: 'https://169.254.169.254/latest', senderId: 'ATRIUM' }, secrets: { apiKey: 'k-0001' } },
      other,
    );
    expect(metadata.body.error.fields['config.baseUrl']).toBe(
      '169.254.169.254 is a link-local address: the server calls only public addresses',
    );
    const graph = await compat(
      'core',
      '/marcom/whatsapp/createwhatsAppConfig',
      {
        ...whatsappConfig({ graphUrl: 'https://[fe80::1]/v21.0' }).config,
        provider: 'cloud_api',
        accessToken: 'x-0001',
        webhookVerifyToken: 'y-0001',
      },
      other,
    );
    expect(graph.status).toBe(400);
    expect(graph.body.error.fields).toEqual({ 'config.graphUrl': expect.stringContaining('link-local') });
    expect((await api('GET', 'marketing/channel-settings/sms', undefined, other)).body.data.configured).toBe(false);
    expect((await api('GET', 'marketing/channel-settings/whatsapp', undefined, other)).body.data.configured).toBe(false);
    // A template's media header is read by the server too.
    const header = await api('POST', 'marketing/whatsapp-templates', {
      name: 'metadata_header',
      category: 'marketing',
      headerType: 'image',
      headerImageUrl: 'https://169.254.169.254/latest/logo.png',
      body: 'Hello',
    });
    expect(header.status).toBe(400);
    expect(header.body.error.fields).toEqual({ headerImageUrl: expect.stringContaining('link-local') });
  });

  it('refuses at send an address that went private after it was saved (it is not called)', async () => {
    await setStoredConfig(c, 'sms', 'baseUrl', 'https://169.254.169.254/latest');
    const calls = fake.requests.length;
    const sms = await compat('content', '/controlCenter/ccSms/create', { to: '+919845000010', body: 'Hello' });
    expect(sms.status, sms.raw).toBe(200);
    expect((await api('GET', `marketing/cc-messages/${sms.body.data.id}`)).body.data).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('169.254.169.254 is a link-local address'),
    });
    await setStoredConfig(c, 'sms', 'baseUrl', 'https://[::1]:8443/sms');
    const v6 = await compat('content', '/controlCenter/ccSms/create', { to: '+919845000011', body: 'Hello' });
    expect((await api('GET', `marketing/cc-messages/${v6.body.data.id}`)).body.data.error).toContain('loopback');
    expect(fake.requests.length).toBe(calls);
    await setStoredConfig(c, 'sms', 'baseUrl', `${fake.url}/sms`);

    await setStoredConfig(c, 'whatsapp', 'graphUrl', 'https://10.0.0.7/graph');
    const draft = await api('POST', 'marketing/whatsapp-templates', { name: 'private_graph', category: 'utility', body: 'Hello' });
    const submitted = await api('POST', `marketing/whatsapp-templates/${draft.body.data.id}/submit`);
    expect(submitted.status).toBe(422);
    expect(submitted.body.error).toMatchObject({
      code: 'provider_address_refused',
      message: expect.stringContaining('10.0.0.7 is a private address'),
    });
    expect(fake.requests.length).toBe(calls);
    await setStoredConfig(c, 'whatsapp', 'graphUrl', `${fake.url}/graph`);
  });

  // ---- WhatsApp: media headers, Meta's webhook, the status job -----------------------------------

  it('uploads an image header to Meta when a template is submitted (the app id set), its handle as the header example', async () => {
    const created = await api('POST', 'marketing/whatsapp-templates', {
      name: 'new_range_photo',
      category: 'marketing',
      headerType: 'image',
      headerImageUrl: `${fake.url}/media/header.png`,
      body: 'See the new range',
    });
    expect(created.status, created.raw).toBe(201);
    const noApp = await api('POST', `marketing/whatsapp-templates/${created.body.data.id}/submit`);
    expect(noApp.status).toBe(422);
    expect(noApp.body.error.message).toContain('Meta app id');
    const saved = await api('PATCH', 'marketing/channel-settings/whatsapp', whatsappConfig({ appId: '4455667788' }));
    expect(saved.status, saved.raw).toBe(200);
    const submitted = await api('POST', `marketing/whatsapp-templates/${created.body.data.id}/submit`);
    expect(submitted.status, submitted.raw).toBe(200);
    expect(submitted.body.data.status).toBe('pending');
    const [upload, review] = fake.requests.slice(-2);
    expect(upload!.bytes.equals(PNG)).toBe(true);
    expect(review!.body?.components[0]).toEqual({
      type: 'HEADER',
      format: 'IMAGE',
      example: { header_handle: [expect.stringMatching(/^4::/)] },
    });
    const noMedia = await api('POST', 'marketing/whatsapp-templates', {
      name: 'video_less',
      category: 'marketing',
      headerType: 'video',
      body: 'x',
    });
    expect(noMedia.body.error.fields).toEqual({ headerImageUrl: 'A video header needs the address of an MP4 video' });
  });

  it("answers Meta's webhook check with the community's verify token only", async () => {
    const verify = (community: TestCommunity, query: string) =>
      t.request({ method: 'GET', url: `/public/${community.name}/marketing/whatsapp/webhook?${query}` });
    const ok = await verify(c, 'hub.mode=subscribe&hub.verify_token=verify-me-please-42&hub.challenge=1158201444');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.body).toBe('1158201444');
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    const wrong = await verify(c, 'hub.mode=subscribe&hub.verify_token=verify-me-please-43&hub.challenge=1158201444');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('forbidden');
    expect(wrong.body).not.toContain('1158201444');
    expect((await verify(c, 'hub.mode=unsubscribe&hub.verify_token=verify-me-please-42&hub.challenge=1')).statusCode).toBe(403);
    // Another community (WhatsApp on the outbox) has no verify token at all.
    expect((await verify(other, 'hub.mode=subscribe&hub.verify_token=verify-me-please-42&hub.challenge=1')).statusCode).toBe(403);
  });

  it('takes template status updates signed with the app secret (X-Hub-Signature-256); a bad signature changes nothing', async () => {
    const deliver = (community: TestCommunity, body: string, signature?: string) =>
      t.request({
        method: 'POST',
        url: `/public/${community.name}/marketing/whatsapp/webhook`,
        headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
        payload: body,
      });
    const event = (templateId: string, event: string, time: number, reason = 'NONE', account = '7654321') =>
      JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: account,
            time,
            changes: [
              {
                field: 'message_template_status_update',
                value: {
                  event,
                  message_template_id: Number(templateId),
                  message_template_name: 'x',
                  message_template_language: 'en',
                  reason,
                },
              },
            ],
          },
        ],
      });
    const draft = await api('POST', 'marketing/whatsapp-templates', { name: 'webhook_status', category: 'utility', body: 'Hello' });
    const submitted = await api('POST', `marketing/whatsapp-templates/${draft.body.data.id}/submit`);
    const providerId = String(submitted.body.data.providerTemplateId);
    const status = async () => (await api('GET', `marketing/whatsapp-templates/${draft.body.data.id}`)).body.data;
    const now = Math.floor(Date.now() / 1000) + 5;

    // No app secret in the settings yet: nothing can be verified.
    const unconfigured = await deliver(c, event(providerId, 'APPROVED', now), 'sha256=00');
    expect(unconfigured.statusCode).toBe(409);
    expect(unconfigured.json().error.code).toBe('webhook_not_configured');
    const saved = await api('PATCH', 'marketing/channel-settings/whatsapp', {
      ...whatsappConfig({ appId: '4455667788' }),
      secrets: { appSecret: 'meta-app-secret-7788' },
    });
    expect(saved.body.data.secrets).toEqual({ accessToken: '••••0001', webhookVerifyToken: '••••e-42', appSecret: '••••7788' });

    const rejected = event(providerId, 'REJECTED', now, 'INVALID_FORMAT');
    const unsigned = await deliver(c, rejected);
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().error.code).toBe('invalid_signature');
    expect((await deliver(c, rejected, hubSignature('another-secret', rejected))).statusCode).toBe(401);
    // Signed, then changed on the way.
    expect((await deliver(c, rejected.replace('REJECTED', 'APPROVED'), hubSignature('meta-app-secret-7788', rejected))).statusCode).toBe(
      401,
    );
    expect(await status()).toMatchObject({ status: 'pending', rejectionReason: null });

    const delivered = await deliver(c, rejected, hubSignature('meta-app-secret-7788', rejected));
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toEqual({ received: true, updated: 1 });
    expect(await status()).toMatchObject({ status: 'rejected', rejectionReason: 'INVALID_FORMAT' });
    // A late delivery of an older event, and another business account's event, change nothing.
    const older = event(providerId, 'PENDING', now - 3600);
    expect((await deliver(c, older, hubSignature('meta-app-secret-7788', older))).json()).toEqual({ received: true, updated: 0 });
    const foreign = event(providerId, 'APPROVED', now + 10, 'NONE', '1111111');
    expect((await deliver(c, foreign, hubSignature('meta-app-secret-7788', foreign))).json()).toEqual({ received: true, updated: 0 });
    expect((await status()).status).toBe('rejected');
    const approved = event(providerId, 'APPROVED', now + 20);
    expect((await deliver(c, approved, hubSignature('meta-app-secret-7788', approved))).json()).toEqual({ received: true, updated: 1 });
    expect(await status()).toMatchObject({ status: 'approved', rejectionReason: null });
    // The other community has no WhatsApp settings: its webhook takes nothing, signed or not.
    expect((await deliver(other, approved, hubSignature('meta-app-secret-7788', approved))).statusCode).toBe(409);
  });

  it('the status job reads the templates under review in every community on the Cloud API; one failing community does not stop the others', async () => {
    const first = await api('POST', 'marketing/whatsapp-templates', { name: 'job_one', category: 'utility', body: 'One' });
    const second = await api('POST', 'marketing/whatsapp-templates', { name: 'job_two', category: 'utility', body: 'Two' });
    const one = (await api('POST', `marketing/whatsapp-templates/${first.body.data.id}/submit`)).body.data;
    const two = (await api('POST', `marketing/whatsapp-templates/${second.body.data.id}/submit`)).body.data;
    // Meta has reviewed everything: `two` rejected, the rest approved.
    for (const [id, review] of fake.templates) if (review.status === 'PENDING') fake.templates.set(id, { status: 'APPROVED' });
    fake.templates.set(two.providerTemplateId, { status: 'REJECTED', rejected_reason: 'TAG_CONTENT_MISMATCH' });
    // The other community's token is not accepted by Meta: its sync fails, and is only logged.
    const saved = await api(
      'PATCH',
      'marketing/channel-settings/whatsapp',
      { ...whatsappConfig(), secrets: { accessToken: 'EAAG-revoked-9999', webhookVerifyToken: 'theirs-0001' } },
      other,
    );
    expect(saved.status, saved.raw).toBe(200);
    const theirs = await t.app.db.withTenant(other.tenantId, async (tx) => {
      const [row] = await tx
        .insert(marketingWhatsappTemplates)
        .values({
          tenantId: other.tenantId,
          name: 'theirs',
          category: 'utility',
          body: 'x',
          status: 'pending',
          providerTemplateId: one.providerTemplateId,
        })
        .returning();
      return row!;
    });

    const pending = (await api('GET', 'marketing/whatsapp-templates?status=pending')).body.data;
    expect(pending.map((r: Json) => r.id)).toEqual(expect.arrayContaining([one.id, two.id]));
    // Every template under review here is read (the other community's read fails).
    expect(await syncPendingWhatsappTemplates(t.app)).toBe(pending.length);
    expect((await api('GET', `marketing/whatsapp-templates/${one.id}`)).body.data).toMatchObject({ status: 'approved' });
    expect((await api('GET', `marketing/whatsapp-templates/${two.id}`)).body.data).toMatchObject({
      status: 'rejected',
      rejectionReason: 'TAG_CONTENT_MISMATCH',
    });
    expect((await api('GET', `marketing/whatsapp-templates/${theirs.id}`, undefined, other)).body.data.status).toBe('pending');
    // Nothing is under review any more here: the next run reads nothing of this community.
    const calls = fake.requests.length;
    await syncPendingWhatsappTemplates(t.app);
    expect(fake.requests.slice(calls).filter((r) => r.auth === 'Bearer EAAG-wa-token-0001')).toEqual([]);
  });
});
