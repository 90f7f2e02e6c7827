import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, type PgColumn, type PgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../kernel/auth';
import { filterIndexes, instant, ref, refs, sortIndexes, taxonomyIndexes, tenantTable } from '../../kernel/resources';
import { ORDER_STATES } from './domain/order-states';
import { RETURN_STATES } from './domain/returns';

/** A tenant table as a relation names it (spelled out where a table refers to itself). */
type Related = PgTable & { tenantId: PgColumn; id: PgColumn };

// One shop per community (the seeds' core /ecom/* and mini-store services both map onto it).
// Money is integer minor units of the shop's currency (commerce_settings.currency); tax rates are
// parts per million (domain/tax.ts). Every filter and sort a resource offers has an index that
// starts with tenant_id. Stock is per variation: on_hand counts units in the warehouse, reserved
// those promised to placed orders not yet paid or dispatched; a CHECK keeps 0 <= reserved <= on_hand,
// so a conditional UPDATE can never oversell.

const money = (name: string) => integer(name).notNull().default(0);
const sortOrder = () => integer('sort_order').notNull().default(0);
const seo = () => ({
  seoTitle: text('seo_title'),
  seoDescription: text('seo_description'),
  /** Extra meta tags (`insertMeta`): name → content. */
  seoMeta: jsonb('seo_meta').$type<Record<string, string>>().notNull().default({}),
});

/** An image in its gallery order (the file's public URL; alt text for screen readers and SEO). */
export interface ShopImage {
  url: string;
  alt: string;
  fileId?: string;
}
const images = (name: string) => jsonb(name).$type<ShopImage[]>().notNull().default([]);

/** A postal address as written on an order (a snapshot: later edits of the address book do not change it). */
export interface PostalAddress {
  name: string;
  line1: string;
  line2?: string;
  city: string;
  state?: string;
  postalCode: string;
  country: string;
  phone?: string;
}

export const PRODUCT_STATUS = ['draft', 'active', 'archived'] as const;
export const CUSTOMER_STATUS = ['active', 'disabled'] as const;
export const CART_STATUS = ['open', 'converted', 'abandoned'] as const;
/** The order and return states are the domain's (its state machines): the columns take them from there. */
export const ORDER_STATUS = ORDER_STATES;
export const DISPATCH_STATUS = ['dispatched', 'delivered'] as const;
export const COUPON_KIND = ['percentage', 'fixed_amount', 'free_shipping'] as const;
export const REVIEW_STATUS = ['pending', 'approved', 'rejected'] as const;
export const RETURN_STATUS = RETURN_STATES;

// ---- settings ------------------------------------------------------------------------------

/** The shop's settings: one row per community. */
export const commerceSettings = tenantTable(
  'commerce_settings',
  {
    /** ISO 4217 code; every amount of the shop is in its minor unit. */
    currency: text('currency').notNull().default('INR'),
    /** Whether catalogue prices include tax (shown per line and in totals either way). */
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(true),
    /** Orders are numbered per community: `${orderPrefix}${number}`. */
    orderPrefix: text('order_prefix').notNull().default('#'),
    /** The next order number (taken with UPDATE … RETURNING, so two checkouts never share one; a failed checkout may leave a gap). */
    nextOrderNumber: integer('next_order_number').notNull().default(1001),
    /** Flat shipping price per order, and the subtotal from which shipping is free (null: never). */
    shippingPrice: money('shipping_price'),
    freeShippingFrom: integer('free_shipping_from'),
    shippingTaxClass: text('shipping_tax_class'),
    /** Minutes an unpaid order keeps its stock before it is cancelled. */
    paymentWindowMinutes: integer('payment_window_minutes').notNull().default(60),
    /** A guest's unpaid order holds its stock only this long (at most the payment window). */
    guestHoldMinutes: integer('guest_hold_minutes').notNull().default(15),
    /** Units one order may hold, and units the unpaid orders of one email (or one shipping address) may hold together. */
    maxUnitsPerOrder: integer('max_units_per_order').notNull().default(100),
    maxUnpaidUnitsPerBuyer: integer('max_unpaid_units_per_buyer').notNull().default(200),
    /** Where the shop ships from (the origin of tax when the customer's region has no rate). */
    country: text('country').notNull().default('IN'),
    /** The seller on invoices and packing slips: legal name (else the community's), address lines, tax id, logo, footer. */
    businessName: text('business_name'),
    businessAddress: text('business_address'),
    taxId: text('tax_id'),
    logo: jsonb('logo').$type<ShopImage>(),
    invoiceFooter: text('invoice_footer'),
  },
  (t) => [uniqueIndex('commerce_settings_tenant_uq').on(t.tenantId)],
);

