import { and, eq } from 'drizzle-orm';
import type { Contributions } from '../../../kernel/ports';
import { tenantFilter } from '../../../kernel/resources';
import { commerceOrders } from '../tables';
import { markPaid } from './order-actions';
import { applyRefundToOrder } from './refunds';

/** Orders a payment may still settle; paid ones and closed ones (cancelled, refunded) refuse another. */
const STATE: Record<string, 'open' | 'paid' | 'closed'> = {
  pending_payment: 'open',
  cancelled: 'closed',
  refunded: 'closed',
};

/**
 * Orders are payable through the payments module (`commerce-order`, in its `payables` list): a verified payment
 * marks its order paid (stock committed, timeline, audit) in the ledger's transaction. A second
 * payment of an already paid order changes nothing here (the ledger keeps it for a refund).
 */
export const ORDER_PAYABLE = 'commerce-order';

export const orderPayable: Contributions['payables'] = {
  kind: ORDER_PAYABLE,
  label: 'Shop order',
  async describe({ tx, scope }, id) {
    const [order] = await tx
      .select()
      .from(commerceOrders)
      .where(and(tenantFilter(commerceOrders, scope.tenantId), eq(commerceOrders.id, id)));
    if (!order) return null;
    return {
      amountMinor: order.total,
      currency: order.currency,
      reference: order.reference,
      description: `Order ${order.reference}`,
      customer: { name: order.customerName, email: order.email, phone: order.phone ?? undefined },
      state: STATE[order.status] ?? 'paid',
    };
  },
  async onPaid({ tx, scope }, id, transaction) {
    const [order] = await tx
      .select({ status: commerceOrders.status })
      .from(commerceOrders)
      .where(and(tenantFilter(commerceOrders, scope.tenantId), eq(commerceOrders.id, id)));
    if (order?.status !== 'pending_payment') return;
    // A payment recorded by hand is the admin's act; a gateway's is the system's.
    const actor = scope.actor.id
      ? { kind: 'admin' as const, id: scope.actor.id, name: scope.actor.name }
      : { kind: 'system' as const, id: null, name: transaction.kind };
    await markPaid({ tx, tenantId: scope.tenantId }, id, {
      kind: 'payment',
      reference: transaction.gatewayPaymentId ?? transaction.id,
      actor,
    });
  },
  async onRefunded({ tx, scope }, id, transaction, refund) {
    const actor = scope.actor.id
      ? { kind: 'admin' as const, id: scope.actor.id, name: scope.actor.name }
      : { kind: 'system' as const, id: null, name: transaction.kind };
    await applyRefundToOrder(
      { tx, tenantId: scope.tenantId },
      id,
      { amountMinor: refund.amountMinor, transactionId: transaction.id },
      actor,
    );
  },
};
