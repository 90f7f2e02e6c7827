import { and, asc, eq, getTableColumns, isNull, type Placeholder, sql } from 'drizzle-orm';
import { z } from 'zod';
import { errors, inCommunity, preparedStatement, queryRows, rowMapper, selectList, tenantFilter } from '../../../kernel/resources';
import { type CartLine, type CartTotals, computeCartTotals, type TaxRegion } from '../domain';
import { joinRef } from '../joins';
import { commerceCartLines, commerceCarts, commerceProducts, commerceVariations } from '../tables';
import { variationsOnSale } from './catalogue-read';
import { couponContext, couponRules, findCoupon } from './coupons';
import { rule, type ShopSettings, type ShopTx, shopConfigStatement } from './shop';
import { cartReservation } from './stock';

// A cart is a guest's (known by its id) or a customer's. Its amounts are never stored: every read
// prices it again from the catalogue, the tax table and the coupon (computeCartTotals), and reports
// what changed (unavailable, short, repriced lines; a coupon that stopped applying).

export const MAX_LINE_QUANTITY = 999;
export const quantity = z.coerce.number().int().min(1).max(MAX_LINE_QUANTITY);
export const extrasSchema = z.record(z.string().max(60), z.unknown()).refine((v) => JSON.stringify(v).length <= 2000, 'Too large');

type CartRow = typeof commerceCarts.$inferSelect;

/** A cart line with what the catalogue says of its variation now. */
export interface LoadedLine {
  id: string;
  variationId: string;
  productId: string;
  categoryId: string | null;
  title: string;
  variationTitle: string;
  sku: string;
  image: string | null;
  quantity: number;
  seenUnitPrice: number;
  unitPrice: number;
  taxClass: string;
  available: number | null;
  purchasable: boolean;
  extras: Record<string, unknown>;
}

/** A cart line as cartLinesJson gives it: the line with its variation and product now. */
interface LineRow {
  id: string;
  variationId: string;
  quantity: number;
  seenUnitPrice: number;
  extras: Record<string, unknown>;
  productId: string;
  variationTitle: string;
  sku: string;
  price: number;
  onHand: number;
  reserved: number;
  trackStock: boolean;
  variationActive: boolean;
  variationImages: { url: string }[];
  title: string;
  status: string;
  categoryId: string | null;
  taxClass: string;
  images: { url: string }[];
}

/**
 * The cart's lines with their variations and products, in cart order, as one JSON value: a
 * subquery that rides along in another statement (priceCart asks for it with the shop's settings).
 */
function cartLinesJson(tenantId: string | Placeholder, cartId: string | Placeholder) {
  const l = commerceCartLines;
  const v = commerceVariations;
  const p = commerceProducts;
  return sql<LineRow[]>`(select coalesce(json_agg(json_build_object(
      'id', ${l.id}, 'variationId', ${l.variationId}, 'quantity', ${l.quantity}, 'seenUnitPrice', ${l.seenUnitPrice},
      'extras', ${l.extras}, 'productId', ${v.productId}, 'variationTitle', ${v.title}, 'sku', ${v.sku}, 'price', ${v.price},
      'onHand', ${v.onHand}, 'reserved', ${v.reserved}, 'trackStock', ${v.trackStock}, 'variationActive', ${v.active},
      'variationImages', ${v.images}, 'title', ${p.title}, 'status', ${p.status}, 'categoryId', ${p.categoryId},
      'taxClass', ${p.taxClass}, 'images', ${p.images}) order by ${l.position}, ${l.createdAt}), '[]'::json)
    from ${l}
    join ${v} on ${joinRef(v, l, l.variationId)}
    join ${p} on ${joinRef(p, v, v.productId)}
    where ${and(tenantFilter(l, tenantId), eq(l.cartId, cartId))})`;
}

function loadedLine(r: LineRow): LoadedLine {
  return {
    id: r.id,
    variationId: r.variationId,
    productId: r.productId,
    categoryId: r.categoryId,
    title: r.title,
    variationTitle: r.variationTitle,
    sku: r.sku,
    image: r.variationImages[0]?.url ?? r.images[0]?.url ?? null,
    quantity: r.quantity,
    seenUnitPrice: r.seenUnitPrice,
    unitPrice: r.price,
    taxClass: r.taxClass,
    available: r.trackStock ? r.onHand - r.reserved : null,
    purchasable: r.status === 'active' && r.variationActive,
    extras: r.extras,
  };
}