/** Tax rates by region and tax class (falls back state → country → default, domain/tax.ts). */
export const commerceTaxRates = tenantTable(
  'commerce_tax_rates',
  {
    name: text('name').notNull(),
    /** ISO 3166-1 alpha-2; null = every country (the default rate of the class). */
    country: text('country'),
    state: text('state'),
    taxClass: text('tax_class').notNull().default('standard'),
    ratePpm: integer('rate_ppm').notNull(),
  },
  (t) => [
    uniqueIndex('commerce_tax_rates_region_uq').on(t.tenantId, t.taxClass, t.country, t.state),
    index('commerce_tax_rates_name_idx').on(t.tenantId, t.name, t.id),
    check('commerce_tax_rates_rate_ck', sql`${t.ratePpm} >= 0 and ${t.ratePpm} <= 1000000`),
  ],
);

// ---- catalogue -----------------------------------------------------------------------------

/** Categories, nested (a category's parent is another category of the shop). */
export const commerceCategories = tenantTable(
  'commerce_categories',
  {
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    parentId: ref('parent_id', (): Related => commerceCategories, 'restrict'),
    image: jsonb('image').$type<ShopImage>(),
    sortOrder: sortOrder(),
    active: boolean('active').notNull().default(true),
    ...seo(),
  },
  (t) => taxonomyIndexes('commerce_categories', t, { parent: t.parentId }),
);

export const commerceTags = tenantTable('commerce_tags', { name: text('name').notNull(), slug: text('slug').notNull() }, (t) => [
  uniqueIndex('commerce_tags_slug_uq').on(t.tenantId, t.slug),
  index('commerce_tags_name_idx').on(t.tenantId, t.name, t.id),
]);

/** Attributes products vary by (Colour, Size…), with their values below. */
export const commerceAttributes = tenantTable(
  'commerce_attributes',
  {
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** How a storefront shows the choice. */
    display: text('display', { enum: ['buttons', 'swatches', 'dropdown'] })
      .notNull()
      .default('buttons'),
    sortOrder: sortOrder(),
  },
  (t) => [
    uniqueIndex('commerce_attributes_slug_uq').on(t.tenantId, t.slug),
    ...sortIndexes('commerce_attributes', t, { name: t.name, sort: t.sortOrder }),
  ],
);

export const commerceAttributeValues = tenantTable(
  'commerce_attribute_values',
  {
    attributeId: ref('attribute_id', () => commerceAttributes, 'cascade').notNull(),
    value: text('value').notNull(),
    slug: text('slug').notNull(),
    /** A swatch colour (#rrggbb) for colour attributes. */
    swatch: text('swatch'),
    sortOrder: sortOrder(),
  },
  (t) => [
    uniqueIndex('commerce_attribute_values_slug_uq').on(t.tenantId, t.attributeId, t.slug),
    index('commerce_attribute_values_attribute_idx').on(t.tenantId, t.attributeId, t.sortOrder),
    ...sortIndexes('commerce_attribute_values', t, { value: t.value, sort: t.sortOrder }),
  ],
);

/** Products; what is sold is always a variation (a product without options has one default variation). */
export const commerceProducts = tenantTable(
  'commerce_products',
  {
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    brand: text('brand'),
    status: text('status', { enum: PRODUCT_STATUS }).notNull().default('draft'),
    categoryId: ref('category_id', () => commerceCategories, 'set null'),
    tagIds: refs('tag_ids', () => commerceTags, 'set null'),
    /** The attributes this product's variations are made of (Colour × Size). */
    attributeIds: refs('attribute_ids', () => commerceAttributes, 'restrict'),
    images: images('images'),
    taxClass: text('tax_class').notNull().default('standard'),
    featured: boolean('featured').notNull().default(false),
    /** Kept current from the variations (for listing, sorting and price filters without a join). */
    minPrice: money('min_price'),
    maxPrice: money('max_price'),
    /** Kept current from approved reviews: average × 100 (4.25 → 425), and their count. */
    ratingAverage: integer('rating_average').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    publishedAt: instant('published_at'),
    ...seo(),
  },
  (t) => [
    uniqueIndex('commerce_products_slug_uq').on(t.tenantId, t.slug),
    index('commerce_products_status_idx').on(t.tenantId, t.status, t.createdAt),
    index('commerce_products_category_idx').on(t.tenantId, t.categoryId, t.createdAt),
    index('commerce_products_tags_idx').using('gin', t.tagIds),
    // The storefront's default order under its scope (on sale, newest first): read in index order, never sorted.
    index('commerce_products_on_sale_idx').on(t.tenantId, t.status, t.publishedAt, t.id),
    ...sortIndexes('commerce_products', t, {
      title: t.title,
      price: t.minPrice,
      max_price: t.maxPrice,
      rating: t.ratingAverage,
      published: t.publishedAt,
    }),
    ...filterIndexes('commerce_products', t, { brand: t.brand, featured: t.featured }),
  ],
);

