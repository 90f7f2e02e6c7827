import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Email, emailOutboxInsert } from '../../../kernel/messaging';
import { AppError, errors, insertFromJson, preparedStatement, rowMapper, selectList, tenantFilter } from '../../../kernel/resources';
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
  /** The storefront's Idempotency-Key: kept on the converted cart, so a retry answers this order. */
  idempotencyKey?: string;
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
  const units = unitsOf(priced);
  if (units > priced.settings.maxUnitsPerOrder) {
    throw errors.conflict('order_too_large', `An order may hold at most ${priced.settings.maxUnitsPerOrder} units; this one has ${units}`, {
      lines: `At most ${priced.settings.maxUnitsPerOrder} units in all`,
    });
  }
  if (priced.totals.issues.length > 0) {
    const fields = Object.fromEntries(
      priced.totals.issues.map((issue) => ['lineIndex' in issue ? `lines.${issue.lineIndex}` : 'couponCode', issue.message]),
    );
    throw errors.conflict('cart_has_issues', priced.totals.issues.map((i) => i.message).join('; '), fields);
  }
  return priced;
}

const unitsOf = (priced: PricedCart) => priced.lines.reduce((n, l) => n + l.quantity, 0);

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
 * write the order, its lines, the first entry of its timeline (each later part reads the order
 * from `placed`) and the "order placed" email's outbox row, convert the cart (keeping the order it
 * became and the checkout's Idempotency-Key); answers the order's columns beside each line's, in
 * order, the email's id, and the units this email's other unpaid orders hold (read in the same
 * statement, so the cap costs no round trip).
 */
/** The units the community's unpaid orders matching `buyer` hold (the order being placed not counted: same statement). */
function unpaidUnits(buyer: SQL | undefined) {
  const o = commerceOrders;
  const l = commerceOrderLines;
  return sql`(select coalesce(sum(${l.quantity}), 0)::int from ${o} join ${l} on ${l.tenantId} = ${o.tenantId} and ${l.orderId} = ${o.id}
    where ${and(tenantFilter(o, sql.placeholder('tenantId')), eq(o.status, 'pending_payment'), buyer)})`;
}

