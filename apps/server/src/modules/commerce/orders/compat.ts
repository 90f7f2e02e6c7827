import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type CompatCall, type CompatLine, compatCrud, compatScope, compatTable, crudLines, crudPathsUnder } from '../../../kernel/compat';
import { errors, parseInput, requireCommunity, type Scope } from '../../../kernel/resources';
import { addressesOf } from './account';
import { strip } from './admin-routes';
import { addLine, cartOut, clearCart, extrasSchema, lineRef, openCart, priceCart, quantity, resolveCart, setQuantity } from './cart';
import { defaultVariation } from './catalogue-read';
import { checkoutInput, placeOrder } from './checkout';
import { limitAttempt, requestSignUp, signUpInput, signUpMailFor } from './customers';
import { adminOrderDetail, adminTransition, createDispatch, deleteDispatch, dispatchInput } from './order-actions';
import { searchOrders } from './order-list';
import { addressesResource } from './resources/addresses';
import { couponsResource } from './resources/coupons';
import { ordersResource } from './resources/orders';
import { returnsResource } from './resources/returns';
import { reviewsResource } from './resources/reviews';
import { requestReturn, returnInput, transitionReturnTo } from './returns';
import { addReview, deleteReview, moderateReview, reviewInput } from './reviews';
import type { Actor, ShopTx } from './shop';
import { submitCoupon } from './submit-coupon';

// The seeds' shop calls (mini-store /cart, /order, /coupon, /dispatch, /address; core /ecom/orders,
// /Ecom/coupon, /Ecom/review, /ecom/orderReturn, /ecommerce/auth; content /miniStore/coupon) on the
// same services as the storefront and the console. Old clients send `_id` (read as `id`) and
// extra keys; each handler reads what it needs with zod and answers the envelope's `data`.

const READ = 'commerce-orders:read' as const;
const WRITE = 'commerce-orders:write' as const;

const scopeOf = compatScope;
const actorOf = (sc: Scope): Actor => ({ kind: 'admin', id: sc.actor.id, name: sc.actor.name });
const inTx = <T>(call: CompatCall, fn: (s: ShopTx, sc: Scope) => Promise<T>) => {
  const sc = scopeOf(call);
  return sc.db.withTenant(sc.tenantId, (tx) => fn({ tx, tenantId: sc.tenantId }, sc));
};
/** The body read with `schema` (a 400 naming the fields otherwise); unknown keys are ignored. */
const body = <S extends z.ZodType>(call: CompatCall, schema: S): z.infer<S> => parseInput(schema, call.body) as z.infer<S>;

const idBody = z.object({ id: z.uuid() });
const cartBody = z.object({ cartId: z.uuid().optional(), customerId: z.uuid().optional() });
/** The console sees every cart: the one named, else the customer's, else a new guest cart. */
const cartOf = (s: ShopTx, b: z.infer<typeof cartBody>) =>
  b.cartId ? openCart(s, b.cartId, 'any', true) : resolveCart(s, undefined, b.customerId ?? null);
const pricedCart = async (s: ShopTx, cartId: string) => cartOut(await priceCart(s, await openCart(s, cartId, 'any')));

// ---- carts -------------------------------------------------------------------------------------

const cartAdd = cartBody.extend({
  variationId: z.uuid().optional(),
  productId: z.uuid().optional(),
  quantity: quantity.default(1),
  extras: extrasSchema.optional(),
});

async function addToCart(call: CompatCall) {
  const b = body(call, cartAdd);
  return inTx(call, async (s) => {
    const cart = await cartOf(s, b);
    if (!b.variationId && !b.productId) throw errors.validation({ variationId: 'Required (or productId)' });
    const variationId = b.variationId ?? (await defaultVariation(s, b.productId!));
    await addLine(s, cart, variationId, b.quantity, b.extras);
    return cartOut(await priceCart(s, { ...cart }));
  });
}

const changeLine = (qty: (b: { quantity?: number }) => number) => async (call: CompatCall) => {
  const b = body(
    call,
    z.intersection(cartBody.extend({ cartId: z.uuid(), quantity: z.coerce.number().int().min(0).max(999).optional() }), lineRef),
  );
  return inTx(call, async (s) => {
    const cart = await openCart(s, b.cartId, 'any', true);
    await setQuantity(s, cart, b, qty(b));
    return pricedCart(s, cart.id);
  });
};

async function getCart(call: CompatCall) {
  const b = body(call, z.object({ cartId: z.uuid().optional(), id: z.uuid().optional(), customerId: z.uuid().optional() }));
  const cartId = b.cartId ?? b.id;
  if (!cartId && !b.customerId) throw errors.validation({ cartId: 'Required (or customerId)' });
  return inTx(call, async (s) => cartOut(await priceCart(s, await cartOf(s, { cartId, customerId: b.customerId }))));
}

async function clearCartLine(call: CompatCall) {
  const b = body(call, z.object({ cartId: z.uuid() }));
  return inTx(call, async (s) => {
    await clearCart(s, await openCart(s, b.cartId, 'any', true));
    return pricedCart(s, b.cartId);
  });
}

