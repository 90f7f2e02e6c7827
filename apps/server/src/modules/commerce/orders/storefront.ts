import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consumeRateLimit, type Limit } from '../../../kernel/auth';
import {
  AppError,
  errors,
  publicBaseUrl,
  readAsVisitor,
  requestOrigin,
  requireCommunity,
  systemScope,
  tenantFilter,
} from '../../../kernel/resources';
import { secretBoxFor } from '../../../kernel/secrets';
import { liveBanners } from '../catalogue/services/banners';
import { commerceOrders } from '../tables';
import { addAddress, addressesOf, addressInput, customerOrder, customerOrders } from './account';
import {
  acceptPrices,
  addLine,
  cartOut,
  clearCart,
  extrasSchema,
  lineRef,
  mergeGuestCart,
  priceCart,
  quantity,
  resolveCart,
  setQuantity,
} from './cart';
import { defaultVariation, productQuery, storefrontCategories, storefrontProduct, storefrontProducts } from './catalogue-read';
import { checkoutInput, placeOrder, retriedCheckout } from './checkout';
import {
  type CustomerSession,
  confirmSignUp,
  confirmSignUpInput,
  customerOf,
  limitAttempt,
  requestSignUp,
  revokeSession,
  shopToken,
  signIn,
  signInInput,
  signUpInput,
  signUpMailFor,
} from './customers';
import { detailOf, orderDetail } from './order-actions';
import { ORDER_PAYABLE } from './payable';
import { requestReturn, returnInput, returnsFor } from './returns';
import { addReview, reviewInput } from './reviews';
import type { ShopTx } from './shop';
import { submitCoupon } from './submit-coupon';
import { toggleWish, wishList } from './wishlist';

// The public storefront, /public/<community>/shop/…: no console session; shoppers are guests
// (a cart id) or customers (a storefront token). Every call is validated and rate-limited per
// address and community; nothing internal (cost, stock counts, other customers) is answered.

const READ_LIMIT: Limit = { max: 600, windowSeconds: 60 };
const WRITE_LIMIT: Limit = { max: 120, windowSeconds: 60 };
const tags = ['storefront'];
const community = z.object({ community: z.string().min(1).max(63) });
const cartRef = z.object({ cartId: z.uuid().optional() });

type Who = CustomerSession | null;

