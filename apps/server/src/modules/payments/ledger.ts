import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../kernel/events';
import { AppError, type Db, defineResource, errors, noWrites, type Scope, tenantFilter } from '../../kernel/resources';
import { KINDS, kindAndModeFields } from './kinds';
import type { PayableRegistry } from './payables';
import type { PaymentOutcome } from './providers/types';
import { type PayloadEntry, paymentTransactions, type RefundEntry, type TransactionKind, type TransactionStatus } from './tables';

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
    kind: { options: { ...kindAndModeFields.kind.options, manual: { label: 'Recorded by hand' } } },
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
  app: FastifyInstance;
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
    .where(and(tenantFilter(paymentTransactions, tenantId), eq(paymentTransactions.id, id)))
    .for('update');
  if (!row) throw errors.notFound('Transaction');
  return row;
}

export async function findTransaction(
  tx: Db,
  tenantId: string,
  where: { gatewayOrderId?: string; gatewayPaymentId?: string; kind: string },
) {
  const conditions = [tenantFilter(paymentTransactions, tenantId), eq(paymentTransactions.kind, where.kind as TransactionKind)];
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

/**
 * The payments of one payable (a module's order, a charge), oldest first, each with its gateway's
 * label ('Recorded by hand' for one recorded by an admin); with `statuses`, only those. Read in the
 * caller's transaction, so a module that locked its record reads its payments under that lock.
 */
export async function paymentsOf(
  tx: Db,
  tenantId: string,
  payable: { kind: string; id: string },
  statuses?: readonly TransactionStatus[],
): Promise<PayablePayment[]> {
  const rows = await tx
    .select()
    .from(paymentTransactions)
    .where(
      and(
        tenantFilter(paymentTransactions, tenantId),
        eq(paymentTransactions.payableKind, payable.kind),
        eq(paymentTransactions.payableId, payable.id),
        statuses ? inArray(paymentTransactions.status, [...statuses]) : undefined,
      ),
    )
    .orderBy(asc(paymentTransactions.createdAt), asc(paymentTransactions.id));
  return rows.map((row) => ({ ...row, gateway: row.kind === 'manual' ? 'Recorded by hand' : KINDS[row.kind].label }));
}

/** A payment of a payable as other modules read it: the ledger row and its gateway's label. */
export type PayablePayment = PaymentTransaction & { gateway: string };

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
  const where = and(tenantFilter(paymentTransactions, scope.tenantId), eq(paymentTransactions.id, id));
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
    if (payable) await payable.onPaid({ tx, scope, app: ctx.app }, row.payableId, row);
  }
  return { row, changed: true, mismatch: false };
}

/** A refund being sent to the gateway: its amount is held until it is settled or released. */
export const RESERVED = 'reserved';
/**
 * A reservation older than this lost its caller (a gateway timeout, a process that died): the next
 * refund of the transaction sends it again, with the same key, instead of making another.
 */
export const RESERVATION_RESUME_MS = 60_000;

const isReserved = (r: RefundEntry) => r.status === RESERVED;
const setRefunds = (tx: Db, tenantId: string, id: string, refunds: RefundEntry[]) =>
  tx
    .update(paymentTransactions)
    .set({ refunds })
    .where(and(tenantFilter(paymentTransactions, tenantId), eq(paymentTransactions.id, id)))
    .returning();

/**
 * Reserves a refund before the gateway is called, under the transaction's row lock: what is left to
 * refund counts the refunds already recorded and those being sent, so concurrent refunds cannot
 * together exceed the payment (the second is refused with 409 while the first is in flight). A
 * reservation whose caller is gone (see RESERVATION_RESUME_MS) is handed out again, same key.
 */
