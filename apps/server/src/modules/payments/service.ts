import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../kernel/events';
import { AppError, type Db, errors, type Scope, systemScope, tenantFilter } from '../../kernel/resources';
import { accountOf, type GatewayRow, loadAccount } from './gateways';
import { KINDS } from './kinds';
import {
  type Applied,
  amountMismatch,
  applyOutcome,
  applyRefund,
  audited,
  findTransaction,
  type LedgerContext,
  notePayload,
  type PaymentTransaction,
  paymentsOf,
  releaseRefund,
  reserveRefund,
  settleRefund,
} from './ledger';
import { payPath } from './pay-page';
import { type PayableDescription, PayableRegistry } from './payables';
import { createProviders } from './providers';
import { invalidSignature } from './providers/http';
import type { CheckoutStep, GatewayAccount, PaymentOutcome, PaymentProvider, RawCallback, StoredTransaction } from './providers/types';
import { type GatewayKind, paymentEvents, paymentGateways, paymentTransactions, type TransactionKind } from './tables';

/** A payment asked for by an admin (an amount, not a module's record): its own payable kind. */
export const PAYMENT_REQUEST = 'payment-request';

export interface StartInput {
  payable?: { kind: string; id: string };
  /** A payment request: amount and payer given directly (admins only). */
  request?: { amountMinor: number; currency: string; reference: string; description?: string; customer: PayableDescription['customer'] };
  gatewayId?: string;
  /** Only gateways of this kind (the seeds' Razorpay and PayU calls). */
  kind?: GatewayKind;
  /**
   * An Idempotency-Key and whose it is (`route:caller`): the same key from the same caller on the
   * same route answers the payment it started, if it asked the same; another request is a 422.
   */
  idempotency?: { key: string; scope: string };
  /** This server's public origin (`https://host`), for the gateways' return addresses. */
  origin: string;
  community: string;
}

export interface Started {
  transaction: PaymentTransaction;
  checkout: CheckoutStep;
}

/** The answer of a callback the payer's browser brings back. */
export interface CallbackResult {
  transaction: PaymentTransaction;
  paid: boolean;
}

const ONLINE: TransactionKind[] = ['razorpay', 'payu', 'stripe'];
/** A reconcile of a transaction asked less than this ago is not asked again (anonymous returns cost a gateway call each). */
export const RECONCILE_INTERVAL_MS = 10_000;
/** An online payment younger than this may still be paid by its payer: no payment is recorded by hand beside it. */
const OPEN_PAYMENT_MS = 24 * 60 * 60_000;

/** What an idempotent start asked, as a hash: the payable (or the requested amount), and the gateway. */
const requestHash = (input: StartInput) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        input.payable ? [input.payable.kind, input.payable.id] : null,
        input.request ? [input.request.amountMinor, input.request.currency.toUpperCase(), input.request.reference] : null,
        input.gatewayId ?? null,
        input.kind ?? null,
      ]),
    )
    .digest('hex');

const keyReused = () =>
  new AppError(
    422,
    'idempotency_key_reused',
    'This Idempotency-Key was used for another payment (another payable, amount, currency or gateway); use a new key',
  );

/** May the actor record money by hand (payments:write)? */
const mayWritePayments = (scope: Scope) => scope.actor.isOwner === true || scope.actor.permissions?.payments === 'write';

const stored = (row: PaymentTransaction): StoredTransaction => ({
  id: row.id,
  amountMinor: row.amountMinor,
  currency: row.currency,
  reference: row.reference,
  gatewayOrderId: row.gatewayOrderId,
  gatewayPaymentId: row.gatewayPaymentId,
  customerName: row.customerName,
  customerEmail: row.customerEmail,
});

/**
 * The payments service: starts payments for the payables modules contribute through a community's
 * gateway, believes only verified callbacks, applies each payment once, refunds through the gateway
 * and reconciles what callbacks missed. Other modules see part of it, the `payments` port (port.ts).
 */
