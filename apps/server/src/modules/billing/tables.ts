import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { filterIndexes, instant, platformTable, sortIndexes, tenantTable } from '../../kernel/resources';

// ---- platform catalogues (the same for every community; written by platform operators) -----------

/** A price of a plan: per period, in a currency's minor units. */
export interface PlanOption {
  period: 'monthly' | 'quarterly' | 'yearly';
  currency: string;
  priceMinor: number;
}

/** Prices that replace a plan's options for admins signing in from one country (seed 001 §9: Singapore). */
export interface RegionalPrices {
  country: string;
  options: PlanOption[];
}

/**
 * What a plan grants, by quota key (`admins`, `products`, `contacts`, `messages:email`, `messages:sms`,
 * `messages:whatsapp`, `messages:push`, `storage` in bytes, `ai` credits per month). A key a plan does
 * not name is unlimited; 0 refuses it.
 */
export type PlanLimits = Record<string, number>;

export const BILLING_PERIODS = ['monthly', 'quarterly', 'yearly'] as const;

/** Plans (/masters/plans/get), sorted by `number`. */
export const billingPlans = platformTable(
  'billing_plans',
  {
    code: text('code').notNull(),
    name: text('name').notNull(),
    number: integer('number').notNull(),
    description: text('description'),
    options: jsonb('options').$type<PlanOption[]>().notNull().default([]),
    regional: jsonb('regional').$type<RegionalPrices[]>().notNull().default([]),
    limits: jsonb('limits').$type<PlanLimits>().notNull().default({}),
    /** Features shown on the pricing page beside the limits (custom domain, support…). */
    features: text('features').array().notNull().default([]),
    customDomain: boolean('custom_domain').notNull().default(false),
    trialDays: integer('trial_days').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('billing_plans_code_idx').on(t.code),
    index('billing_plans_number_idx').on(t.number, t.id),
    index('billing_plans_name_idx').on(t.name, t.id),
    index('billing_plans_active_idx').on(t.active),
  ],
);

export const ADDON_KINDS = ['messages', 'storage', 'ai', 'admins'] as const;
export const ADDON_APPROVALS = ['instant', 'platform'] as const;

