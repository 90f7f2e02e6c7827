import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineModule } from '../src/kernel/resources';
import { createSecretBox, generateSecretsKey, parseSecretsKey, SecretBoxError } from '../src/kernel/secrets';
import { createProviders } from '../src/modules/payments/providers';
import { payuRefundToken } from '../src/modules/payments/providers/payu';
import { paymentService } from '../src/modules/payments/service';
import { type GatewayKind, paymentTransactions } from '../src/modules/payments/tables';
import { exportCsv } from './csv-helpers';
import { randomIp, signedInAdmin, startTestApp, type TestApp, type TestCommunity } from './helpers';
import { type FakeGateways, fakePaymentsConfig, hmac, startFakeGateways } from './payment-fakes';

type Json = Record<string, any>;

describe('secret box', () => {
  const key = generateSecretsKey();
  it('seals with AES-256-GCM under a versioned, key-named format and opens only what it sealed, in its context', () => {
    const box = createSecretBox(key);
    const sealed = box.seal('rzp_live_secret', 'tenant:gw1');
    expect(sealed).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed.split('.')[1]).toBe(box.keyId);
    expect(sealed).not.toContain('rzp_live_secret');
    expect(box.seal('rzp_live_secret', 'tenant:gw1')).not.toBe(sealed);
    expect(box.open(sealed, 'tenant:gw1')).toBe('rzp_live_secret');
    expect(() => box.open(sealed, 'tenant:gw2')).toThrow(SecretBoxError);
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[4], 'base64url');
    flipped[0] ^= 1;
    expect(() => box.open([...parts.slice(0, 4), flipped.toString('base64url')].join('.'), 'tenant:gw1')).toThrow(SecretBoxError);
    expect(() => createSecretBox(generateSecretsKey()).open(sealed, 'tenant:gw1')).toThrow(/unknown key/);
  });

  it('opens with an older key after rotation, and refuses keys that are not 32 bytes', () => {
    const old = createSecretBox(key);
    const sealed = old.seal('secret');
    const rotated = createSecretBox(generateSecretsKey(), [key]);
    expect(rotated.keyId).not.toBe(old.keyId);
    expect(rotated.open(sealed)).toBe('secret');
    expect(parseSecretsKey('a'.repeat(64))).toHaveLength(32);
    expect(() => parseSecretsKey('short')).toThrow(SecretBoxError);
    expect(() => parseSecretsKey('g'.repeat(64))).toThrow(SecretBoxError);
  });
});