// ---- orders ------------------------------------------------------------------------------------

async function addOrder(call: CompatCall) {
  const b = body(call, checkoutInput.extend({ cartId: z.uuid() }).strip());
  const { cartId, ...input } = b;
  return inTx(call, async (s, sc) => {
    const cart = await openCart(s, cartId, 'any', true);
    const { order } = await placeOrder(call.req.server as FastifyInstance, {
      s,
      cartId: cart.id,
      cart,
      customerId: cart.customerId,
      actor: actorOf(sc),
      input,
    });
    return adminOrderDetail(call.req.server as FastifyInstance, s, order.id);
  });
}

/** The seeds send a new status; the order moves by the event that leads there. */
const STATUS_EVENTS = { paid: 'pay', processing: 'process', delivered: 'deliver', cancelled: 'cancel', refunded: 'refund' } as const;
const orderUpdate = z.union([
  idBody.extend({ event: z.enum(['pay', 'process', 'deliver', 'cancel', 'refund']), note: z.string().max(500).optional() }),
  idBody.extend({ status: z.enum(Object.keys(STATUS_EVENTS) as [keyof typeof STATUS_EVENTS]), note: z.string().max(500).optional() }),
]);

async function updateOrder(call: CompatCall) {
  const b = body(call, orderUpdate);
  const event = 'event' in b ? b.event : STATUS_EVENTS[b.status];
  return inTx(call, async (s, sc) => {
    await adminTransition(call.req.server as FastifyInstance, s, sc, b.id, event, b.note);
    return adminOrderDetail(call.req.server as FastifyInstance, s, b.id);
  });
}

/** Orders are never erased (their numbers and stock tell a story): "delete" cancels one. */
async function cancelOrder(call: CompatCall) {
  const b = body(call, idBody);
  return inTx(call, async (s, sc) => {
    await adminTransition(call.req.server as FastifyInstance, s, sc, b.id, 'cancel');
    return adminOrderDetail(call.req.server as FastifyInstance, s, b.id);
  });
}

const singleOrder = (call: CompatCall) => inTx(call, (s) => adminOrderDetail(call.req.server as FastifyInstance, s, body(call, idBody).id));

async function ordersByUser(call: CompatCall) {
  const b = body(call, z.object({ userId: z.uuid().optional(), customerId: z.uuid().optional() }));
  const customerId = b.customerId ?? b.userId;
  if (!customerId) throw errors.validation({ customerId: 'Required' });
  return inTx(call, (s) => searchOrders(s, { customerId, limit: 200 }));
}

async function dispatch(call: CompatCall) {
  const { orderId, ...input } = body(call, dispatchInput.extend({ orderId: z.uuid() }).strip());
  return inTx(call, async (s, sc) => {
    const { dispatch } = await createDispatch(call.req.server as FastifyInstance, s, orderId, input, actorOf(sc));
    return { ...(await adminOrderDetail(call.req.server as FastifyInstance, s, orderId)), dispatchId: dispatch.id };
  });
}

async function undoDispatch(call: CompatCall) {
  const b = body(call, z.object({ id: z.uuid().optional(), dispatchId: z.uuid().optional() }));
  const id = b.dispatchId ?? b.id;
  if (!id) throw errors.validation({ dispatchId: 'Required' });
  return inTx(call, async (s, sc) =>
    adminOrderDetail(call.req.server as FastifyInstance, s, (await deleteDispatch(s, id, actorOf(sc))).id),
  );
}

// ---- coupons, addresses, reviews, returns, customers -------------------------------------------------------

/** Applies a coupon to a cart (a 409 with the reason when it does not apply). */
async function applyCoupon(call: CompatCall) {
  const b = body(
    call,
    z.object({
      cartId: z.uuid(),
      code: z.string().trim().min(1).max(40).nullable().optional(),
      couponCode: z.string().trim().min(1).max(40).optional(),
    }),
  );
  const code = b.code ?? b.couponCode ?? null;
  return inTx(call, async (s) => {
    const cart = await openCart(s, b.cartId, 'any', true);
    await submitCoupon(s, cart, code, null);
    return pricedCart(s, cart.id);
  });
}

async function addressesByUser(call: CompatCall) {
  const b = body(call, z.object({ userId: z.uuid().optional(), customerId: z.uuid().optional() }));
  const customerId = b.customerId ?? b.userId;
  if (!customerId) throw errors.validation({ customerId: 'Required' });
  return inTx(call, (s) => addressesOf(s, customerId));
}

async function adminReview(call: CompatCall) {
  const b = body(call, reviewInput.extend({ authorName: z.string().trim().min(1).max(120), customerId: z.uuid().optional() }).strip());
  const { authorName, customerId, ...input } = b;
  return inTx(call, async (s) => strip(await addReview(s, { customerId: customerId ?? null, name: authorName }, input)));
}

