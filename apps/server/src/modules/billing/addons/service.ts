import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '../../../kernel/events';
import { type Db, errors, parseInput, type Scope, tenantFilter } from '../../../kernel/resources';
import { type Addon, addonByCode } from '../catalogue/pricing';
import { type Invoice, issueInvoice } from '../subscriptions/invoices';
import { applyPaid } from '../subscriptions/service';
import { billingAddonOrders } from '../tables';

export type AddonOrder = typeof billingAddonOrders.$inferSelect;

const requestSchema = z.object({
  addonCode: z.string().trim().min(1).max(40),
  quantity: z.coerce.number().int().min(1).max(100).default(1),
  note: z.string().trim().max(1000).optional(),
});
export type AddonRequest = z.infer<typeof requestSchema>;

/** A request's body (the seeds' requestAddOns sends `addOnId`/`code`; ours `addonCode`). */
export const requestInput = (body: Record<string, unknown>): AddonRequest =>
  parseInput(requestSchema, { ...body, addonCode: body.addonCode ?? body.code ?? body.addOnCode }) as AddonRequest;

export async function addonOrdersOf(tx: Db, scope: Scope, status?: AddonOrder['status']): Promise<AddonOrder[]> {
  return tx
    .select()
    .from(billingAddonOrders)
    .where(and(tenantFilter(billingAddonOrders, scope.tenantId), status ? eq(billingAddonOrders.status, status) : undefined))
    .orderBy(desc(billingAddonOrders.createdAt))
    .limit(200);
}

/** The invoice of an add-on order (bought now, or approved): active once it is paid. */
async function invoiceOrder(tx: Db, scope: Scope, addon: Addon, order: AddonOrder): Promise<Invoice> {
  const invoice = await issueInvoice(tx, scope, {
    purpose: 'addon',
    currency: addon.currency,
    lines: [
      {
        description: `${addon.name}${order.quantity > 1 ? ` × ${order.quantity}` : ''}`,
        quantity: order.quantity,
        unitMinor: addon.priceMinor,
        amountMinor: addon.priceMinor * order.quantity,
      },
    ],
    effect: { kind: 'addon', addonCode: addon.code, quantity: order.quantity, requestId: order.id },
  });
  // A free add-on's invoice is paid as it is issued.
  if (invoice.status === 'paid') await applyPaid(tx, scope, invoice, null);
  return invoice;
}

/**
 * Asks for an add-on (requestAddOns): an `instant` one is bought at once (an invoice to pay; active
 * when paid); a `platform` one waits for a platform operator's approval, then is invoiced.
 */
export async function requestAddon(scope: Scope, input: AddonRequest): Promise<{ order: AddonOrder; invoice: Invoice | null }> {
  return scope.db.withTenant(scope.tenantId, async (tx) => {
    const addon = await addonByCode(tx, input.addonCode);
    if (!addon) throw errors.validation({ addonCode: 'No such add-on' });
    const [order] = await tx
      .insert(billingAddonOrders)
      .values({
        tenantId: scope.tenantId,
        addonCode: addon.code,
        name: addon.name,
        quotaKey: addon.quotaKey,
        quantity: input.quantity,
        units: addon.units * input.quantity,
        note: input.note ?? null,
        status: addon.approval === 'instant' ? 'awaiting_payment' : 'requested',
      })
      .returning();
    await recordAudit(tx, scope, [{ action: 'create', resource: 'billing/addon-orders', recordId: order.id, after: order }]);
    if (addon.approval !== 'instant') return { order, invoice: null };
    const invoice = await invoiceOrder(tx, scope, addon, order);
    const [current] = await tx
      .select()
      .from(billingAddonOrders)
      .where(and(tenantFilter(billingAddonOrders, scope.tenantId), eq(billingAddonOrders.id, order.id)));
    return { order: current, invoice };
  });
}

/**
 * A platform operator's decision on a request (in the buyer's community): approved, it is invoiced
 * (active once paid; at once when free); rejected, it is closed with the note.
 */
export async function decideRequest(
  buyer: Scope,
  orderId: string,
  decision: { approve: boolean; note?: string },
): Promise<{ order: AddonOrder; invoice: Invoice | null }> {
  return buyer.db.withTenant(buyer.tenantId, async (tx) => {
    const [order] = await tx
      .select()
      .from(billingAddonOrders)
      .where(and(tenantFilter(billingAddonOrders, buyer.tenantId), eq(billingAddonOrders.id, orderId)))
      .for('update');
    if (!order) throw errors.notFound('Add-on request');
    if (order.status !== 'requested') throw errors.conflict('already_decided', `The request is already ${order.status.replace('_', ' ')}`);
    const addon = await addonByCode(tx, order.addonCode);
    const set = async (patch: Partial<AddonOrder>) => {
      const [after] = await tx
        .update(billingAddonOrders)
        .set({ ...patch, decisionNote: decision.note ?? null, updatedAt: new Date() })
        .where(and(tenantFilter(billingAddonOrders, buyer.tenantId), eq(billingAddonOrders.id, order.id)))
        .returning();
      await recordAudit(tx, buyer, [{ action: 'update', resource: 'billing/addon-orders', recordId: order.id, before: order, after }]);
      return after;
    };
    if (!decision.approve || !addon) return { order: await set({ status: addon ? 'rejected' : 'cancelled' }), invoice: null };
    await set({ status: 'awaiting_payment' });
    const invoice = await invoiceOrder(tx, buyer, addon, order);
    const [after] = await tx
      .select()
      .from(billingAddonOrders)
      .where(and(tenantFilter(billingAddonOrders, buyer.tenantId), eq(billingAddonOrders.id, order.id)));
    return { order: after, invoice };
  });
}