describe('payments', () => {
  let t: TestApp;
  let fake: FakeGateways;
  let c: TestCommunity;
  let other: TestCommunity;
  /** A payable kind of the test: orders in memory, and how often each was paid. */
  const orders = new Map<string, { amountMinor: number; currency: string; paid: number; refunded: number; state: 'open' | 'paid' }>();
  const WEBHOOK_SECRET = 'razorpay-webhook-secret-01';
  const STRIPE_WEBHOOK = 'whsec_FakeStripeWebhook0001';
  let razorpayId: string;

  const api = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Json, as: TestCommunity = c) => {
    const res = await t.request({ method, url: `/api/v1/${url}`, payload, as });
    return { status: res.statusCode, body: res.body === '' ? {} : (res.json() as Json) };
  };
  const newOrder = (amountMinor = 125_000, currency = 'INR') => {
    const id = randomUUID();
    orders.set(id, { amountMinor, currency, paid: 0, refunded: 0, state: 'open' });
    return id;
  };
  const start = async (orderId: string, extra: Json = {}) => {
    const res = await api('POST', 'payments/checkout', { payable: { kind: 'test-order', id: orderId }, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { transaction: Json; checkout: Json };
  };
  const transaction = async (id: string, as = c) => (await api('GET', `payments/transactions/${id}`, undefined, as)).body.data as Json;
  const webhook = (kind: string, body: string, headers: Record<string, string>, community = c.name) =>
    t.request({
      method: 'POST',
      url: `/public/${community}/payments/webhooks/${kind}`,
      payload: body,
      headers: { 'content-type': 'application/json', ...headers },
      remoteAddress: randomIp(),
    });
  const razorpayEvent = (event: string, entity: Json) =>
    JSON.stringify({ entity: 'event', event, payload: event.startsWith('refund') ? { refund: { entity } } : { payment: { entity } } });
  /** A payment.captured or payment.failed event of `orderId` (in INR). */
  const paymentEvent = (status: 'captured' | 'failed', id: string, orderId: string, amount: number) =>
    razorpayEvent(`payment.${status}`, { id, order_id: orderId, amount, currency: 'INR', status });
  /** The headers of a webhook Razorpay signed (a new event id unless told). */
  const signed = (body: string, eventId = `evt_${randomUUID()}`) => ({
    'x-razorpay-signature': hmac(WEBHOOK_SECRET, body),
    'x-razorpay-event-id': eventId,
  });

  /** A module of the tests whose records (`orders`, in memory) can be paid: it contributes a payable kind, as commerce does. */
  const testPayables = defineModule({
    key: 'test-payables',
    label: 'Test payables',
    area: 'settings',
    requires: ['payments'],
    contributes: {
      payables: [
        {
          kind: 'test-order',
          label: 'Test order',
          async describe(_ctx, id) {
            const o = orders.get(id);
            if (!o) return null;
            return {
              amountMinor: o.amountMinor,
              currency: o.currency,
              reference: `T-${id.slice(0, 8)}`,
              customer: { name: 'Asha Rao', email: 'asha@example.com' },
              state: o.state,
            };
          },
          async onPaid(_ctx, id) {
            const o = orders.get(id)!;
            o.paid++;
            o.state = 'paid';
          },
          async onRefunded(_ctx, id, _tx, refund) {
            orders.get(id)!.refunded += refund.amountMinor;
          },
        },
      ],
    },
  });

  beforeAll(async () => {
    fake = await startFakeGateways();
    t = await startTestApp({ payments: fakePaymentsConfig(fake, 400) }, { extraModules: [testPayables] });
    c = await t.signup();
    other = await t.signup();
    const created = await api('POST', 'payments/gateways', {
      kind: 'razorpay',
      displayName: 'Razorpay',
      currency: 'INR',
      credentials: { ...fake.razorpayAuth, webhookSecret: WEBHOOK_SECRET },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    razorpayId = created.body.data.id;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  describe('credentials', () => {
    it('are never readable: not in answers, lists, searches, CSV, compat, the audit log or the stored row', async () => {
      const secrets = [fake.razorpayAuth.keySecret, WEBHOOK_SECRET];
      const got = await api('GET', `payments/gateways/${razorpayId}`);
      expect(got.body.data.credentialsMasked).toEqual({ keyId: 'rzp_test_••••', keySecret: '••••cret', webhookSecret: '••••t-01' });
      expect(got.body.data).not.toHaveProperty('credentialsSealed');
      expect(got.body.data).not.toHaveProperty('credentials');
      const texts = [
        JSON.stringify(got.body),
        JSON.stringify((await api('GET', 'payments/gateways?q=Razor')).body),
        (await exportCsv(t, c, 'payments/gateways')).text,
        (await t.request({ method: 'POST', url: '/compat/core/payment/gateway/get', payload: {}, as: c })).body,
        (await t.request({ method: 'POST', url: '/compat/core/payment/gateway/getSingle', payload: { _id: razorpayId }, as: c })).body,
        JSON.stringify((await api('GET', 'ops/audit-log?limit=200')).body),
        JSON.stringify((await api('GET', 'meta/resources')).body),
      ];
      for (const text of texts) for (const s of secrets) expect(text).not.toContain(s);
      const audited = await t.app.db.query<{ after: Json }>('select after from audit_log where record_id = $1', [razorpayId]);
      expect(audited.map((a) => a.after?.credentialsMasked?.keyId)).toEqual(['rzp_test_••••']);
      for (const s of secrets) expect(JSON.stringify(audited)).not.toContain(s);
      const [row] = await t.app.db.query<{ credentials_sealed: string }>('select credentials_sealed from payment_gateways where id = $1', [
        razorpayId,
      ]);
      expect(row.credentials_sealed).toMatch(/^v1\./);
      for (const s of secrets) expect(row.credentials_sealed).not.toContain(s);
    });

    it('are validated for the kind, required for online kinds, merged on update, and the kind cannot change', async () => {
      const missing = await api('POST', 'payments/gateways', { kind: 'stripe', displayName: 'Stripe' });
      expect(missing.status).toBe(400);
      expect(missing.body.error.fields).toHaveProperty('credentials');
      const wrong = await api('POST', 'payments/gateways', {
        kind: 'razorpay',
        displayName: 'R',
        credentials: { keyId: 'nope', keySecret: 'x' },
      });
      expect(wrong.status).toBe(400);
      expect(Object.keys(wrong.body.error.fields).sort()).toEqual(['credentials.keyId', 'credentials.keySecret']);
      const gw = await api('POST', 'payments/gateways', {
        kind: 'razorpay',
        displayName: 'Second',
        credentials: { keyId: 'rzp_test_AAAAAAAA1111', keySecret: 'first-secret-1111' },
      });
      const patched = await api('PATCH', `payments/gateways/${gw.body.data.id}`, {
        credentials: { webhookSecret: 'added-webhook-secret-2222' },
      });
      expect(patched.body.data.credentialsMasked).toEqual({ keyId: 'rzp_test_••••', keySecret: '••••1111', webhookSecret: '••••2222' });
      const kind = await api('PATCH', `payments/gateways/${gw.body.data.id}`, { kind: 'stripe' });
      expect(kind.status).toBe(400);
      expect(kind.body.error.fields).toHaveProperty('kind');
      expect((await api('DELETE', `payments/gateways/${gw.body.data.id}`)).status).toBe(204);
    });

    it('test connection asks the gateway with the stored credentials', async () => {
      expect((await api('POST', `payments/gateways/${razorpayId}/test`)).body.data).toMatchObject({ ok: true });
      const bad = await api('POST', 'payments/gateways', {
        kind: 'razorpay',
        displayName: 'Bad',
        credentials: { keyId: 'rzp_test_WrongKey0001', keySecret: 'wrong-secret-000' },
      });
      const res = await api('POST', `payments/gateways/${bad.body.data.id}/test`);
      expect(res.body.data).toEqual({ ok: false, message: expect.stringMatching(/refused the credentials/) });
      await api('DELETE', `payments/gateways/${bad.body.data.id}`);
    });

    it('other communities see none of them', async () => {
      expect((await api('GET', `payments/gateways/${razorpayId}`, undefined, other)).status).toBe(404);
      expect((await api('GET', 'payments/gateways', undefined, other)).body.data).toEqual([]);
    });
  });

  describe('Razorpay', () => {
    const sign = (orderId: string, paymentId: string, secret = fake.razorpayAuth.keySecret) => hmac(secret, `${orderId}|${paymentId}`);

    it('creates the order on the gateway, verifies the checkout signature, captures once and marks the payable paid', async () => {
      const orderId = newOrder();
      const { transaction: tx, checkout } = await start(orderId);
      expect(checkout).toMatchObject({ type: 'razorpay', keyId: fake.razorpayAuth.keyId, amount: 125_000, currency: 'INR' });
      expect(tx).toMatchObject({
        status: 'created',
        amountMinor: 125_000,
        gatewayOrderId: checkout.orderId,
        payableKind: 'test-order',
        payableId: orderId,
      });
      expect(fake.orders.get(checkout.orderId)).toMatchObject({ amount: 125_000, currency: 'INR' });
      const paymentId = fake.pay(checkout.orderId);
      const res = await api('POST', 'payments/razorpay/verify', {
        transactionId: tx.id,
        razorpay_order_id: checkout.orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: sign(checkout.orderId, paymentId),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.transaction).toMatchObject({ status: 'captured', gatewayPaymentId: paymentId });
      expect(orders.get(orderId)).toMatchObject({ paid: 1, state: 'paid' });
      // Paid: a new payment is refused.
      expect((await api('POST', 'payments/checkout', { payable: { kind: 'test-order', id: orderId } })).body.error.code).toBe(
        'already_paid',
      );
    });

    it('the hosted pay page opens the checkout under its own policy, posts to the signature check, and says when nothing is left to pay', async () => {
      const orderId = newOrder(149_900);
      const { transaction: tx, checkout } = await start(orderId);
      const page = await t.request({ method: 'GET', url: `/public/${c.name}/payments/transactions/${tx.id}/pay` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      const policy = String(page.headers['content-security-policy']);
      // Razorpay's checkout script is allowed on this page only, and no inline script runs.
      const directive = (name: string) =>
        policy
          .split(';')
          .map((d) => d.trim())
          .find((d) => d.startsWith(`${name} `));
      expect(directive('script-src')).toBe("script-src 'self' https://checkout.razorpay.com");
      expect(directive('form-action')).toBe("form-action 'self'");
      const scripts = [...page.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
      expect(scripts.length).toBe(2);
      expect(scripts.every((attributes) => /src="/.test(attributes))).toBe(true);
      expect(page.body).toContain(`data-order="${checkout.orderId}"`);
      expect(page.body).toContain(`data-key="${fake.razorpayAuth.keyId}"`);
      expect(page.body).toContain('Pay ₹1,499.00');
      expect(page.body).toContain(`action="/public/${c.name}/payments/razorpay/verify?transaction=${tx.id}"`);
      const script = await t.request({ method: 'GET', url: '/public/assets/pay.js' });
      expect(script.statusCode).toBe(200);
      expect(script.body).toContain('new window.Razorpay');

      // The form the page posts: verified, then the payer lands on the outcome screen; the page has nothing left to pay.
      const paymentId = fake.pay(checkout.orderId);
      const posted = await t.request({
        method: 'POST',
        url: `/public/${c.name}/payments/razorpay/verify?transaction=${tx.id}`,
        payload: new URLSearchParams({
          razorpay_payment_id: paymentId,
          razorpay_order_id: checkout.orderId,
          razorpay_signature: sign(checkout.orderId, paymentId),
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(posted.statusCode).toBe(303);
      expect(posted.headers.location).toContain('/payment-gateway/success?');
      const after = await t.request({ method: 'GET', url: `/public/${c.name}/payments/transactions/${tx.id}/pay` });
      expect(after.body).toContain('This payment is complete');
      expect(after.body).not.toContain('<script');
      // Another community's name, or an unknown id, finds nothing.
      expect((await t.request({ method: 'GET', url: `/public/${other.name}/payments/transactions/${tx.id}/pay` })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: `/public/${c.name}/payments/transactions/${randomUUID()}/pay` })).statusCode).toBe(404);
    });

    it('mails a Razorpay payment link to the hosted pay page', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/compat/core/payment/gateway/sendEmail',
        payload: { amount: 2_500, currency: 'INR', receipt: 'INV-PAYLINK', email: 'payer@example.com' },
        as: c,
      });
      expect(res.statusCode, res.body).toBe(200);
      const mailed = res.json() as Json;
      const outbox = await api('GET', `ops/outbox/${mailed.data?.outboxId ?? mailed.outboxId}`);
      const text = JSON.stringify(outbox.body);
      expect(text).toContain(`/public/${c.name}/payments/transactions/`);
      expect(text).toContain('/pay');
      expect(text).toContain('₹25.00');
    });

    it('refuses a forged or altered signature, and one for another order than the stored one', async () => {
      const orderId = newOrder();
      const { transaction: tx, checkout } = await start(orderId);
      const paymentId = fake.pay(checkout.orderId);
      const attempts = [
        { razorpay_signature: sign(checkout.orderId, paymentId, 'not-the-secret') },
        { razorpay_signature: sign(checkout.orderId, paymentId).replace(/.$/, (ch) => (ch === '0' ? '1' : '0')) },
        { razorpay_signature: sign('order_other', paymentId), razorpay_order_id: 'order_other' },
        { razorpay_signature: 'x' },
      ];
      for (const attempt of attempts) {
        const res = await api('POST', 'payments/razorpay/verify', {
          transactionId: tx.id,
          razorpay_order_id: checkout.orderId,
          razorpay_payment_id: paymentId,
          ...attempt,
        });
        expect(res.status, JSON.stringify(attempt)).toBe(400);
        expect(res.body.error.code).toBe('invalid_signature');
      }
      const publicForged = await t.request({
        method: 'POST',
        url: `/public/${c.name}/payments/razorpay/verify`,
        payload: { transactionId: tx.id, razorpay_payment_id: paymentId, razorpay_signature: sign(checkout.orderId, paymentId, 'nope') },
      });
      expect(publicForged.statusCode).toBe(400);
      expect((await transaction(tx.id)).status).toBe('created');
      expect(orders.get(orderId)!.paid).toBe(0);
    });

    it('a webhook is believed only when signed over the raw body; a replay is a no-op', async () => {
      const orderId = newOrder(50_000);
      const { transaction: tx, checkout } = await start(orderId);
      const body = paymentEvent('captured', 'pay_webhook01', checkout.orderId, 50_000);
      const forged = await webhook('razorpay', body, { 'x-razorpay-signature': hmac('wrong', body), 'x-razorpay-event-id': 'evt_1' });
      expect(forged.statusCode).toBe(400);
      const altered = await webhook('razorpay', body.replace('50000', '5000'), signed(body, 'evt_1'));
      expect(altered.statusCode).toBe(400);
      // Signed for community c, sent to another community: refused there.
      expect((await webhook('razorpay', body, signed(body, 'evt_1'), other.name)).statusCode).toBe(400);
      expect((await transaction(tx.id)).status).toBe('created');

      const headers = signed(body);
      const first = await webhook('razorpay', body, headers);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ received: true, duplicate: false, outcome: 'captured' });
      const replay = await webhook('razorpay', body, headers);
      expect(replay.json()).toEqual({ received: true, duplicate: true, outcome: 'duplicate' });
      expect(await transaction(tx.id)).toMatchObject({ status: 'captured', gatewayPaymentId: 'pay_webhook01' });
      expect(orders.get(orderId)!.paid).toBe(1);
      // A failure arriving after the capture never moves it back.
      const failed = paymentEvent('failed', 'pay_webhook02', checkout.orderId, 50_000);
      const late = await webhook('razorpay', failed, signed(failed));
      expect(late.json().outcome).toBe('unchanged');
      expect((await transaction(tx.id)).status).toBe('captured');
    });

    it('refuses an amount that is not the stored one (webhook and verify)', async () => {
      const orderId = newOrder(70_000);
      const { transaction: tx, checkout } = await start(orderId);
      const body = paymentEvent('captured', 'pay_cheap', checkout.orderId, 100);
      const res = await webhook('razorpay', body, signed(body));
      expect(res.json().outcome).toBe('amount_mismatch');
      const paymentId = fake.pay(checkout.orderId, 'captured', 100);
      const verify = await api('POST', 'payments/razorpay/verify', {
        transactionId: tx.id,
        razorpay_payment_id: paymentId,
        razorpay_signature: sign(checkout.orderId, paymentId),
      });
      expect(verify.status).toBe(409);
      expect(verify.body.error.code).toBe('amount_mismatch');
      expect((await transaction(tx.id)).status).not.toBe('captured');
      expect(orders.get(orderId)!.paid).toBe(0);
    });

    it('applies duplicate concurrent callbacks and webhooks once', async () => {
      const orderId = newOrder(90_000);
      const { transaction: tx, checkout } = await start(orderId);
      const paymentId = fake.pay(checkout.orderId);
      const verify = () =>
        api('POST', 'payments/razorpay/verify', {
          transactionId: tx.id,
          razorpay_payment_id: paymentId,
          razorpay_signature: sign(checkout.orderId, paymentId),
        });
      const body = paymentEvent('captured', paymentId, checkout.orderId, 90_000);
      const hook = () => webhook('razorpay', body, signed(body));
      const results = await Promise.all([verify(), hook(), verify(), hook()]);
      for (const r of results) expect('statusCode' in r ? r.statusCode : r.status).toBe(200);
      expect(orders.get(orderId)!.paid).toBe(1);
      const audit = (await api('GET', `ops/audit-log?limit=200&resource=payments%2Ftransactions`)).body.data as Json[];
      const captures = audit.filter((a) => a.recordId === tx.id && a.after?.status === 'captured');
      expect(captures).toHaveLength(1);
    });

    it('a gateway timeout answers 504 and leaves the transaction pending; reconciliation captures it later', async () => {
      const orderId = newOrder(30_000);
      fake.delayMs = 1000;
      const slow = await api('POST', 'payments/checkout', { payable: { kind: 'test-order', id: orderId } });
      fake.delayMs = 0;
      expect(slow.status).toBe(504);
      expect(slow.body).toEqual({ error: { code: 'gateway_timeout', message: expect.stringMatching(/did not answer in time/) } });
      const pending = (await api('GET', `payments/transactions?payableId=${orderId}`)).body.data as Json[];
      expect(pending).toHaveLength(1);
      expect(pending[0]).toMatchObject({ status: 'created', gatewayOrderId: null, failureReason: expect.stringMatching(/did not answer/) });

      // A missed callback: the order was paid on the gateway, nobody told us.
      const next = newOrder(40_000);
      const { transaction: tx, checkout } = await start(next);
      fake.pay(checkout.orderId);
      const result = await paymentService(t.app).reconcilePending(0);
      expect(result.changed).toBeGreaterThanOrEqual(1);
      expect((await transaction(tx.id)).status).toBe('captured');
      expect(orders.get(next)!.paid).toBe(1);
    });

    it('refunds in part then in full through the gateway; the refund webhook is not counted twice', async () => {
      const orderId = newOrder(10_000);
      const { transaction: tx, checkout } = await start(orderId);
      const paymentId = fake.pay(checkout.orderId);
      await api('POST', 'payments/razorpay/verify', {
        transactionId: tx.id,
        razorpay_payment_id: paymentId,
        razorpay_signature: sign(checkout.orderId, paymentId),
      });
      const part = await api('POST', `payments/transactions/${tx.id}/refund`, { amountMinor: 4_000 });
      expect(part.body.data).toMatchObject({ status: 'partially_refunded', refundedMinor: 4_000 });
      const refundId = part.body.data.refunds[0].id;
      const body = razorpayEvent('refund.processed', { id: refundId, payment_id: paymentId, amount: 4_000, status: 'processed' });
      const hook = await webhook('razorpay', body, signed(body));
      expect(hook.json().outcome).toBe('unchanged');
      expect((await api('POST', `payments/transactions/${tx.id}/refund`, { amountMinor: 7_000 })).body.error.fields).toHaveProperty(
        'amountMinor',
      );
      const rest = await api('POST', `payments/transactions/${tx.id}/refund`, {});
      expect(rest.body.data).toMatchObject({ status: 'refunded', refundedMinor: 10_000 });
      expect(orders.get(orderId)!.refunded).toBe(10_000);
      expect(fake.refunds.filter((r) => r.path === `/v1/payments/${paymentId}/refund`)).toHaveLength(2);
    });
    /** A Razorpay payment of a new order, captured through the checkout verification. */
    const paidRazorpay = async (amount: number) => {
      const orderId = newOrder(amount);
      const { transaction: tx, checkout } = await start(orderId);
      const paymentId = fake.pay(checkout.orderId);
      const verified = await api('POST', 'payments/razorpay/verify', {
        transactionId: tx.id,
        razorpay_payment_id: paymentId,
        razorpay_signature: sign(checkout.orderId, paymentId),
      });
      expect(verified.body.data.transaction.status).toBe('captured');
      return { orderId, tx, paymentId };
    };

    it('three simultaneous full refunds make one gateway refund, keyed by its reservation; the others are refused with 409', async () => {
      const { orderId, tx, paymentId } = await paidRazorpay(60_000);
      // The gateway answers slowly: every refund is asked while the first is in flight.
      fake.delayMs = 150;
      const results = await Promise.all([1, 2, 3].map(() => api('POST', `payments/transactions/${tx.id}/refund`, {})));
      fake.delayMs = 0;
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      for (const refused of results.filter((r) => r.status === 409)) {
        expect(refused.body.error).toMatchObject({ code: 'refund_in_progress', message: expect.stringMatching(/being processed/) });
      }
      const made = fake.refunds.filter((r) => r.path === `/v1/payments/${paymentId}/refund`);
      expect(made).toHaveLength(1);
      const after = await transaction(tx.id);
      expect(after).toMatchObject({ status: 'refunded', refundedMinor: 60_000 });
      expect(after.refunds).toHaveLength(1);
      // The gateway got the reservation's id as its idempotency key (Razorpay: the receipt).
      expect(made[0].key).toBe(`razorpay:${after.refunds[0].key}`);
      expect(JSON.parse(made[0].body)).toMatchObject({ amount: 60_000, receipt: after.refunds[0].key });
      expect(orders.get(orderId)!.refunded).toBe(60_000);
    });

    it('a refund the gateway did not answer keeps its reservation and is sent again with the same key; a refusal releases it', async () => {
      const { tx, paymentId } = await paidRazorpay(20_000);
      fake.delayMs = 1000;
      const slow = await api('POST', `payments/transactions/${tx.id}/refund`, { amountMinor: 5_000 });
      fake.delayMs = 0;
      expect(slow.status).toBe(504);
      const held = await transaction(tx.id);
      expect(held.refunds).toEqual([expect.objectContaining({ status: 'reserved', amountMinor: 5_000 })]);
      expect(held.refundedMinor).toBe(0);
      // Held: what is left counts it; while it is recent, a refund of the whole amount is refused.
      const meanwhile = await api('POST', `payments/transactions/${tx.id}/refund`, { amountMinor: 20_000 });
      expect(meanwhile.status).toBe(409);
      expect(meanwhile.body.error.code).toBe('refund_in_progress');
      // Its caller is gone (a minute later): the next refund sends the same reservation again.
      await t.app.db.query(
        `update payment_transactions set refunds = (select jsonb_agg(jsonb_set(e, '{at}', '"2020-01-01T00:00:00.000Z"')) from jsonb_array_elements(refunds) e) where id = $1`,
        [tx.id],
      );
      const resumed = await api('POST', `payments/transactions/${tx.id}/refund`, {});
      expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
      expect(resumed.body.data).toMatchObject({ status: 'partially_refunded', refundedMinor: 5_000 });
      expect(resumed.body.data.refunds).toEqual([expect.objectContaining({ key: held.refunds[0].key, amountMinor: 5_000 })]);
      const made = fake.refunds.filter((r) => r.path === `/v1/payments/${paymentId}/refund`);
      expect(made.map((r) => r.key)).toEqual([`razorpay:${held.refunds[0].key}`]);
      // A gateway that refuses (the credentials changed) releases the reservation: nothing is held.
      const [gateway] = await t.app.db.query<{ id: string }>('select gateway_id as id from payment_transactions where id = $1', [tx.id]);
      await api('PATCH', `payments/gateways/${gateway.id}`, { credentials: { keySecret: 'a-wrong-key-secret' } });
      const refused = await api('POST', `payments/transactions/${tx.id}/refund`, {});
      await api('PATCH', `payments/gateways/${gateway.id}`, { credentials: { keySecret: fake.razorpayAuth.keySecret } });
      expect(refused.body.error.code).toBe('gateway_credentials');
      expect((await transaction(tx.id)).refunds.filter((r: Json) => r.status === 'reserved')).toEqual([]);
    });

    it('an Idempotency-Key answers the payment it started only for the same request, per caller', async () => {
      const orderId = newOrder(11_000);
      const key = `key-${randomUUID()}`;
      const started = (payload: Json, as: TestCommunity = c) =>
        t.request({ method: 'POST', url: '/api/v1/payments/checkout', payload, as, headers: { 'idempotency-key': key } });
      const first = await started({ payable: { kind: 'test-order', id: orderId } });
      expect(first.statusCode, first.body).toBe(201);
      const again = await started({ payable: { kind: 'test-order', id: orderId } });
      expect(again.json().data.transaction.id).toBe(first.json().data.transaction.id);
      // The same key for another payable, another gateway or another amount: refused, nothing started.
      for (const payload of [
        { payable: { kind: 'test-order', id: newOrder(11_000) } },
        { payable: { kind: 'test-order', id: orderId }, gatewayId: randomUUID() },
        { amountMinor: 500, currency: 'INR', reference: 'R-1' },
      ]) {
        const reused = await started(payload);
        expect(reused.statusCode, JSON.stringify(payload)).toBe(422);
        expect(reused.json().error).toMatchObject({ code: 'idempotency_key_reused', message: expect.stringMatching(/another payment/) });
      }
      expect((await api('GET', `payments/transactions?payableId=${orderId}`)).body.data).toHaveLength(1);
      // Another caller's same key is their own request.
      const colleague = await signedInAdmin(t, c, { payments: 'write' });
      const theirs = await started({ payable: { kind: 'test-order', id: orderId } }, colleague);
      expect(theirs.statusCode, theirs.body).toBe(201);
      expect(theirs.json().data.transaction.id).not.toBe(first.json().data.transaction.id);
    });
  });

  describe('PayU', () => {
    let payuId: string;
    const reverse = (f: Record<string, string>, salt = fake.payuKey.salt) =>
      createHash('sha512')
        .update(
          [
            salt,
            f.status,
            '',
            '',
            '',
            '',
            '',
            f.udf5,
            f.udf4,
            f.udf3,
            f.udf2,
            f.udf1,
            f.email,
            f.firstname,
            f.productinfo,
            f.amount,
            f.txnid,
            f.key,
          ].join('|'),
        )
        .digest('hex');
    const payuReturn = (txId: string, fields: Record<string, string>) =>
      t.request({
        method: 'POST',
        url: `/public/${c.name}/payments/payu/return?transaction=${txId}&outcome=success`,
        payload: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });

    beforeAll(async () => {
      await api('PATCH', `payments/gateways/${razorpayId}`, { enabled: false });
      const gw = await api('POST', 'payments/gateways', {
        kind: 'payu',
        displayName: 'PayU',
        credentials: { merchantKey: fake.payuKey.key, salt: fake.payuKey.salt },
      });
      payuId = gw.body.data.id;
    });
    afterAll(async () => {
      await api('PATCH', `payments/gateways/${payuId}`, { enabled: false });
      await api('PATCH', `payments/gateways/${razorpayId}`, { enabled: true });
    });

    it('gives the hosted form with sha512(key|txnid|amount|productinfo|firstname|email|udf1..udf5||||||SALT)', async () => {
      const { checkout } = await start(newOrder(12_345));
      const f = checkout.fields as Record<string, string>;
      expect(checkout).toMatchObject({ type: 'form', method: 'POST', action: `${fake.url}/_payment` });
      expect(f).toMatchObject({ key: fake.payuKey.key, amount: '123.45', firstname: 'Asha Rao', email: 'asha@example.com' });
      const expected = createHash('sha512')
        .update(
          [
            f.key,
            f.txnid,
            f.amount,
            f.productinfo,
            f.firstname,
            f.email,
            f.udf1,
            f.udf2,
            f.udf3,
            f.udf4,
            f.udf5,
            '',
            '',
            '',
            '',
            '',
            fake.payuKey.salt,
          ].join('|'),
        )
        .digest('hex');
      expect(f.hash).toBe(expected);
      expect(f.surl).toMatch(new RegExp(`/public/${c.name}/payments/payu/return\\?transaction=.+&outcome=success$`));

      // The hosted pay page gives the same signed form (made again locally), posted to PayU only.
      const { transaction: tx, checkout: again } = await start(newOrder(9_900));
      const page = await t.request({ method: 'GET', url: `/public/${c.name}/payments/transactions/${tx.id}/pay` });
      expect(page.statusCode).toBe(200);
      const fields = (again.fields ?? {}) as Record<string, string>;
      expect(page.body).toContain(`action="${fake.url}/_payment"`);
      expect(page.body).toContain(`name="hash" value="${fields.hash}"`);
      expect(page.body).toContain(`name="txnid" value="${fields.txnid}"`);
      expect(page.body).not.toContain('<script');
      const formAction = String(page.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith('form-action '));
      expect(formAction).toBe(`form-action 'self' ${new URL(fake.url).origin}`);
    });

    it('believes a return only with the right reverse hash, then sends the payer to the outcome screen', async () => {
      const orderId = newOrder(20_000);
      const { transaction: tx, checkout } = await start(orderId);
      const base: Record<string, string> = { ...(checkout.fields as Record<string, string>), status: 'success', mihpayid: '403993715521' };
      delete base.hash;
      const forged = await payuReturn(tx.id, { ...base, hash: reverse(base, 'wrong-salt') });
      expect(forged.statusCode).toBe(303);
      expect(forged.headers.location).toBe(
        `/admin-panel/controlcenter/settings/payment-gateway/failed?community=${c.name}&transaction=${tx.id}&reason=invalid_signature`,
      );
      const altered = await payuReturn(tx.id, { ...base, amount: '1.00', hash: reverse(base) });
      expect(altered.headers.location).toMatch(/failed\?.*reason=invalid_signature/);
      expect((await transaction(tx.id)).status).toBe('created');
      // Signed by PayU (right salt) but for another amount: refused all the same.
      const cheap = { ...base, amount: '1.00' };
      const mismatch = await payuReturn(tx.id, { ...cheap, hash: reverse(cheap) });
      expect(mismatch.headers.location).toMatch(/failed\?.*reason=amount_mismatch/);
      expect(orders.get(orderId)!.paid).toBe(0);

      const ok = await payuReturn(tx.id, { ...base, hash: reverse(base) });
      expect(ok.statusCode).toBe(303);
      expect(ok.headers.location).toBe(
        `/admin-panel/controlcenter/settings/payment-gateway/success?community=${c.name}&transaction=${tx.id}`,
      );
      const seen = await t.request({ method: 'GET', url: `/public/${c.name}/payments/transactions/${tx.id}` });
      expect(seen.json().data).toEqual({
        id: tx.id,
        status: 'captured',
        amountMinor: 20_000,
        currency: 'INR',
        reference: tx.reference,
        paid: true,
      });
      expect((await t.request({ method: 'GET', url: `/public/${other.name}/payments/transactions/${tx.id}` })).statusCode).toBe(404);
      expect(await transaction(tx.id)).toMatchObject({ status: 'captured', gatewayPaymentId: '403993715521' });
      expect(orders.get(orderId)!.paid).toBe(1);
      await payuReturn(tx.id, { ...base, hash: reverse(base) });
      expect(orders.get(orderId)!.paid).toBe(1);
    });

    it('reconciles through verify_payment and refunds through cancel_refund_transaction', async () => {
      const orderId = newOrder(5_000);
      const { transaction: tx } = await start(orderId);
      fake.payu.set(tx.gatewayOrderId, { status: 'success', amt: '50.00', mihpayid: '99001' });
      const reconciled = await api('POST', `payments/transactions/${tx.id}/reconcile`);
      expect(reconciled.body.data).toMatchObject({ status: 'captured', gatewayPaymentId: '99001' });
      const refund = await api('POST', `payments/transactions/${tx.id}/refund`, { amountMinor: 1_000 });
      expect(refund.body.data).toMatchObject({ status: 'partially_refunded', refundedMinor: 1_000 });
      expect(fake.refunds.at(-1)!.body).toContain('var3=10.00');
    });
  });

  describe('Stripe', () => {
    let stripeId: string;
    const signed = (body: string, secret = STRIPE_WEBHOOK, t0 = Math.floor(Date.now() / 1000)) =>
      `t=${t0},v1=${hmac(secret, `${t0}.${body}`)}`;
    beforeAll(async () => {
      await api('PATCH', `payments/gateways/${razorpayId}`, { enabled: false });
      const gw = await api('POST', 'payments/gateways', {
        kind: 'stripe',
        displayName: 'Stripe',
        currency: 'USD',
        credentials: { secretKey: fake.stripeKey, webhookSecret: STRIPE_WEBHOOK },
      });
      expect(gw.status, JSON.stringify(gw.body)).toBe(201);
      stripeId = gw.body.data.id;
    });
    afterAll(async () => {
      await api('PATCH', `payments/gateways/${stripeId}`, { enabled: false });
      await api('PATCH', `payments/gateways/${razorpayId}`, { enabled: true });
    });

    it('creates a Checkout Session and captures on a signed checkout.session.completed; forged, stale and replayed events change nothing', async () => {
      const orderId = newOrder(2_500, 'USD');
      const { transaction: tx, checkout } = await start(orderId);
      expect(checkout).toEqual({ type: 'redirect', url: `https://checkout.stripe.test/pay/${tx.gatewayOrderId}` });
      const session = fake.sessions.get(tx.gatewayOrderId)!;
      const event = JSON.stringify({
        id: 'evt_stripe_1',
        type: 'checkout.session.completed',
        data: { object: { id: tx.gatewayOrderId, ...session, payment_status: 'paid', status: 'complete' } },
      });
      expect((await webhook('stripe', event, { 'stripe-signature': signed(event, 'whsec_wrongwrongwrong') })).statusCode).toBe(400);
      expect((await webhook('stripe', event, { 'stripe-signature': signed(event, STRIPE_WEBHOOK, 1_000_000) })).statusCode).toBe(400);
      expect((await webhook('stripe', `${event} `, { 'stripe-signature': signed(event) })).statusCode).toBe(400);
      expect((await transaction(tx.id)).status).toBe('created');
      const ok = await webhook('stripe', event, { 'stripe-signature': signed(event) });
      expect(ok.json()).toEqual({ received: true, duplicate: false, outcome: 'captured' });
      expect((await webhook('stripe', event, { 'stripe-signature': signed(event) })).json().duplicate).toBe(true);
      expect(orders.get(orderId)!.paid).toBe(1);
      const refund = await api('POST', `payments/transactions/${tx.id}/refund`, {});
      expect(refund.body.data).toMatchObject({ status: 'refunded', refundedMinor: 2_500 });
    });

    it('the return redirect asks Stripe before believing anything, and not again seconds later', async () => {
      const orderId = newOrder(1_000, 'USD');
      const { transaction: tx } = await start(orderId);
      const ret = () =>
        t.request({
          method: 'GET',
          url: `/public/${c.name}/payments/stripe/return?transaction=${tx.id}&outcome=success`,
          remoteAddress: randomIp(),
        });
      const asked = () => fake.requests.filter((r) => r === `GET /v1/checkout/sessions/${tx.gatewayOrderId}`).length;
      expect((await ret()).headers.location).toMatch(/\/failed\?/);
      expect(asked()).toBe(1);
      fake.sessions.get(tx.gatewayOrderId)!.payment_status = 'paid';
      // Asked a moment ago: the transaction is answered as it stands, Stripe is not asked again.
      expect((await ret()).headers.location).toMatch(/\/failed\?/);
      expect(asked()).toBe(1);
      await t.app.db.query(`update payment_transactions set checked_at = now() - interval '1 minute' where id = $1`, [tx.id]);
      expect((await ret()).headers.location).toBe(
        `/admin-panel/controlcenter/settings/payment-gateway/success?community=${c.name}&transaction=${tx.id}`,
      );
      expect(orders.get(orderId)!.paid).toBe(1);
      expect(asked()).toBe(2);
    });
  });

  describe('public payment callbacks', () => {
    it('a return route refuses a transaction of another gateway without calling out', async () => {
      const { transaction: tx, checkout } = await start(newOrder(3_000));
      fake.pay(checkout.orderId);
      const before = fake.requests.length;
      for (const kind of ['stripe', 'payu']) {
        const res = await t.request({
          method: kind === 'payu' ? 'POST' : 'GET',
          url: `/public/${c.name}/payments/${kind}/return?transaction=${tx.id}&outcome=success`,
          remoteAddress: randomIp(),
        });
        expect(res.statusCode).toBe(303);
        expect(res.headers.location, kind).toMatch(/\/failed\?.*reason=invalid_signature/);
      }
      expect(fake.requests.length).toBe(before);
      expect((await transaction(tx.id)).status).toBe('created');
    });

    it('are rate-limited per transaction and per address', async () => {
      const { transaction: tx, checkout } = await start(newOrder(3_100));
      const forged = (remoteAddress: string, transactionId = tx.id) =>
        t.request({
          method: 'POST',
          url: `/public/${c.name}/payments/razorpay/verify`,
          payload: { transactionId, razorpay_order_id: checkout.orderId, razorpay_payment_id: 'pay_forged', razorpay_signature: 'x' },
          remoteAddress,
        });
      // Ten tries at one transaction from ten addresses, then it is closed for the minute.
      for (let i = 0; i < 10; i++) expect((await forged(randomIp())).statusCode).toBe(400);
      const limited = await forged(randomIp());
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json().error.code).toBe('rate_limited');
      // One address trying many transactions is stopped too.
      const address = randomIp();
      const answers: number[] = [];
      for (let i = 0; i < 61; i++) answers.push((await forged(address, randomUUID())).statusCode);
      expect(answers.slice(0, 60).every((status) => status === 404)).toBe(true);
      expect(answers[60]).toBe(429);
    });
  });

  describe('every money-moving call', () => {
    it('each gateway’s refund carries its reservation key the way its API takes one: the same key is one refund', async () => {
      const providers = createProviders({ config: fakePaymentsConfig(fake) });
      const credentials: Partial<Record<GatewayKind, Record<string, string>>> = {
        razorpay: { ...fake.razorpayAuth },
        payu: { merchantKey: fake.payuKey.key, salt: fake.payuKey.salt },
        stripe: { secretKey: fake.stripeKey },
      };
      const refunding = Object.values(providers).filter((p) => p.refund);
      expect(refunding.map((p) => p.kind).sort()).toEqual(['payu', 'razorpay', 'stripe']);
      for (const provider of refunding) {
        const account = {
          id: randomUUID(),
          kind: provider.kind,
          mode: 'test' as const,
          currency: 'INR',
          displayName: provider.kind,
          instructions: null,
          credentials: credentials[provider.kind]!,
        };
        const paid = {
          id: randomUUID(),
          amountMinor: 1_000,
          currency: 'INR',
          reference: 'R-GENERIC',
          gatewayOrderId: 'order_generic',
          gatewayPaymentId: 'pay_generic',
          customerName: null,
          customerEmail: null,
        };
        const key = randomUUID();
        const made = fake.refunds.length;
        const first = await provider.refund!(account, paid, 500, key);
        const again = await provider.refund!(account, paid, 500, key);
        expect(again.refundId, provider.kind).toBe(first.refundId);
        expect(fake.refunds.length - made, provider.kind).toBe(1);
        expect(fake.refunds.at(-1)!.key, provider.kind).toContain(provider.kind === 'payu' ? payuRefundToken(key) : key);
      }
    });
  });

  describe('offline kinds and access', () => {
    it('a bank transfer is marked paid by an admin (audited); an online payment cannot be', async () => {
      await api('PATCH', `payments/gateways/${razorpayId}`, { enabled: false });
      const bank = await api('POST', 'payments/gateways', { kind: 'bank_transfer', displayName: 'Bank', instructions: 'IBAN XX00 0000' });
      const orderId = newOrder(8_000);
      const { transaction: tx, checkout } = await start(orderId);
      expect(checkout).toEqual({ type: 'offline', instructions: 'IBAN XX00 0000' });
      const paid = await api('POST', `payments/transactions/${tx.id}/mark-paid`, { note: 'Seen on the statement' });
      expect(paid.body.data.status).toBe('captured');
      expect((await api('POST', `payments/transactions/${tx.id}/mark-paid`, {})).body.error.code).toBe('not_pending');
      expect(orders.get(orderId)!.paid).toBe(1);
      const audit = (await api('GET', `ops/audit-log?limit=50&resource=payments%2Ftransactions`)).body.data as Json[];
      expect(audit.find((a) => a.recordId === tx.id && a.after?.status === 'captured')).toMatchObject({ actorId: c.userId });
      await api('PATCH', `payments/gateways/${bank.body.data.id}`, { enabled: false });
      await api('PATCH', `payments/gateways/${razorpayId}`, { enabled: true });
      const online = await start(newOrder());
      expect((await api('POST', `payments/transactions/${online.transaction.id}/mark-paid`, {})).body.error.code).toBe('online_payment');
    });

    it('payments:read lists transactions but starts, refunds or marks nothing; no role reads nothing', async () => {
      const reader = await signedInAdmin(t, c, { payments: 'read' });
      expect((await api('GET', 'payments/transactions', undefined, reader)).status).toBe(200);
      expect((await api('POST', 'payments/checkout', { payable: { kind: 'test-order', id: newOrder() } }, reader)).status).toBe(403);
      expect((await api('POST', `payments/transactions/${randomUUID()}/refund`, {}, reader)).status).toBe(403);
      const nobody = await signedInAdmin(t, c, {});
      expect((await api('GET', 'payments/transactions', undefined, nobody)).status).toBe(403);
      expect((await api('GET', 'payments/transactions', undefined, other)).body.data).toEqual([]);
      const rows = await t.app.db.withTenant(other.tenantId, (tx) => tx.select().from(paymentTransactions));
      expect(rows).toEqual([]);
    });
  });
});
