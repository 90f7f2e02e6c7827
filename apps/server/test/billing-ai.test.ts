import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, dataOf, platformOwner, refusal, startTestApp, type TestCommunity } from './helpers';

type Json = Record<string, any>;

/**
 * AI writing assistance (issue 27 item 6) against a local fake of an OpenAI-compatible
 * chat-completions API: the configured key and model are sent, the answer comes back, each answer
 * takes one AI credit (exact under concurrent requests), a refusal names the limit and the AI credits
 * add-on, a failed call gives its credit back, and without configuration it is off.
 */
const seen: { auth?: string; body: Json }[] = [];
let answer: { status: number; content: string } = { status: 200, content: 'A sturdy oak table.' };
const fakeAi = createServer(async (req: IncomingMessage, res) => {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
    res.writeHead(404).end();
    return;
  }
  seen.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
  res.writeHead(answer.status, { 'content-type': 'application/json' });
  res.end(
    answer.status === 200
      ? JSON.stringify({
          id: 'cmpl-1',
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: answer.content } }],
        })
      : JSON.stringify({ error: { message: 'overloaded' } }),
  );
});
await new Promise<void>((resolve) => fakeAi.listen(0, '127.0.0.1', resolve));
const port = (fakeAi.address() as AddressInfo).port;
const ai = { baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: 'sk-test-0001', model: 'fake-model-1' };
const t = await startTestApp({ ai, outbound: { allowHosts: ['127.0.0.1'], allowHttp: true } });
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => fakeAi.close(resolve));
});

let a: TestCommunity;
let operator: TestCommunity;
const write = (body: Json) => apiOf(t, a)('POST', 'billing/ai/write', body);
const credits = async () => dataOf(await apiOf(t, a)('GET', 'billing/ai')).credits as Json;

beforeAll(async () => {
  operator = await platformOwner(t);
  const [starter] = dataOf(await apiOf(t, operator)('GET', 'billing/plans?q=starter'));
  dataOf(await apiOf(t, operator)('PATCH', `billing/plans/${starter.id}`, { limits: { ...starter.limits, ai: 4 } }));
  a = await t.signup();
  dataOf(await apiOf(t, a)('POST', 'billing/subscription/trial', { planCode: 'starter' }));
});

describe('AI writing assistance', () => {
  it('writes through the configured API with its key and model, and takes one credit', async () => {
    expect(dataOf(await apiOf(t, a)('GET', 'billing/ai'))).toMatchObject({ enabled: true, credits: { limit: 4, used: 0, remaining: 4 } });
    const done = dataOf(await write({ task: 'product-description', title: 'Oak table', text: 'Solid oak, seats six' }));
    expect(done).toMatchObject({ task: 'product-description', text: 'A sturdy oak table.', credits: { used: 1, remaining: 3 } });
    const call = seen.at(-1)!;
    expect(call.auth).toBe('Bearer sk-test-0001');
    expect(call.body.model).toBe('fake-model-1');
    expect(call.body.messages[0]).toMatchObject({ role: 'system' });
    expect(call.body.messages[1].content).toContain('Title: Oak table');
    expect(call.body.messages[1].content).toContain('Solid oak, seats six');
    // The brand profile's AI usage limit (Apilimit) reads the same credits.
    const limit = await t.request({ method: 'POST', url: '/compat/content/miniStore/brandProfile/Apilimit', as: a, payload: {} });
    expect(limit.json().data).toMatchObject({ limit: 4, used: 1, remaining: 3 });
  });

  it('subject lines come back as suggestions, one per line', async () => {
    answer = { status: 200, content: '1. Summer sale starts now\n2. "Your cart misses you"\n- Last day: 20% off' };
    const done = dataOf(await write({ task: 'subject-lines', title: 'Summer sale', text: 'Everything 20% off until Sunday' }));
    expect(done.suggestions).toEqual(['Summer sale starts now', 'Your cart misses you', 'Last day: 20% off']);
    expect(done.credits).toMatchObject({ used: 2 });
  });

  it('a failed call gives its credit back; bad input costs nothing', async () => {
    answer = { status: 503, content: '' };
    const failed = refusal(await write({ task: 'blog-summary', title: 'Our story', text: 'We began in 2019.' }), 502, 'ai_failed');
    expect(failed.message).toContain('no credit was used');
    expect(await credits()).toMatchObject({ used: 2 });
    refusal(await write({ task: 'poem', text: 'x' }), 400, 'validation_failed');
    refusal(await write({ task: 'alt-text' }), 400, 'validation_failed');
    expect(await credits()).toMatchObject({ used: 2 });
  });

  it('beyond the credits: exact under concurrent requests, the refusal names the limit and the add-on', async () => {
    answer = { status: 200, content: 'A red bicycle leaning on a wall.' };
    const calls = seen.length;
    const attempts = await Promise.all(Array.from({ length: 5 }, () => write({ task: 'alt-text', title: 'bike.jpg' })));
    const codes = attempts.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(2);
    expect(codes.filter((c) => c === 402)).toHaveLength(3);
    const refused = attempts.find((r) => r.statusCode === 402)!.json().error;
    expect(refused.message).toBe(
      'Your Starter plan allows 4 AI credits this period; 4 used, 1 more asked. The “AI credits 500” add-on raises it (Add-ons), or upgrade your plan.',
    );
    expect(refused.fields).toMatchObject({ quota: 'ai', limit: '4', addon: 'ai-500' });
    // Only the requests that got a credit reached the API.
    expect(seen.length - calls).toBe(2);
    expect(await credits()).toEqual({ limit: 4, used: 4, remaining: 0 });
  });

  it('off without configuration: not offered, and refused without taking a credit', async () => {
    const configured = t.app.config.ai;
    // The app's configuration as a server without AI_BASE_URL/AI_MODEL has it.
    t.app.config.ai = undefined;
    try {
      expect(dataOf(await apiOf(t, a)('GET', 'billing/ai'))).toMatchObject({ enabled: false });
      refusal(await write({ task: 'alt-text', title: 'bike.jpg' }), 409, 'ai_off');
    } finally {
      t.app.config.ai = configured;
    }
  });
});
