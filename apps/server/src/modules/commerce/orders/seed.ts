import { asc, gte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Scope, tenantFilter } from '../../../kernel/resources';
import { commerceCustomers, commerceProducts, commerceVariations } from '../tables';
import { addLine, newCart } from './cart';
import { variationsOnSale } from './catalogue-read';
import { placeOrder } from './checkout';
import { adminTransition, createDispatch, orderLines } from './order-actions';
import { requestReturn, transitionReturnTo } from './returns';
import { addReview, moderateReview } from './reviews';
import type { Actor, ShopTx } from './shop';

type OrderEvent = 'pay' | 'process' | 'deliver' | 'cancel' | 'refund';
type Step = OrderEvent | 'dispatch_one' | 'dispatch_all';

/** One sample order per state: the steps that lead there from pending payment. */
const ORDERS: { quantity: number; steps: Step[] }[] = [
  { quantity: 1, steps: [] },
  { quantity: 1, steps: ['pay'] },
  { quantity: 2, steps: ['pay', 'process'] },
  { quantity: 2, steps: ['pay', 'process', 'dispatch_one'] },
  { quantity: 1, steps: ['pay', 'process', 'dispatch_all'] },
  { quantity: 2, steps: ['pay', 'process', 'dispatch_all', 'deliver'] },
  { quantity: 1, steps: ['cancel'] },
  { quantity: 1, steps: ['pay', 'refund'] },
];

const ADDRESSES = [
  { name: 'Asha Menon', line1: '12 MG Road', city: 'Bengaluru', state: 'KA', postalCode: '560001', country: 'IN' },
  { name: 'Tomas Berg', line1: 'Storgatan 4', city: 'Stockholm', postalCode: '11122', country: 'SE' },
];

/** Variations of active products with stock enough for the samples (the catalogue seeds them first). */
async function stocked(s: ShopTx) {
  const v = commerceVariations;
  return variationsOnSale(s, gte(sql`${v.onHand} - ${v.reserved}`, 6))
    .orderBy(asc(commerceProducts.createdAt), asc(v.position))
    .limit(8);
}

/**
 * The demo shop's selling side, from whatever products the catalogue seeded (none: no orders): an
 * order in every state, a return on a delivered one, approved and pending reviews. Customers and
 * coupons are the resources' examples.
 */
export async function seedOrders(app: FastifyInstance, scope: Scope) {
  const admin: Actor = { kind: 'admin', id: scope.actor.id, name: scope.actor.name ?? 'Owner' };
  const inTx = <T>(fn: (s: ShopTx) => Promise<T>) => app.db.withTenant(scope.tenantId, (tx) => fn({ tx, tenantId: scope.tenantId }));
  const variations = await inTx(stocked);
  if (variations.length === 0) return;
  const customers = await inTx((s) =>
    s.tx.select().from(commerceCustomers).where(tenantFilter(commerceCustomers, s.tenantId)).orderBy(asc(commerceCustomers.email)).limit(2),
  );
  const placed: { id: string; productId: string; customerId: string | null; steps: Step[] }[] = [];
  for (const [i, plan] of ORDERS.entries()) {
    const v = variations[i % variations.length];
    const customer = customers[i % Math.max(1, customers.length)] ?? null;
    const address = ADDRESSES[i % ADDRESSES.length];
    const order = await inTx(async (s) => {
      const cart = await newCart(s, customer?.id ?? null);
      await addLine(s, cart, v.variationId, plan.quantity);
      const input = { email: customer?.email ?? 'guest@example.com', name: customer?.name ?? address.name, shippingAddress: address };
      const { order } = await placeOrder(app, {
        s,
        cartId: cart.id,
        customerId: customer?.id ?? null,
        actor: { kind: 'customer', id: customer?.id ?? null, name: input.name },
        input,
      });
      return order;
    });
    for (const step of plan.steps) {
      await inTx(async (s) => {
        if (step === 'dispatch_one' || step === 'dispatch_all') {
          const [line] = await orderLines(s, order.id);
          const lines = step === 'dispatch_one' ? [{ orderLineId: line.id, quantity: 1 }] : undefined;
          return createDispatch(
            app,
            s,
            order.id,
            { carrier: 'Blue Dart', trackingNumber: `BD${order.number}${step.length}`, lines },
            admin,
          );
        }
        return adminTransition(app, s, scope, order.id, step);
      });
    }
    placed.push({ id: order.id, productId: v.productId, customerId: customer?.id ?? null, steps: plan.steps });
  }
  const delivered = placed.find((p) => p.steps.includes('deliver'));
  if (delivered) {
    await inTx(async (s) => {
      const [line] = await orderLines(s, delivered.id);
      const opened = await requestReturn(
        s,
        { orderId: delivered.id, reason: 'One tile arrived cracked', lines: [{ orderLineId: line.id, quantity: 1 }] },
        admin,
        null,
      );
      await transitionReturnTo(s, opened.id, 'approve', admin);
    });
  }
  const reviewers = placed.filter((p) => p.customerId !== null && p.steps.includes('pay')).slice(0, 3);
  for (const [i, p] of reviewers.entries()) {
    await inTx(async (s) => {
      const name = customers.find((c) => c.id === p.customerId)?.name ?? 'Customer';
      const review = await addReview(
        s,
        { customerId: p.customerId, name },
        {
          productId: p.productId,
          rating: [5, 4, 3][i],
          title: ['Exactly as pictured', 'Good value', 'Took a while to arrive'][i],
          body: [
            'Well packed and the finish is even.',
            'Does the job; the colour is slightly lighter than the photo.',
            'Fine product, but delivery took nine days.',
          ][i],
        },
      );
      if (i < 2) await moderateReview(s, review.id, 'approved');
    });
  }
}
