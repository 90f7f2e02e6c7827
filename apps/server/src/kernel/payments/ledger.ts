import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Scope } from '../auth/context';
import type { Db } from '../db/database';
import { AppError, errors } from '../errors/app-error';
import { recordAudit } from '../events/audit';
import { noWrites } from '../resources/operations';
import { defineResource } from '../resources/resource';
import { kindAndModeFields } from './kinds';
import type { PayableRegistry } from './payables';
import type { PaymentOutcome } from './providers/types';
import { type GATEWAY_KINDS, type PayloadEntry, paymentTransactions, type TransactionStatus } from './tables';

export type PaymentTransaction = typeof paymentTransactions.$inferSelect;

/** The ledger, read-only through the kit: rows change only through verified callbacks or audited actions. */
export const transactionsResource = defineResource({
  path: 'payments/transactions',
  module: 'payments',
  table: paymentTransactions,
  label: { singular: 'Transaction', plural: 'Transactions' },
  operations: noWrites,
  hidden: ['idempotencyKey'],
  list: {
    search: ['reference', 'customerEmail', 'customerName', 'gatewayOrderId', 'gatewayPaymentId'],
    filters: ['status', 'kind', 'mode', 'gatewayId', 'payableKind', 'payableId', 'currency', 'customerEmail', 'createdAt'],
    sort: ['amountMinor'],
  },
  ui: {
    title: 'reference',
    columns: ['createdAt', 'reference', 'kind', 'amountMinor', 'currency', 'status', 'customerEmail'],
    status: { field: 'status' },
    attention: [{ label: 'awaiting payment', filter: { status: 'created' } }],
  },
  fields: {
    amountMinor: { label: 'Amount (minor units)' },
    refundedMinor: { label: 'Refunded (minor units)' },
    ...kindAndModeFields,
    status: {
      options: {
        created: { label: 'Awaiting payment', color: 'gray' },
        authorized: { label: 'Authorized', color: 'blue' },
        captured: { label: 'Paid', color: 'green' },
        failed: { label: 'Failed', color: 'red' },
        refunded: { label: 'Refunded', color: 'yellow' },
        partially_refunded: { label: 'Partly refunded', color: 'yellow' },
      },
    },
    payloads: { widget: 'json' },
    refunds: { widget: 'json' },
  },
  examples: [],
});

export interface LedgerContext {
  tx: Db;
  scope: Scope;
  payables: PayableRegistry;
}

/** Where a status may come from: a paid transaction never goes back to pending or failed. */
const FROM: Record<'captured' | 'authorized' | 'failed', TransactionStatus[]> = {
  captured: ['created', 'authorized'],
  authorized: ['created'],
  failed: ['created', 'authorized'],
};

const appended = (entry: PayloadEntry) => sql`${paymentTransactions.payloads} || ${JSON.stringify([entry])}::jsonb`;
const entryOf = (source: PayloadEntry['source'], data: unknown): PayloadEntry => ({
  source,
  at: new Date().toISOString(),
  data: data ?? null,
});
/** The audit keeps the ledger's fields, not the gateway payloads (they are on the row). */
const audited = ({ payloads: _p, idempotencyKey: _i, ...rest }: PaymentTransaction) => rest;

/** Reads a transaction and locks its row until the transaction ends (concurrent callbacks take turns). */
export async function lockTransaction(tx: Db, tenantId: string, id: string): Promise<PaymentTransaction> {
  const [row] = await tx
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.tenantId, tenantId), eq(paymentTransactions.id, id)))
    .for('update');
  if (!row) throw errors.notFound('Transaction');
  return row;
}

export async function findTransaction(
  tx: Db,
  tenantId: string,
  where: { gatewayOrderId?: string; gatewayPaymentId?: string; kind: string },
) {
  const conditions = [
    eq(paymentTransactions.tenantId, tenantId),
    eq(paymentTransactions.kind, where.kind as (typeof GATEWAY_KINDS)[number]),
  ];
  if (where.gatewayOrderId) conditions.push(eq(paymentTransactions.gatewayOrderId, where.gatewayOrderId));
  else if (where.gatewayPaymentId) conditions.push(eq(paymentTransactions.gatewayPaymentId, where.gatewayPaymentId));
  else return undefined;
  const [row] = await tx
    .select()
    .from(paymentTransactions)
    .where(and(...conditions))
    .limit(1);
  return row;
}

export const amountMismatch = () =>
  new AppError(409, 'amount_mismatch', 'The gateway reports another amount or currency than this payment: it was not applied');

export interface Applied {
  row: PaymentTransaction;
  changed: boolean;
  mismatch: boolean;
}

/**
 * Applies a verified outcome to a transaction, once: the row is locked, the amount and currency
 * must be the ones we stored, and the status moves only forward (conditional update). A capture
 * calls the payable's onPaid in the same transaction, so a payment is applied to what it pays
 * exactly once however many callbacks and webhooks arrive.
 */