export function createPaymentService(app: FastifyInstance) {
  const { db, secrets: box } = app;
  // Every module's payable kinds, checked (lowercase keys, none twice) as the app starts.
  const payables = new PayableRegistry(app.contributions('payables'));
  const providers: Record<GatewayKind, PaymentProvider> = createProviders({ config: app.config.payments });
  const ledger = (tx: Db, scope: Scope): LedgerContext => ({ tx, scope, payables, app });

  /**
   * A transaction and its gateway's account; with `kind`, only a transaction of that kind (a
   * callback of one gateway never reaches another's, nor calls out for it).
   */
  async function readTransaction(
    tenantId: string,
    id: string,
    kind?: GatewayKind,
  ): Promise<{ row: PaymentTransaction; account: GatewayAccount }> {
    return db.withTenant(tenantId, async (tx) => {
      const [row] = await tx
        .select()
        .from(paymentTransactions)
        .where(and(tenantFilter(paymentTransactions, tenantId), eq(paymentTransactions.id, id)));
      if (!row) throw errors.notFound('Transaction');
      if (kind && row.kind !== kind) throw invalidSignature();
      if (!row.gatewayId) throw errors.conflict('no_gateway', 'The transaction has no gateway');
      return { row, account: await loadAccount(box, tx, tenantId, row.gatewayId) };
    });
  }

  /** The provider of a transaction's kind (none for a payment recorded by hand). */
  const providerOf = (kind: TransactionKind): PaymentProvider | undefined => (kind === 'manual' ? undefined : providers[kind]);

  /** The gateway to pay with: the one named, or the first enabled one for the currency (online first). */
  async function chooseGateway(tx: Db, tenantId: string, currency: string, gatewayId?: string, kind?: GatewayKind): Promise<GatewayRow> {
    const rows = await tx
      .select()
      .from(paymentGateways)
      .where(
        and(
          tenantFilter(paymentGateways, tenantId),
          eq(paymentGateways.enabled, true),
          gatewayId ? eq(paymentGateways.id, gatewayId) : undefined,
          kind ? eq(paymentGateways.kind, kind) : undefined,
        ),
      )
      .orderBy(asc(paymentGateways.createdAt));
    if ((gatewayId || kind) && rows.length === 0)
      throw errors.conflict('no_gateway', `No enabled ${kind ? KINDS[kind].label : 'payment'} gateway`);
    const usable = rows.filter((g) => g.currency === currency);
    if ((gatewayId || kind) && usable.length === 0)
      throw errors.conflict('currency_mismatch', `The gateway takes ${rows[0].currency}, not ${currency}`);
    const pick = usable.find((g) => ONLINE.includes(g.kind)) ?? usable[0];
    if (!pick) throw errors.conflict('no_gateway', `No enabled payment gateway takes ${currency}`);
    return pick;
  }

  async function describe(tx: Db, scope: Scope, input: StartInput): Promise<{ kind: string; id: string; what: PayableDescription }> {
    if (input.request) {
      return { kind: PAYMENT_REQUEST, id: randomUUID(), what: { ...input.request, state: 'open' } };
    }
    if (!input.payable) throw errors.validation({ payable: 'Name what is paid: { kind, id }' });
    const payable = payables.get(input.payable.kind);
    if (!payable) throw errors.validation({ 'payable.kind': `No payable kind ${input.payable.kind}` });
    const what = await payable.describe({ tx, scope, app }, input.payable.id);
    if (!what) throw errors.notFound(payable.label);
    if (what.state === 'paid') throw errors.conflict('already_paid', `The ${payable.label.toLowerCase()} is already paid`);
    if (what.state === 'closed') throw errors.conflict('not_payable', `The ${payable.label.toLowerCase()} can no longer be paid`);
    if (!Number.isSafeInteger(what.amountMinor) || what.amountMinor <= 0) throw errors.conflict('not_payable', 'Nothing to pay');
    return { kind: payable.kind, id: input.payable.id, what };
  }

  const returnUrls = (input: StartInput, kind: GatewayKind, transactionId: string) => {
    const base = `${input.origin}/public/${encodeURIComponent(input.community)}/payments/${kind}/return`;
    return {
      success: `${base}?transaction=${transactionId}&outcome=success`,
      failure: `${base}?transaction=${transactionId}&outcome=failure`,
    };
  };

  const service = {
    /** Where a payer opens a started payment: the hosted pay page, relative to the server's public address. */
    payPath,
    paymentsOf,

    /**
     * Starts a payment: a `created` transaction (committed first), then the gateway's order (outside
     * any database transaction), then its id on the transaction. A gateway that fails or times out
     * leaves the transaction `created` with the reason, and answers 502/504.
     */
    async start(scope: Scope, input: StartInput): Promise<Started> {
      const idempotencyKey = input.idempotency ? `${input.idempotency.scope}:${input.idempotency.key}` : null;
      const idempotencyHash = input.idempotency ? requestHash(input) : null;
      const prepared = await db.withTenant(scope.tenantId, async (tx) => {
        if (idempotencyKey) {
          const [again] = await tx
            .select()
            .from(paymentTransactions)
            .where(and(tenantFilter(paymentTransactions, scope.tenantId), eq(paymentTransactions.idempotencyKey, idempotencyKey)));
          if (again && again.idempotencyHash !== idempotencyHash) throw keyReused();
          if (again) return { again };
        }
        const { kind, id, what } = await describe(tx, scope, input);
        const currency = what.currency.toUpperCase();
        const gateway = await chooseGateway(tx, scope.tenantId, currency, input.gatewayId, input.kind);
        const [row] = await tx
          .insert(paymentTransactions)
          .values({
            tenantId: scope.tenantId,
            gatewayId: gateway.id,
            kind: gateway.kind,
            mode: gateway.mode,
            amountMinor: what.amountMinor,
            currency,
            payableKind: kind,
            payableId: id,
            reference: what.reference.slice(0, 200),
            customerName: what.customer.name?.slice(0, 200) ?? null,
            customerEmail: what.customer.email?.toLowerCase().slice(0, 320) ?? null,
            idempotencyKey,
            idempotencyHash,
          })
          .returning();
        await recordAudit(tx, scope, [{ action: 'create', resource: 'payments/transactions', recordId: row.id, after: audited(row) }]);
        return { row, what, account: accountOf(box, scope.tenantId, gateway) };
      });
      if ('again' in prepared) {
        const again = prepared.again as PaymentTransaction;
        if (again.gatewayOrderId) return { transaction: again, checkout: await checkoutAgain(scope.tenantId, again) };
        throw errors.conflict('payment_pending', 'This payment was started and did not reach the gateway; start a new one');
      }
      const { row, what, account } = prepared;
      const provider = providers[account.kind];
      let order: Awaited<ReturnType<PaymentProvider['createOrder']>>;
      try {
        order = await provider.createOrder(account, {
          transactionId: row.id,
          amountMinor: row.amountMinor,
          currency: row.currency,
          reference: row.reference ?? row.id,
          description: what.description ?? row.reference ?? '',
          customer: what.customer,
          returnUrls: returnUrls(input, account.kind, row.id),
        });
      } catch (err) {
        if (err instanceof AppError) {
          await db.withTenant(scope.tenantId, (tx) =>
            notePayload(tx, scope.tenantId, row.id, 'create', { error: err.code }, { failureReason: err.message.slice(0, 500) }),
          );
        }
        throw err;
      }
      const transaction = await db.withTenant(scope.tenantId, (tx) =>
        notePayload(tx, scope.tenantId, row.id, 'create', order.raw, { gatewayOrderId: order.gatewayOrderId }),
      );
      return { transaction, checkout: order.checkout };
    },

    /**
     * Razorpay's checkout handler: HMAC-SHA256(stored order id | payment id, key secret) in constant
     * time, then the gateway is asked what the payment is (amount, captured or not) before applying.
     */
    async verifyRazorpay(scope: Scope, params: Record<string, string>, transactionId?: string): Promise<CallbackResult> {
      const id = transactionId ?? (await transactionIdByOrder(scope.tenantId, 'razorpay', params.razorpay_order_id));
      const { row, account } = await readTransaction(scope.tenantId, id, 'razorpay');
      const signed = providers.razorpay.verifyReturn!(account, stored(row), params);
      await apply(scope, id, signed, 'verify');
      const confirmed = await providers.razorpay.fetchPayments!(account, {
        ...stored(row),
        gatewayPaymentId: signed.gatewayPaymentId ?? null,
      });
      const applied = await apply(scope, id, confirmed.gatewayPaymentId === signed.gatewayPaymentId ? confirmed : signed, 'verify');
      return { transaction: applied.row, paid: applied.row.status === 'captured' };
    },

    /** A return through the payer's browser (PayU's form post): the reverse hash first, then the amount. */
    async verifyReturn(scope: Scope, kind: GatewayKind, transactionId: string, params: Record<string, string>): Promise<CallbackResult> {
      const { row, account } = await readTransaction(scope.tenantId, transactionId, kind);
      const provider = providers[kind];
      if (!provider.verifyReturn) throw invalidSignature();
      const outcome = provider.verifyReturn(account, stored(row), params);
      const applied = await apply(scope, transactionId, outcome, 'return');
      return { transaction: applied.row, paid: applied.row.status === 'captured' };
    },

    /**
     * A webhook: tried against each enabled gateway of the kind (their webhook secrets); the event id
     * is recorded in the same transaction as its effect, so a replay is a no-op.
     */
    async webhook(tenantId: string, kind: GatewayKind, callback: RawCallback): Promise<{ duplicate: boolean; outcome: string }> {
      const provider = providers[kind];
      if (!provider.verifyWebhook) throw errors.notFound('Webhook');
      const gateways = await db.withTenant(tenantId, (tx) =>
        tx
          .select()
          .from(paymentGateways)
          .where(and(tenantFilter(paymentGateways, tenantId), eq(paymentGateways.kind, kind))),
      );
      let verified: { account: GatewayAccount; event: ReturnType<NonNullable<PaymentProvider['verifyWebhook']>> } | undefined;
      for (const gateway of gateways) {
        const account = accountOf(box, tenantId, gateway);
        try {
          verified = { account, event: provider.verifyWebhook(account, callback) };
          break;
        } catch (err) {
          if (!(err instanceof AppError && err.code === 'invalid_signature')) throw err;
        }
      }
      if (!verified) throw invalidSignature();
      const { account, event } = verified;
      const scope = systemScope(db, tenantId, `${KINDS[kind].label} webhook`);
      return db.withTenant(tenantId, async (tx) => {
        const [fresh] = await tx
          .insert(paymentEvents)
          .values({ tenantId, kind, eventId: event.eventId, eventType: event.type, gatewayId: account.id, outcome: 'received' })
          .onConflictDoNothing()
          .returning({ id: paymentEvents.id });
        if (!fresh) return { duplicate: true, outcome: 'duplicate' };
        let outcome = 'ignored';
        let transactionId: string | undefined;
        const effect = event.effect;
        if (effect.kind === 'payment') {
          const row = await findTransaction(tx, tenantId, { kind, gatewayOrderId: effect.outcome.gatewayOrderId });
          if (row) {
            transactionId = row.id;
            const applied = await applyOutcome(ledger(tx, scope), row.id, effect.outcome, 'webhook');
            outcome = applied.mismatch ? 'amount_mismatch' : applied.changed ? applied.row.status : 'unchanged';
          } else outcome = 'unknown_order';
        } else if (effect.kind === 'refund') {
          const row = await findTransaction(tx, tenantId, { kind, gatewayPaymentId: effect.gatewayPaymentId });
          if (row) {
            transactionId = row.id;
            const applied = await applyRefund(ledger(tx, scope), row.id, { ...effect, raw: event.raw }, 'webhook');
            outcome = applied.changed ? applied.row.status : 'unchanged';
          } else outcome = 'unknown_payment';
        }
        await tx
          .update(paymentEvents)
          .set({ outcome, transactionId })
          .where(and(tenantFilter(paymentEvents, tenantId), eq(paymentEvents.id, fresh.id)));
        return { duplicate: false, outcome };
      });
    },

    /**
     * A full or partial refund through the gateway (offline kinds: recorded by hand), reflected on
     * the ledger and the payable. Reserve, call, settle: the amount is reserved under the row lock
     * first (concurrent refunds cannot both pass), the gateway gets the reservation's id as its
     * idempotency key, and its answer settles the reservation; a refusal releases it. A timeout
     * keeps it (the refund may have happened): the next refund sends it again with the same key.
     */
    async refund(scope: Scope, id: string, amountMinor?: number): Promise<PaymentTransaction> {
      const row = await service.transaction(scope.tenantId, id);
      const provider = providerOf(row.kind);
      const account = provider?.refund ? (await readTransaction(scope.tenantId, id)).account : undefined;
      const { row: reservedRow, reservation } = await db.withTenant(scope.tenantId, (tx) =>
        reserveRefund(tx, scope.tenantId, id, amountMinor),
      );
      const key = reservation.key ?? reservation.id;
      let result: { refundId: string; status: string; raw: unknown };
      if (provider?.refund && account) {
        try {
          result = await provider.refund(account, stored(reservedRow), reservation.amountMinor, key);
        } catch (err) {
          const unknownOutcome = err instanceof AppError && (err.code === 'gateway_timeout' || err.code === 'gateway_unreachable');
          if (!unknownOutcome) await db.withTenant(scope.tenantId, (tx) => releaseRefund(tx, scope.tenantId, id, key));
          throw err;
        }
      } else {
        result = { refundId: `manual-${key}`, status: 'processed', raw: { by: scope.actor.name } };
      }
      const applied = await db.withTenant(scope.tenantId, (tx) =>
        settleRefund(
          ledger(tx, scope),
          id,
          key,
          { ...result, amountMinor: reservation.amountMinor },
          provider?.refund ? 'refund' : 'manual',
        ),
      );
      return applied.row;
    },

    /**
     * A payment recorded by hand for a payable (an order paid in cash, a transfer seen on the
     * statement), in the caller's transaction: needs payments:write, is refused while an online
     * payment of it may still be paid, and is an offline transaction captured at once (a ledger row,
     * audited), which moves the payable by its onPaid like any payment.
     */
    async recordOfflinePayment(tx: Db, scope: Scope, payable: { kind: string; id: string }, note?: string): Promise<PaymentTransaction> {
      if (!mayWritePayments(scope)) throw errors.forbidden('Recording a payment needs the payments write permission');
      const { kind, id, what } = await describe(tx, scope, { payable, origin: '', community: '' });
      const [open] = await tx
        .select({ id: paymentTransactions.id })
        .from(paymentTransactions)
        .where(
          and(
            tenantFilter(paymentTransactions, scope.tenantId),
            eq(paymentTransactions.payableKind, kind),
            eq(paymentTransactions.payableId, id),
            inArray(paymentTransactions.kind, ONLINE),
            inArray(paymentTransactions.status, ['created', 'authorized']),
            sql`${paymentTransactions.createdAt} > now() - make_interval(secs => ${OPEN_PAYMENT_MS / 1000})`,
          ),
        )
        .limit(1);
      if (open) {
        throw errors.conflict(
          'payment_open',
          'An online payment of this is open: wait for it, or reconcile it, before recording one by hand',
        );
      }
      const [row] = await tx
        .insert(paymentTransactions)
        .values({
          tenantId: scope.tenantId,
          kind: 'manual',
          mode: 'live',
          amountMinor: what.amountMinor,
          currency: what.currency.toUpperCase(),
          payableKind: kind,
          payableId: id,
          reference: what.reference.slice(0, 200),
          customerName: what.customer.name?.slice(0, 200) ?? null,
          customerEmail: what.customer.email?.toLowerCase().slice(0, 320) ?? null,
        })
        .returning();
      await recordAudit(tx, scope, [{ action: 'create', resource: 'payments/transactions', recordId: row.id, after: audited(row) }]);
      const applied = await applyOutcome(
        ledger(tx, scope),
        row.id,
        { status: 'captured', raw: { recordedBy: scope.actor.name, note: note ?? null } },
        'manual',
      );
      return applied.row;
    },

    /** Cash on delivery, bank transfer: an admin records that the money arrived (audited). */
    async markPaid(scope: Scope, id: string, note?: string): Promise<PaymentTransaction> {
      return db.withTenant(scope.tenantId, async (tx) => {
        const [row] = await tx
          .select()
          .from(paymentTransactions)
          .where(and(tenantFilter(paymentTransactions, scope.tenantId), eq(paymentTransactions.id, id)));
        if (!row) throw errors.notFound('Transaction');
        if (ONLINE.includes(row.kind)) {
          throw errors.conflict('online_payment', 'An online payment is confirmed by its gateway, not by hand');
        }
        const applied = await applyOutcome(
          ledger(tx, scope),
          id,
          { status: 'captured', raw: { markedPaidBy: scope.actor.name, note: note ?? null } },
          'manual',
        );
        if (!applied.changed) throw errors.conflict('not_pending', 'The transaction is not awaiting payment');
        return applied.row;
      });
    },

    /**
     * Asks the gateway what became of a transaction and applies the answer; with `kind`, only a
     * transaction of that gateway kind. A transaction asked about less than RECONCILE_INTERVAL_MS
     * ago (its checkedAt) is answered as it stands, without calling out.
     */
    async reconcile(scope: Scope, id: string, kind?: GatewayKind): Promise<PaymentTransaction> {
      const { row, account } = await readTransaction(scope.tenantId, id, kind);
      const provider = providerOf(row.kind);
      if (!provider?.fetchPayments) return row;
      if (row.checkedAt && Date.now() - row.checkedAt.getTime() < RECONCILE_INTERVAL_MS) return row;
      let outcome: PaymentOutcome;
      try {
        outcome = await provider.fetchPayments(account, stored(row));
      } catch (err) {
        await db.withTenant(scope.tenantId, (tx) =>
          notePayload(tx, scope.tenantId, id, 'reconcile', { error: (err as AppError).code }, { checkedAt: new Date() }),
        );
        throw err;
      }
      const applied = await apply(scope, id, outcome, 'reconcile', false);
      if (!applied.changed) {
        return db.withTenant(
          scope.tenantId,
          async (tx) => (await notePayload(tx, scope.tenantId, id, 'reconcile', outcome.raw, { checkedAt: new Date() })) ?? applied.row,
        );
      }
      return applied.row;
    },

    /**
     * The reconciliation job: online transactions left `created`/`authorized` for `olderThanMinutes`
     * (and not checked since), in every community, asked about one by one.
     */
    async reconcilePending(olderThanMinutes = 15, limit = 100): Promise<{ checked: number; changed: number; failed: number }> {
      const rows = await db.owner
        .select({ tenantId: paymentTransactions.tenantId, id: paymentTransactions.id, status: paymentTransactions.status })
        .from(paymentTransactions)
        .where(
          and(
            inArray(paymentTransactions.status, ['created', 'authorized']),
            inArray(paymentTransactions.kind, ONLINE),
            lt(paymentTransactions.createdAt, sql`now() - make_interval(mins => ${olderThanMinutes})`),
            sql`${paymentTransactions.createdAt} > now() - interval '7 days'`,
            sql`(${paymentTransactions.checkedAt} is null or ${paymentTransactions.checkedAt} < now() - make_interval(mins => ${olderThanMinutes}))`,
          ),
        )
        .orderBy(asc(paymentTransactions.createdAt))
        .limit(limit);
      let changed = 0;
      let failed = 0;
      for (const r of rows) {
        try {
          const after = await service.reconcile(systemScope(db, r.tenantId, 'Payment reconciliation'), r.id);
          if (after.status !== r.status) changed++;
        } catch {
          failed++;
        }
      }
      return { checked: rows.length, changed, failed };
    },

    /** One transaction of a community (for the payer's outcome screen: the caller picks what to show). */
    /**
     * What the hosted pay page needs to let the payer (re)open a started payment: the checkout of a
     * Razorpay order or an offline gateway's instructions; null once nothing is left to pay there.
     */
    async resumable(
      tenantId: string,
      id: string,
      at: Pick<StartInput, 'origin' | 'community'>,
    ): Promise<{ transaction: PaymentTransaction; checkout: CheckoutStep | null }> {
      const { row, account } = await readTransaction(tenantId, id);
      const open = row.status === 'created';
      if (!open || (row.kind === 'razorpay' && !row.gatewayOrderId)) return { transaction: row, checkout: null };
      if (row.kind === 'payu') {
        // PayU's hosted form is signed locally (no call to PayU): made again, with the same txnid and hash.
        const again = await providers.payu.createOrder(account, {
          transactionId: row.id,
          amountMinor: row.amountMinor,
          currency: row.currency,
          reference: row.reference ?? row.id,
          description: row.reference ?? '',
          customer: { name: row.customerName ?? undefined, email: row.customerEmail ?? undefined },
          returnUrls: returnUrls({ ...at } as StartInput, 'payu', row.id),
        });
        return { transaction: row, checkout: again.checkout };
      }
      if (row.kind !== 'razorpay' && ONLINE.includes(row.kind)) return { transaction: row, checkout: null };
      return { transaction: row, checkout: await checkoutAgain(tenantId, row) };
    },

    async transaction(tenantId: string, id: string): Promise<PaymentTransaction> {
      const [row] = await db.readAsTenant(tenantId, (r) =>
        r
          .select()
          .from(paymentTransactions)
          .where(and(tenantFilter(paymentTransactions, tenantId), eq(paymentTransactions.id, id))),
      );
      if (!row) throw errors.notFound('Transaction');
      return row;
    },

    async testConnection(scope: Scope, gatewayId: string) {
      const account = await db.withTenant(scope.tenantId, (tx) => loadAccount(box, tx, scope.tenantId, gatewayId));
      return providers[account.kind].testConnection(account);
    },
  };

  /** Applies an outcome in its own transaction; an amount that differs is refused after the note is kept. */
  async function apply(
    scope: Scope,
    id: string,
    outcome: PaymentOutcome,
    source: Parameters<typeof applyOutcome>[3],
    strict = true,
  ): Promise<Applied> {
    const applied = await db.withTenant(scope.tenantId, (tx) => applyOutcome(ledger(tx, scope), id, outcome, source));
    if (applied.mismatch && strict) throw amountMismatch();
    return applied;
  }

  async function transactionIdByOrder(tenantId: string, kind: GatewayKind, orderId: string | undefined): Promise<string> {
    if (!orderId) throw errors.validation({ razorpay_order_id: 'Required' });
    const row = await db.withTenant(tenantId, (tx) => findTransaction(tx, tenantId, { kind, gatewayOrderId: orderId }));
    if (!row) throw errors.notFound('Transaction');
    return row.id;
  }

  /** The same checkout again for a repeated start with the same idempotency key (no second order). */
  async function checkoutAgain(tenantId: string, row: PaymentTransaction): Promise<CheckoutStep> {
    const { account } = await readTransaction(tenantId, row.id);
    if (account.kind === 'razorpay') {
      return {
        type: 'razorpay',
        keyId: account.credentials.keyId,
        orderId: row.gatewayOrderId!,
        amount: row.amountMinor,
        currency: row.currency,
        name: account.displayName,
        description: row.reference ?? '',
      };
    }
    if (!ONLINE.includes(account.kind)) return { type: 'offline', instructions: account.instructions };
    throw errors.conflict('payment_started', `This payment was already started; open it again from ${KINDS[account.kind].label}`);
  }

  return service;
}

export type PaymentService = ReturnType<typeof createPaymentService>;

const made = new WeakMap<FastifyInstance, PaymentService>();

/** The app's payments service, made once (the `payments` port is the part of it other modules see). */
export function paymentService(app: FastifyInstance): PaymentService {
  let service = made.get(app);
  if (!service) {
    service = createPaymentService(app);
    made.set(app, service);
  }
  return service;
}
