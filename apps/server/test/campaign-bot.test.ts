import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRule } from '../src/modules/campaigns/bot/match';
import { apiOf, appWith, dataOf, refusal, waitFor } from './helpers';

type Json = Record<string, any>;

/** A local WhatsApp Cloud API: keeps each message posted to /{phone-number-id}/messages. */
async function startGraph() {
  const sent: { to: string; type: string; text?: string; auth: string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Json;
      sent.push({ to: body.to, type: body.type, text: body.text?.body, auth: String(req.headers.authorization) });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ messages: [{ id: `wamid.out${sent.length}` }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, sent, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('keyword rules', () => {
  const rule = (id: string, keywords: string[], match: 'word' | 'exact' | 'contains' = 'word', priority = 100, active = true) => ({
    id,
    keywords,
    match,
    priority,
    active,
  });
  it('match as a word, the whole message or anywhere, case and accents aside, the lowest priority first', () => {
    const rules = [rule('price', ['price', 'prices']), rule('menu', ['menu'], 'exact'), rule('deliv', ['deliv'], 'contains', 5)];
    expect(matchRule(rules, 'What are your PRICES?')?.id).toBe('price');
    expect(matchRule(rules, 'priceless')).toBeNull();
    expect(matchRule(rules, ' Menú ')?.id).toBe('menu');
    expect(matchRule(rules, 'the menu please')).toBeNull();
    expect(matchRule(rules, 'price of delivery')?.id).toBe('deliv');
    expect(matchRule([rule('off', ['price'], 'word', 1, false)], 'price')).toBeNull();
  });
});

/**
 * The WhatsApp bot (issue 28, item 7): inbound messages through the signed campaigns webhook, a
 * keyword's auto-reply sent to a local Cloud API, a hand-off to a person (notified; the bot quiet
 * there), a person's reply, and back to the bot. Both engines.
 */
describe('whatsapp bot', async () => {
  const [t, a] = await appWith(1, { outbound: { allowHosts: ['127.0.0.1'], allowHttp: true } });
  const v1 = apiOf(t, a);
  let graph: Awaited<ReturnType<typeof startGraph>>;
  beforeAll(async () => {
    graph = await startGraph();
    dataOf(
      await v1('PATCH', 'marketing/channel-settings/whatsapp', {
        provider: 'cloud_api',
        config: { phoneNumberId: '1234567', businessAccountId: '7654321', graphUrl: `${graph.url}/v21.0` },
        secrets: { accessToken: 'wa-token-123456', webhookVerifyToken: 'verify-123', appSecret: 'app-secret-123456' },
      }),
    );
  });
  afterAll(() => graph?.close());

  let n = 0;
  const inbound = async (from: string, text: string, id = `wamid.in${++n}`) => {
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '7654321',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                contacts: [{ wa_id: from, profile: { name: 'Asha' } }],
                messages: [{ id, from, type: 'text', text: { body: text } }],
              },
            },
          ],
        },
      ],
    });
    const res = await t.request({
      method: 'POST',
      url: `/public/${a.name}/campaigns/whatsapp/webhook`,
      payload: body,
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', 'app-secret-123456').update(body).digest('hex')}`,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const conversation = async (waId: string) => dataOf(await v1('GET', `campaigns/bot-conversations?q=${waId}`))[0] as Json;
  const messages = async (id: string) =>
    // A reply is written in its message's transaction (the same time): the message first.
    (dataOf(await v1('GET', `campaigns/bot-messages?conversationId=${id}&limit=50`)) as Json[]).sort(
      (x, y) => String(x.createdAt).localeCompare(String(y.createdAt)) || (x.direction === 'in' ? -1 : 1) - (y.direction === 'in' ? -1 : 1),
    );

  it('answers a keyword, hands off to a person, and goes back to the bot', async () => {
    dataOf(
      await v1('POST', 'campaigns/bot-rules', {
        name: 'Prices',
        keywords: ['price', 'prices'],
        reply: 'Our price list: https://shop.example.com/prices',
      }),
      201,
    );
    dataOf(
      await v1('POST', 'campaigns/bot-rules', {
        name: 'Person',
        keywords: ['agent', 'human'],
        reply: 'A colleague will answer shortly.',
        handOff: true,
      }),
      201,
    );
    refusal(await v1('POST', 'campaigns/bot-rules', { name: 'Empty', keywords: [], reply: 'x' }), 400, 'validation_failed');

    await inbound('919800000001', 'What are your PRICES?', 'wamid.first');
    await waitFor('the auto-reply', () => (graph.sent.length >= 1 ? true : undefined));
    expect(graph.sent[0]).toEqual({
      to: '919800000001',
      type: 'text',
      text: 'Our price list: https://shop.example.com/prices',
      auth: 'Bearer wa-token-123456',
    });
    // Meta delivers the same message again: taken once, answered once.
    await inbound('919800000001', 'What are your PRICES?', 'wamid.first');
    // No rule matches: no answer.
    await inbound('919800000001', 'hello');
    const c = await conversation('919800000001');
    expect(c).toMatchObject({ name: 'Asha', state: 'bot', unread: 2, lastMessage: 'hello' });
    await waitFor('the reply recorded', async () => ((await messages(c.id)).some((m) => m.status === 'sent') ? true : undefined));
    expect((await messages(c.id)).map((m) => [m.direction, m.author, m.text, m.status])).toEqual([
      ['in', 'contact', 'What are your PRICES?', 'received'],
      ['out', 'bot', 'Our price list: https://shop.example.com/prices', 'sent'],
      ['in', 'contact', 'hello', 'received'],
    ]);

    // Hand-off: the rule's reply, the conversation waits for a person, the admins are told.
    await inbound('919800000001', 'I want a human please');
    await waitFor('the hand-off reply', () => (graph.sent.length >= 2 ? true : undefined));
    expect(graph.sent[1].text).toBe('A colleague will answer shortly.');
    const waiting = await conversation('919800000001');
    expect(waiting.state).toBe('handed_off');
    expect(waiting.handOffReason).toMatch(/Asked for a person/);
    const bell = dataOf(await v1('GET', 'ops/notifications?limit=20')) as Json[];
    expect(
      bell.some((x) => x.title.includes('is waiting for a person') && x.link === `/admin-panel/whatsapp-bot?conversation=${c.id}`),
    ).toBe(true);
    // The bot is quiet now, even on a keyword.
    await inbound('919800000001', 'price?');
    // A person answers.
    dataOf(await v1('POST', `campaigns/bot-conversations/${c.id}/reply`, { text: 'Hi Asha, Ravi here. How can I help?' }));
    await waitFor("the person's reply", () => (graph.sent.length >= 3 ? true : undefined));
    expect(graph.sent.map((m) => m.text)).toEqual([
      'Our price list: https://shop.example.com/prices',
      'A colleague will answer shortly.',
      'Hi Asha, Ravi here. How can I help?',
    ]);
    expect((await conversation('919800000001')).unread).toBe(0);
    refusal(await v1('POST', `campaigns/bot-conversations/${c.id}/hand-off`), 409, 'illegal_transition');
    // Back to the bot: keywords are answered again.
    expect(dataOf(await v1('POST', `campaigns/bot-conversations/${c.id}/hand-back`)).state).toBe('bot');
    await inbound('919800000001', 'price again');
    await waitFor('the bot again', () => (graph.sent.length >= 4 ? true : undefined));
    // Closed, then the contact writes: open again, with the bot.
    dataOf(await v1('POST', `campaigns/bot-conversations/${c.id}/close`));
    refusal(await v1('POST', `campaigns/bot-conversations/${c.id}/reply`, { text: 'x' }), 409, 'conversation_closed');
    await inbound('919800000001', 'thanks');
    expect((await conversation('919800000001')).state).toBe('bot');
    expect(graph.sent).toHaveLength(4);
  });

  it('refuses an unsigned inbound message and answers nobody', async () => {
    const body = JSON.stringify({
      entry: [
        {
          changes: [
            { field: 'messages', value: { messages: [{ id: 'x1', from: '919800000009', type: 'text', text: { body: 'price' } }] } },
          ],
        },
      ],
    });
    const res = await t.request({
      method: 'POST',
      url: `/public/${a.name}/campaigns/whatsapp/webhook`,
      payload: body,
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', 'wrong').update(body).digest('hex')}`,
      },
    });
    expect(res.statusCode).toBe(403);
    expect(dataOf(await v1('GET', 'campaigns/bot-conversations?q=919800000009'))).toEqual([]);
  });
});
