import { bigint, boolean, index, jsonb, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { filterIndexes, ref, sortIndexes, tenantTable } from '../../kernel/resources';

export const GATEWAY_KINDS = ['razorpay', 'payu', 'stripe', 'cod', 'bank_transfer'] as const;
export type GatewayKind = (typeof GATEWAY_KINDS)[number];
/** A transaction's kind: its gateway's, or `manual` (a payment recorded by hand without a gateway). */
export const TRANSACTION_KINDS = [...GATEWAY_KINDS, 'manual'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];
export const GATEWAY_MODES = ['test', 'live'] as const;
export const TRANSACTION_STATUSES = ['created', 'authorized', 'captured', 'failed', 'refunded', 'partially_refunded'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * A refund of a transaction, as the gateway (or an admin, offline) recorded it; or, with status
 * `reserved`, one being sent (its amount is held until it is settled or released).
 */
export interface RefundEntry {
  id: string;
  amountMinor: number;
  status: string;
  at: string;
  /** The reservation's id, sent to the gateway as the refund's idempotency key. */
  key?: string;
}
/** A gateway payload kept for audit: where it came from and what it said. */
export interface PayloadEntry {
  source: 'create' | 'verify' | 'return' | 'webhook' | 'reconcile' | 'refund' | 'manual';
  at: string;
  data: unknown;
}

/**
 * A community's payment gateways. Credentials are sealed (AES-256-GCM, kernel/secrets) in
 * `credentials_sealed`, never selected for clients; `credentials_masked` shows what may be shown.
 */
export const paymentGateways = tenantTable(
  'payment_gateways',
  {
    kind: text('kind', { enum: GATEWAY_KINDS }).notNull(),
    displayName: text('display_name').notNull(),
    mode: text('mode', { enum: GATEWAY_MODES }).notNull().default('test'),
    currency: text('currency').notNull().default('INR'),
    enabled: boolean('enabled').notNull().default(true),
    /** What the payer is told (bank details, cash on delivery terms). */
    instructions: text('instructions'),
    credentialsSealed: text('credentials_sealed'),
    credentialsMasked: jsonb('credentials_masked').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    ...filterIndexes('payment_gateways', t, { kind: t.kind, enabled: t.enabled, name: t.displayName, mode: t.mode, currency: t.currency }),
  ],
);

/** The ledger: every payment attempt, its gateway ids, amount and status, linked to what it pays. */
export const paymentTransactions = tenantTable(
  'payment_transactions',
  {
    gatewayId: ref('gateway_id', () => paymentGateways, 'restrict'),
    kind: text('kind', { enum: TRANSACTION_KINDS }).notNull(),
    mode: text('mode', { enum: GATEWAY_MODES }).notNull().default('test'),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull().default('created'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    refundedMinor: bigint('refunded_minor', { mode: 'number' }).notNull().default(0),
    /** What it pays: a kind a module registered (e.g. `commerce-order`) and its record. */
    payableKind: text('payable_kind').notNull(),
    payableId: uuid('payable_id').notNull(),
    reference: text('reference'),
    customerName: text('customer_name'),
    customerEmail: text('customer_email'),
    gatewayOrderId: text('gateway_order_id'),
    gatewayPaymentId: text('gateway_payment_id'),
    failureReason: text('failure_reason'),
    /** `route:caller:key` of the Idempotency-Key that started it, and a hash of what that request asked. */
    idempotencyKey: text('idempotency_key'),
    idempotencyHash: text('idempotency_hash'),
    refunds: jsonb('refunds').$type<RefundEntry[]>().notNull().default([]),
    payloads: jsonb('payloads').$type<PayloadEntry[]>().notNull().default([]),
    capturedAt: timestamp('captured_at', { withTimezone: true, mode: 'date' }),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('payment_transactions_status_idx').on(t.tenantId, t.status, t.createdAt, t.id),
    index('payment_transactions_payable_idx').on(t.tenantId, t.payableKind, t.payableId),
    uniqueIndex('payment_transactions_idempotency_idx').on(t.tenantId, t.idempotencyKey),
    ...sortIndexes('payment_transactions', t, { amount: t.amountMinor }),
    ...filterIndexes('payment_transactions', t, {
      kind: t.kind,
      gateway: t.gatewayId,
      payable_id: t.payableId,
      mode: t.mode,
      order: t.gatewayOrderId,
      payment: t.gatewayPaymentId,
      currency: t.currency,
      email: t.customerEmail,
    }),
  ],
);

/** Gateway events already processed (webhooks), by the gateway's event id: a replay is a no-op. */
export const paymentEvents = tenantTable(
  'payment_events',
  {
    kind: text('kind', { enum: GATEWAY_KINDS }).notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    gatewayId: uuid('gateway_id'),
    transactionId: uuid('transaction_id'),
    outcome: text('outcome').notNull(),
  },
  (t) => [uniqueIndex('payment_events_event_idx').on(t.tenantId, t.kind, t.eventId)],
);
