import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { startFakeGateways } from '../apps/server/test/payment-fakes';

/**
 * The fake payment gateways the end-to-end run's server talks to (Razorpay's API and its browser
 * checkout script), on FAKE_GATEWAYS_PORT; started by Playwright before the app (playwright.config.ts).
 * It accepts the credentials of the demo community's sample Razorpay gateway (its resource's
 * examples), so the demo shop pays through it as it would through Razorpay's test mode.
 * The same port answers an OpenAI-compatible chat-completions API under /ai/v1 (the server's
 * AI_BASE_URL in the run): billing's AI writing assistance; every other path goes to the gateways.
 */
const fake = await startFakeGateways();
Object.assign(fake.razorpayAuth, { keyId: 'rzp_test_1DP5mmOlF5G5ag', keySecret: 'thisIsATestKeySecret0042' });
const gateways = new URL(fake.url);

/** The AI key the run's server is configured with (playwright.config.ts). */
const AI_KEY = 'sk-e2e-fake-ai-0001';

/** A chat completion: the task's instruction read from the system message, the answer made from the user's. */
async function chat(req: IncomingMessage, res: ServerResponse) {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (req.headers.authorization !== `Bearer ${AI_KEY}`) return send(401, { error: { message: 'Incorrect API key' } });
  const { messages } = JSON.parse(raw) as { messages: { role: string; content: string }[] };
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  const title = /Title: (.*)/.exec(messages.find((m) => m.role === 'user')?.content ?? '')?.[1] ?? 'it';
  const content = system.includes('subject lines')
    ? `${title}: now on\nDon't miss ${title}\n${title} inside`
    : system.includes('alternative text')
      ? `${title}, photographed on a plain background`
      : `${title}, written by the fake AI: well made and built to last.`;
  send(200, { id: 'chatcmpl-e2e', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content } }] });
}

createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/ai/v1/chat/completions') return void chat(req, res);
  // The gateways see the request as sent (its Host names this port, e.g. in the checkout script's URLs).
  const upstream = request(
    { host: gateways.hostname, port: gateways.port, path: req.url, method: req.method, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
}).listen(Number(process.env.FAKE_GATEWAYS_PORT), '127.0.0.1', () => {
  console.log(`fake gateways and AI on http://127.0.0.1:${process.env.FAKE_GATEWAYS_PORT}`);
});
