import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTurn } from '../src/kernel/db/in-turn';
import { outbox } from '../src/kernel/messaging/tables';
import { placeOrder } from '../src/modules/commerce/orders/checkout';
import { expireOverdueOrders } from '../src/modules/commerce/orders/expiry';
import { seedOrders } from '../src/modules/commerce/orders/seed';
import {
  commerceCategories,
  commerceCoupons,
  commerceOrders,
  commerceProducts,
  commerceReturns,
  commerceReviews,
  commerceSettings,
  commerceTaxRates,
  commerceVariations,
} from '../src/modules/commerce/tables';
import { paymentTransactions } from '../src/modules/payments/tables';
import { droppedMail, randomIp, signedInAdmin, startTestApp, type TestCommunity } from './helpers';

/**
 * The selling half of the shop through its HTTP surfaces (storefront, console actions): exact
 * totals, state machine refusals, coupons, the oversell race, returns, dispatch, expiry, the
 * outbox, token separation and tenancy. Catalogue rows are inserted straight into their tables.
 */

type Json = Record<string, any>;

const t = await startTestApp();
let a: TestCommunity;
let b: TestCommunity;

interface Catalogue {
  productId: string;
  slug: string;
  variationId: string;
}

/** A product on sale with one variation, inserted straight into the catalogue's tables. */
async function product(c: TestCommunity, price: number, onHand: number, extra: { categoryId?: string } = {}): Promise<Catalogue> {
  const slug = `p-${randomBytes(4).toString('hex')}`;
  return t.app.db.withTenant(c.tenantId, async (tx) => {
    const [p] = await tx
      .insert(commerceProducts)
      .values({
        tenantId: c.tenantId,
        title: `Tile ${slug}`,
        slug,
        status: 'active',
        minPrice: price,
        maxPrice: price,
        categoryId: extra.categoryId ?? null,
      })
      .returning();
    const [v] = await tx
      .insert(commerceVariations)
      .values({ tenantId: c.tenantId, productId: p.id, sku: `SKU-${slug}`, price, onHand, isDefault: true })
      .returning();
    return { productId: p.id, slug, variationId: v.id };
  });
}

async function coupon(c: TestCommunity, values: Partial<typeof commerceCoupons.$inferInsert> & { code: string }) {
  await t.app.db.withTenant(c.tenantId, (tx) =>
    tx.insert(commerceCoupons).values({ tenantId: c.tenantId, kind: 'percentage', ratePpm: 100_000, ...values }),
  );
}

const stock = (c: TestCommunity, variationId: string) =>
  t.app.db.withTenant(c.tenantId, async (tx) => {
    const [v] = await tx.select().from(commerceVariations).where(eq(commerceVariations.id, variationId));
    return { onHand: v.onHand, reserved: v.reserved };
  });

/** A storefront call of community `c` (optionally as a signed-in customer). */
const shop = (c: TestCommunity, method: InjectOptions['method'], path: string, payload?: Json, token?: string) =>
  t.request({
    method,
    url: `/public/${c.name}/shop${path}`,
    ...(method === 'GET' ? { query: payload as Record<string, string> } : { payload: payload ?? {} }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: randomIp(),
  });

/** A customer account of `c`'s shop: signed up, its mailed link followed (issue 22: sign-up answers alike for every email). */
async function signedUp(c: TestCommunity, body: Json): Promise<{ token: string; customer: Json }> {
  ok(await shop(c, 'POST', '/auth/signup', body), 202);
  const token = decodeURIComponent(/confirm\?token=(\S+)/.exec(droppedMail(t, body.email).text)![1]!);
  return ok(await shop(c, 'POST', '/auth/signup/confirm', { token }), 201);
}

const admin = (c: TestCommunity, method: InjectOptions['method'], path: string, payload?: Json) =>
  t.request({ method, url: `/api/v1/commerce/${path}`, as: c, ...(payload ? { payload } : {}) });

function ok(res: { statusCode: number; body: string; json(): any }, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data;
}

function refused(res: { statusCode: number; body: string; json(): any }, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.code).toBe(code);
  return res.json().error as { code: string; message: string; fields?: Record<string, string> };
}

const address = { name: 'Lena Vogel', line1: 'Hauptstraße 5', city: 'Berlin', postalCode: '10115', country: 'DE' };
const buyer = (email = `shopper-${randomBytes(3).toString('hex')}@example.com`) => ({
  email,
  name: 'Lena Vogel',
  shippingAddress: address,
});

/** A guest cart holding `quantity` of `variationId`. */
async function cartWith(c: TestCommunity, variationId: string, quantity: number): Promise<Json> {
  const cart = ok(await shop(c, 'POST', '/cart', {}));
  return ok(await shop(c, 'POST', '/cart/lines', { cartId: cart.id, variationId, quantity }));
}

async function checkout(c: TestCommunity, cartId: string, who = buyer()) {
  return shop(c, 'POST', '/checkout', { cartId, ...who });
}

beforeAll(async () => {
  a = await t.signup();
  b = await t.signup();
  for (const c of [a, b]) {
    await t.app.db.withTenant(c.tenantId, async (tx) => {
      await tx
        .insert(commerceSettings)
        .values({ tenantId: c.tenantId, currency: 'EUR', pricesIncludeTax: false, shippingPrice: 500, country: 'DE' });
      await tx.insert(commerceTaxRates).values([
        { tenantId: c.tenantId, name: 'VAT 20 %', taxClass: 'standard', ratePpm: 200_000 },
        { tenantId: c.tenantId, name: 'MwSt 19 %', country: 'DE', taxClass: 'standard', ratePpm: 190_000 },
      ]);
    });
  }
});
afterAll(() => t.close());

