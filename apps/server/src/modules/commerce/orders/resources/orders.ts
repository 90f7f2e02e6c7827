import { defineResource, type FieldUi, noWrites } from '../../../../kernel/resources';
import { commerceOrders } from '../../tables';

/** An amount of the order, in minor units of the order's own currency (not the shop's current one). */
const ORDER_MONEY = { widget: 'money', minorUnits: true, currencyField: 'currency' } as const satisfies FieldUi;

const STATUS_COLORS = {
  pending_payment: { label: 'Awaiting payment', color: 'yellow' },
  paid: { color: 'blue' },
  processing: { color: 'blue' },
  partially_dispatched: { color: 'yellow' },
  dispatched: { color: 'green' },
  delivered: { color: 'green' },
  cancelled: { color: 'gray' },
  refunded: { color: 'red' },
} as const;

/**
 * Orders, as the console lists them (status tabs, search by number, customer or email). Orders are
 * placed by checkout and changed by their actions (mark paid, dispatch, cancel…), never edited as
 * records: the snapshot stays what the customer agreed to.
 */
export const ordersResource = defineResource({
  path: 'commerce/orders',
  module: 'commerce-orders',
  table: commerceOrders,
  label: { singular: 'Order', plural: 'Orders' },
  operations: noWrites,
  list: {
    search: ['reference', 'email', 'customerName'],
    filters: ['status', 'customerId', 'createdAt', 'total'],
    sort: ['number', 'total', 'status'],
  },
  fields: {
    status: { options: STATUS_COLORS },
    subtotal: ORDER_MONEY,
    discount: ORDER_MONEY,
    shipping: ORDER_MONEY,
    tax: ORDER_MONEY,
    total: ORDER_MONEY,
    refunded: ORDER_MONEY,
    shippingAddress: { widget: 'json' },
    billingAddress: { widget: 'json' },
    taxLines: { widget: 'json' },
    customerId: { label: 'Customer' },
  },
  ui: {
    title: 'reference',
    columns: ['reference', 'createdAt', 'customerName', 'email', 'status', 'total'],
    attention: [
      { label: 'awaiting payment', filter: { status: 'pending_payment' } },
      { label: 'to dispatch', filter: { status: 'paid,processing' } },
    ],
  },
  // Orders come from checkouts (the module's sample data places real ones).
  examples: [],
});
