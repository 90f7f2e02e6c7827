import { defineModule, joinParts } from '../../kernel/resources';
import { catalogue } from './catalogue';
import { commerceContactSources } from './contact-sources';
import { orders } from './orders';
import { orderPayable } from './orders/payable';

declare module '../../kernel/events' {
  interface DomainEvents {
    /** An order was paid (a verified payment, or an admin's "mark as paid"); amounts in minor units. */
    'commerce.order.paid': { orderId: string; reference: string; total: number; currency: string; source: 'payment' };
  }
}

/**
 * The community's shop: catalogue (categories, tags, attributes, products and their variations),
 * stock, customers, carts, orders and dispatch, coupons, reviews and returns; its back office, the
 * storefront API under /public/<community>/shop and the seeds' shop calls (core /ecom/*, mini-store).
 * The rules (money, tax, coupons, order and return states, stock) are pure functions in domain/;
 * catalogue/ and orders/ each declare their resources, compat lines, routes and sample data.
 */
export const commerceModule = defineModule({
  key: 'commerce',
  label: 'Shop',
  area: 'commerce',
  // Orders are paid through the payments module: its port, and our order in its list of payables.
  requires: ['payments'],
  contributes: { contactSources: commerceContactSources, payables: [orderPayable] },
  permissionModules: [
    { key: 'commerce-catalogue', label: 'Shop catalogue' },
    { key: 'commerce-orders', label: 'Shop orders and customers' },
    { key: 'commerce-settings', label: 'Shop settings' },
  ],
  // Catalogue first: orders point at its records (and its sample data comes first).
  ...joinParts([catalogue, orders]),
});
