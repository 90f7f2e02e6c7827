import { defineResource, noWrites } from '../../../kernel/resources';
import { billingAccounts, billingAddonOrders, billingInvoices, billingSubscriptions, billingUsage } from '../tables';

const COUNTRY = (s: any) => s.regex(/^[A-Z]{2}$/, 'A two-letter country code such as IN or SG');

/** The community as a buyer (one record): who invoices are made out to; its country decides the tax. */
export const accountResource = defineResource({
  path: 'billing/account',
  module: 'billing',
  table: billingAccounts,
  label: { singular: 'Billing details', plural: 'Billing details' },
  operations: { delete: false },
  input: {
    legalName: (s) => s.trim().min(1).max(200),
    email: (s) => s.trim().email().max(254),
    address: (s) => s.trim().max(500),
    country: COUNTRY,
    taxId: (s) => s.trim().max(40),
  },
  list: { search: ['legalName'], sort: ['legalName'] },
  fields: {
    address: { widget: 'textarea' },
    email: { widget: 'email' },
    taxId: { label: 'Tax id (GSTIN, UEN, VAT)', help: 'A business abroad with a tax id pays by reverse charge' },
  },
  ui: { title: 'legalName', columns: ['legalName', 'country', 'taxId', 'email'] },
  examples: [
    {
      legalName: 'Euro Building Products Pvt Ltd',
      email: 'accounts@euro-building.example',
      address: '21 Industrial Estate, Guindy, Chennai 600032, Tamil Nadu, India',
      country: 'IN',
      taxId: '33AAECE1234K1Z2',
    },
  ],
});

/** The subscription (one record), changed only through the billing service (upgrade, downgrade, renewal). */
export const subscriptionResource = defineResource({
  path: 'billing/subscription',
  module: 'billing',
  table: billingSubscriptions,
  label: { singular: 'Subscription', plural: 'Subscriptions' },
  operations: noWrites,
  list: { filters: ['status'], sort: ['periodEnd'] },
  fields: {
    priceMinor: { widget: 'money', minorUnits: true, currencyField: 'currency', label: 'Price' },
    status: {
      options: {
        trial: { color: 'blue' },
        active: { color: 'green' },
        past_due: { label: 'Past due', color: 'red' },
        cancelled: { color: 'gray' },
      },
    },
  },
  ui: { title: 'planCode', columns: ['planCode', 'period', 'status', 'priceMinor', 'periodEnd'] },
  examples: [],
});

/** Invoices: issued by the billing service, read here; the PDF at …/:id/pdf. */
export const invoicesResource = defineResource({
  path: 'billing/invoices',
  module: 'billing',
  table: billingInvoices,
  label: { singular: 'Invoice', plural: 'Invoices' },
  operations: noWrites,
  list: { search: ['number'], filters: ['status', 'purpose'], sort: ['issuedAt', 'totalMinor'], defaultSort: '-createdAt' },
  fields: {
    totalMinor: { widget: 'money', minorUnits: true, currencyField: 'currency', label: 'Total' },
    subtotalMinor: { widget: 'money', minorUnits: true, currencyField: 'currency', label: 'Subtotal' },
    taxMinor: { widget: 'money', minorUnits: true, currencyField: 'currency', label: 'Tax' },
    taxRatePpm: { widget: 'percent', scale: 10_000, label: 'Tax rate' },
    seller: { widget: 'json' },
    buyer: { widget: 'json' },
    lines: { widget: 'json' },
    effect: { widget: 'json' },
    status: { options: { draft: { color: 'gray' }, open: { color: 'yellow' }, paid: { color: 'green' }, void: { color: 'gray' } } },
  },
  ui: { title: 'number', columns: ['number', 'issuedAt', 'purpose', 'status', 'totalMinor'] },
  examples: [],
});

/** Usage of each quota (kept exact by the quota service). */
export const usageResource = defineResource({
  path: 'billing/usage',
  module: 'billing',
  table: billingUsage,
  label: { singular: 'Usage', plural: 'Usage' },
  operations: noWrites,
  list: { search: ['key'], sort: ['key'] },
  ui: { title: 'key', columns: ['key', 'used', 'periodStart'] },
  examples: [],
});

/** Add-ons asked for or bought (requestAddOns); their state moves through the billing service. */
export const addonOrdersResource = defineResource({
  path: 'billing/addon-orders',
  module: 'billing',
  table: billingAddonOrders,
  label: { singular: 'Add-on request', plural: 'Add-on requests' },
  operations: noWrites,
  list: { search: ['name', 'addonCode'], filters: ['status', 'quotaKey'], sort: ['name'] },
  fields: {
    status: {
      options: {
        requested: { color: 'yellow' },
        approved: { color: 'blue' },
        rejected: { color: 'red' },
        awaiting_payment: { label: 'Awaiting payment', color: 'yellow' },
        active: { color: 'green' },
        cancelled: { color: 'gray' },
      },
    },
  },
  ui: { title: 'name', columns: ['name', 'quantity', 'units', 'status', 'createdAt'] },
  examples: [],
});