/** Add-ons (/masters/addOns/get): packs that raise one quota of the community that has them. */
export const billingAddons = platformTable(
  'billing_addons',
  {
    code: text('code').notNull(),
    name: text('name').notNull(),
    number: integer('number').notNull().default(0),
    kind: text('kind', { enum: ADDON_KINDS }).notNull(),
    /** The quota it raises (`messages:sms`, `storage`, `ai`, `admins`…). */
    quotaKey: text('quota_key').notNull(),
    /** How much of the quota one pack adds (bytes for storage). */
    units: bigint('units', { mode: 'number' }).notNull(),
    description: text('description'),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull().default('INR'),
    /** `instant`: bought and paid at once; `platform`: requested, then approved by a platform operator. */
    approval: text('approval', { enum: ADDON_APPROVALS }).notNull().default('instant'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('billing_addons_code_idx').on(t.code),
    index('billing_addons_number_idx').on(t.number, t.id),
    index('billing_addons_name_idx').on(t.name, t.id),
    index('billing_addons_kind_idx').on(t.kind),
    index('billing_addons_active_idx').on(t.active),
    index('billing_addons_approval_idx').on(t.approval),
  ],
);

/** Tax rates by the buyer's country (GST: IN 18%, SG 9%), in parts per million. */
export const billingTaxRates = platformTable(
  'billing_tax_rates',
  {
    country: text('country').notNull(),
    name: text('name').notNull(),
    ratePpm: integer('rate_ppm').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('billing_tax_rates_country_idx').on(t.country), index('billing_tax_rates_active_idx').on(t.active)],
);

/** Who issues the invoices (the platform): name, address, country, tax id. One record. */
export const billingSeller = platformTable(
  'billing_seller',
  {
    legalName: text('legal_name').notNull(),
    address: text('address').notNull(),
    country: text('country').notNull(),
    taxId: text('tax_id'),
    email: text('email').notNull(),
    invoicePrefix: text('invoice_prefix').notNull().default('INV'),
  },
  (t) => [index('billing_seller_legal_name_idx').on(t.legalName, t.id)],
);

// ---- a community's billing (its own rows) ---------------------------------------------------------

/** The community as a buyer: who the invoices are made out to (one record). */
export const billingAccounts = tenantTable(
  'billing_accounts',
  {
    legalName: text('legal_name').notNull(),
    email: text('email').notNull(),
    address: text('address'),
    /** ISO 3166 alpha-2: taxes and, when no sign-in country is known, prices. */
    country: text('country').notNull(),
    /** GSTIN, UEN, VAT number: a business buyer abroad pays by reverse charge. */
    taxId: text('tax_id'),
  },
  (t) => [uniqueIndex('billing_accounts_one_idx').on(t.tenantId), ...sortIndexes('billing_accounts', t, { legal_name: t.legalName })],
);

export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'past_due', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The community's subscription (one record): trial → active → past_due → cancelled. */
export const billingSubscriptions = tenantTable(
  'billing_subscriptions',
  {
    planCode: text('plan_code').notNull(),
    period: text('period', { enum: BILLING_PERIODS }).notNull(),
    currency: text('currency').notNull(),
    priceMinor: integer('price_minor').notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    periodStart: instant('period_start').notNull(),
    periodEnd: instant('period_end').notNull(),
    /** A downgrade waits for the period's end (documented): the plan and period it becomes then. */
    pendingPlanCode: text('pending_plan_code'),
    pendingPeriod: text('pending_period', { enum: BILLING_PERIODS }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Renewal charges that failed for the current period; past the retries, past_due until graceUntil. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at'),
    graceUntil: instant('grace_until'),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('billing_subscriptions_one_idx').on(t.tenantId),
    // The renewal sweep's one read across communities: the periods that ended.
    index('billing_subscriptions_due_idx').on(t.periodEnd),
    ...filterIndexes('billing_subscriptions', t, { status: t.status }),
    ...sortIndexes('billing_subscriptions', t, { period_end: t.periodEnd }),
  ],
);

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'void'] as const;
export const INVOICE_PURPOSES = ['subscription', 'renewal', 'upgrade', 'addon'] as const;

export interface InvoiceLine {
  description: string;
  quantity: number;
  unitMinor: number;
  amountMinor: number;
}

export interface InvoiceParty {
  name: string;
  address?: string | null;
  country: string;
  taxId?: string | null;
  email?: string | null;
}

/** What a paid invoice does when it is paid (the subscription change or add-on it pays for). */
export interface InvoiceEffect {
  kind: 'plan' | 'renewal' | 'addon';
  planCode?: string;
  period?: (typeof BILLING_PERIODS)[number];
  periodStart?: string;
  periodEnd?: string;
  /** The plan's full price per period, which the subscription keeps once paid. */
  priceMinor?: number;
  addonCode?: string;
  quantity?: number;
  requestId?: string;
}

/** Invoices: numbered per platform without gaps when issued, seller and buyer as they were, amounts in minor units. */
export const billingInvoices = tenantTable(
  'billing_invoices',
  {
    number: text('number'),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('draft'),
    purpose: text('purpose', { enum: INVOICE_PURPOSES }).notNull(),
    issuedAt: instant('issued_at'),
    dueAt: instant('due_at'),
    paidAt: instant('paid_at'),
    seller: jsonb('seller').$type<InvoiceParty>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    currency: text('currency').notNull(),
    subtotalMinor: integer('subtotal_minor').notNull(),
    taxName: text('tax_name'),
    taxRatePpm: integer('tax_rate_ppm').notNull().default(0),
    taxMinor: integer('tax_minor').notNull().default(0),
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    totalMinor: integer('total_minor').notNull(),
    effect: jsonb('effect').$type<InvoiceEffect>().notNull(),
    /** The platform's ledger transaction that paid it. */
    paymentId: text('payment_id'),
  },
  (t) => [
    ...filterIndexes('billing_invoices', t, { status: t.status, number: t.number, purpose: t.purpose }),
    ...sortIndexes('billing_invoices', t, { issued: t.issuedAt, total: t.totalMinor }),
  ],
);

/** Usage of each quota key: `used` of what the plan and add-ons allow (exact: taken under the row's lock). */
export const billingUsage = tenantTable(
  'billing_usage',
  {
    key: text('key').notNull(),
    used: bigint('used', { mode: 'number' }).notNull().default(0),
    /** Monthly credits (messages, AI) start again with each period; counts (products) never do. */
    periodStart: instant('period_start'),
  },
  (t) => [uniqueIndex('billing_usage_key_idx').on(t.tenantId, t.key)],
);

export const ADDON_REQUEST_STATUSES = ['requested', 'approved', 'rejected', 'awaiting_payment', 'active', 'cancelled'] as const;

/** Add-ons a community asked for or bought (getAddOns: my requests; getAddOnsUsage: the active ones). */
export const billingAddonOrders = tenantTable(
  'billing_addon_orders',
  {
    addonCode: text('addon_code').notNull(),
    name: text('name').notNull(),
    quotaKey: text('quota_key').notNull(),
    quantity: integer('quantity').notNull().default(1),
    /** What it adds to the quota in all (units × quantity). */
    units: bigint('units', { mode: 'number' }).notNull(),
    status: text('status', { enum: ADDON_REQUEST_STATUSES }).notNull().default('requested'),
    note: text('note'),
    decisionNote: text('decision_note'),
    invoiceId: text('invoice_id'),
    activatedAt: instant('activated_at'),
  },
  (t) => [
    ...filterIndexes('billing_addon_orders', t, { status: t.status, quota: t.quotaKey }),
    ...sortIndexes('billing_addon_orders', t, { name: t.name }),
  ],
);

export const CHARGE_STATUSES = ['open', 'paid', 'closed'] as const;

/**
 * The platform's side of an invoice being paid (rows of the platform community `-`): the payable its
 * ledger pays, through the platform's gateway. Paid, it is applied to the buyer's invoice by a job.
 */
export const billingCharges = tenantTable(
  'billing_charges',
  {
    buyerTenantId: uuid('buyer_tenant_id').notNull(),
    buyerCommunity: text('buyer_community').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    reference: text('reference').notNull(),
    description: text('description').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    customerName: text('customer_name'),
    customerEmail: text('customer_email'),
    status: text('status', { enum: CHARGE_STATUSES }).notNull().default('open'),
    paymentId: text('payment_id'),
    paidAt: instant('paid_at'),
    appliedAt: instant('applied_at'),
  },
  (t) => [
    uniqueIndex('billing_charges_invoice_idx').on(t.tenantId, t.invoiceId),
    ...filterIndexes('billing_charges', t, { status: t.status }),
  ],
);

/** The last invoice number issued on the platform: one row, advanced by billing_next_invoice_number() (no gaps). */
export const billingInvoiceCounter = pgTable('billing_invoice_counter', {
  id: integer('id').primaryKey(),
  last: bigint('last', { mode: 'number' }).notNull().default(0),
});
