import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errors, tenantFilter } from '../../../kernel/resources';
import { defineWorkflow } from '../../../kernel/workflows';
import { commerceCarts, commerceOrderEvents, commerceOrderLines, commerceOrders, type PostalAddress } from '../tables';
import { type PricedCart, priceCart } from './cart';
import { redeemCoupon } from './coupons';
import { orderMail } from './mail';
import { type Actor, type ShopTx, takeOrderNumber } from './shop';
import { applyMove, refuseShort } from './stock';
import { eventRow } from './timeline';

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
  /** The open cart, when the caller has already read it FOR UPDATE in this transaction (else it is locked here). */
  cart?: typeof commerceCarts.$inferSelect;
  customerId: string | null;
  actor: Actor;
  input: CheckoutInput;
}

type Placed = typeof commerceOrders.$inferSelect;
type PlacedLine = typeof commerceOrderLines.$inferSelect;

/** What placing an order wrote: the order and its lines (in their order). */
export interface PlacedOrder {
  order: Placed;
  lines: PlacedLine[];
}

/** Prices the cart for the shipping address; a cart with anything to report cannot be ordered. */
async function pricedForCheckout(run: CheckoutRun): Promise<PricedCart> {
  const [cart] =
    run.cart?.id === run.cartId && run.cart.status === 'open'
      ? [run.cart]
      : await run.s.tx
          .select()
          .from(commerceCarts)
          .where(and(tenantFilter(commerceCarts, run.s.tenantId), eq(commerceCarts.id, run.cartId), eq(commerceCarts.status, 'open')))
          .for('update');
  if (!cart || (cart.customerId !== null && cart.customerId !== run.customerId)) throw errors.notFound('Cart');
  const address = run.input.shippingAddress;
  const priced = await priceCart(run.s, cart, {
    region: { country: address.country, state: address.state },
    email: run.input.email,
    reserve: true,
  });
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
 * Placing an order, one transaction: price the cart and reserve its stock (one statement: the
 * conditional UPDATE of its variations rides along with the read; a refused cart rolls it back),
 * take the order number (a statement of its own, committed at once: see takeOrderNumber), then in
 * one statement convert the cart and write the order with its lines and the first entry of its
 * timeline; redeem the coupon once; queue the "order placed" email. The number is taken only once
 * the stock is reserved, so a refused cart costs no number; a checkout that fails after it leaves
 * a gap in the numbers (accepted: no hot row is held until the commit).
 * A payment step plugs in after `email`; a step that fails undoes the ones before it (the
 * transaction rolls back the database too).
 */
export const placeOrderWorkflow = defineWorkflow<CheckoutRun>('commerce.place-order', [
  { name: 'price-cart', run: (run) => pricedForCheckout(run) },
  {
    name: 'reserve-stock',
    // Reserved by the statement that priced the cart: a line left unreserved refuses the order.
    run: (_run, results) => {
      const priced = results['price-cart'] as PricedCart;
      refuseShort(priced.lines, priced.reserved);
      return priced.lines.map((l) => ({ variationId: l.variationId, quantity: l.quantity }));
    },
    compensate: async (run, reserved: { variationId: string; quantity: number }[]) => {
      for (const r of reserved) await applyMove(run.s, { kind: 'release', variationId: r.variationId, quantity: r.quantity });
    },
  },
  {
    name: 'snapshot',
    run: async (run, results): Promise<PlacedOrder> => {
      const priced = results['price-cart'] as PricedCart;
      const { totals, settings } = priced;
      const { s, input } = run;
      const { number, reference } = await takeOrderNumber(run.app.db, s);
      // One statement: convert the cart, write the order, its lines and the first entry of its
      // timeline (each later part reads the order from `placed`).
      const converted = s.tx.$with('converted').as(
        s.tx
          .update(commerceCarts)
          .set({ status: 'converted', email: input.email })
          .where(and(tenantFilter(commerceCarts, s.tenantId), eq(commerceCarts.id, run.cartId)))
          .returning({ id: commerceCarts.id }),
      );
      const placed = s.tx.$with('placed').as(
        s.tx
          .insert(commerceOrders)
          .values({
            tenantId: s.tenantId,
            number,
            reference,
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
          .returning(),
      );
      const orderId = sql`(select ${placed.id} from ${placed})`;
      const placedLines = s.tx.$with('placed_lines').as(
        s.tx
          .insert(commerceOrderLines)
          .values(
            priced.lines.map((line, i) => {
              const t = totals.lines[i];
              return {
                tenantId: s.tenantId,
                orderId,
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
          )
          .returning(),
      );
      const placedEvent = s.tx.$with('placed_event').as(
        s.tx
          .insert(commerceOrderEvents)
          .values(
            eventRow(s, orderId, run.actor, {
              kind: 'placed',
              to: 'pending_payment',
              message: `Order ${reference} placed`,
              data: { total: totals.total, cartId: run.cartId },
            }),
          )
          .returning({ id: commerceOrderEvents.id }),
      );
      const rows = await s.tx.with(converted, placed, placedLines, placedEvent).select().from(placed).innerJoin(placedLines, sql`true`);
      const lines = rows.map((r) => r.placed_lines).sort((a, b) => a.position - b.position);
      return { order: rows[0].placed, lines };
    },
  },
  {
    name: 'redeem-coupon',
    run: async (run, results) => {
      const priced = results['price-cart'] as PricedCart;
      const { order } = results.snapshot as PlacedOrder;
      if (!priced.coupon || !priced.totals.coupon?.applied) return false;
      await redeemCoupon(run.s, priced.coupon, { id: order.id, customerId: run.customerId, email: order.email, discount: order.discount });
      return true;
    },
  },
  {
    name: 'email',
    run: async (run, results) => {
      const priced = results['price-cart'] as PricedCart;
      await orderMail.placed(run.app, run.s, (results.snapshot as PlacedOrder).order, priced.lines);
    },
  },
]);

/** Places an order from an open cart, inside the caller's transaction: the order and its lines as written. */
export async function placeOrder(app: FastifyInstance, run: Omit<CheckoutRun, 'app'>): Promise<PlacedOrder> {
  const results = await placeOrderWorkflow.run({ ...run, app });
  return results.snapshot as PlacedOrder;
}
