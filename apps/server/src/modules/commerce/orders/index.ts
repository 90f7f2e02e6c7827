import type { AppModule } from '../../../kernel/resources';

/** The selling half of the shop: customers, carts, checkout, orders, dispatch, coupons, reviews, returns, storefront. */
export const orders: Pick<AppModule, 'resources' | 'compat' | 'routes' | 'jobs' | 'seed'> = {
  resources: [],
  compat: [],
};
