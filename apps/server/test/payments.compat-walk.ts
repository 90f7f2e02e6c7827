import { expect, it } from 'vitest';
import { defineCompatWalk, type Json } from './compat-walk';
import { hmac } from './payment-fakes';

/** The payments module's compat lines, each called as an old client would, with a token (test/compat-contract.test.ts runs this). */
export default defineCompatWalk({
  module: 'payments',
  served: 13,
  walk: (kit) => {
    it('payment lines: the gateway catalogue, gateways, Razorpay and PayU orders, the ledger, payment emails', async () => {
      const { fake, line, ok, v1, made, ids } = kit;
      const kinds = ok(await line('POST /content/masters/paymentGateway/get')) as Json[];
      expect(kinds.map((k) => k.kind)).toEqual(['razorpay', 'payu', 'stripe', 'cod', 'bank_transfer']);
      const razorpay = await made('payments/gateways', {
        kind: 'razorpay',
        displayName: 'Razorpay',
        credentials: { ...fake.razorpayAuth, webhookSecret: 'contract-webhook-secret' },
      });
      const single = ok(await line('POST /core/payment/gateway/getSingle', { _id: razorpay.id }));
      expect(single).toMatchObject({ id: razorpay.id, credentialsMasked: { keyId: 'rzp_test_••••' } });
      expect(JSON.stringify(single)).not.toContain(fake.razorpayAuth.keySecret);

      const order = ok(
        await line('POST /core/payment/razorpay/createOrder', {
          amount: 49_900,
          currency: 'INR',
          receipt: 'INV-1',
          email: 'payer@example.com',
        }),
      );
      expect(order).toMatchObject({ order_id: expect.stringMatching(/^order_/), amount: 49_900, transaction: { status: 'created' } });
      expect(fake.orders.get(order.order_id)).toMatchObject({ amount: 49_900, currency: 'INR', receipt: 'INV-1' });
      const paymentId = fake.pay(order.order_id);
      const signature = hmac(fake.razorpayAuth.keySecret, `${order.order_id}|${paymentId}`);
      const forged = await line('POST /core/payment/razorpay/verifySignature', {
        razorpay_order_id: order.order_id,
        razorpay_payment_id: paymentId,
        razorpay_signature: hmac('not-the-secret', `${order.order_id}|${paymentId}`),
      });
      expect(forged.statusCode).toBe(400);
      const verified = ok(
        await line('POST /core/payment/razorpay/verifySignature', {
          razorpay_order_id: order.order_id,
          razorpay_payment_id: paymentId,
          razorpay_signature: signature,
        }),
      );
      expect(verified).toMatchObject({
        paid: true,
        transaction: { id: order.transaction.id, status: 'captured', gatewayPaymentId: paymentId },
      });

      await made('payments/gateways', {
        kind: 'payu',
        displayName: 'PayU',
        credentials: { merchantKey: fake.payuKey.key, salt: fake.payuKey.salt },
      });
      const form = ok(
        await line('POST /core/payment/payu/payu', {
          amount: 10_000,
          currency: 'INR',
          receipt: 'INV-2',
          email: 'payer@example.com',
          firstname: 'Payer',
        }),
      );
      expect(form).toMatchObject({
        key: fake.payuKey.key,
        amount: '100.00',
        productinfo: 'INV-2',
        hash: expect.stringMatching(/^[0-9a-f]{128}$/),
      });

      await made('payments/gateways', { kind: 'bank_transfer', displayName: 'Bank', currency: 'USD', instructions: 'IBAN XX00' });
      const created = ok(
        await line('POST /core/transaction/create', { amount: 2_000, currency: 'USD', receipt: 'INV-3', email: 'payer@example.com' }),
      );
      expect(created).toMatchObject({
        checkout: { type: 'offline', instructions: 'IBAN XX00' },
        transaction: { status: 'created', kind: 'bank_transfer' },
      });
      expect(ok(await line('POST /core/transaction/edit', { _id: created.transaction.id, status: 'paid' }))).toMatchObject({
        status: 'captured',
      });
      const listed = ok(await line('POST /core/transaction/get', { limit: 200 })) as Json[];
      expect(ids(listed)).toEqual(expect.arrayContaining([order.transaction.id, created.transaction.id]));
      const captured = ok(await line('POST /core/transaction/get', { status: 'captured', limit: 200 })) as Json[];
      expect(captured.every((r) => r.status === 'captured')).toBe(true);
      expect(ids(captured)).toContain(created.transaction.id);

      const mailed = ok(
        await line('POST /core/payment/gateway/sendEmail', {
          amount: 1_500,
          currency: 'USD',
          receipt: 'INV-4',
          email: 'payer@example.com',
        }),
      );
      expect(mailed).toMatchObject({ sent: true, to: 'payer@example.com', transaction: { amountMinor: 1_500, currency: 'USD' } });
      expect(ids((await v1('GET', 'ops/outbox?q=INV-4')).data)).toEqual([mailed.outboxId]);
    });
  },
});