export async function applyOutcome(
  ctx: LedgerContext,
  id: string,
  outcome: PaymentOutcome,
  source: PayloadEntry['source'],
): Promise<Applied> {
  const { tx, scope } = ctx;
  const before = await lockTransaction(tx, scope.tenantId, id);
  const where = and(eq(paymentTransactions.tenantId, scope.tenantId), eq(paymentTransactions.id, id));
  const wrongAmount =
    (outcome.amountMinor !== undefined && outcome.amountMinor !== before.amountMinor) ||
    (outcome.currency !== undefined && outcome.currency.toUpperCase() !== before.currency);
  if (wrongAmount && outcome.status !== 'failed' && outcome.status !== 'pending') {
    const [row] = await tx
      .update(paymentTransactions)
      .set({ payloads: appended(entryOf(source, { mismatch: true, outcome: outcome.raw })), failureReason: 'amount_mismatch' })
      .where(where)
      .returning();
    return { row, changed: false, mismatch: true };
  }
  if (outcome.status === 'pending') return { row: before, changed: false, mismatch: false };
  const allowed = FROM[outcome.status];
  if (!allowed.includes(before.status)) return { row: before, changed: false, mismatch: false };
  const now = new Date();
  const [row] = await tx
    .update(paymentTransactions)
    .set({
      status: outcome.status,
      gatewayPaymentId: outcome.gatewayPaymentId ?? before.gatewayPaymentId,
      capturedAt: outcome.status === 'captured' ? now : before.capturedAt,
      failureReason: outcome.status === 'failed' ? (outcome.reason ?? 'The payment failed').slice(0, 500) : null,
      checkedAt: now,
      payloads: appended(entryOf(source, outcome.raw)),
    })
    .where(and(where, inArray(paymentTransactions.status, allowed)))
    .returning();
  if (!row) return { row: before, changed: false, mismatch: false };
  await recordAudit(tx, scope, [
    { action: 'update', resource: transactionsResource.path, recordId: id, before: audited(before), after: audited(row) },
  ]);
  if (row.status === 'captured') {
    const payable = ctx.payables.get(row.payableKind);
    if (payable) await payable.onPaid({ tx, scope }, row.payableId, row);
  }
  return { row, changed: true, mismatch: false };
}

/** Records a refund once (by the gateway's refund id) and moves the status to refunded or partly refunded. */
export async function applyRefund(
  ctx: LedgerContext,
  id: string,
  refund: { refundId: string; amountMinor: number; status: string; raw: unknown },
  source: PayloadEntry['source'],
): Promise<Applied> {
  const { tx, scope } = ctx;
  const before = await lockTransaction(tx, scope.tenantId, id);
  if (before.refunds.some((r) => r.id === refund.refundId)) return { row: before, changed: false, mismatch: false };
  if (before.status !== 'captured' && before.status !== 'partially_refunded') {
    throw errors.conflict('not_refundable', 'Only a paid transaction can be refunded');
  }
  const refunded = before.refundedMinor + refund.amountMinor;
  if (refund.amountMinor <= 0 || refunded > before.amountMinor) {
    throw errors.conflict('refund_exceeds_payment', 'The refunds would exceed the amount paid');
  }
  const status: TransactionStatus = refunded === before.amountMinor ? 'refunded' : 'partially_refunded';
  const entry = { id: refund.refundId, amountMinor: refund.amountMinor, status: refund.status, at: new Date().toISOString() };
  const [row] = await tx
    .update(paymentTransactions)
    .set({
      status,
      refundedMinor: refunded,
      refunds: sql`${paymentTransactions.refunds} || ${JSON.stringify([entry])}::jsonb`,
      payloads: appended(entryOf(source, refund.raw)),
    })
    .where(and(eq(paymentTransactions.tenantId, scope.tenantId), eq(paymentTransactions.id, id)))
    .returning();
  await recordAudit(tx, scope, [
    { action: 'update', resource: transactionsResource.path, recordId: id, before: audited(before), after: audited(row) },
  ]);
  const payable = ctx.payables.get(row.payableKind);
  await payable?.onRefunded?.({ tx, scope }, row.payableId, row, { amountMinor: refund.amountMinor, full: status === 'refunded' });
  return { row, changed: true, mismatch: false };
}

/** Appends a payload to a transaction without changing its status (a gateway error, a created order). */
export async function notePayload(
  tx: Db,
  tenantId: string,
  id: string,
  source: PayloadEntry['source'],
  data: unknown,
  set: Partial<PaymentTransaction> = {},
) {
  const [row] = await tx
    .update(paymentTransactions)
    .set({ ...set, payloads: appended(entryOf(source, data)) })
    .where(and(eq(paymentTransactions.tenantId, tenantId), eq(paymentTransactions.id, id)))
    .returning();
  return row;
}

export { audited };