const writeOrder = preparedStatement('commerce:place-order', () => {
  const tenantId = sql`${sql.placeholder('tenantId')}::uuid`;
  const c = commerceCarts;
  const o = commerceOrders;
  const orderId = sql`(select id from placed)`;
  const address = (key: string) => sql`${o.shippingAddress}->>${sql.raw(`'${key}'`)}`;
  const sameAddress = sql`lower(${address('line1')}) = lower(${sql.placeholder('line1')}::text)
    and ${address('postalCode')} = ${sql.placeholder('postalCode')}::text and ${address('country')} = ${sql.placeholder('country')}::text`;
  return sql`with placed as (${insertFromJson(commerceOrders, ORDER_KEYS, sql.placeholder('order'), { tenantId })}
      returning ${selectList(ORDER_COLUMNS)}),
    converted as (
      update ${c} set status = 'converted', email = ${sql.placeholder('email')}, order_id = ${orderId},
        checkout_key = ${sql.placeholder('checkoutKey')}, updated_at = now()
       where ${and(tenantFilter(c, sql.placeholder('tenantId')), eq(c.id, sql.placeholder('cartId')))} returning id),
    placed_lines as (${insertFromJson(commerceOrderLines, LINE_KEYS, sql.placeholder('lines'), { tenantId, orderId })}
      returning ${selectList(LINE_COLUMNS)}),
    placed_event as (${insertFromJson(commerceOrderEvents, EVENT_KEYS, sql.placeholder('event'), { tenantId, orderId })} returning id),
    placed_mail as (${emailOutboxInsert}),
    held as (select ${unpaidUnits(eq(o.email, sql.placeholder('email')))} as by_email, ${unpaidUnits(sameAddress)} as by_address)
    select placed.*, placed_lines.*, (select id from placed_mail), (select by_email from held), (select by_address from held)
      from placed cross join placed_lines order by placed_lines.position`;
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
        // A guest's unpaid order holds its stock for the short guest hold; a customer's for the payment window.
        payBy: new Date(
          Date.now() +
            (run.customerId ? settings.paymentWindowMinutes : Math.min(settings.guestHoldMinutes, settings.paymentWindowMinutes)) * 60_000,
        ).toISOString(),
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
        checkoutKey: run.idempotencyKey ?? null,
        line1: input.shippingAddress.line1,
        postalCode: input.shippingAddress.postalCode,
        country: input.shippingAddress.country,
        ...run.app.mailer.emailValues(email),
      });
      const width = Object.keys(ORDER_COLUMNS).length;
      const lineWidth = Object.keys(LINE_COLUMNS).length;
      // Nobody holds the whole stock: the unpaid orders of one email, or of one shipping address, hold
      // a bounded number of units together (past it, the order rolls back).
      const held = { email: rows[0][width + lineWidth + 1] as number, shippingAddress: rows[0][width + lineWidth + 2] as number };
      for (const [field, units] of Object.entries(held)) {
        if (units + unitsOf(priced) <= settings.maxUnpaidUnitsPerBuyer) continue;
        const whose = field === 'email' ? 'this email' : 'this shipping address';
        throw errors.conflict(
          'hold_limit',
          `Unpaid orders of ${whose} already hold ${units} units (at most ${settings.maxUnpaidUnitsPerBuyer}): pay for them first`,
          { [field]: `Pay for the unpaid orders of ${whose} first` },
        );
      }
      const mail = { id: rows[0][width + lineWidth] as string, email };
      return {
        order: orderRow(rows[0].slice(0, width)),
        lines: rows.map((row) => lineRow(row.slice(width))),
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

/**
 * The order a converted cart became, for a checkout retried after its commit (the shopper's
 * connection was cut), given the error the retry met: a guest's cart (by id) that is no longer open,
 * or a signed-in customer's empty cart when their converted cart carries this Idempotency-Key.
 * Answered only to the same checkout (its key) of the cart's owner; any other retry of a converted
 * cart is a 409; anything else is not a retry (null: the error stands).
 */
export async function retriedCheckout(
  s: ShopTx,
  err: unknown,
  retry: { cartId?: string; customerId: string | null; key?: string },
): Promise<string | null> {
  if (!(err instanceof AppError)) return null;
  const c = commerceCarts;
  const byCart = retry.cartId && err.status === 404;
  const byKey = !retry.cartId && retry.customerId && retry.key && err.code === 'cart_empty';
  if (!byCart && !byKey) return null;
  const [cart] = await s.tx
    .select({ orderId: c.orderId, checkoutKey: c.checkoutKey, customerId: c.customerId })
    .from(c)
    .where(
      and(
        tenantFilter(c, s.tenantId),
        eq(c.status, 'converted'),
        byCart ? eq(c.id, retry.cartId!) : and(eq(c.customerId, retry.customerId!), eq(c.checkoutKey, retry.key!)),
      ),
    )
    .limit(1);
  if (!cart?.orderId || (cart.customerId !== null && cart.customerId !== retry.customerId)) return null;
  if (!retry.key || retry.key !== cart.checkoutKey) {
    throw errors.conflict(
      'cart_converted',
      'This cart has already been ordered. To get that order again, retry its checkout with the same Idempotency-Key',
    );
  }
  return cart.orderId;
}

/** Places an order from an open cart, inside the caller's transaction: the order and its lines as written. */
export async function placeOrder(app: FastifyInstance, run: Omit<CheckoutRun, 'app'>): Promise<PlacedOrder> {
  const results = await placeOrderWorkflow.run({ ...run, app });
  const { order, lines } = results.snapshot as PlacedOrder;
  return { order, lines };
}
