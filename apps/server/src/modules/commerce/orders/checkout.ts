import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Email, emailOutboxInsert } from '../../../kernel/messaging';
import { errors, insertFromJson, preparedStatement, rowMapper, selectList, tenantFilter } from '../../../kernel/resources';
import { defineInlineWorkflow } from '../../../kernel/workflows';
import { commerceCarts, commerceOrderEvents, commerceOrderLines, commerceOrders } from '../tables';
import { type PricedCart, priceCart } from './cart';
import { redeemCoupon } from './coupons';
import { customerEmail } from './customers';
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
    email: customerEmail,
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

const ORDER_COLUMNS = getTableColumns(commerceOrders);
const LINE_COLUMNS = getTableColumns(commerceOrderLines);
const orderRow = rowMapper(ORDER_COLUMNS);
const lineRow = rowMapper(LINE_COLUMNS);
const ORDER_KEYS = [
  'number',
  'reference',
  'customerId',
  'email',
  'customerName',
  'phone',
  'currency',
  'pricesIncludeTax',
  'subtotal',
  'discount',
  'shipping',
  'tax',
  'total',
  'couponCode',
  'shippingAddress',
  'billingAddress',
  'taxLines',
  'notes',
  'payBy',
] as const;
const LINE_KEYS = [
  'productId',
  'variationId',
  'title',
  'variationTitle',
  'sku',
  'image',
  'unitPrice',
  'quantity',
  'discount',
  'taxClass',
  'ratePpm',
  'net',
  'tax',
  'total',
  'position',
] as const;
const EVENT_KEYS = ['kind', 'fromStatus', 'toStatus', 'message', 'actorId', 'actorName', 'data'] as const;

/**
 * The order's one write, rendered once whatever the number of lines (they come as one JSON value):
 * convert the cart, write the order, its lines, the first entry of its timeline (each later part
 * reads the order from `placed`) and the "order placed" email's outbox row; answers the order's
 * columns beside each line's, in order, and the email's id.
 */
const writeOrder = preparedStatement('commerce:place-order', () => {
  const tenantId = sql`${sql.placeholder('tenantId')}::uuid`;
  const c = commerceCarts;
  const orderId = sql`(select id from placed)`;
  return sql`with converted as (
      update ${c} set status = 'converted', email = ${sql.placeholder('email')}, updated_at = now()
       where ${and(tenantFilter(c, sql.placeholder('tenantId')), eq(c.id, sql.placeholder('cartId')))} returning id),
    placed as (${insertFromJson(commerceOrders, ORDER_KEYS, sql.placeholder('order'), { tenantId })}
      returning ${selectList(ORDER_COLUMNS)}),
    placed_lines as (${insertFromJson(commerceOrderLines, LINE_KEYS, sql.placeholder('lines'), { tenantId, orderId })}
      returning ${selectList(LINE_COLUMNS)}),
    placed_event as (${insertFromJson(commerceOrderEvents, EVENT_KEYS, sql.placeholder('event'), { tenantId, orderId })} returning id),
    placed_mail as (${emailOutboxInsert})
    select placed.*, placed_lines.*, (select id from placed_mail) from placed cross join placed_lines order by placed_lines.position`;
});

/**
 * Placing an order, one transaction: price the cart and reserve its stock (one statement: the
 * conditional UPDATE of its variations rides along with the read; a refused cart rolls it back),
 * take the order number (a statement of its own, committed at once: see takeOrderNumber), then in
 * one statement convert the cart and write the order with its lines, the first entry of its
 * timeline and the "order placed" email; redeem the coupon once; queue the email's delivery. The number is taken only once
 * the stock is reserved, so a refused cart costs no number; a checkout that fails after it leaves
 * a gap in the numbers (accepted: no hot row is held until the commit).
 * A payment step plugs in after `email`; a step that fails undoes the ones before it (the
 * transaction rolls back the database too).
 */
export const placeOrderWorkflow = defineInlineWorkflow<CheckoutRun>('commerce.place-order', [
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
    run: async (run, results): Promise<PlacedOrder & { mail: { id: string; email: Email } }> => {
      const priced = results['price-cart'] as PricedCart;
      const { totals, settings } = priced;
      const { s, input } = run;
      const { number, reference } = await takeOrderNumber(run.app.db, s);
      const order = {
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
        shippingAddress: input.shippingAddress,
        billingAddress: input.billingAddress ?? null,
        taxLines: totals.taxLines.map((t) => ({ name: t.name ?? '', ratePpm: t.ratePpm, amount: t.tax })),
        notes: input.notes ?? null,
        payBy: new Date(Date.now() + settings.paymentWindowMinutes * 60_000).toISOString(),
      } satisfies Record<(typeof ORDER_KEYS)[number], unknown>;
      const lines = priced.lines.map((line, i) => {
        const t = totals.lines[i];
        return {
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
        } satisfies Record<(typeof LINE_KEYS)[number], unknown>;
      });
      const {
        orderId: _o,
        tenantId: _t,
        ...event
      } = eventRow(s, '', run.actor, {
        kind: 'placed',
        to: 'pending_payment',
        message: `Order ${reference} placed`,
        data: { total: totals.total, cartId: run.cartId },
      });
      const email = orderMail.placed({ ...order, reference }, priced.lines);
      const rows = await writeOrder.raw(s.tx, {
        tenantId: s.tenantId,
        cartId: run.cartId,
        email: input.email,
        order: JSON.stringify([order]),
        lines: JSON.stringify(lines),
        event: JSON.stringify([event]),
        ...run.app.mailer.emailValues(email),
      });
      const width = Object.keys(ORDER_COLUMNS).length;
      const mail = { id: rows[0][width + Object.keys(LINE_COLUMNS).length] as string, email };
      return {
        order: orderRow(rows[0].slice(0, width)) as unknown as Placed,
        lines: rows.map((row) => lineRow(row.slice(width)) as unknown as PlacedLine),
        mail,
      };
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
    // Recorded by the order's statement; its delivery is queued in the same transaction.
    run: async (run, results) => {
      const { mail } = results.snapshot as { mail: { id: string; email: Email } };
      await run.app.mailer.recorded(run.s.tx, run.s.tenantId, mail.id, mail.email);
    },
  },
]);

/** Places an order from an open cart, inside the caller's transaction: the order and its lines as written. */
export async function placeOrder(app: FastifyInstance, run: Omit<CheckoutRun, 'app'>): Promise<PlacedOrder> {
  const results = await placeOrderWorkflow.run({ ...run, app });
  const { order, lines } = results.snapshot as PlacedOrder;
  return { order, lines };
}