export async function reserveRefund(
  tx: Db,
  tenantId: string,
  id: string,
  amountMinor: number | undefined,
): Promise<{ row: PaymentTransaction; reservation: RefundEntry }> {
  const before = await lockTransaction(tx, tenantId, id);
  if (before.status !== 'captured' && before.status !== 'partially_refunded') {
    throw errors.conflict('not_refundable', 'Only a paid transaction can be refunded');
  }
  const now = new Date();
  const reserved = before.refunds.filter(isReserved);
  const abandoned = reserved.find((r) => now.getTime() - Date.parse(r.at) > RESERVATION_RESUME_MS);
  if (abandoned && (amountMinor === undefined || amountMinor === abandoned.amountMinor)) {
    const resumed = { ...abandoned, at: now.toISOString() };
    const [row] = await setRefunds(
      tx,
      tenantId,
      id,
      before.refunds.map((r) => (r === abandoned ? resumed : r)),
    );
    return { row, reservation: resumed };
  }
  const held = reserved.reduce((sum, r) => sum + r.amountMinor, 0);
  const left = before.amountMinor - before.refundedMinor - held;
  const amount = amountMinor ?? left;
  if (amount <= 0 || amount > left) {
    if (held > 0) {
      throw errors.conflict(
        'refund_in_progress',
        `A refund of this payment is being processed; at most ${Math.max(left, 0)} can be refunded beside it`,
      );
    }
    throw errors.validation({ amountMinor: `At most ${left} can still be refunded` });
  }
  const key = randomUUID();
  const reservation: RefundEntry = { id: key, key, amountMinor: amount, status: RESERVED, at: now.toISOString() };
  const [row] = await setRefunds(tx, tenantId, id, [...before.refunds, reservation]);
  return { row, reservation };
}

/** Gives back a reservation the gateway refused (nothing was refunded). */
export async function releaseRefund(tx: Db, tenantId: string, id: string, key: string): Promise<void> {
  const before = await lockTransaction(tx, tenantId, id);
  const kept = before.refunds.filter((r) => !(isReserved(r) && r.key === key));
  if (kept.length !== before.refunds.length) await setRefunds(tx, tenantId, id, kept);
}

/**
 * Settles a reservation with the gateway's answer: the reservation goes, the refund is recorded
 * (once: a webhook that recorded it first leaves nothing to add).
 */
export async function settleRefund(
  ctx: LedgerContext,
  id: string,
  key: string,
  refund: { refundId: string; amountMinor: number; status: string; raw: unknown },
  source: PayloadEntry['source'],
): Promise<Applied> {
  await releaseRefund(ctx.tx, ctx.scope.tenantId, id, key);
  return applyRefund(ctx, id, { ...refund, key }, source);
}

/** Records a refund once (by the gateway's refund id) and moves the status to refunded or partly refunded. */
export async function applyRefund(
  ctx: LedgerContext,
  id: string,
  refund: { refundId: string; amountMinor: number; status: string; raw: unknown; key?: string },
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
  const entry: RefundEntry = {
    id: refund.refundId,
    amountMinor: refund.amountMinor,
    status: refund.status,
    at: new Date().toISOString(),
    ...(refund.key ? { key: refund.key } : {}),
  };
  const [row] = await tx
    .update(paymentTransactions)
    .set({
      status,
      refundedMinor: refunded,
      refunds: sql`${paymentTransactions.refunds} || ${JSON.stringify([entry])}::jsonb`,
      payloads: appended(entryOf(source, refund.raw)),
    })
    .where(and(tenantFilter(paymentTransactions, scope.tenantId), eq(paymentTransactions.id, id)))
    .returning();
  await recordAudit(tx, scope, [
    { action: 'update', resource: transactionsResource.path, recordId: id, before: audited(before), after: audited(row) },
  ]);
  const payable = ctx.payables.get(row.payableKind);
  await payable?.onRefunded?.({ tx, scope, app: ctx.app }, row.payableId, row, {
    amountMinor: refund.amountMinor,
    full: status === 'refunded',
  });
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
    .where(and(tenantFilter(paymentTransactions, tenantId), eq(paymentTransactions.id, id)))
    .returning();
  return row;
}

export { audited };