export async function loadLines(s: ShopTx, cartId: string): Promise<LoadedLine[]> {
  const [row] = await queryRows<{ lines: LineRow[] }>(s.tx, sql`select ${cartLinesJson(s.tenantId, cartId)} as lines`);
  return row.lines.map(loadedLine);
}

export interface PricedCart {
  cart: CartRow;
  settings: ShopSettings;
  lines: LoadedLine[];
  totals: CartTotals;
  /** The stored coupon row when the cart carries a known code. */
  coupon: Awaited<ReturnType<typeof findCoupon>>;
  /** With `reserve`: the variations whose units were reserved (see cartReservation). */
  reserved: Set<string>;
}

const CART = sql.placeholder('cartId');
const TENANT = sql.placeholder('tenantId');
/** What pricing a cart reads beside the shop's settings: its lines, and the variations a checkout reserved. */
type CartReading = { lines: LineRow[]; reserved: string[] };
const pricing = shopConfigStatement(
  'commerce:price-cart',
  () => sql<CartReading>`json_build_object('lines', ${cartLinesJson(TENANT, CART)}, 'reserved', '[]'::json)`,
);
const pricingAndReserving = shopConfigStatement(
  'commerce:price-cart-reserving',
  () => sql<CartReading>`json_build_object('lines', ${cartLinesJson(TENANT, CART)},
    'reserved', (select coalesce(json_agg(id), '[]'::json) from first))`,
  () => cartReservation(TENANT, CART),
);

/**
 * The cart priced now: lines, tax, coupon discount, shipping and totals, with what changed. With
 * `reserve` (checkout, the cart locked) the same statement reserves the lines' stock.
 */
export async function priceCart(
  s: ShopTx,
  cart: CartRow,
  options: { region?: TaxRegion | null; email?: string | null; reserve?: boolean } = {},
) {
  // The settings, the tax rates, the lines (and the reservation): one round trip.
  const { settings, rates, also } = await (options.reserve ? pricingAndReserving : pricing)(s, { cartId: cart.id });
  const lines = also.lines.map(loadedLine);
  const coupon = cart.couponCode ? await findCoupon(s, cart.couponCode) : null;
  const email = options.email ?? cart.email;
  const context = coupon ? await couponContext(s, coupon, email) : null;
  const domainLines: CartLine[] = lines.map((l) => ({
    variationId: l.variationId,
    productId: l.productId,
    categoryIds: l.categoryId ? [l.categoryId] : [],
    title: l.variationTitle ? `${l.title} (${l.variationTitle})` : l.title,
    unitPrice: l.unitPrice,
    quantity: l.quantity,
    seenUnitPrice: l.seenUnitPrice,
    taxClass: l.taxClass,
    available: l.available,
    purchasable: l.purchasable,
  }));
  const subtotal = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const freeShipping = settings.freeShippingFrom !== null && subtotal >= settings.freeShippingFrom;
  const totals = rule(() =>
    computeCartTotals({
      currency: settings.currency,
      pricesIncludeTax: settings.pricesIncludeTax,
      lines: domainLines,
      shipping: lines.length === 0 || freeShipping ? null : { price: settings.shippingPrice, taxClass: settings.shippingTaxClass },
      taxRates: rates,
      region: options.region ?? { country: settings.country },
      coupon: coupon && context ? { coupon: couponRules(coupon), context } : null,
    }),
  );
  if (cart.couponCode && !coupon) {
    totals.issues.push({
      code: 'coupon_not_applicable',
      couponCode: cart.couponCode,
      reason: { code: 'inactive', message: `Coupon ${cart.couponCode} no longer exists` },
      message: `Coupon ${cart.couponCode} no longer exists`,
    });
  }
  return { cart, settings, lines, totals, coupon, reserved: new Set(also.reserved) } satisfies PricedCart;
}

/** What a storefront (or the console) shows of a priced cart. */
export function cartOut(p: PricedCart) {
  return {
    id: p.cart.id,
    status: p.cart.status,
    customerId: p.cart.customerId,
    email: p.cart.email,
    couponCode: p.cart.couponCode,
    currency: p.totals.currency,
    pricesIncludeTax: p.totals.pricesIncludeTax,
    lines: p.lines.map((l, index) => {
      const t = p.totals.lines[index];
      return {
        id: l.id,
        index,
        variationId: l.variationId,
        productId: l.productId,
        title: l.title,
        variationTitle: l.variationTitle,
        sku: l.sku,
        image: l.image,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        available: l.available,
        extras: l.extras,
        subtotal: t.subtotal,
        discount: t.discount,
        ratePpm: t.ratePpm,
        net: t.net,
        tax: t.tax,
        total: t.total,
      };
    }),
    shipping: p.totals.shipping,
    subtotal: p.totals.subtotal,
    discount: p.totals.discount,
    tax: p.totals.tax,
    total: p.totals.total,
    taxLines: p.totals.taxLines,
    coupon: p.totals.coupon,
    issues: p.totals.issues,
  };
}

