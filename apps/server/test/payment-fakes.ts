import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Fake Razorpay, PayU and Stripe APIs on one local HTTP server (port 0), for the payment tests:
 * they issue order ids, keep what was paid, and answer as the real APIs do (the parts we use).
 * `delayMs` makes every answer late (timeouts); `amountSkew` makes payments report another amount.
 */
export interface FakePayment {
  id: string;
  orderId: string;
  amount: number;
  currency: string;
  status: 'captured' | 'authorized' | 'failed';
}

export interface FakeGateways {
  url: string;
  /** Razorpay orders by id (amount, currency, receipt) and their payments. */
  orders: Map<string, { amount: number; currency: string; receipt: string; payments: FakePayment[] }>;
  /** PayU transactions by txnid, as verify_payment reports them. */
  payu: Map<string, { status: string; amt: string; mihpayid: string }>;
  /** Stripe checkout sessions by id. */
  sessions: Map<string, { amount_total: number; currency: string; payment_status: string; status: string; payment_intent: string }>;
  /**
   * Refunds the gateways made, with the idempotency key each was sent with (Razorpay's receipt,
   * Stripe's Idempotency-Key header, PayU's token): a key sent again answers the same refund and
   * adds nothing here, as the real APIs do.
   */
  refunds: { path: string; body: string; key: string }[];
  /** Basic or bearer credentials the fake accepts. */
  razorpayAuth: { keyId: string; keySecret: string };
  payuKey: { key: string; salt: string };
  stripeKey: string;
  delayMs: number;
  /** Every request the fake got: method and path. */
  requests: string[];
  /** A payment made on the gateway for a Razorpay order: returns its id. */
  pay(orderId: string, status?: FakePayment['status'], amount?: number): string;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** Answers of refunds already made, by idempotency key: a repeated key gets the same answer. */
const refundAnswers = new Map<string, { status: number; body: unknown }>();
function refundOnce(
  fake: Pick<FakeGateways, 'refunds'>,
  res: ServerResponse,
  made: { path: string; body: string; key: string },
  answer: () => unknown,
) {
  const again = refundAnswers.get(made.key);
  if (again) return json(res, again.status, again.body);
  const body = answer();
  refundAnswers.set(made.key, { status: 200, body });
  fake.refunds.push(made);
  return json(res, 200, body);
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Razorpay's checkout.js as the fake serves it to a browser: `new Razorpay(options).open()` shows a
 * dialog whose button "pays" the order on the fake, which answers what the real checkout hands its
 * handler (payment id, order id, and their signature with the key secret).
 */
const CHECKOUT_JS = (origin: string) => `window.Razorpay = function (options) {
  this.on = function () {};
  this.open = function () {
    var dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-label', 'Fake Razorpay checkout');
    var pay = document.createElement('button');
    pay.type = 'button';
    pay.textContent = 'Pay ' + (options.amount / 100).toFixed(2) + ' ' + options.currency + ' with fake Razorpay';
    pay.addEventListener('click', function () {
      fetch(${JSON.stringify(origin)} + '/checkout/pay', { method: 'POST', body: JSON.stringify({ order_id: options.order_id }) })
        .then(function (r) { return r.json(); })
        .then(function (result) { dialog.remove(); options.handler(result); });
    });
    dialog.appendChild(pay);
    document.body.appendChild(dialog);
  };
};
`;

export async function startFakeGateways(options: { port?: number } = {}): Promise<FakeGateways> {
  const fake: Omit<FakeGateways, 'url' | 'close' | 'pay'> = {
    orders: new Map(),
    payu: new Map(),
    sessions: new Map(),
    refunds: [],
    razorpayAuth: { keyId: 'rzp_test_FakeKey00001', keySecret: 'fake-razorpay-key-secret' },
    payuKey: { key: 'fakePayuKey', salt: 'fake-payu-salt-0001' },
    stripeKey: 'sk_test_FakeStripeKey0001',
    delayMs: 0,
    requests: [],
  };
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await bodyOf(req);
    fake.requests.push(`${req.method} ${url.pathname}`);
    if (fake.delayMs > 0) await new Promise((r) => setTimeout(r, fake.delayMs));
    if (res.destroyed) return;
    const auth = req.headers.authorization ?? '';
    const origin = `http://${req.headers.host}`;
    // Razorpay's browser checkout: the script, and the payer paying (answers the handler's arguments).
    if (req.method === 'GET' && url.pathname === '/checkout.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      return res.end(CHECKOUT_JS(origin));
    }
    if (req.method === 'POST' && url.pathname === '/checkout/pay') {
      const orderId = String((JSON.parse(body || '{}') as { order_id?: string }).order_id ?? '');
      const order = fake.orders.get(orderId);
      res.setHeader('access-control-allow-origin', '*');
      if (!order) return json(res, 400, { error: { description: 'No such order' } });
      const id = `pay_${randomBytes(7).toString('hex')}`;
      order.payments.push({ id, orderId, amount: order.amount, currency: order.currency, status: 'captured' });
      return json(res, 200, {
        razorpay_payment_id: id,
        razorpay_order_id: orderId,
        razorpay_signature: hmac(fake.razorpayAuth.keySecret, `${orderId}|${id}`),
      });
    }
    // Razorpay
    if (url.pathname.startsWith('/v1/orders') || (url.pathname.startsWith('/v1/payments/') && url.pathname.endsWith('/refund'))) {
      const { keyId, keySecret } = fake.razorpayAuth;
      if (auth !== `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`) {
        return json(res, 401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
      }
      if (req.method === 'POST' && url.pathname === '/v1/orders') {
        const b = JSON.parse(body) as { amount: number; currency: string; receipt: string };
        const id = `order_${randomBytes(7).toString('hex')}`;
        fake.orders.set(id, { amount: b.amount, currency: b.currency, receipt: b.receipt, payments: [] });
        return json(res, 200, { id, entity: 'order', amount: b.amount, currency: b.currency, receipt: b.receipt, status: 'created' });
      }
      if (req.method === 'GET' && url.pathname === '/v1/orders') return json(res, 200, { entity: 'collection', count: 0, items: [] });
      const paymentsOf = /^\/v1\/orders\/([^/]+)\/payments$/.exec(url.pathname);
      if (req.method === 'GET' && paymentsOf) {
        const order = fake.orders.get(paymentsOf[1]);
        if (!order) return json(res, 400, { error: { description: 'The id provided does not exist' } });
        return json(res, 200, {
          entity: 'collection',
          count: order.payments.length,
          items: order.payments.map((p) => ({ id: p.id, order_id: p.orderId, amount: p.amount, currency: p.currency, status: p.status })),
        });
      }
      const refund = /^\/v1\/payments\/([^/]+)\/refund$/.exec(url.pathname);
      if (req.method === 'POST' && refund) {
        const b = JSON.parse(body) as { amount: number; receipt?: string };
        return refundOnce(fake, res, { path: url.pathname, body, key: `razorpay:${b.receipt ?? randomBytes(8).toString('hex')}` }, () => ({
          id: `rfnd_${randomBytes(6).toString('hex')}`,
          payment_id: refund[1],
          amount: b.amount,
          status: 'processed',
        }));
      }
    }
    // PayU postservice
    if (url.pathname === '/merchant/postservice.php') {
      const f = Object.fromEntries(new URLSearchParams(body));
      const expected = createHash('sha512').update([fake.payuKey.key, f.command, f.var1, fake.payuKey.salt].join('|')).digest('hex');
      if (f.key !== fake.payuKey.key || f.hash !== expected) return json(res, 200, { status: 0, msg: 'Invalid Hash.' });
      if (f.command === 'verify_payment') {
        const t = fake.payu.get(f.var1);
        return json(res, 200, {
          status: 1,
          msg: '1 out of 1 Transactions Fetched Successfully',
          transaction_details: t ? { [f.var1]: t } : {},
        });
      }
      if (f.command === 'cancel_refund_transaction') {
        return refundOnce(fake, res, { path: url.pathname, body, key: `payu:${f.var2}` }, () => ({
          status: 1,
          msg: 'Refund Request Queued',
          request_id: randomBytes(4).toString('hex'),
        }));
      }
    }
    // Stripe
    if (url.pathname.startsWith('/v1/checkout/sessions') || url.pathname === '/v1/refunds' || url.pathname === '/v1/balance') {
      if (auth !== `Bearer ${fake.stripeKey}`) return json(res, 401, { error: { message: 'Invalid API Key provided' } });
      const f = Object.fromEntries(new URLSearchParams(body));
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const id = `cs_test_${randomBytes(8).toString('hex')}`;
        const session = {
          amount_total: Number(f['line_items[0][price_data][unit_amount]']),
          currency: f['line_items[0][price_data][currency]'],
          payment_status: 'unpaid',
          status: 'open',
          payment_intent: `pi_${randomBytes(6).toString('hex')}`,
        };
        fake.sessions.set(id, session);
        return json(res, 200, { id, object: 'checkout.session', url: `https://checkout.stripe.test/pay/${id}`, ...session });
      }
      const one = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && one) {
        const session = fake.sessions.get(one[1]);
        return session
          ? json(res, 200, { id: one[1], object: 'checkout.session', ...session })
          : json(res, 404, { error: { message: 'No such session' } });
      }
      if (url.pathname === '/v1/refunds') {
        const key = String(req.headers['idempotency-key'] ?? randomBytes(8).toString('hex'));
        return refundOnce(fake, res, { path: url.pathname, body, key: `stripe:${key}` }, () => ({
          id: `re_${randomBytes(6).toString('hex')}`,
          object: 'refund',
          status: 'succeeded',
          amount: Number(f.amount),
        }));
      }
      if (url.pathname === '/v1/balance') return json(res, 200, { object: 'balance', available: [] });
    }
    json(res, 404, { error: { description: `fake: no route ${req.method} ${url.pathname}` } });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...fake,
    get delayMs() {
      return fake.delayMs;
    },
    set delayMs(ms: number) {
      fake.delayMs = ms;
    },
    url: `http://127.0.0.1:${port}`,
    pay(orderId, status = 'captured', amount) {
      const order = fake.orders.get(orderId);
      if (!order) throw new Error(`fake: no order ${orderId}`);
      const id = `pay_${randomBytes(7).toString('hex')}`;
      order.payments.push({ id, orderId, amount: amount ?? order.amount, currency: order.currency, status });
      return id;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** The payments configuration pointing every gateway at the fake. */
export const fakePaymentsConfig = (fake: FakeGateways, timeoutMs = 2000) => ({
  timeoutMs,
  razorpayUrl: fake.url,
  payuUrl: fake.url,
  payuInfoUrl: `${fake.url}/merchant/postservice.php?form=2`,
  stripeUrl: fake.url,
});

export const hmac = (secret: string, data: string | Buffer) => createHmac('sha256', secret).update(data).digest('hex');
