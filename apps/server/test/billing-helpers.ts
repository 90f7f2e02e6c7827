import { expect } from 'vitest';
import { apiOf, dataOf, platformOwner, randomIp, type TestApp, type TestCommunity, waitFor } from './helpers';
import { type FakeGateways, hmac } from './payment-fakes';

type Json = Record<string, any>;

/** The platform community's Razorpay gateways (INR and SGD) on the fake, as an operator sets them up. */
export async function platformGateways(t: TestApp, fake: FakeGateways): Promise<TestCommunity> {
  const operator = await platformOwner(t);
  for (const currency of ['INR', 'SGD']) {
    dataOf(
      await apiOf(t, operator)('POST', 'payments/gateways', {
        kind: 'razorpay',
        displayName: `Razorpay ${currency}`,
        mode: 'test',
        currency,
        enabled: true,
        credentials: { keyId: fake.razorpayAuth.keyId, keySecret: fake.razorpayAuth.keySecret, webhookSecret: 'whk-billing-0001' },
      }),
      201,
    );
  }
  return operator;
}

/** Pays an open invoice the way a payer does: start, the fake gateway's checkout, the signed result posted back. */
export async function payInvoice(t: TestApp, fake: FakeGateways, as: TestCommunity, invoiceId: string, operator: TestCommunity) {
  const started = dataOf(await apiOf(t, as)('POST', `billing/invoices/${invoiceId}/pay`));
  expect(started.payUrl).toBe(`/public/-/payments/transactions/${started.transactionId}/pay`);
  const ledger = dataOf(await apiOf(t, operator)('GET', `payments/transactions/${started.transactionId}`));
  await settle(t, fake, started.transactionId, ledger.gatewayOrderId);
  // The paid charge is applied to the buyer's invoice by a job, after the ledger's commit.
  await waitFor(
    'the invoice paid',
    async () => {
      const invoice = dataOf(await apiOf(t, as)('GET', `billing/invoices/${invoiceId}`));
      return invoice.status === 'paid' ? invoice : undefined;
    },
    60_000,
  );
  return started as Json;
}

/** The payer pays a started payment of the platform on the fake gateway; the signed result is posted back. */
export async function settle(t: TestApp, fake: FakeGateways, transactionId: string, gatewayOrderId: string) {
  const paymentId = fake.pay(gatewayOrderId);
  const posted = await t.request({
    method: 'POST',
    url: `/public/-/payments/razorpay/verify?transaction=${transactionId}`,
    payload: new URLSearchParams({
      razorpay_payment_id: paymentId,
      razorpay_order_id: gatewayOrderId,
      razorpay_signature: hmac(fake.razorpayAuth.keySecret, `${gatewayOrderId}|${paymentId}`),
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: randomIp(),
  });
  expect(posted.statusCode, posted.body).toBe(303);
  expect(posted.headers.location).toContain('/payment-gateway/success?');
}