const cartWhere = (s: ShopTx, id: string) => and(tenantFilter(commerceCarts, s.tenantId), eq(commerceCarts.id, id));

/**
 * An open cart by id; a guest's cart is anyone's who knows its id, a customer's only theirs
 * (`customerId` 'any': the console's, which sees every cart of the shop).
 */
export async function openCart(s: ShopTx, cartId: string, customerId: string | null | 'any', lock = false): Promise<CartRow> {
  const [row] = await (lock ? openCartLocked : openCartRead).raw(s.tx, { tenantId: s.tenantId, cartId });
  const cart = row ? cartRow(row) : undefined;
  if (!cart || (customerId !== 'any' && cart.customerId !== null && cart.customerId !== customerId)) throw errors.notFound('Cart');
  return cart;
}

const CART_COLUMNS = getTableColumns(commerceCarts);
const cartRow = rowMapper(CART_COLUMNS);
const openCartSql = () =>
  sql`select ${selectList(CART_COLUMNS)} from ${commerceCarts}
       where ${and(tenantFilter(commerceCarts, TENANT), eq(commerceCarts.id, CART), eq(commerceCarts.status, 'open'))}`;
const openCartRead = preparedStatement('commerce:open-cart', openCartSql);
/** Read FOR UPDATE: the cart is this transaction's until the commit. */
const openCartLocked = preparedStatement('commerce:open-cart-locked', () => sql`${openCartSql()} for update`);

/** The customer's open cart (locked FOR UPDATE when `lock`), made when they have none. */
export async function customerCart(s: ShopTx, customerId: string, lock = false): Promise<CartRow> {
  const query = s.tx
    .select()
    .from(commerceCarts)
    .where(and(tenantFilter(commerceCarts, s.tenantId), eq(commerceCarts.customerId, customerId), eq(commerceCarts.status, 'open')))
    .orderBy(asc(commerceCarts.createdAt))
    .limit(1);
  const [cart] = lock ? await query.for('update') : await query;
  return cart ?? newCart(s, customerId);
}

export async function newCart(s: ShopTx, customerId: string | null): Promise<CartRow> {
  const [cart] = await s.tx.insert(commerceCarts).values({ tenantId: s.tenantId, customerId }).returning();
  return cart;
}

/**
 * The cart a call names (a guest cart id) or the signed-in customer's; a new guest cart when
 * neither. An existing cart is read FOR UPDATE: it is this transaction's until the commit.
 */
export async function resolveCart(s: ShopTx, cartId: string | undefined, customerId: string | null): Promise<CartRow> {
  if (cartId) return openCart(s, cartId, customerId, true);
  return customerId ? customerCart(s, customerId, true) : newCart(s, null);
}

const touch = (s: ShopTx, cartId: string) => s.tx.update(commerceCarts).set({ touchedAt: new Date() }).where(cartWhere(s, cartId));

async function currentPrice(s: ShopTx, variationId: string): Promise<number> {
  const [variation] = await variationsOnSale(s, eq(commerceVariations.id, variationId));
  if (!variation) throw errors.validation({ variationId: 'No such product on sale' });
  return variation.price;
}

/** Adds units of a variation (to its line if the cart has one, else last), at the price shown now; the cart is touched. */
export async function addLine(
  s: ShopTx,
  cart: CartRow,
  variationId: string,
  qty: number,
  extras: Record<string, unknown> = {},
): Promise<CartRow> {
  const price = await currentPrice(s, variationId);
  const l = commerceCartLines;
  const touched = s.tx.$with('touched').as(touch(s, cart.id).returning({ id: commerceCarts.id }));
  await s.tx
    .with(touched)
    .insert(l)
    .values({
      tenantId: s.tenantId,
      cartId: cart.id,
      variationId,
      quantity: qty,
      seenUnitPrice: price,
      extras,
      position: sql`(select coalesce(max(${l.position}), -1) + 1 from ${l} where ${and(tenantFilter(l, s.tenantId), eq(l.cartId, cart.id))})`,
    })
    .onConflictDoUpdate({
      target: [commerceCartLines.tenantId, commerceCartLines.cartId, commerceCartLines.variationId],
      set: {
        quantity: sql`least(${commerceCartLines.quantity} + excluded.quantity, ${MAX_LINE_QUANTITY})`,
        seenUnitPrice: price,
        updatedAt: new Date(),
      },
    });
  return cart;
}