export function storefrontRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { public: true } as const;

  /** The named community (404 when there is none), once this address may call it again. */
  async function limited(req: FastifyRequest, name: string, write: boolean) {
    const c = await requireCommunity(app.db, name);
    await consumeRateLimit(app, `shop-${write ? 'w' : 'r'}:${c.id}:${req.ip}`, write ? WRITE_LIMIT : READ_LIMIT);
    return c;
  }

  /** The community's transaction with the caller's customer session (if any), rate-limited. */
  async function shop<T>(req: FastifyRequest, name: string, write: boolean, fn: (s: ShopTx, who: Who) => Promise<T>): Promise<T> {
    const c = await limited(req, name, write);
    const token = shopToken(req);
    return app.db.withTenant(c.id, async (tx) => {
      const s = { tx, tenantId: c.id };
      const who = await customerOf(s, token);
      if (token && !who) throw errors.unauthenticated('Your shop session has expired. Sign in again');
      return fn(s, who);
    });
  }
  const signedIn = (who: Who): CustomerSession => {
    if (!who) throw errors.unauthenticated('Sign in to your shop account');
    return who;
  };
  const path = (p: string) => `/public/:community/shop${p}`;

  // ---- catalogue -------------------------------------------------------------------------------
  r.get(path('/categories'), { config, schema: { tags, summary: 'Active categories', params: community } }, async (req) => ({
    data: await shop(req, req.params.community, false, (s) => storefrontCategories(s)),
  }));
  r.get(path('/banners'), { config, schema: { tags, summary: 'The banners live now, in order', params: community } }, async (req) => ({
    data: await shop(req, req.params.community, false, (s) => liveBanners(s.tx, s.tenantId)),
  }));
  r.get(
    path('/products'),
    {
      config: { ...config, pageView: 'shop' },
      schema: {
        tags,
        summary: 'Products on sale: search, filters, sort; a capped total (totalAtLeast) and keyset paging (nextCursor)',
        params: community,
        querystring: productQuery,
      },
    },
    // The catalogue is the same for every shopper: read as a visitor (no session, no transaction).
    async (req) => {
      await limited(req, req.params.community, false);
      return readAsVisitor(app, req.params.community, (ctx) => storefrontProducts(ctx, req.query));
    },
  );
  r.get(
    path('/products/:slug'),
    {
      config: { ...config, pageView: 'shop' },
      schema: {
        tags,
        summary: 'A product by slug with its variations and approved reviews',
        params: community.extend({ slug: z.string().min(1).max(200) }),
      },
    },
    async (req) => ({ data: await shop(req, req.params.community, false, (s) => storefrontProduct(s, req.params.slug)) }),
  );

  // ---- customers -------------------------------------------------------------------------------
  /**
   * Sign-up or sign-in (`enter`), rate-limited per address (and email), then the guest cart the
   * body names merged into the customer's.
   */
  async function account<T extends { customer: { id: string } }>(
    req: FastifyRequest,
    kind: 'signup' | 'signin',
    name: string,
    body: { email?: string; cartId?: string },
    enter: (s: ShopTx) => Promise<T>,
  ) {
    const c = await requireCommunity(app.db, name);
    await limitAttempt(app, kind, c.id, req.ip, body.email ?? '');
    return app.db.withTenant(c.id, async (tx) => {
      const s = { tx, tenantId: c.id };
      const out = await enter(s);
      const cartId = body.cartId ? await mergeGuestCart(s, body.cartId, out.customer.id) : null;
      return { ...out, cartId };
    });
  }
  r.post(
    path('/auth/signup'),
    {
      config,
      schema: {
        tags,
        summary: 'Ask for a customer account: a link to finish it is mailed (the same answer for any email)',
        params: community,
        body: signUpInput,
      },
    },
    async (req, reply) => {
      const c = await requireCommunity(app.db, req.params.community);
      await limitAttempt(app, 'signup', c.id, req.ip, req.body.email);
      const answer = await app.db.withTenant(c.id, (tx) => requestSignUp({ tx, tenantId: c.id }, req.body, signUpMailFor(app, req, c)));
      return reply.code(202).send({ data: answer });
    },
  );
  r.post(
    path('/auth/signup/confirm'),
    {
      config,
      schema: { tags, summary: 'Finish a sign-up with its mailed link (merges a guest cart)', params: community, body: confirmSignUpInput },
    },
    async (req, reply) =>
      reply.code(201).send({
        data: await account(req, 'signup', req.params.community, { cartId: req.body.cartId }, (s) =>
          confirmSignUp(s, secretBoxFor(app.db), req.body.token),
        ),
      }),
  );
  const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  // The mailed link itself, opened in a browser: the account is made and a short page says so.
  r.get(
    path('/auth/signup/confirm'),
    {
      config,
      schema: {
        tags,
        summary: 'Finish a sign-up from its mailed link (a page)',
        params: community,
        querystring: z.object({ token: z.string().max(4000) }),
      },
    },
    async (req, reply) => {
      const page = (status: number, text: string) =>
        reply
          .code(status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(`<!doctype html><meta charset="utf-8"><title>Your account</title><p>${escapeHtml(text)}</p>`);
      try {
        const c = await requireCommunity(app.db, req.params.community);
        await limitAttempt(app, 'signup', c.id, req.ip, '');
        await app.db.withTenant(c.id, (tx) => confirmSignUp({ tx, tenantId: c.id }, secretBoxFor(app.db), req.query.token));
        return page(201, `Your account at ${c.displayName} is ready: sign in with your email and password.`);
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        return page(err.status, err.message);
      }
    },
  );
  r.post(
    path('/auth/signin'),
    { config, schema: { tags, summary: 'Sign in as a customer (merges a guest cart)', params: community, body: signInInput } },
    async (req) => ({ data: await account(req, 'signin', req.params.community, req.body, (s) => signIn(s, req.body)) }),
  );
  r.post(path('/auth/signout'), { config, schema: { tags, summary: 'End this storefront session', params: community } }, async (req) => ({
    data: await shop(req, req.params.community, true, async (s, who) => {
      await revokeSession(s, signedIn(who).sessionId);
      return { signedOut: true };
    }),
  }));
  r.get(path('/me'), { config, schema: { tags, summary: 'The signed-in customer', params: community } }, async (req) => ({
    data: await shop(req, req.params.community, false, async (_s, who) => {
      const me = signedIn(who);
      return { id: me.customerId, name: me.name, email: me.email };
    }),
  }));
  r.get(path('/addresses'), { config, schema: { tags, summary: "The customer's addresses", params: community } }, async (req) => ({
    data: await shop(req, req.params.community, false, (s, who) => addressesOf(s, signedIn(who).customerId)),
  }));
  r.post(
    path('/addresses'),
    { config, schema: { tags, summary: 'Add an address', params: community, body: addressInput } },
    async (req, reply) =>
      reply
        .code(201)
        .send({ data: await shop(req, req.params.community, true, (s, who) => addAddress(s, signedIn(who).customerId, req.body)) }),
  );

  // ---- cart ------------------------------------------------------------------------------------
  type Cart = Awaited<ReturnType<typeof resolveCart>>;
  const priced = async (s: ShopTx, cart: Cart, who: Who) => cartOut(await priceCart(s, cart, { email: who?.email }));
  /**
   * A change of the cart, answered with the cart priced after it. The cart stays locked from
   * resolveCart to the commit, so it is not read again: the change returns it as it left it.
   */
  const cartWrite = <B extends { cartId?: string }>(
    sub: string,
    summary: string,
    body: z.ZodType<B>,
    change: (s: ShopTx, cart: Cart, body: B) => Promise<Cart>,
  ) =>
    r.post(path(`/cart${sub}`), { config, schema: { tags, summary, params: community, body } }, async (req) => ({
      data: await shop(req, req.params.community, true, async (s, who) => {
        const input = req.body as B;
        const cart = await resolveCart(s, input.cartId, who?.customerId ?? null);
        return priced(s, await change(s, cart, input), who);
      }),
    }));

  r.get(
    path('/cart'),
    {
      config,
      schema: { tags, summary: 'The cart, priced now (lines, tax, discount, totals, issues)', params: community, querystring: cartRef },
    },
    async (req) => ({
      data: await shop(req, req.params.community, false, async (s, who) => {
        if (!req.query.cartId && !who) throw errors.validation({ cartId: 'Required for a guest' });
        return priced(s, await resolveCart(s, req.query.cartId, who?.customerId ?? null), who);
      }),
    }),
  );
  cartWrite('', "Open a cart (a guest cart, or the signed-in customer's)", cartRef.strict(), async (_s, cart) => cart);
  cartWrite(
    '/lines',
    'Add a product variation (or a product: its default variation)',
    z.intersection(
      cartRef.extend({ quantity: quantity.default(1), extras: extrasSchema.optional() }),
      z.union([z.object({ variationId: z.uuid() }), z.object({ productId: z.uuid() })]),
    ),
    async (s, cart, b) =>
      addLine(s, cart, 'variationId' in b ? b.variationId : await defaultVariation(s, b.productId), b.quantity, b.extras),
  );
  cartWrite(
    '/quantity',
    "Set a line's quantity (by line id, index or variation; 0 removes it)",
    z.intersection(cartRef.extend({ quantity: z.coerce.number().int().min(0).max(999) }), lineRef),
    (s, cart, b) => setQuantity(s, cart, b, b.quantity),
  );
  cartWrite('/remove', 'Remove a line', z.intersection(cartRef, lineRef), (s, cart, b) => setQuantity(s, cart, b, 0));
  cartWrite('/clear', 'Empty the cart', cartRef.strict(), (s, cart) => clearCart(s, cart));
  cartWrite('/accept-prices', 'Accept the current prices of repriced lines', cartRef.strict(), (s, cart) => acceptPrices(s, cart));
  r.post(
    path('/cart/coupon'),
    {
      config,
      schema: {
        tags,
        summary: 'Apply a coupon (or remove it with null); says why when it does not apply',
        params: community,
        body: cartRef.extend({ code: z.string().trim().min(1).max(40).nullable() }).strict(),
      },
    },
    async (req) => ({
      data: await shop(req, req.params.community, true, async (s, who) => {
        const cart = await resolveCart(s, req.body.cartId, who?.customerId ?? null);
        return priced(s, await submitCoupon(s, cart, req.body.code, who?.email ?? null), who);
      }),
    }),
  );

  // ---- checkout and orders ---------------------------------------------------------------------
  r.post(
    path('/checkout'),
    {
      config,
      schema: {
        tags,
        summary:
          'Place an order from the cart (waits in pending_payment); with an Idempotency-Key, a retry of the same checkout answers the order it placed (200)',
        params: community,
        body: checkoutInput.extend({ cartId: z.uuid().optional() }),
        headers: z.object({ 'idempotency-key': z.string().min(8).max(200).optional() }).loose(),
      },
    },
    async (req, reply) => {
      const { cartId, ...input } = req.body;
      const key = req.headers['idempotency-key'] as string | undefined;
      let replayed = false;
      const data = await shop(req, req.params.community, true, async (s, who) => {
        const customerId = who?.customerId ?? null;
        try {
          const cart = await resolveCart(s, cartId, customerId);
          const customer = { kind: 'customer' as const, id: customerId, name: who ? who.name : input.name };
          const placed = await placeOrder(app, { s, cartId: cart.id, cart, customerId, actor: customer, input, idempotencyKey: key });
          // A new order: what was written is its detail (no dispatch yet; the timeline is the console's).
          return { ...detailOf(placed.order, placed.lines, [], []), timeline: undefined };
        } catch (err) {
          // A checkout retried after its commit (a cut connection): the cart it converted answers its order.
          const orderId = await retriedCheckout(s, err, { cartId, customerId, key });
          if (!orderId) throw err;
          replayed = true;
          return { ...(await orderDetail(s, orderId)), timeline: undefined };
        }
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(replayed ? 200 : 201).send({ data });
    },
  );
  r.post(
    path('/orders/:id/pay'),
    {
      config,
      schema: {
        tags,
        summary: 'Start paying an order waiting for payment: the hosted pay page to send the shopper to (the order id is the key)',
        params: community.extend({ id: z.uuid() }),
      },
    },
    async (req, reply) => {
      const { id } = req.params;
      const c = await shop(req, req.params.community, true, async (s) => {
        const [order] = await s.tx
          .select({ status: commerceOrders.status })
          .from(commerceOrders)
          .where(and(tenantFilter(commerceOrders, s.tenantId), eq(commerceOrders.id, id)));
        if (!order) throw errors.notFound('Order');
        if (order.status !== 'pending_payment') throw errors.conflict('not_payable', 'This order is not waiting for a payment');
        return s.tenantId;
      });
      // The gateway is called outside the shop's transaction; the payment is the payments module's, audited there.
      const payments = app.ports.get('payments');
      const started = await payments.start(systemScope(app.db, c, 'Storefront'), {
        payable: { kind: ORDER_PAYABLE, id },
        origin: requestOrigin(req),
        community: req.params.community,
      });
      const payUrl = `${publicBaseUrl(app, req)}${payments.payPath(req.params.community, started.transaction.id)}`;
      return reply.code(201).send({ data: { transactionId: started.transaction.id, checkout: started.checkout.type, payUrl } });
    },
  );
  r.get(path('/orders'), { config, schema: { tags, summary: "The signed-in customer's orders", params: community } }, async (req) => ({
    data: await shop(req, req.params.community, false, (s, who) => customerOrders(s, signedIn(who).customerId)),
  }));
  r.get(
    path('/orders/:id'),
    { config, schema: { tags, summary: 'One of their orders', params: community.extend({ id: z.uuid() }) } },
    async (req) => ({
      data: await shop(req, req.params.community, false, (s, who) => customerOrder(s, signedIn(who).customerId, req.params.id)),
    }),
  );
  r.get(path('/returns'), { config, schema: { tags, summary: "The signed-in customer's returns", params: community } }, async (req) => ({
    data: await shop(req, req.params.community, false, (s, who) => returnsFor(s, { customerId: signedIn(who).customerId })),
  }));
  r.post(
    path('/returns'),
    { config, schema: { tags, summary: 'Ask to return lines of an order', params: community, body: returnInput } },
    async (req, reply) =>
      reply.code(201).send({
        data: await shop(req, req.params.community, true, (s, who) => {
          const me = signedIn(who);
          return requestReturn(s, req.body, { kind: 'customer', id: me.customerId, name: me.name }, me.customerId);
        }),
      }),
  );
  r.post(
    path('/reviews'),
    { config, schema: { tags, summary: 'Review a product (published once approved)', params: community, body: reviewInput } },
    async (req, reply) =>
      reply.code(201).send({
        data: await shop(req, req.params.community, true, async (s, who) => {
          const { tenantId: _t, ...review } = await addReview(s, signedIn(who), req.body);
          return review;
        }),
      }),
  );
  r.get(path('/wishlist'), { config, schema: { tags, summary: "The customer's wish list", params: community } }, async (req) => ({
    data: await shop(req, req.params.community, false, (s, who) => wishList(s, signedIn(who).customerId)),
  }));
  r.post(
    path('/wishlist/toggle'),
    {
      config,
      schema: {
        tags,
        summary: 'Add a product to the wish list, or remove it if there',
        params: community,
        body: z.object({ productId: z.uuid() }).strict(),
      },
    },
    async (req) => ({
      data: await shop(req, req.params.community, true, (s, who) => toggleWish(s, signedIn(who).customerId, req.body.productId)),
    }),
  );
}