describe('checkout', () => {
  it('places an order with exact totals: lines, 10 % coupon, 19 % tax per line, shipping, rounding to the cent', async () => {
    const p = await product(a, 333, 10);
    await coupon(a, { code: 'TENOFF' });
    const cart = await cartWith(a, p.variationId, 3);
    const withCoupon = ok(await shop(a, 'POST', '/cart/coupon', { cartId: cart.id, code: 'tenoff' }));
    // 3 × 3.33 = 9.99; 10 % = 0.999 → 1.00 off; 8.99 taxed at 19 % (Germany) = 1.7081 → 1.71; shipping 5.00 untaxed.
    expect(withCoupon).toMatchObject({ subtotal: 999, discount: 100, tax: 171, total: 899 + 171 + 500, issues: [] });
    expect(withCoupon.lines[0]).toMatchObject({
      quantity: 3,
      unitPrice: 333,
      discount: 100,
      net: 899,
      tax: 171,
      total: 1070,
      ratePpm: 190_000,
    });

    const who = buyer();
    const order = ok(await checkout(a, cart.id, who), 201);
    expect(order).toMatchObject({
      reference: '#1001',
      status: 'pending_payment',
      currency: 'EUR',
      subtotal: 999,
      discount: 100,
      shipping: 500,
      tax: 171,
      total: 1570,
      couponCode: 'TENOFF',
      email: who.email,
      taxLines: [{ name: 'MwSt 19 %', ratePpm: 190_000, amount: 171 }],
    });
    expect(order.lines).toMatchObject([{ sku: `SKU-${p.slug}`, quantity: 3, unitPrice: 333, discount: 100, tax: 171, total: 1070 }]);
    expect(await stock(a, p.variationId)).toEqual({ onHand: 10, reserved: 3 });

    const [used] = await t.app.db.withTenant(a.tenantId, (tx) =>
      tx.select().from(commerceCoupons).where(eq(commerceCoupons.code, 'TENOFF')),
    );
    expect(used.timesUsed).toBe(1);
    const mails = await t.app.db.withTenant(a.tenantId, (tx) => tx.select().from(outbox).where(eq(outbox.to, who.email)));
    expect(mails.map((m) => m.subject)).toEqual(['Order #1001 received']);
    // The cart is closed: ordering it again is refused (it became an order; see checkout idempotency).
    refused(await checkout(a, cart.id), 409, 'cart_converted');
  });

  it('numbers orders per community and keeps the other community out', async () => {
    const p = await product(b, 1000, 5);
    const order = ok(await checkout(b, (await cartWith(b, p.variationId, 1)).id), 201);
    expect(order.reference).toBe('#1001');
    refused(await admin(a, 'GET', `orders/${order.id}/detail`), 404, 'not_found');
    refused(await shop(a, 'GET', `/products/${p.slug}`), 404, 'not_found');
    refused(await shop(a, 'GET', '/cart', { cartId: order.id }), 404, 'not_found');
  });

  it('reports an unavailable or short line instead of dropping it, and refuses to order the cart', async () => {
    const p = await product(a, 250, 2);
    const cart = await cartWith(a, p.variationId, 3);
    expect(cart.lines).toHaveLength(1);
    expect(cart.issues).toMatchObject([{ code: 'insufficient_stock', requested: 3, available: 2 }]);
    await t.app.db.withTenant(a.tenantId, (tx) =>
      tx.update(commerceProducts).set({ status: 'archived' }).where(eq(commerceProducts.id, p.productId)),
    );
    const stale = ok(await shop(a, 'GET', '/cart', { cartId: cart.id }));
    expect(stale.lines).toHaveLength(1);
    expect(stale.issues.map((i: Json) => i.code)).toEqual(['unavailable']);
    const error = refused(await checkout(a, cart.id), 409, 'cart_has_issues');
    expect(error.fields).toMatchObject({ 'lines.0': expect.stringContaining('no longer sold') });
    expect(await stock(a, p.variationId)).toEqual({ onHand: 2, reserved: 0 });
  });

  it('sells the last unit once when shoppers check out at the same time', async () => {
    const p = await product(a, 4999, 1);
    const carts = await Promise.all(Array.from({ length: 6 }, () => cartWith(a, p.variationId, 1)));
    const results = await Promise.all(carts.map((cart) => checkout(a, cart.id)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    // A loser either finds the unit gone when its cart is priced, or loses the conditional UPDATE.
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(['insufficient_stock', 'cart_has_issues']).toContain(r.json().error.code);
    expect(await stock(a, p.variationId)).toEqual({ onHand: 1, reserved: 1 });
    const orders = await t.app.db.withTenant(a.tenantId, (tx) =>
      tx
        .select()
        .from(commerceOrders)
        .where(and(eq(commerceOrders.tenantId, a.tenantId), eq(commerceOrders.total, 4999 + Math.round(4999 * 0.19) + 500))),
    );
    expect(orders).toHaveLength(1);
  });

  it('reserves every line of concurrent carts at once: no oversell, no deadlock, numbers without gaps', async () => {
    // Three of each product; eight shoppers want one of each, half of them with the lines the other way round.
    const p = await product(a, 1000, 3);
    const q = await product(a, 2000, 3);
    const carts = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const [first, second] = i % 2 === 0 ? [p, q] : [q, p];
        const cart = await cartWith(a, first.variationId, 1);
        ok(await shop(a, 'POST', '/cart/lines', { cartId: cart.id, variationId: second.variationId, quantity: 1 }));
        return cart.id as string;
      }),
    );
    const results = await Promise.all(carts.map((id) => checkout(a, id)));
    expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([
      201, 201, 201, 409, 409, 409, 409, 409,
    ]);
    expect(await stock(a, p.variationId)).toEqual({ onHand: 3, reserved: 3 });
    expect(await stock(a, q.variationId)).toEqual({ onHand: 3, reserved: 3 });
    const placed = results.filter((r) => r.statusCode === 201).map((r) => r.json().data);
    for (const order of placed) {
      expect(order.lines.map((l: Json) => l.variationId).sort()).toEqual([p.variationId, q.variationId].sort());
      expect(order.reference).toBe(`#${order.number}`);
    }
    // The refused checkouts gave their numbers back: the three orders are numbered one after another.
    const numbers = placed.map((o) => o.number as number).sort((x, y) => x - y);
    expect(numbers).toEqual([numbers[0], numbers[0] + 1, numbers[0] + 2]);
    const [settings] = await t.app.db.withTenant(a.tenantId, (tx) => tx.select().from(commerceSettings));
    expect(settings.nextOrderNumber).toBe(numbers[2] + 1);
  });

  it('records the order placed email only when the order commits', async () => {
    const p = await product(a, 700, 3);
    const cart = await cartWith(a, p.variationId, 1);
    const who = buyer();
    const rollback = new Error('the surrounding write failed');
    await expect(
      t.app.db.withTenant(a.tenantId, async (tx) => {
        await placeOrder(t.app, {
          s: { tx, tenantId: a.tenantId },
          cartId: cart.id,
          customerId: null,
          actor: { kind: 'system', id: null, name: 'test' },
          input: who,
        });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    const none = await t.app.db.withTenant(a.tenantId, (tx) => tx.select().from(outbox).where(eq(outbox.to, who.email)));
    expect(none).toEqual([]);
    expect(await stock(a, p.variationId)).toEqual({ onHand: 3, reserved: 0 });
    ok(await checkout(a, cart.id, who), 201);
    const sent = await t.app.db.withTenant(a.tenantId, (tx) => tx.select().from(outbox).where(eq(outbox.to, who.email)));
    expect(sent).toHaveLength(1);
  });
});

describe('coupons', () => {
  let cartId: string;
  beforeAll(async () => {
    const p = await product(a, 2000, 50);
    cartId = (await cartWith(a, p.variationId, 1)).id;
  });

  it.each([
    ['expired', { endsAt: new Date(Date.now() - 60_000) }, 'coupon_expired', /expired/],
    ['used up', { usageLimit: 2, timesUsed: 2 }, 'coupon_usage_limit_reached', /used as many times/],
    ['for other products', { productIds: ['00000000-0000-4000-8000-000000000000'] }, 'coupon_no_eligible_products', /does not apply/],
    ['below its minimum', { minimumSubtotal: 10_000 }, 'coupon_below_minimum', /at least 100.00 EUR/],
    ['inactive', { active: false }, 'coupon_inactive', /not active/],
  ])('refuses a coupon %s with the reason', async (_name, rules, code, message) => {
    const name = `C${randomBytes(3).toString('hex').toUpperCase()}`;
    await coupon(a, { code: name, ...rules });
    const error = refused(await shop(a, 'POST', '/cart/coupon', { cartId, code: name }), 409, code);
    expect(error.message).toMatch(message);
    expect(ok(await shop(a, 'GET', '/cart', { cartId })).couponCode).toBeNull();
  });

  it('refuses an unknown code', async () => {
    refused(await shop(a, 'POST', '/cart/coupon', { cartId, code: 'NOSUCH' }), 409, 'coupon_not_found');
  });

  it('is redeemed once per order and honours its overall limit at checkout', async () => {
    await coupon(a, { code: 'ONCEONLY', usageLimit: 1 });
    const p = await product(a, 1000, 10);
    const first = await cartWith(a, p.variationId, 1);
    const second = await cartWith(a, p.variationId, 1);
    ok(await shop(a, 'POST', '/cart/coupon', { cartId: first.id, code: 'ONCEONLY' }));
    ok(await shop(a, 'POST', '/cart/coupon', { cartId: second.id, code: 'ONCEONLY' }));
    ok(await checkout(a, first.id), 201);
    const error = refused(await checkout(a, second.id), 409, 'cart_has_issues');
    expect(error.fields?.couponCode).toMatch(/used as many times/);
  });
});

describe('order life', () => {
  let orderId: string;
  let variationId: string;
  let lineId: string;
  beforeAll(async () => {
    const p = await product(a, 1500, 5);
    variationId = p.variationId;
    const order = ok(await checkout(a, (await cartWith(a, p.variationId, 2)).id), 201);
    orderId = order.id;
    lineId = order.lines[0].id;
  });

  it('refuses an illegal transition with 409 naming both states', async () => {
    const error = refused(await admin(a, 'POST', `orders/${orderId}/transition`, { event: 'deliver' }), 409, 'illegal_transition');
    expect(error.message).toMatch(/pending payment|pending_payment/);
    refused(await admin(a, 'POST', `orders/${orderId}/dispatches`, { carrier: 'DHL' }), 409, 'illegal_transition');
  });

  it('marks as paid (stock leaves the shelf), dispatches in parts, undoes a dispatch, with the timeline and emails', async () => {
    const paid = ok(await admin(a, 'POST', `orders/${orderId}/transition`, { event: 'pay', note: 'bank transfer 4711' }));
    expect(paid.status).toBe('paid');
    expect(await stock(a, variationId)).toEqual({ onHand: 3, reserved: 0 });
    // The payment is a domain event, recorded in the same transaction (modules subscribe to it). An
    // admin's "paid" is an offline payment in the ledger, so its source is a payment too.
    const events = await t.app.db.query<{ payload: Record<string, unknown> }>(
      "select payload from domain_events where tenant_id = $1 and name = 'commerce.order.paid' and payload->>'orderId' = $2",
      [a.tenantId, orderId],
    );
    expect(events.map((e) => e.payload)).toEqual([
      { orderId, reference: paid.reference, total: paid.total, currency: 'EUR', source: 'payment' },
    ]);

    const partial = ok(
      await admin(a, 'POST', `orders/${orderId}/dispatches`, {
        carrier: 'DHL',
        trackingNumber: 'JD01',
        lines: [{ orderLineId: lineId, quantity: 1 }],
      }),
      201,
    );
    expect(partial.status).toBe('partially_dispatched');
    refused(
      await admin(a, 'POST', `orders/${orderId}/dispatches`, { carrier: 'DHL', lines: [{ orderLineId: lineId, quantity: 2 }] }),
      409,
      'dispatch_exceeds_ordered',
    );
    const full = ok(await admin(a, 'POST', `orders/${orderId}/dispatches`, { carrier: 'UPS', trackingNumber: 'UP02' }), 201);
    expect(full.status).toBe('dispatched');
    expect(full.lines[0].quantityDispatched).toBe(2);

    const undone = ok(await admin(a, 'DELETE', `dispatches/${full.dispatches[1].id}`));
    expect(undone.status).toBe('partially_dispatched');
    expect(undone.dispatches).toHaveLength(1);
    const again = ok(await admin(a, 'POST', `orders/${orderId}/dispatches`, { carrier: 'UPS' }), 201);
    expect(again.status).toBe('dispatched');
    const delivered = ok(await admin(a, 'POST', `orders/${orderId}/transition`, { event: 'deliver' }));
    expect(delivered.status).toBe('delivered');
    refused(await admin(a, 'DELETE', `dispatches/${delivered.dispatches[0].id}`), 409, 'already_delivered');
    expect(delivered.timeline.map((e: Json) => e.kind)).toEqual([
      'placed',
      'pay',
      'some_dispatched',
      'all_dispatched',
      'some_dispatched',
      'all_dispatched',
      'deliver',
    ]);
    const mails = await t.app.db.withTenant(a.tenantId, (tx) => tx.select().from(outbox).where(eq(outbox.to, delivered.email)));
    expect(mails.filter((m) => m.subject?.includes('on its way'))).toHaveLength(3);
  });

  it('returns: never more than was bought; received units go back on the shelf; the refund is computed from the lines', async () => {
    refused(
      await admin(a, 'POST', 'returns/request', { orderId, lines: [{ orderLineId: lineId, quantity: 3 }] }),
      409,
      'return_exceeds_purchased',
    );
    const requested = ok(
      await admin(a, 'POST', 'returns/request', { orderId, reason: 'Cracked', lines: [{ orderLineId: lineId, quantity: 1 }] }),
      201,
    );
    // 2 × 15.00 + 19 % = 35.70 for the line; one unit of two = 17.85, of which 2.85 tax.
    expect(requested).toMatchObject({ status: 'requested', refundAmount: 1785, refundTax: 285 });
    refused(
      await admin(a, 'POST', 'returns/request', { orderId, lines: [{ orderLineId: lineId, quantity: 2 }] }),
      409,
      'return_exceeds_purchased',
    );
    refused(await admin(a, 'POST', `returns/${requested.id}/transition`, { event: 'receive' }), 409, 'illegal_transition');
    ok(await admin(a, 'POST', `returns/${requested.id}/transition`, { event: 'approve' }));
    const before = await stock(a, variationId);
    ok(await admin(a, 'POST', `returns/${requested.id}/transition`, { event: 'receive' }));
    expect(await stock(a, variationId)).toEqual({ onHand: before.onHand + 1, reserved: 0 });
    const refunded = ok(await admin(a, 'POST', `returns/${requested.id}/transition`, { event: 'refund' }));
    expect(refunded).toMatchObject({ status: 'refunded', refundAmount: 1785 });
    expect(ok(await admin(a, 'GET', `orders/${orderId}/detail`)).refunded).toBe(1785);
  });

  it('is paid through the payments service: a settled payment marks the order paid once, stock leaves the shelf', async () => {
    const p = await product(a, 1_000, 3);
    const cart = await cartWith(a, p.variationId, 2);
    const order = ok(await checkout(a, cart.id), 201);
    const pay = (path: string, payload: Json) => t.request({ method: 'POST', url: `/api/v1/payments/${path}`, as: a, payload });
    ok(await pay('gateways', { kind: 'bank_transfer', displayName: 'Bank', currency: 'EUR', instructions: 'IBAN DE00 0000' }), 201);
    const started = ok(await pay('checkout', { payable: { kind: 'commerce-order', id: order.id } }), 201);
    expect(started.transaction).toMatchObject({ amountMinor: order.total, currency: 'EUR', status: 'created' });
    expect((await admin(a, 'GET', `orders/${order.id}`)).json().data.status).toBe('pending_payment');
    // The shopper starts paying from the storefront (the order id is the key) and is sent to the hosted pay page.
    const shopPay = (id: string) =>
      t.request({ method: 'POST', url: `/public/${a.name}/shop/orders/${id}/pay`, remoteAddress: randomIp() });
    const fromShop = ok(await shopPay(order.id), 201);
    expect(fromShop).toMatchObject({
      checkout: 'offline',
      payUrl: expect.stringMatching(new RegExp(`/public/${a.name}/payments/transactions/${fromShop.transactionId}/pay$`)),
    });
    const page = await t.request({ method: 'GET', url: new URL(fromShop.payUrl).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('IBAN DE00 0000');
    refused(await shopPay(randomUUID()), 404, 'not_found');
    ok(await pay(`transactions/${started.transaction.id}/mark-paid`, { note: 'On the statement' }));
    expect((await admin(a, 'GET', `orders/${order.id}`)).json().data.status).toBe('paid');
    expect(await stock(a, p.variationId)).toEqual({ onHand: 1, reserved: 0 });
    // A paid order takes no second payment.
    expect((await pay('checkout', { payable: { kind: 'commerce-order', id: order.id } })).statusCode).toBe(409);
    refused(await shopPay(order.id), 409, 'not_payable');
  });

  it('cancelling an unpaid order releases its stock; a cancelled one cannot be paid', async () => {
    const p = await product(a, 900, 4);
    const order = ok(await checkout(a, (await cartWith(a, p.variationId, 3)).id), 201);
    expect(await stock(a, p.variationId)).toEqual({ onHand: 4, reserved: 3 });
    expect(ok(await admin(a, 'POST', `orders/${order.id}/transition`, { event: 'cancel' })).status).toBe('cancelled');
    expect(await stock(a, p.variationId)).toEqual({ onHand: 4, reserved: 0 });
    refused(await admin(a, 'POST', `orders/${order.id}/transition`, { event: 'pay' }), 409, 'illegal_transition');
  });

  it('cancels unpaid orders past their pay-by time and releases their stock', async () => {
    const p = await product(a, 1200, 2);
    const overdue = ok(await checkout(a, (await cartWith(a, p.variationId, 1)).id), 201);
    const current = ok(await checkout(a, (await cartWith(a, p.variationId, 1)).id), 201);
    await t.app.db.withTenant(a.tenantId, (tx) =>
      tx
        .update(commerceOrders)
        .set({ payBy: new Date(Date.now() - 1000) })
        .where(eq(commerceOrders.id, overdue.id)),
    );
    expect(await expireOverdueOrders(t.app)).toBe(1);
    expect(ok(await admin(a, 'GET', `orders/${overdue.id}/detail`))).toMatchObject({ status: 'cancelled' });
    expect(ok(await admin(a, 'GET', `orders/${current.id}/detail`)).status).toBe('pending_payment');
    expect(await stock(a, p.variationId)).toEqual({ onHand: 2, reserved: 1 });
    expect(await expireOverdueOrders(t.app)).toBe(0);
  });
});

describe('customers', () => {
  const password = 'a-long-customer-password';

  it('signs up and in with their own tokens; a guest cart merges at sign-in', async () => {
    const email = `mia-${randomBytes(3).toString('hex')}@example.com`;
    const up = await signedUp(a, { email, password, name: 'Mia Keller' });
    expect(up.token).toMatch(/^cst_/);
    expect(ok(await shop(a, 'GET', '/me', undefined, up.token))).toMatchObject({ email, name: 'Mia Keller' });

    const p = await product(a, 800, 10);
    const guest = await cartWith(a, p.variationId, 2);
    const inAgain = ok(await shop(a, 'POST', '/auth/signin', { email, password, cartId: guest.id }));
    const mine = ok(await shop(a, 'GET', '/cart', undefined, inAgain.token));
    expect(mine.id).toBe(inAgain.cartId);
    expect(mine.lines).toMatchObject([{ variationId: p.variationId, quantity: 2 }]);

    const order = ok(await shop(a, 'POST', '/checkout', buyer(email), inAgain.token), 201);
    expect(ok(await shop(a, 'GET', '/orders', undefined, inAgain.token)).map((o: Json) => o.id)).toEqual([order.id]);
    expect(ok(await shop(a, 'GET', `/orders/${order.id}`, undefined, inAgain.token)).timeline[0]).toMatchObject({ kind: 'placed' });

    ok(await shop(a, 'POST', '/auth/signout', {}, inAgain.token));
    refused(await shop(a, 'GET', '/me', undefined, inAgain.token), 401, 'unauthenticated');
    expect(ok(await shop(a, 'GET', '/me', undefined, up.token)).email).toBe(email);
  });

  it('answers a wrong email and a wrong password alike', async () => {
    const email = `noah-${randomBytes(3).toString('hex')}@example.com`;
    await signedUp(a, { email, password, name: 'Noah' });
    const wrongPassword = refused(
      await shop(a, 'POST', '/auth/signin', { email, password: 'not-the-password' }),
      401,
      'invalid_credentials',
    );
    const wrongEmail = refused(await shop(a, 'POST', '/auth/signin', { email: `x${email}`, password }), 401, 'invalid_credentials');
    expect(wrongEmail.message).toBe(wrongPassword.message);
    // Signing up again is answered as any sign-up; the mail tells the owner the account exists.
    expect(ok(await shop(a, 'POST', '/auth/signup', { email, password, name: 'Noah again' }), 202)).toMatchObject({
      status: 'confirmation_sent',
    });
  });

  it('limits sign-in attempts per email, whatever the address', async () => {
    const email = `lim-${randomBytes(3).toString('hex')}@example.com`;
    const attempts = [];
    for (let i = 0; i < 11; i++) attempts.push((await shop(a, 'POST', '/auth/signin', { email, password: 'wrong-password' })).statusCode);
    expect(attempts).toEqual([...Array(10).fill(401), 429]);
    // Another email is not held up.
    refused(await shop(a, 'POST', '/auth/signin', { email: `x${email}`, password: 'wrong-password' }), 401, 'invalid_credentials');
  });

  it('keeps customer and console tokens apart, and each community to itself', async () => {
    const email = `ola-${randomBytes(3).toString('hex')}@example.com`;
    const { token } = await signedUp(a, { email, password, name: 'Ola' });
    refused(
      await t.request({ method: 'GET', url: '/api/v1/commerce/orders', headers: { authorization: `Bearer ${token}` } }),
      401,
      'unauthenticated',
    );
    refused(
      await t.request({ method: 'GET', url: '/api/v1/commerce/customers', headers: { authorization: `Bearer ${token}` } }),
      401,
      'unauthenticated',
    );
    refused(await shop(a, 'GET', '/me', undefined, a.token), 401, 'unauthenticated');
    refused(await shop(b, 'GET', '/me', undefined, token), 401, 'unauthenticated');
    const listed = ok(await t.request({ method: 'GET', url: '/api/v1/commerce/customers', as: a, query: { q: email } }));
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('passwordHash');
    expect(ok(await t.request({ method: 'GET', url: '/api/v1/commerce/customers', as: b, query: { q: email } }))).toEqual([]);
  });

  it('reviews: verified purchase from a paid order, moderation keeps the product rating current', async () => {
    const email = `rev-${randomBytes(3).toString('hex')}@example.com`;
    const { token } = await signedUp(a, { email, password, name: 'Rita' });
    const p = await product(a, 600, 10);
    const unverified = ok(await shop(a, 'POST', '/reviews', { productId: p.productId, rating: 2 }, token), 201);
    expect(unverified).toMatchObject({ verifiedPurchase: false, status: 'pending' });
    ok(await shop(a, 'POST', '/cart/lines', { variationId: p.variationId, quantity: 1 }, token));
    const order = ok(await shop(a, 'POST', '/checkout', buyer(email), token), 201);
    ok(await admin(a, 'POST', `orders/${order.id}/transition`, { event: 'pay' }));
    const verified = ok(await shop(a, 'POST', '/reviews', { productId: p.productId, rating: 5, title: 'Great' }, token), 201);
    expect(verified.verifiedPurchase).toBe(true);
    refused(await shop(a, 'POST', '/reviews', { productId: p.productId, rating: 6 }, token), 400, 'validation_failed');

    ok(await admin(a, 'PATCH', `reviews/${verified.id}/moderation`, { status: 'approved' }));
    ok(await admin(a, 'PATCH', `reviews/${unverified.id}/moderation`, { status: 'approved' }));
    const shown = ok(await shop(a, 'GET', `/products/${p.slug}`));
    expect(shown).toMatchObject({ ratingAverage: 350, ratingCount: 2 });
    expect(shown.reviews).toHaveLength(2);
    expect(shown.variations[0]).not.toHaveProperty('cost');
    ok(await admin(a, 'PATCH', `reviews/${unverified.id}/moderation`, { status: 'rejected' }));
    expect(ok(await shop(a, 'GET', `/products/${p.slug}`))).toMatchObject({ ratingAverage: 500, ratingCount: 1 });
  });

  it('wish list toggles by product', async () => {
    const { token } = await signedUp(a, { email: `w-${randomBytes(3).toString('hex')}@example.com`, password, name: 'Wes' });
    const p = await product(a, 100, 1);
    expect(ok(await shop(a, 'POST', '/wishlist/toggle', { productId: p.productId }, token))).toEqual({
      productId: p.productId,
      wished: true,
    });
    expect(ok(await shop(a, 'GET', '/wishlist', undefined, token)).map((w: Json) => w.productId)).toEqual([p.productId]);
    expect(ok(await shop(a, 'POST', '/wishlist/toggle', { productId: p.productId }, token))).toEqual({
      productId: p.productId,
      wished: false,
    });
    expect(ok(await shop(a, 'GET', '/wishlist', undefined, token))).toEqual([]);
  });
});

describe('storefront catalogue', () => {
  it('lists active products only, searched, filtered and sorted, without internal fields', async () => {
    const category = await t.app.db.withTenant(b.tenantId, async (tx) => {
      const [c] = await tx.insert(commerceCategories).values({ tenantId: b.tenantId, name: 'Mosaics', slug: 'mosaics' }).returning();
      return c.id;
    });
    const cheap = await product(b, 300, 5, { categoryId: category });
    const dear = await product(b, 9000, 5, { categoryId: category });
    const hidden = await product(b, 100, 5, { categoryId: category });
    await t.app.db.withTenant(b.tenantId, (tx) =>
      tx.update(commerceProducts).set({ status: 'draft' }).where(eq(commerceProducts.id, hidden.productId)),
    );
    const page = await shop(b, 'GET', '/products', { categoryId: category, sort: 'price_desc' });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.map((p: Json) => p.id)).toEqual([dear.productId, cheap.productId]);
    expect(page.json().total).toBe(2);
    expect(page.json().data[0]).not.toHaveProperty('status');
    const searched = await shop(b, 'GET', '/products', { q: cheap.slug });
    expect(searched.json().data.map((p: Json) => p.id)).toEqual([cheap.productId]);
    refused(await shop(b, 'GET', `/products/${hidden.slug}`), 404, 'not_found');
    refused(await shop(b, 'GET', '/products', { sort: 'cost' }), 400, 'validation_failed');
    expect(ok(await shop(b, 'GET', '/categories')).map((c: Json) => c.slug)).toContain('mosaics');
  });
});

describe('stock holds', () => {
  it('caps the units of one order and of the unpaid orders of one email or address; a guest’s order holds its stock for the short guest hold', async () => {
    const h = await t.signup();
    await t.app.db.withTenant(h.tenantId, (tx) =>
      tx.insert(commerceSettings).values({
        tenantId: h.tenantId,
        currency: 'EUR',
        paymentWindowMinutes: 60,
        guestHoldMinutes: 10,
        maxUnitsPerOrder: 5,
        maxUnpaidUnitsPerBuyer: 8,
      }),
    );
    const p = await product(h, 1000, 100);
    const email = `holder-${randomBytes(3).toString('hex')}@example.com`;
    const tooMany = refused(await checkout(h, (await cartWith(h, p.variationId, 6)).id, buyer(email)), 409, 'order_too_large');
    expect(tooMany.message).toMatch(/at most 5 units/);
    const before = Date.now();
    const first = ok(await checkout(h, (await cartWith(h, p.variationId, 5)).id, buyer(email)), 201);
    const hold = Date.parse(first.payBy) - before;
    expect(hold).toBeGreaterThan(9 * 60_000);
    expect(hold).toBeLessThan(11 * 60_000);
    // Five units held by this email: four more would pass the eight its unpaid orders may hold.
    const capped = refused(await checkout(h, (await cartWith(h, p.variationId, 4)).id, buyer(email)), 409, 'hold_limit');
    expect(capped.message).toMatch(/already hold 5 units/);
    expect(await stock(h, p.variationId)).toEqual({ onHand: 100, reserved: 5 });
    ok(await checkout(h, (await cartWith(h, p.variationId, 3)).id, buyer(email)), 201);
    // Eight units are held at this shipping address: another email shipping there is capped as well.
    const sameAddress = refused(await checkout(h, (await cartWith(h, p.variationId, 1)).id, buyer()), 409, 'hold_limit');
    expect(sameAddress.fields).toHaveProperty('shippingAddress');
    expect(sameAddress.message).toMatch(/this shipping address already hold 8 units/);
    const elsewhere = { ...buyer(), shippingAddress: { ...address, line1: 'Gartenweg 12' } };
    ok(await checkout(h, (await cartWith(h, p.variationId, 4)).id, elsewhere), 201);
    expect(await stock(h, p.variationId)).toEqual({ onHand: 100, reserved: 12 });
    // A paid order holds nothing any more: the email may order again (to the same address).
    ok(await admin(h, 'POST', `orders/${first.id}/transition`, { event: 'pay' }));
    ok(await checkout(h, (await cartWith(h, p.variationId, 4)).id, buyer(email)), 201);
    // The guest hold passes: the guests' unpaid orders are cancelled and their stock released.
    expect(await expireOverdueOrders(t.app, new Date(Date.now() + 11 * 60_000))).toBeGreaterThanOrEqual(3);
    expect(await stock(h, p.variationId)).toEqual({ onHand: 95, reserved: 0 });
  });
});

describe('checkout idempotency', () => {
  it('a retried checkout with the same Idempotency-Key answers the order the cart became; another retry is a 409, not a 404', async () => {
    const p = await product(a, 700, 10);
    const cart = await cartWith(a, p.variationId, 2);
    const key = `checkout-${randomUUID()}`;
    const send = (headers: Record<string, string>) =>
      t.request({
        method: 'POST',
        url: `/public/${a.name}/shop/checkout`,
        payload: { cartId: cart.id, ...buyer('retry@example.com') },
        headers,
        remoteAddress: randomIp(),
      });
    const placed = ok(await send({ 'idempotency-key': key }), 201);
    const retried = await send({ 'idempotency-key': key });
    expect(retried.headers['idempotent-replayed']).toBe('true');
    const again = ok(retried, 200);
    expect(again).toMatchObject({ id: placed.id, reference: placed.reference, total: placed.total, status: 'pending_payment' });
    expect(again.lines).toEqual(placed.lines);
    expect(await stock(a, p.variationId)).toEqual({ onHand: 10, reserved: 2 });
    const orders = await t.app.db.withTenant(a.tenantId, (tx) =>
      tx.select().from(commerceOrders).where(eq(commerceOrders.email, 'retry@example.com')),
    );
    expect(orders).toHaveLength(1);
    const other = refused(await send({ 'idempotency-key': `checkout-${randomUUID()}` }), 409, 'cart_converted');
    expect(other.message).toMatch(/already been ordered/);
    refused(await send({}), 409, 'cart_converted');
    // Another community, or a cart that never existed, still finds nothing.
    refused(await shop(b, 'POST', '/checkout', { cartId: cart.id, ...buyer() }), 404, 'not_found');
    refused(await shop(a, 'POST', '/checkout', { cartId: randomUUID(), ...buyer() }), 404, 'not_found');
  });

  it('a signed-in customer’s retried checkout (no cart id) answers the order with the same key', async () => {
    const email = `again-${randomBytes(3).toString('hex')}@example.com`;
    const { token } = await signedUp(a, { email, password: 'a-long-customer-password', name: 'Anu' });
    const p = await product(a, 800, 5);
    ok(await shop(a, 'POST', '/cart/lines', { variationId: p.variationId, quantity: 1 }, token));
    const key = `checkout-${randomUUID()}`;
    const send = (idempotencyKey: string) =>
      t.request({
        method: 'POST',
        url: `/public/${a.name}/shop/checkout`,
        payload: buyer(email),
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': idempotencyKey },
        remoteAddress: randomIp(),
      });
    const placed = ok(await send(key), 201);
    expect(ok(await send(key), 200).id).toBe(placed.id);
    // Another key finds the customer's new, empty cart: nothing to order.
    refused(await send(`checkout-${randomUUID()}`), 409, 'cart_empty');
  });
});

describe('marking an order paid', () => {
  const ledger = (c: TestCommunity, orderId: string) =>
    t.request({ method: 'GET', url: `/api/v1/payments/transactions?payableId=${orderId}`, as: c });

  it('records a payment on the ledger: payments:write, refused while an online payment is open, the order moved by its payable', async () => {
    const p = await product(a, 1500, 10);
    const order = ok(await checkout(a, (await cartWith(a, p.variationId, 1)).id), 201);
    // The order's write permission alone does not record money.
    const clerk = await signedInAdmin(t, a, { 'commerce-orders': 'write' });
    refused(await admin(clerk, 'POST', `orders/${order.id}/transition`, { event: 'pay' }), 403, 'forbidden');
    // A payer may still be paying online: nothing is recorded by hand beside it.
    const online = await t.app.db.withTenant(a.tenantId, async (tx) => {
      const [row] = await tx
        .insert(paymentTransactions)
        .values({
          tenantId: a.tenantId,
          kind: 'razorpay',
          amountMinor: order.total,
          currency: order.currency,
          payableKind: 'commerce-order',
          payableId: order.id,
        })
        .returning();
      return row;
    });
    refused(await admin(a, 'POST', `orders/${order.id}/transition`, { event: 'pay' }), 409, 'payment_open');
    expect(ok(await ledger(a, order.id))).toHaveLength(1);
    expect(await stock(a, p.variationId)).toEqual({ onHand: 10, reserved: 1 });
    await t.app.db.withTenant(a.tenantId, (tx) =>
      tx.update(paymentTransactions).set({ status: 'failed' }).where(eq(paymentTransactions.id, online.id)),
    );

    const paid = ok(await admin(a, 'POST', `orders/${order.id}/transition`, { event: 'pay', note: 'cash at the counter' }));
    expect(paid.status).toBe('paid');
    expect(await stock(a, p.variationId)).toEqual({ onHand: 9, reserved: 0 });
    const recorded = (ok(await ledger(a, order.id)) as Json[]).find((row) => row.id !== online.id);
    expect(recorded).toMatchObject({ kind: 'manual', status: 'captured', amountMinor: order.total, currency: order.currency });
    expect(paid.timeline.at(-1)).toMatchObject({
      kind: 'pay',
      actorId: a.userId,
      data: expect.objectContaining({ reference: recorded!.id }),
    });
    refused(await admin(a, 'POST', `orders/${order.id}/transition`, { event: 'pay' }), 409, 'illegal_transition');
  });

  it('the compat order update to paid takes the same way', async () => {
    const p = await product(a, 900, 5);
    const order = ok(await checkout(a, (await cartWith(a, p.variationId, 1)).id), 201);
    const compat = (as: TestCommunity) =>
      t.request({ method: 'POST', url: '/compat/ministore/order/update', as, payload: { _id: order.id, status: 'paid' } });
    const clerk = await signedInAdmin(t, a, { 'commerce-orders': 'write' });
    expect((await compat(clerk)).statusCode).toBe(403);
    expect(ok(await ledger(a, order.id))).toEqual([]);
    const res = await compat(a);
    expect(res.statusCode, res.body).toBe(200);
    expect(ok(await ledger(a, order.id))).toEqual([
      expect.objectContaining({ kind: 'manual', status: 'captured', amountMinor: order.total }),
    ]);
  });
});

describe('sample data', () => {
  it('places an order in every state, a return and reviews from the products the catalogue seeded', async () => {
    const c = await t.signup();
    const scope = { db: t.app.db, tenantId: c.tenantId, actor: { id: c.userId, name: 'Owner', isOwner: true } };
    await seedOrders(t.app, scope);
    const none = await t.app.db.withTenant(c.tenantId, (tx) => tx.select().from(commerceOrders));
    expect(none).toEqual([]);
    await product(c, 1299, 40);
    await product(c, 4500, 40);
    await t.request({
      method: 'POST',
      url: '/api/v1/commerce/customers',
      as: c,
      payload: { email: 'asha.menon@example.com', name: 'Asha Menon' },
    });
    await seedOrders(t.app, scope);
    const [orders, returns, reviews] = await t.app.db.withTenant(c.tenantId, (tx) =>
      inTurn(
        () => tx.select().from(commerceOrders),
        () => tx.select().from(commerceReturns),
        () => tx.select().from(commerceReviews),
      ),
    );
    expect(new Set(orders.map((o) => o.status))).toEqual(
      new Set(['pending_payment', 'paid', 'processing', 'partially_dispatched', 'dispatched', 'delivered', 'cancelled', 'refunded']),
    );
    expect(returns.map((r) => r.status)).toEqual(['approved']);
    expect(reviews.map((r) => r.status).sort()).toEqual(['approved', 'approved', 'pending']);
  });
});
