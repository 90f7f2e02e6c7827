/** The commerce domain: pure rules for money, tax, carts, coupons, orders, stock and returns (no database, no HTTP). */
export * from './cart-totals';
export * from './coupons';
export * from './errors';
export * from './money';
export * from './quantities';
export * from './tax';
