import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errors, tenantFilter } from '../../../kernel/resources';
import { defineWorkflow } from '../../../kernel/workflows';
import { formatOrderNumber } from '../domain';
import { commerceCarts, commerceOrderLines, commerceOrders, type PostalAddress } from '../tables';
import { type PricedCart, priceCart } from './cart';
import { redeemCoupon } from './coupons';
import { orderMail } from './mail';
import { type Actor, type ShopTx, takeOrderNumber } from './shop';
import { applyMove, reserve } from './stock';
import { recordEvent } from './timeline';

export const addressSchema = z
  .object({
    name: z.string().trim().min(1).max(120),
    line1: z.string().trim().min(1).max(200),
    line2: z.string().trim().max(200).optional(),
    city: z.string().trim().min(1).max(100),
    state: z.string().trim().max(100).optional(),
    postalCode: z.string().trim().min(1).max(20),
    country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'A two-letter country code')
      .transform((c) => c.toUpperCase()),
    phone: z.string().trim().max(40).optional(),
  })
  .strict();

export const checkoutInput = z
  .object({
    email: z
      .email('Enter a valid email address')
      .max(254)
      .transform((e) => e.toLowerCase()),
    name: z.string().trim().min(1).max(120),
    phone: z.string().trim().max(40).optional(),
    shippingAddress: addressSchema,
    billingAddress: addressSchema.optional(),
    notes: z.string().trim().max(2000).optional(),
  })
  .strict();

export type CheckoutInput = z.infer<typeof checkoutInput>;

interface CheckoutRun {
  app: FastifyInstance;
  s: ShopTx;
  cartId: string;
  customerId: string | null;
  actor: Actor;
  input: CheckoutInput;
}

type Placed = typeof commerceOrders.$inferSelect;

/** Prices the cart for the shipping address; a cart with anything to report cannot be ordered. */
async function pricedForCheckout(run: CheckoutRun): Promise<PricedCart> {
  const [cart] = await run.s.tx
    .select()
    .from(commerceCarts)
    .where(and(tenantFilter(commerceCarts, run.s.tenantId), eq(commerceCarts.id, run.cartId), eq(commerceCarts.status, 'open')))
    .for('update');
  if (!cart || (cart.customerId !== null && cart.customerId !== run.customerId)) throw errors.notFound('Cart');
  const address = run.input.shippingAddress;
  const priced = await priceCart(run.s, cart, { region: { country: address.country, state: address.state }, email: run.input.email });
  if (priced.lines.length === 0) throw errors.conflict('cart_empty', 'The cart is empty');
  if (priced.totals.issues.length > 0) {
    const fields = Object.fromEntries(
      priced.totals.issues.map((issue) => ['lineIndex' in issue ? `lines.${issue.lineIndex}` : 'couponCode', issue.message]),
    );
    throw errors.conflict('cart_has_issues', priced.totals.issues.map((i) => i.message).join('; '), fields);
  }
  return priced;
}

/**
 * Placing an order, one transaction: price the cart, reserve stock (conditional UPDATEs), close the
 * cart, take the next order number, snapshot the order, redeem the coupon once, record the
 * timeline, queue the "order placed" email. The order number's row stays locked until the commit
 * (two checkouts never share a number), so the steps after it are only the order's own writes. A
 * payment step plugs in after `email`; a step that fails undoes the ones before it (the transaction
 * rolls back the database too).
 */
