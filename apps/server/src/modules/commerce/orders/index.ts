import type { ModulePart } from '../../../kernel/resources';
import { adminRoutes } from './admin-routes';
import { ordersCompat } from './compat';
import { expiryJobs, expirySchedules } from './expiry';
import { metricsRoutes } from './metrics';
import { addressesResource } from './resources/addresses';
import { couponsResource } from './resources/coupons';
import { customersResource } from './resources/customers';
import { ordersResource } from './resources/orders';
import { returnsResource } from './resources/returns';
import { reviewsResource } from './resources/reviews';
import { seedOrders } from './seed';
import { storefrontRoutes } from './storefront';

export { markPaid } from './order-actions';

/** The selling half of the shop: customers, carts, checkout, orders, dispatch, coupons, reviews, returns, storefront. */
export const orders: ModulePart = {
  resources: [customersResource, addressesResource, couponsResource, ordersResource, reviewsResource, returnsResource],
  compat: ordersCompat,
  routes: (app) => {
    storefrontRoutes(app);
    adminRoutes(app);
    metricsRoutes(app);
  },
  jobs: expiryJobs,
  schedules: expirySchedules,
  seed: seedOrders,
};
