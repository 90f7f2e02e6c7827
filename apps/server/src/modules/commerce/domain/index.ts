/** The commerce domain: pure rules for money, tax, carts, coupons, orders, stock and returns (no database, no HTTP). */

export * from '../../../kernel/money';
export * from './cart-totals';
export * from './coupons';
export * from './errors';
export * from './order-number';
export * from './order-states';
export * from './quantities';
export * from './returns';
export type { TransitionTable } from './state-machine';
export * from './stock';
export * from './tax';