/** A line named by its id, its index in the cart (as the seed's demo shop does) or its variation. */
export const lineRef = z.union([
  z.object({ lineId: z.uuid() }),
  z.object({ index: z.coerce.number().int().min(0).max(500) }),
  z.object({ variationId: z.uuid() }),
]);

async function findLine(s: ShopTx, cart: CartRow, ref: z.infer<typeof lineRef>): Promise<LoadedLine> {
  const lines = await loadLines(s, cart.id);
  const line =
    'lineId' in ref
      ? lines.find((l) => l.id === ref.lineId)
      : 'index' in ref
        ? lines[ref.index]
        : lines.find((l) => l.variationId === ref.variationId);
  if (!line) throw errors.notFound('Cart line');
  return line;
}

/** Sets a line's quantity (0 removes it); the shopper now sees the current price. */
export async function setQuantity(s: ShopTx, cart: CartRow, ref: z.infer<typeof lineRef>, qty: number): Promise<CartRow> {
  const line = await findLine(s, cart, ref);
  const where = and(tenantFilter(commerceCartLines, s.tenantId), eq(commerceCartLines.id, line.id));
  if (qty === 0) await s.tx.delete(commerceCartLines).where(where);
  else await s.tx.update(commerceCartLines).set({ quantity: qty, seenUnitPrice: line.unitPrice }).where(where);
  await touch(s, cart.id);
  return cart;
}

/** Empties the cart (and drops its coupon); the cart as it is now. */
export async function clearCart(s: ShopTx, cart: CartRow): Promise<CartRow> {
  await s.tx.delete(commerceCartLines).where(and(tenantFilter(commerceCartLines, s.tenantId), eq(commerceCartLines.cartId, cart.id)));
  await s.tx.update(commerceCarts).set({ couponCode: null, touchedAt: new Date() }).where(cartWhere(s, cart.id));
  return { ...cart, couponCode: null };
}

/** The shopper has seen the new prices: they are the ones the cart now expects. */
export async function acceptPrices(s: ShopTx, cart: CartRow): Promise<CartRow> {
  await s.tx.execute(sql`
    update commerce_cart_lines l set seen_unit_price = v.price, updated_at = now()
      from commerce_variations v
     where ${inCommunity(s.tenantId, 'l')} and l.cart_id = ${cart.id}
       and v.tenant_id = l.tenant_id and v.id = l.variation_id and l.seen_unit_price <> v.price`);
  return cart;
}

export async function setCoupon(s: ShopTx, cart: CartRow, code: string | null) {
  await s.tx.update(commerceCarts).set({ couponCode: code, touchedAt: new Date() }).where(cartWhere(s, cart.id));
  return { ...cart, couponCode: code };
}

/** At sign-in: a guest cart's lines join the customer's cart (quantities add up), and the guest cart closes. */
export async function mergeGuestCart(s: ShopTx, guestCartId: string, customerId: string): Promise<string> {
  const [guest] = await s.tx
    .select()
    .from(commerceCarts)
    .where(and(cartWhere(s, guestCartId), eq(commerceCarts.status, 'open'), isNull(commerceCarts.customerId)))
    .for('update');
  const target = await customerCart(s, customerId);
  if (!guest || guest.id === target.id) return target.id;
  const lines = await s.tx
    .select()
    .from(commerceCartLines)
    .where(and(tenantFilter(commerceCartLines, s.tenantId), eq(commerceCartLines.cartId, guest.id)));
  for (const line of lines) {
    await s.tx
      .insert(commerceCartLines)
      .values({ ...line, id: undefined, cartId: target.id, createdAt: undefined, updatedAt: undefined })
      .onConflictDoUpdate({
        target: [commerceCartLines.tenantId, commerceCartLines.cartId, commerceCartLines.variationId],
        set: { quantity: sql`least(${commerceCartLines.quantity} + excluded.quantity, ${MAX_LINE_QUANTITY})` },
      });
  }
  if (guest.couponCode && !target.couponCode) await setCoupon(s, target, guest.couponCode);
  await s.tx.update(commerceCarts).set({ status: 'converted' }).where(cartWhere(s, guest.id));
  return target.id;
}