async function updateReview(call: CompatCall) {
  const b = body(call, idBody.extend({ status: z.enum(['pending', 'approved', 'rejected']) }));
  return inTx(call, async (s) => strip(await moderateReview(s, b.id, b.status)));
}

const removeReview = (call: CompatCall) =>
  inTx(call, async (s) => ({ ...strip(await deleteReview(s, body(call, idBody).id)), deleted: true }));

const addReturn = (call: CompatCall) => {
  const b = body(call, returnInput.strip());
  return inTx(call, async (s, sc) => strip(await requestReturn(s, b, actorOf(sc), null)));
};

const RETURN_EVENTS = { approved: 'approve', rejected: 'reject', received: 'receive', refunded: 'refund' } as const;
async function updateReturn(call: CompatCall) {
  const b = body(
    call,
    z.union([
      idBody.extend({ event: z.enum(['approve', 'reject', 'receive', 'refund']), notes: z.string().max(2000).optional() }),
      idBody.extend({ status: z.enum(Object.keys(RETURN_EVENTS) as [keyof typeof RETURN_EVENTS]), notes: z.string().max(2000).optional() }),
    ]),
  );
  const event = 'event' in b ? b.event : RETURN_EVENTS[b.status];
  return inTx(call, async (s, sc) => strip(await transitionReturnTo(s, b.id, event, actorOf(sc), b.notes)));
}

/** A storefront sign-up from the core service (the community is the community-name header): a link is mailed, as on the storefront. */
async function customerSignUp(call: CompatCall) {
  const header = call.req.headers['community-name'];
  const input = body(call, signUpInput.strip());
  if (typeof header !== 'string' || !header) throw errors.validation({ 'community-name': 'Name the shop’s community in this header' });
  const app = call.req.server as FastifyInstance;
  const c = await requireCommunity(app.db, header);
  await limitAttempt(app, 'signup', c.id, call.req.ip, input.email);
  return app.db.withTenant(c.id, (tx) => requestSignUp({ tx, tenantId: c.id }, input, signUpMailFor(app, call.req, c)));
}

const orders = compatCrud(ordersResource);
const addresses = compatCrud(addressesResource);
const reviews = compatCrud(reviewsResource);
const returns = compatCrud(returnsResource);

const lines: (CompatLine | CompatLine[])[] = [
  ['ministore', 'POST', '/cart/add', WRITE, addToCart],
  ['ministore', 'POST', '/cart/update', WRITE, changeLine((b) => b.quantity ?? 1)],
  ['ministore', 'POST', '/cart/delete', WRITE, changeLine(() => 0)],
  ['ministore', 'POST', '/cart/get', READ, getCart],
  ['ministore', 'POST', '/cart/getSingle', READ, getCart],
  ['ministore', 'POST', '/cart/deleteAll', WRITE, clearCartLine],
  ['ministore', 'POST', '/order/add', WRITE, addOrder],
  ['ministore', 'POST', '/order/update', WRITE, updateOrder],
  ['ministore', 'POST', '/order/delete', WRITE, cancelOrder],
  ['ministore', 'POST', '/order/get', READ, orders.list],
  ['ministore', 'POST', '/order/getSingle', READ, singleOrder],
  ['ministore', 'POST', '/order/DeleteDispatch', WRITE, undoDispatch],
  ['ministore', 'POST', '/coupon', WRITE, applyCoupon],
  ['ministore', 'POST', '/dispatch', WRITE, dispatch],
  ['ministore', 'POST', '/address/get', READ, addresses.list],
  ['ministore', 'POST', '/address/getByUser', READ, addressesByUser],
  ['core', 'POST', '/ecommerce/auth/signupWithPassword', 'public', customerSignUp],
  ['core', 'POST', '/ecom/orders/add', WRITE, addOrder],
  ['core', 'POST', '/ecom/orders/updateOrder', WRITE, updateOrder],
  ['core', 'POST', '/ecom/orders/getOrder', READ, orders.list],
  ['core', 'POST', '/ecom/orders/getOrderByUserId', READ, ordersByUser],
  crudLines('core', couponsResource, crudPathsUnder('/Ecom/coupon')),
  ['core', 'POST', '/Ecom/review/get', READ, reviews.list],
  ['core', 'POST', '/Ecom/review/add', WRITE, adminReview],
  ['core', 'POST', '/Ecom/review/update', WRITE, updateReview],
  ['core', 'POST', '/Ecom/review/delete', WRITE, removeReview],
  ['core', 'POST', '/ecom/orderReturn/add', WRITE, addReturn],
  ['core', 'POST', '/ecom/orderReturn/update', WRITE, updateReturn],
  ['core', 'POST', '/ecom/orderReturn/get', READ, returns.list],
  crudLines('content', couponsResource, { get: '/miniStore/coupon/get', update: '/miniStore/coupon/update' }),
  ['content', 'POST', '/miniStore/coupon/submitCoupon', WRITE, applyCoupon],
];

/** 35 lines of legacy-calls.tsv. */
export const ordersCompat = compatTable(lines);