/** What is sold: a product in one combination of its attribute values, with its price and stock. */
export const commerceVariations = tenantTable(
  'commerce_variations',
  {
    productId: ref('product_id', () => commerceProducts, 'cascade').notNull(),
    sku: text('sku').notNull(),
    /** e.g. "Red / XL"; empty for a product's default variation. */
    title: text('title').notNull().default(''),
    attributeValueIds: refs('attribute_value_ids', () => commerceAttributeValues, 'restrict'),
    price: money('price'),
    compareAtPrice: integer('compare_at_price'),
    cost: integer('cost'),
    onHand: integer('on_hand').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    /** False for goods that are not counted (made to order, digital). */
    trackStock: boolean('track_stock').notNull().default(true),
    weightGrams: integer('weight_grams'),
    images: images('images'),
    isDefault: boolean('is_default').notNull().default(false),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('commerce_variations_sku_uq').on(t.tenantId, t.sku),
    index('commerce_variations_product_idx').on(t.tenantId, t.productId, t.position),
    index('commerce_variations_values_idx').using('gin', t.attributeValueIds),
    ...sortIndexes('commerce_variations', t, { price: t.price, stock: t.onHand }),
    check('commerce_variations_stock_ck', sql`${t.reserved} >= 0 and ${t.reserved} <= ${t.onHand}`),
    check('commerce_variations_price_ck', sql`${t.price} >= 0`),
  ],
);

// ---- customers -----------------------------------------------------------------------------

export const BANNER_LINK = ['none', 'product', 'category', 'url'] as const;

/**
 * The shop's promotional banners (the mini-store's `/banner`): an image leading to a product, a
 * category or an address, live between its start and end (either open), in the shop's order.
 */
