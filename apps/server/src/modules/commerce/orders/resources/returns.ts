import { defineResource, noWrites } from '../../../../kernel/resources';
import { SHOP_MONEY } from '../../catalogue/schemas';
import { commerceReturns } from '../../tables';

/** Returns (RMA): requested by customers or for them; moved on by their actions (approve, receive, refund, reject). */
export const returnsResource = defineResource({
  path: 'commerce/returns',
  module: 'commerce-orders',
  table: commerceReturns,
  label: { singular: 'Return', plural: 'Returns' },
  operations: noWrites,
  list: { search: ['reason'], filters: ['status', 'orderId', 'customerId', 'createdAt'] },
  fields: {
    status: {
      options: {
        requested: { color: 'yellow' },
        approved: { color: 'blue' },
        received: { color: 'blue' },
        refunded: { color: 'green' },
        rejected: { color: 'gray' },
      },
    },
    refundAmount: { ...SHOP_MONEY, label: 'Refund' },
    refundTax: { ...SHOP_MONEY, label: 'Tax in refund' },
    lines: { widget: 'json' },
    orderId: { label: 'Order' },
    customerId: { label: 'Customer' },
  },
  ui: {
    title: 'reason',
    columns: ['createdAt', 'orderId', 'customerId', 'status', 'refundAmount'],
    attention: [{ label: 'to handle', filter: { status: 'requested' } }],
  },
  examples: [],
});
