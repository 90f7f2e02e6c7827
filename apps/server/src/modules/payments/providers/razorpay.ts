import { z } from 'zod';
import { AppError } from '../../../kernel/errors';
import { header, hmacSha256Hex, sameSecret } from './crypto';
import { gatewayApi, gatewayRefused, invalidSignature, jsonBody, safeJson } from './http';
import type { GatewayAccount, PaymentOutcome, PaymentProvider, ProviderOptions, StoredTransaction, WebhookEvent } from './types';

const LABEL = 'Razorpay';
const DEFAULT_URL = 'https://api.razorpay.com';

const order = z.object({ id: z.string().min(1), amount: z.number().int(), currency: z.string(), status: z.string().optional() });
const payment = z.object({
  id: z.string().min(1),
  order_id: z.string().nullish(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  error_description: z.string().nullish(),
});
const refund = z.object({ id: z.string().min(1), payment_id: z.string(), amount: z.number().int(), status: z.string() });
const webhook = z.object({
  event: z.string(),
  payload: z
    .object({
      payment: z.object({ entity: payment }).optional(),
      refund: z.object({ entity: refund }).optional(),
    })
    .loose(),
});

const STATUS: Record<string, PaymentOutcome['status']> = {
  captured: 'captured',
  authorized: 'authorized',
  failed: 'failed',
  created: 'pending',
  refunded: 'captured',
};

const outcomeOf = (p: z.infer<typeof payment>): PaymentOutcome => ({
  status: STATUS[p.status] ?? 'pending',
  gatewayOrderId: p.order_id ?? undefined,
  gatewayPaymentId: p.id,
  amountMinor: p.amount,
  currency: p.currency,
  reason: p.error_description ?? undefined,
  raw: p,
});

/** Razorpay: Orders API with basic auth, checkout signature and webhook signature (HMAC-SHA256). */
export function razorpayProvider({ config }: ProviderOptions): PaymentProvider {
  const base = (config.razorpayUrl ?? DEFAULT_URL).replace(/\/$/, '');
  const basicAuth = (account: GatewayAccount) =>
    `Basic ${Buffer.from(`${account.credentials.keyId}:${account.credentials.keySecret}`).toString('base64')}`;
  const call = gatewayApi(LABEL, base, config.timeoutMs, basicAuth, jsonBody);

  return {
    kind: 'razorpay',

    async createOrder(account, request) {
      const created = await call(account, '/v1/orders', order, {
        amount: request.amountMinor,
        currency: request.currency,
        receipt: request.reference.slice(0, 40),
        notes: { transaction_id: request.transactionId },
      });
      if (created.amount !== request.amountMinor || created.currency !== request.currency) {
        throw gatewayRefused(LABEL, 'the order was created with another amount');
      }
      return {
        gatewayOrderId: created.id,
        raw: created,
        checkout: {
          type: 'razorpay',
          keyId: account.credentials.keyId,
          orderId: created.id,
          amount: created.amount,
          currency: created.currency,
          name: account.displayName,
          description: request.description,
        },
      };
    },

    verifyReturn(account, tx, params) {
      const paymentId = params.razorpay_payment_id ?? '';
      const signature = params.razorpay_signature ?? '';
      if (!tx.gatewayOrderId || !/^[A-Za-z0-9_]{1,64}$/.test(paymentId)) throw invalidSignature();
      // The order id signed is the one we stored, never the one the callback names.
      const expected = hmacSha256Hex(account.credentials.keySecret, `${tx.gatewayOrderId}|${paymentId}`);
      if (!sameSecret(expected, signature)) throw invalidSignature();
      if (params.razorpay_order_id && params.razorpay_order_id !== tx.gatewayOrderId) throw invalidSignature();
      return { status: 'authorized', gatewayOrderId: tx.gatewayOrderId, gatewayPaymentId: paymentId, raw: params };
    },

    verifyWebhook(account, callback): WebhookEvent {
      const secret = account.credentials.webhookSecret;
      const signature = header(callback.headers, 'x-razorpay-signature') ?? '';
      if (!secret || !sameSecret(hmacSha256Hex(secret, callback.body), signature)) throw invalidSignature();
      const parsed = webhook.safeParse(safeJson(callback.body));
      if (!parsed.success) throw new AppError(400, 'invalid_event', 'Not a Razorpay event');
      const body = parsed.data;
      const eventId = header(callback.headers, 'x-razorpay-event-id') ?? '';
      if (!eventId) throw new AppError(400, 'invalid_event', 'The event has no x-razorpay-event-id');
      const p = body.payload.payment?.entity;
      const r = body.payload.refund?.entity;
      let effect: WebhookEvent['effect'] = { kind: 'ignored' };
      if (body.event.startsWith('refund.') && r) {
        effect = { kind: 'refund', gatewayPaymentId: r.payment_id, refundId: r.id, amountMinor: r.amount, status: r.status };
      } else if (['payment.captured', 'payment.authorized', 'payment.failed', 'order.paid'].includes(body.event) && p) {
        effect = { kind: 'payment', outcome: outcomeOf(p) };
      }
      return { eventId, type: body.event, effect, raw: body };
    },

    async fetchPayments(account, tx: StoredTransaction) {
      if (!tx.gatewayOrderId) return { status: 'pending', raw: null };
      const list = await call(
        account,
        `/v1/orders/${encodeURIComponent(tx.gatewayOrderId)}/payments`,
        z.object({ items: z.array(payment) }),
      );
      const items = list.items.map(outcomeOf);
      const pick =
        items.find((o) => o.status === 'captured') ??
        items.find((o) => o.status === 'authorized') ??
        (items.length > 0 && items.every((o) => o.status === 'failed') ? items[0] : undefined);
      return pick ?? { status: 'pending', raw: list };
    },

    async refund(account, tx, amountMinor, key) {
      if (!tx.gatewayPaymentId) throw new AppError(409, 'not_refundable', 'The payment has no gateway payment id');
      // Razorpay takes the caller's unique reference of a refund as its receipt (and keeps notes).
      const r = await call(account, `/v1/payments/${encodeURIComponent(tx.gatewayPaymentId)}/refund`, refund, {
        amount: amountMinor,
        receipt: key.slice(0, 40),
        notes: { refund_key: key },
      });
      return { refundId: r.id, status: r.status, raw: r };
    },

    async testConnection(account) {
      try {
        await call(account, '/v1/orders?count=1', z.object({ items: z.array(z.unknown()) }).loose());
        return { ok: true, message: 'Razorpay accepted the key id and secret' };
      } catch (err) {
        if (err instanceof AppError) return { ok: false, message: err.message };
        throw err;
      }
    },
  };
}
