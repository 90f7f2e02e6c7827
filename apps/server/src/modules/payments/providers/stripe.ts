import { z } from 'zod';
import { AppError } from '../../../kernel/errors';
import { header, hmacSha256Hex, sameSecret } from './crypto';
import { formBody, gatewayApi, invalidSignature, safeJson } from './http';
import type { GatewayAccount, PaymentOutcome, PaymentProvider, ProviderOptions, StoredTransaction, WebhookEvent } from './types';

const LABEL = 'Stripe';
const DEFAULT_URL = 'https://api.stripe.com';
/** A signed webhook older (or newer) than this is refused: a captured request cannot be replayed later. */
export const STRIPE_TOLERANCE_SECONDS = 300;

const session = z.object({
  id: z.string().min(1),
  url: z.string().nullish(),
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
  payment_status: z.string().nullish(),
  status: z.string().nullish(),
  payment_intent: z.string().nullish(),
});
const event = z.object({
  id: z.string().min(1),
  type: z.string(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
const charge = z.object({
  payment_intent: z.string().nullish(),
  amount_refunded: z.number().int(),
  refunds: z.object({ data: z.array(z.object({ id: z.string(), amount: z.number().int(), status: z.string().nullish() })) }).optional(),
});

const outcomeOf = (s: z.infer<typeof session>): PaymentOutcome => ({
  status: s.payment_status === 'paid' ? 'captured' : s.status === 'expired' ? 'failed' : 'pending',
  gatewayOrderId: s.id,
  gatewayPaymentId: s.payment_intent ?? undefined,
  amountMinor: s.amount_total ?? undefined,
  currency: s.currency?.toUpperCase(),
  reason: s.status === 'expired' ? 'The checkout session expired' : undefined,
  raw: s,
});

/**
 * Verifies a `Stripe-Signature: t=…,v1=…` header by hand: HMAC-SHA256 of `${t}.${body}` with the
 * endpoint's signing secret, any v1 matching, the timestamp within the tolerance.
 */
export function verifyStripeSignature(secret: string, body: Buffer, signatureHeader: string, now = Date.now()): boolean {
  const parts = signatureHeader.split(',').map((p) => p.trim().split('='));
  const t = parts.find(([k]) => k === 't')?.[1];
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v ?? '');
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0) return false;
  if (Math.abs(now / 1000 - Number(t)) > STRIPE_TOLERANCE_SECONDS) return false;
  const expected = hmacSha256Hex(secret, Buffer.concat([Buffer.from(`${t}.`), body]));
  return signatures.some((s) => sameSecret(expected, s));
}

/** Stripe: Checkout Sessions (form-encoded API, bearer secret key), webhooks signed by hand-checked HMAC. */
export function stripeProvider({ config }: ProviderOptions): PaymentProvider {
  const base = (config.stripeUrl ?? DEFAULT_URL).replace(/\/$/, '');
  const bearer = (account: GatewayAccount) => `Bearer ${account.credentials.secretKey}`;
  const call = gatewayApi(LABEL, base, config.timeoutMs, bearer, formBody);

  return {
    kind: 'stripe',

    async createOrder(account, request) {
      const created = await call(
        account,
        '/v1/checkout/sessions',
        session,
        {
          mode: 'payment',
          'line_items[0][quantity]': 1,
          'line_items[0][price_data][currency]': request.currency.toLowerCase(),
          'line_items[0][price_data][unit_amount]': request.amountMinor,
          'line_items[0][price_data][product_data][name]': request.description.slice(0, 200) || request.reference,
          client_reference_id: request.transactionId,
          'metadata[transaction_id]': request.transactionId,
          customer_email: request.customer.email,
          success_url: request.returnUrls.success,
          cancel_url: request.returnUrls.failure,
        },
        // The ledger's transaction is created first: a retried creation is the same session.
        { 'Idempotency-Key': `session-${request.transactionId}` },
      );
      if (!created.url) throw new AppError(502, 'gateway_refused', 'Stripe created no checkout page');
      return { gatewayOrderId: created.id, raw: created, checkout: { type: 'redirect', url: created.url } };
    },

    verifyWebhook(account, callback): WebhookEvent {
      const secret = account.credentials.webhookSecret;
      const signature = header(callback.headers, 'stripe-signature') ?? '';
      if (!secret || !verifyStripeSignature(secret, callback.body, signature)) throw invalidSignature();
      const parsed = event.safeParse(safeJson(callback.body));
      if (!parsed.success) throw new AppError(400, 'invalid_event', 'Not a Stripe event');
      const e = parsed.data;
      let effect: WebhookEvent['effect'] = { kind: 'ignored' };
      if (e.type.startsWith('checkout.session.')) {
        const s = session.safeParse(e.data.object);
        if (s.success) effect = { kind: 'payment', outcome: outcomeOf(s.data) };
      } else if (e.type === 'charge.refunded') {
        const c = charge.safeParse(e.data.object);
        const latest = c.success ? c.data.refunds?.data[0] : undefined;
        if (c.success && c.data.payment_intent && latest) {
          effect = {
            kind: 'refund',
            gatewayPaymentId: c.data.payment_intent,
            refundId: latest.id,
            amountMinor: latest.amount,
            status: latest.status ?? 'succeeded',
          };
        }
      }
      return { eventId: e.id, type: e.type, effect, raw: e };
    },

    async fetchPayments(account, tx: StoredTransaction) {
      if (!tx.gatewayOrderId) return { status: 'pending', raw: null };
      return outcomeOf(await call(account, `/v1/checkout/sessions/${encodeURIComponent(tx.gatewayOrderId)}`, session));
    },

    async refund(account, tx, amountMinor, key) {
      if (!tx.gatewayPaymentId) throw new AppError(409, 'not_refundable', 'The payment has no Stripe payment intent');
      const r = await call(
        account,
        '/v1/refunds',
        z.object({ id: z.string(), status: z.string().nullish() }),
        { payment_intent: tx.gatewayPaymentId, amount: amountMinor },
        { 'Idempotency-Key': `refund-${key}` },
      );
      return { refundId: r.id, status: r.status ?? 'pending', raw: r };
    },

    async testConnection(account) {
      try {
        await call(account, '/v1/balance', z.object({ object: z.string() }).loose());
        return { ok: true, message: 'Stripe accepted the secret key' };
      } catch (err) {
        if (err instanceof AppError) return { ok: false, message: err.message };
        throw err;
      }
    },
  };
}