export const placeOrderWorkflow = defineWorkflow<CheckoutRun>('commerce.place-order', [
  { name: 'price-cart', run: (run) => pricedForCheckout(run) },
  {
    name: 'reserve-stock',
    run: async (run, results) => {
      const priced = results['price-cart'] as PricedCart;
      for (const line of priced.lines) await reserve(run.s, line.variationId, line.quantity, line.title);
      return priced.lines.map((l) => ({ variationId: l.variationId, quantity: l.quantity }));
    },
    compensate: async (run, reserved: { variationId: string; quantity: number }[]) => {
      for (const r of reserved) await applyMove(run.s, { kind: 'release', variationId: r.variationId, quantity: r.quantity });
    },
  },
  {
    name: 'close-cart',
    run: async (run) => {
      await run.s.tx
        .update(commerceCarts)
        .set({ status: 'converted', email: run.input.email })
        .where(and(tenantFilter(commerceCarts, run.s.tenantId), eq(commerceCarts.id, run.cartId)));
    },
  },
  { name: 'order-number', run: (run) => takeOrderNumber(run.s) },
  {
    name: 'snapshot',
    run: async (run, results): Promise<Placed> => {
      const priced = results['price-cart'] as PricedCart;
      const number = results['order-number'] as number;
      const { totals, settings } = priced;
      const { input } = run;
      const [order] = await run.s.tx
        .insert(commerceOrders)
        .values({
          tenantId: run.s.tenantId,
          number,
          reference: formatOrderNumber(number, settings.orderPrefix),
          customerId: run.customerId,
          email: input.email,
          customerName: input.name,
          phone: input.phone ?? input.shippingAddress.phone ?? null,
          currency: totals.currency,
          pricesIncludeTax: totals.pricesIncludeTax,
          subtotal: totals.subtotal,
          discount: totals.discount + totals.shipping.discount,
          shipping: totals.shipping.total,
          tax: totals.tax,
          total: totals.total,
          couponCode: totals.coupon?.applied ? totals.coupon.code : null,
          shippingAddress: input.shippingAddress as PostalAddress,
          billingAddress: (input.billingAddress ?? null) as PostalAddress | null,
          taxLines: totals.taxLines.map((t) => ({ name: t.name ?? '', ratePpm: t.ratePpm, amount: t.tax })),
          notes: input.notes ?? null,
          payBy: new Date(Date.now() + settings.paymentWindowMinutes * 60_000),
        })
        .returning();
      await run.s.tx.insert(commerceOrderLines).values(
        priced.lines.map((line, i) => {
          const t = totals.lines[i];
          return {
            tenantId: run.s.tenantId,
            orderId: order.id,
            productId: line.productId,
            variationId: line.variationId,
            title: line.title,
            variationTitle: line.variationTitle,
            sku: line.sku,
            image: line.image,
            unitPrice: t.unitPrice,
            quantity: t.quantity,
            discount: t.discount,
            taxClass: t.taxClass,
            ratePpm: t.ratePpm,
            net: t.net,
            tax: t.tax,
            total: t.total,
            position: i,
          };
        }),
      );
      return order;
    },
  },
  {
    name: 'redeem-coupon',
    run: async (run, results) => {
      const priced = results['price-cart'] as PricedCart;
      const order = results.snapshot as Placed;
      if (!priced.coupon || !priced.totals.coupon?.applied) return false;
      await redeemCoupon(run.s, priced.coupon, { id: order.id, customerId: run.customerId, email: order.email, discount: order.discount });
      return true;
    },
  },
  {
    name: 'timeline',
    run: async (run, results) => {
      const order = results.snapshot as Placed;
      await recordEvent(run.s, order.id, run.actor, {
        kind: 'placed',
        to: 'pending_payment',
        message: `Order ${order.reference} placed`,
        data: { total: order.total, cartId: run.cartId },
      });
    },
  },
  {
    name: 'email',
    run: async (run, results) => {
      const priced = results['price-cart'] as PricedCart;
      await orderMail.placed(run.app, run.s, results.snapshot as Placed, priced.lines);
    },
  },
]);

/** Places an order from an open cart, inside the caller's transaction. */
export async function placeOrder(app: FastifyInstance, run: Omit<CheckoutRun, 'app'>): Promise<Placed> {
  const results = await placeOrderWorkflow.run({ ...run, app });
  return results.snapshot as Placed;
}
