import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PLATFORM_COMMUNITY } from '../../kernel/auth';
import { type Scope, systemScope, tenantFilter } from '../../kernel/resources';
import { addonByCode, planByCode } from './catalogue/pricing';
import { addMonths } from './domain/arithmetic';
import { findCommunityId } from './subscriptions/charges';
import { issueInvoice } from './subscriptions/invoices';
import { billingAddonOrders, billingInvoices, billingSubscriptions } from './tables';

/**
 * The demo community's billing: on Business (monthly) since three months ago, with its paid invoices
 * (the first month, two renewals), an SMS pack bought and active, and an extra admin asked for. The
 * platform community gets a Razorpay gateway in test mode (the payments' sample credentials), so the
 * demo can pay its invoices to the platform.
 */
export async function billingSeed(app: FastifyInstance, scope: Scope) {
  const platformId = await findCommunityId(app, PLATFORM_COMMUNITY);
  const gateways = app.resources.get('payments/gateways');
  if (platformId && gateways) {
    const platform: Scope = { ...systemScope(app.db, platformId, 'seed'), actor: { id: null, name: 'seed', isOwner: true } };
    const existing = await gateways.list(platform, { limit: 1 });
    if (existing.data.length === 0) {
      // Razorpay in test mode (the payments' sample credentials), in rupees and Singapore dollars.
      const [razorpay] = gateways.config.examples;
      await gateways.create(platform, razorpay);
      await gateways.create(platform, { ...razorpay, displayName: 'Razorpay (SGD)', currency: 'SGD' });
    }
  }
  const business = await planByCode(app.db.owner, 'business');
  const sms = await addonByCode(app.db.owner, 'sms-1000');
  if (!business || !sms) return;
  const option = business.options.find((o) => o.period === 'monthly')!;
  const now = new Date();
  const start = addMonths(now, -3);
  await app.db.withTenant(scope.tenantId, async (tx) => {
    const periods = [0, 1, 2].map((i) => ({ from: addMonths(start, i), to: addMonths(start, i + 1) }));
    for (const [i, p] of periods.entries()) {
      const invoice = await issueInvoice(tx, scope, {
        purpose: i === 0 ? 'subscription' : 'renewal',
        currency: option.currency,
        lines: [
          {
            description: `${business.name} plan, monthly, ${p.from.toISOString().slice(0, 10)} – ${p.to.toISOString().slice(0, 10)}`,
            quantity: 1,
            unitMinor: option.priceMinor,
            amountMinor: option.priceMinor,
          },
        ],
        effect: {
          kind: i === 0 ? 'plan' : 'renewal',
          planCode: business.code,
          period: 'monthly',
          periodStart: p.from.toISOString(),
          periodEnd: p.to.toISOString(),
          priceMinor: option.priceMinor,
        },
        now: p.from,
      });
      await tx
        .update(billingInvoices)
        .set({ status: 'paid', paidAt: p.from })
        .where(and(tenantFilter(billingInvoices, scope.tenantId), eq(billingInvoices.id, invoice.id)));
    }
    const last = periods[2];
    await tx
      .insert(billingSubscriptions)
      .values({
        tenantId: scope.tenantId,
        planCode: business.code,
        period: 'monthly',
        currency: option.currency,
        priceMinor: option.priceMinor,
        status: 'active',
        periodStart: last.from,
        periodEnd: last.to,
      })
      .onConflictDoUpdate({
        target: billingSubscriptions.tenantId,
        set: {
          planCode: business.code,
          period: 'monthly',
          status: 'active',
          periodStart: last.from,
          periodEnd: last.to,
          priceMinor: option.priceMinor,
        },
      });
    const [order] = await tx
      .insert(billingAddonOrders)
      .values({
        tenantId: scope.tenantId,
        addonCode: sms.code,
        name: sms.name,
        quotaKey: sms.quotaKey,
        quantity: 1,
        units: sms.units,
        status: 'active',
        activatedAt: addMonths(now, -1),
      })
      .returning();
    const smsInvoice = await issueInvoice(tx, scope, {
      purpose: 'addon',
      currency: sms.currency,
      lines: [{ description: sms.name, quantity: 1, unitMinor: sms.priceMinor, amountMinor: sms.priceMinor }],
      effect: { kind: 'addon', addonCode: sms.code, quantity: 1, requestId: order.id },
      now: addMonths(now, -1),
    });
    await tx
      .update(billingInvoices)
      .set({ status: 'paid', paidAt: addMonths(now, -1) })
      .where(and(tenantFilter(billingInvoices, scope.tenantId), eq(billingInvoices.id, smsInvoice.id)));
    await tx
      .update(billingAddonOrders)
      .set({ invoiceId: smsInvoice.id })
      .where(and(tenantFilter(billingAddonOrders, scope.tenantId), eq(billingAddonOrders.id, order.id)));
    await tx.insert(billingAddonOrders).values({
      tenantId: scope.tenantId,
      addonCode: 'admin-seat',
      name: 'Extra admin',
      quotaKey: 'admins',
      quantity: 2,
      units: 2,
      status: 'requested',
      note: 'Two more editors for the catalogue launch',
    });
  });
}
