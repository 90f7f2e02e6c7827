import type { GatewayKind } from '../tables';

/** A configured gateway with its credentials opened (never leaves the server). */
export interface GatewayAccount {
  id: string;
  kind: GatewayKind;
  mode: 'test' | 'live';
  currency: string;
  displayName: string;
  instructions: string | null;
  credentials: Record<string, string>;
}

/** What the provider needs of a stored transaction (the values we stored, never the callback's). */
export interface StoredTransaction {
  id: string;
  amountMinor: number;
  currency: string;
  reference: string | null;
  gatewayOrderId: string | null;
  gatewayPaymentId: string | null;
  customerName: string | null;
  customerEmail: string | null;
}

export interface OrderRequest {
  transactionId: string;
  amountMinor: number;
  currency: string;
  /** Our reference (order number): Razorpay's receipt, PayU's productinfo. */
  reference: string;
  description: string;
  customer: { name?: string; email?: string; phone?: string };
  /** Where the gateway sends the payer back (PayU, Stripe): absolute URLs of this server. */
  returnUrls: { success: string; failure: string };
}

/** What the payer's browser does next. */
export type CheckoutStep =
  | { type: 'razorpay'; keyId: string; orderId: string; amount: number; currency: string; name: string; description: string }
  | { type: 'form'; action: string; method: 'POST'; fields: Record<string, string> }
  | { type: 'redirect'; url: string }
  | { type: 'offline'; instructions: string | null };

export interface CreatedOrder {
  gatewayOrderId: string;
  checkout: CheckoutStep;
  raw: unknown;
}

/** What a gateway says happened to a payment (verified: signature or API). */
export interface PaymentOutcome {
  status: 'captured' | 'authorized' | 'failed' | 'pending';
  gatewayOrderId?: string;
  gatewayPaymentId?: string;
  amountMinor?: number;
  currency?: string;
  reason?: string;
  raw: unknown;
}

/** A verified webhook event. */
export interface WebhookEvent {
  eventId: string;
  type: string;
  effect:
    | { kind: 'payment'; outcome: PaymentOutcome }
    | { kind: 'refund'; gatewayPaymentId: string; refundId: string; amountMinor: number; status: string }
    | { kind: 'ignored' };
  raw: unknown;
}

export interface RefundResult {
  refundId: string;
  status: string;
  raw: unknown;
}

export interface ConnectionResult {
  ok: boolean;
  message: string;
}

/** Raw request of a webhook or a return: the body exactly as received, and the headers. */
export interface RawCallback {
  body: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * One interface for every gateway. Signature checks are synchronous and compare in constant time;
 * anything over HTTP goes through gatewayRequest (timeouts, 502/504 errors, no stack traces).
 */
export interface PaymentProvider {
  kind: GatewayKind;
  createOrder(account: GatewayAccount, request: OrderRequest): Promise<CreatedOrder>;
  /** The payer's return (Razorpay checkout handler, PayU return form): throws invalid_signature. */
  verifyReturn?(account: GatewayAccount, tx: StoredTransaction, params: Record<string, string>): PaymentOutcome;
  /** A webhook: throws invalid_signature unless signed with this account's webhook secret. */
  verifyWebhook?(account: GatewayAccount, callback: RawCallback): WebhookEvent;
  /** Asks the gateway what became of a transaction (reconciliation, confirmation of a return). */
  fetchPayments?(account: GatewayAccount, tx: StoredTransaction): Promise<PaymentOutcome>;
  /**
   * A refund, sent with `key` (the ledger's reservation id) as the gateway's idempotency key: the
   * same key sent again never refunds twice.
   */
  refund?(account: GatewayAccount, tx: StoredTransaction, amountMinor: number, key: string): Promise<RefundResult>;
  testConnection(account: GatewayAccount): Promise<ConnectionResult>;
}

export interface ProviderOptions {
  config: PaymentsConfig;
}

/** Gateways' API addresses (overridable: sandbox proxies, tests) and their timeout; from configuration. */
export interface PaymentsConfig {
  timeoutMs: number;
  razorpayUrl?: string;
  /** Razorpay's checkout script, loaded by the hosted pay page (default https://checkout.razorpay.com/v1/checkout.js). */
  razorpayCheckoutUrl?: string;
  /** PayU's hosted checkout (default by mode: test.payu.in / secure.payu.in). */
  payuUrl?: string;
  /** PayU's merchant API (postservice; default by mode: test.payu.in / info.payu.in). */
  payuInfoUrl?: string;
  stripeUrl?: string;
}