export const commerceBanners = tenantTable(
  'commerce_banners',
  {
    title: text('title').notNull(),
    image: jsonb('image').$type<ShopImage>().notNull(),
    mobileImage: jsonb('mobile_image').$type<ShopImage>(),
    linkKind: text('link_kind', { enum: BANNER_LINK }).notNull().default('none'),
    productId: ref('product_id', () => commerceProducts, 'set null'),
    categoryId: ref('category_id', () => commerceCategories, 'set null'),
    linkUrl: text('link_url'),
    startsAt: instant('starts_at'),
    endsAt: instant('ends_at'),
    active: boolean('active').notNull().default(true),
    sortOrder: sortOrder(),
  },
  (t) => [
    // The storefront's live list: active ones in the shop's order, the window checked on those few rows.
    index('commerce_banners_live_idx').on(t.tenantId, t.active, t.sortOrder),
    check('commerce_banners_window_ck', sql`${t.endsAt} is null or ${t.startsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    ...sortIndexes('commerce_banners', t, { sort: t.sortOrder, title: t.title, starts: t.startsAt, ends: t.endsAt }),
    ...filterIndexes('commerce_banners', t, { link: t.linkKind, product: t.productId, category: t.categoryId }),
  ],
);

/** Shoppers of the community's store: not console users (own sign-in, own sessions, own limits). */
export const commerceCustomers = tenantTable(
  'commerce_customers',
  {
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    /** argon2id; null for a customer who only ever checked out as a guest. */
    passwordHash: text('password_hash'),
    status: text('status', { enum: CUSTOMER_STATUS }).notNull().default('active'),
    acceptsMarketing: boolean('accepts_marketing').notNull().default(false),
    lastSignInAt: instant('last_sign_in_at'),
  },
  (t) => [
    uniqueIndex('commerce_customers_email_uq').on(t.tenantId, t.email),
    ...sortIndexes('commerce_customers', t, { name: t.name }),
    ...filterIndexes('commerce_customers', t, { status: t.status }),
  ],
);

/** A customer's storefront sessions (revocable; the token's hash only). */
export const commerceCustomerSessions = tenantTable(
  'commerce_customer_sessions',
  {
    customerId: ref('customer_id', () => commerceCustomers, 'cascade').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
  },
  (t) => [
    uniqueIndex('commerce_customer_sessions_token_uq').on(t.tenantId, t.tokenHash),
    index('commerce_customer_sessions_customer_idx').on(t.tenantId, t.customerId),
  ],
);

export const commerceAddresses = tenantTable(
  'commerce_addresses',
  {
    customerId: ref('customer_id', () => commerceCustomers, 'cascade').notNull(),
    label: text('label'),
    name: text('name').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    state: text('state'),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    phone: text('phone'),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    index('commerce_addresses_customer_idx').on(t.tenantId, t.customerId, t.createdAt),
    index('commerce_addresses_name_idx').on(t.tenantId, t.name, t.id),
  ],
);

/** Products a customer keeps for later. */
export const commerceWishlistItems = tenantTable(
  'commerce_wishlist_items',
  {
    customerId: ref('customer_id', () => commerceCustomers, 'cascade').notNull(),
    productId: ref('product_id', () => commerceProducts, 'cascade').notNull(),
  },
  (t) => [
    uniqueIndex('commerce_wishlist_items_uq').on(t.tenantId, t.customerId, t.productId),
    index('commerce_wishlist_items_product_idx').on(t.tenantId, t.productId),
  ],
);

// ---- carts ---------------------------------------------------------------------------------

/** A cart: a guest's (known by its id) or a customer's (merged into theirs at sign-in). */
export const commerceCarts = tenantTable(
  'commerce_carts',
  {
    customerId: ref('customer_id', () => commerceCustomers, 'cascade'),
    status: text('status', { enum: CART_STATUS }).notNull().default('open'),
    couponCode: text('coupon_code'),
    email: text('email'),
    /** Last activity (abandoned carts are swept after a while). */
    touchedAt: instant('touched_at').notNull().defaultNow(),
    /** The order a converted cart became, and the Idempotency-Key of that checkout (a retry answers the order). */
    orderId: uuid('order_id'),
    checkoutKey: text('checkout_key'),
  },
  (t) => [
    index('commerce_carts_customer_idx').on(t.tenantId, t.customerId, t.status),
    index('commerce_carts_status_idx').on(t.tenantId, t.status, t.touchedAt),
  ],
);

export const commerceCartLines = tenantTable(
  'commerce_cart_lines',
  {
    cartId: ref('cart_id', () => commerceCarts, 'cascade').notNull(),
    variationId: ref('variation_id', () => commerceVariations, 'cascade').notNull(),
    quantity: integer('quantity').notNull(),
    /** The unit price the shopper was shown when adding (a change is reported, never applied silently). */
    seenUnitPrice: integer('seen_unit_price').notNull(),
    /** Presentation extras of a storefront (the seed's demo shop: offers, delivery estimate). */
    extras: jsonb('extras').$type<Record<string, unknown>>().notNull().default({}),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('commerce_cart_lines_uq').on(t.tenantId, t.cartId, t.variationId),
    index('commerce_cart_lines_variation_idx').on(t.tenantId, t.variationId),
    check('commerce_cart_lines_quantity_ck', sql`${t.quantity} > 0`),
  ],
);

// ---- orders --------------------------------------------------------------------------------

/** An order, with what it was placed at snapshotted (prices, tax, discounts, addresses). */
export const commerceOrders = tenantTable(
  'commerce_orders',
  {
    number: integer('number').notNull(),
    /** Display form (`#1001`). */
    reference: text('reference').notNull(),
    customerId: ref('customer_id', () => commerceCustomers, 'set null'),
    email: text('email').notNull(),
    customerName: text('customer_name').notNull(),
    phone: text('phone'),
    status: text('status', { enum: ORDER_STATUS }).notNull().default('pending_payment'),
    currency: text('currency').notNull(),
    pricesIncludeTax: boolean('prices_include_tax').notNull(),
    subtotal: money('subtotal'),
    discount: money('discount'),
    shipping: money('shipping'),
    tax: money('tax'),
    total: money('total'),
    /** What refunds have given back so far. */
    refunded: money('refunded'),
    couponCode: text('coupon_code'),
    shippingAddress: jsonb('shipping_address').$type<PostalAddress>().notNull(),
    billingAddress: jsonb('billing_address').$type<PostalAddress>(),
    /** Tax per rate as shown on the invoice. */
    taxLines: jsonb('tax_lines').$type<{ name: string; ratePpm: number; amount: number }[]>().notNull().default([]),
    notes: text('notes'),
    /** Unpaid orders release their stock after this. */
    payBy: instant('pay_by'),
    paidAt: instant('paid_at'),
    cancelledAt: instant('cancelled_at'),
  },
  (t) => [
    uniqueIndex('commerce_orders_number_uq').on(t.tenantId, t.number),
    index('commerce_orders_status_idx').on(t.tenantId, t.status, t.createdAt),
    index('commerce_orders_customer_idx').on(t.tenantId, t.customerId, t.createdAt),
    index('commerce_orders_pay_by_idx').on(t.tenantId, t.payBy).where(sql`status = 'pending_payment'`),
    // The units unpaid orders hold per shipping address (the checkout's hold limit).
    index('commerce_orders_unpaid_address_idx')
      .on(t.tenantId, sql`lower(${t.shippingAddress}->>'line1')`, sql`(${t.shippingAddress}->>'postalCode')`)
      .where(sql`status = 'pending_payment'`),
    ...sortIndexes('commerce_orders', t, { email: t.email, total: t.total }),
  ],
);

export const commerceOrderLines = tenantTable(
  'commerce_order_lines',
  {
    orderId: ref('order_id', () => commerceOrders, 'cascade').notNull(),
    productId: ref('product_id', () => commerceProducts, 'set null'),
    variationId: ref('variation_id', () => commerceVariations, 'set null'),
    title: text('title').notNull(),
    variationTitle: text('variation_title').notNull().default(''),
    sku: text('sku').notNull(),
    image: text('image'),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    /** This line's share of the order's discount. */
    discount: money('discount'),
    taxClass: text('tax_class').notNull(),
    ratePpm: integer('rate_ppm').notNull().default(0),
    net: money('net'),
    tax: money('tax'),
    total: money('total'),
    quantityDispatched: integer('quantity_dispatched').notNull().default(0),
    quantityReturned: integer('quantity_returned').notNull().default(0),
    /** Units given back by refunds by lines (taken before the payment is refunded, given back if it fails). */
    quantityRefunded: integer('quantity_refunded').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('commerce_order_lines_order_idx').on(t.tenantId, t.orderId, t.position),
    ...filterIndexes('commerce_order_lines', t, { product: t.productId, variation: t.variationId }),
    check('commerce_order_lines_quantity_ck', sql`${t.quantity} > 0`),
    check(
      'commerce_order_lines_fulfilment_ck',
      sql`${t.quantityDispatched} >= 0 and ${t.quantityDispatched} <= ${t.quantity} and ${t.quantityReturned} >= 0 and ${t.quantityReturned} <= ${t.quantity}`,
    ),
    check('commerce_order_lines_refunded_ck', sql`${t.quantityRefunded} >= 0 and ${t.quantityRefunded} <= ${t.quantity}`),
  ],
);

/** The order's timeline: every change, by whom (an admin, the customer, the system). */
export const commerceOrderEvents = tenantTable(
  'commerce_order_events',
  {
    orderId: ref('order_id', () => commerceOrders, 'cascade').notNull(),
    kind: text('kind').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    message: text('message').notNull(),
    actorId: ref('actor_id', () => users, 'set null'),
    actorName: text('actor_name'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('commerce_order_events_order_idx').on(t.tenantId, t.orderId, t.createdAt)],
);

/** A shipment of some of an order's lines. */
export const commerceDispatches = tenantTable(
  'commerce_dispatches',
  {
    orderId: ref('order_id', () => commerceOrders, 'cascade').notNull(),
    status: text('status', { enum: DISPATCH_STATUS }).notNull().default('dispatched'),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    lines: jsonb('lines').$type<{ orderLineId: string; quantity: number }[]>().notNull(),
    deliveredAt: instant('delivered_at'),
  },
  (t) => [
    index('commerce_dispatches_order_idx').on(t.tenantId, t.orderId, t.createdAt),
    index('commerce_dispatches_status_idx').on(t.tenantId, t.status, t.createdAt),
    index('commerce_dispatches_tracking_idx').on(t.tenantId, t.trackingNumber),
  ],
);

// ---- coupons, reviews, returns ---------------------------------------------------------------

export const commerceCoupons = tenantTable(
  'commerce_coupons',
  {
    /** Stored upper case; matched case-insensitively. */
    code: text('code').notNull(),
    description: text('description'),
    kind: text('kind', { enum: COUPON_KIND }).notNull(),
    /** Percentage coupons: parts per million (10% = 100000). */
    ratePpm: integer('rate_ppm'),
    /** Fixed-amount coupons: minor units. */
    amount: integer('amount'),
    minimumSubtotal: integer('minimum_subtotal'),
    startsAt: instant('starts_at'),
    endsAt: instant('ends_at'),
    usageLimit: integer('usage_limit'),
    usageLimitPerCustomer: integer('usage_limit_per_customer'),
    /** Redemptions so far (one per order, counted with the order). */
    timesUsed: integer('times_used').notNull().default(0),
    productIds: refs('product_ids', () => commerceProducts, 'set null'),
    categoryIds: refs('category_ids', () => commerceCategories, 'set null'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('commerce_coupons_code_uq').on(t.tenantId, t.code),
    index('commerce_coupons_kind_idx').on(t.tenantId, t.kind),
    index('commerce_coupons_active_idx').on(t.tenantId, t.active, t.endsAt),
    check(
      'commerce_coupons_value_ck',
      sql`(${t.kind} <> 'percentage' or (${t.ratePpm} > 0 and ${t.ratePpm} <= 1000000)) and (${t.kind} <> 'fixed_amount' or ${t.amount} > 0)`,
    ),
  ],
);

/** One per coupon and order: a redemption is counted exactly once. */
export const commerceCouponRedemptions = tenantTable(
  'commerce_coupon_redemptions',
  {
    couponId: ref('coupon_id', () => commerceCoupons, 'cascade').notNull(),
    orderId: ref('order_id', () => commerceOrders, 'cascade').notNull(),
    customerId: ref('customer_id', () => commerceCustomers, 'set null'),
    email: text('email').notNull(),
    discount: money('discount'),
  },
  (t) => [
    uniqueIndex('commerce_coupon_redemptions_uq').on(t.tenantId, t.couponId, t.orderId),
    index('commerce_coupon_redemptions_customer_idx').on(t.tenantId, t.couponId, t.email),
  ],
);

export const commerceReviews = tenantTable(
  'commerce_reviews',
  {
    productId: ref('product_id', () => commerceProducts, 'cascade').notNull(),
    customerId: ref('customer_id', () => commerceCustomers, 'set null'),
    authorName: text('author_name').notNull(),
    rating: integer('rating').notNull(),
    title: text('title'),
    body: text('body'),
    /** The author bought the product (an order of theirs holds it, paid). */
    verifiedPurchase: boolean('verified_purchase').notNull().default(false),
    status: text('status', { enum: REVIEW_STATUS }).notNull().default('pending'),
  },
  (t) => [
    index('commerce_reviews_product_idx').on(t.tenantId, t.productId, t.status, t.createdAt),
    index('commerce_reviews_status_idx').on(t.tenantId, t.status, t.createdAt),
    ...sortIndexes('commerce_reviews', t, { rating: t.rating }),
    ...filterIndexes('commerce_reviews', t, { customer: t.customerId }),
    check('commerce_reviews_rating_ck', sql`${t.rating} between 1 and 5`),
  ],
);

/** A return (RMA): lines and reasons, requested → approved → received → refunded, or rejected. */
export const commerceReturns = tenantTable(
  'commerce_returns',
  {
    orderId: ref('order_id', () => commerceOrders, 'cascade').notNull(),
    customerId: ref('customer_id', () => commerceCustomers, 'set null'),
    status: text('status', { enum: RETURN_STATUS }).notNull().default('requested'),
    reason: text('reason'),
    lines: jsonb('lines').$type<{ orderLineId: string; quantity: number; reason?: string }[]>().notNull(),
    /** Computed from the order's snapshotted lines (domain/returns.ts). */
    refundAmount: money('refund_amount'),
    refundTax: money('refund_tax'),
    notes: text('notes'),
    receivedAt: instant('received_at'),
    refundedAt: instant('refunded_at'),
  },
  (t) => [
    index('commerce_returns_order_idx').on(t.tenantId, t.orderId, t.createdAt),
    index('commerce_returns_status_idx').on(t.tenantId, t.status, t.createdAt),
    index('commerce_returns_customer_idx').on(t.tenantId, t.customerId),
  ],
);
