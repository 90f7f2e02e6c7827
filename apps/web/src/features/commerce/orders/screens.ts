import { type DashboardCard, inSection, type Screen } from '../../../config/screen-types';

const P = '/admin-panel';
const CC = `${P}/controlcenter/e-commerce`;
export const ORDER_PATHS = {
  orders: `${CC}/order-management`,
  returns: `${CC}/order-returns`,
  reviews: `${CC}/review`,
  coupons: `${CC}/coupon-Management`,
  shopping: `${P}/shopping`,
} as const;

const shop = inSection({ group: 'shop', section: 'Selling', modules: ['commerce-orders'] });

/** Shop → selling screens (order-management, order-returns, review, coupon-Management, shopping). */
export const orderScreens: Screen[] = [
  shop({
    path: ORDER_PATHS.orders,
    label: 'Orders',
    description: 'Orders by status; each with its timeline, payment, dispatch and cancellation.',
    keywords: ['sales', 'dispatch', 'shipping', 'fulfilment'],
    resource: 'commerce/orders',
    readOnly: true,
    view: () => import('./order-panel'),
    drawer: 'commerce/orders',
  }),
  shop({
    path: ORDER_PATHS.returns,
    label: 'Returns',
    description: 'Return requests: approve, receive the goods back into stock, refund.',
    keywords: ['rma', 'refunds'],
    resource: 'commerce/returns',
    readOnly: true,
    view: () => import('./return-panel'),
    drawer: 'commerce/returns',
  }),
  shop({
    path: ORDER_PATHS.reviews,
    label: 'Reviews',
    description: 'Product reviews waiting for moderation, and those published.',
    keywords: ['ratings', 'moderation'],
    resource: 'commerce/reviews',
    readOnly: true,
    view: () => import('./review-panel'),
    drawer: 'commerce/reviews',
  }),
  shop({
    path: ORDER_PATHS.coupons,
    label: 'Coupons',
    description: 'Discount codes and their rules: validity, minimum order, usage limits, products.',
    keywords: ['discounts', 'promotions', 'codes'],
    resource: 'commerce/coupons',
    drawer: 'commerce/coupons',
  }),
  shop({
    path: ORDER_PATHS.shopping,
    label: 'Demo shop',
    description: 'Your catalogue as shoppers see it: wish list, cart and checkout through the storefront.',
    keywords: ['storefront', 'preview', 'cart', 'wish list'],
    component: () => import('./shopping-page'),
  }),
];

/** The dashboard's sales numbers: first on the dashboard, full width, its space kept while it loads. */
export const orderCards: DashboardCard[] = [
  {
    key: 'shop-sales',
    modules: ['commerce-orders'],
    component: () => import('./sales-card'),
    placement: 'lead',
    reserve: { base: 1040, sm: 860, md: 600, lg: 470 },
  },
];
