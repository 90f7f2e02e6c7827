import { allocate, assertMinor, fromMinor, type Minor, mulDivRound, multiplyMinor, sumMinor } from '../../../kernel/money';
import { assertQuantity } from './quantities';
import { assertRate, PPM, type Ppm } from './tax';

export interface CouponRules {
  code: string;
  active: boolean;
  /** Usable from this instant on (inclusive); null = at once. */
  startsAt?: Date | null;
  /** Usable until this instant (exclusive); null = no end. */
  endsAt?: Date | null;
  /** The cart's subtotal (every line, before discounts, in the store's price basis) must reach it. */
  minimumSubtotal?: Minor | null;
  /** Redemptions allowed in all. */
  usageLimit?: number | null;
  /** Redemptions allowed per customer. */
  perCustomerLimit?: number | null;
  /**
   * Restriction: the discount applies to lines whose product is listed or which are in a listed
   * category (either suffices, as WooCommerce does); both empty = every line.
   */
  productIds?: readonly string[];
  categoryIds?: readonly string[];
}

export interface PercentageOff {
  kind: 'percentage';
  /** 100_000 = 10 % off the eligible lines. */
  ratePpm: Ppm;
}

export interface FixedAmountOff {
  kind: 'fixed_amount';
  /** Off the eligible lines, in the store's price basis; capped at their subtotal. */
  amount: Minor;
}

export interface FreeShipping {
  kind: 'free_shipping';
}

export type Coupon = CouponRules & (PercentageOff | FixedAmountOff | FreeShipping);

export type CouponKind = Coupon['kind'];

/** A cart line as a coupon sees it. */
export interface CouponLine {
  productId: string;
  categoryIds: readonly string[];
  unitPrice: Minor;
  quantity: number;
}

export interface CouponCart {
  currency: string;
  lines: readonly CouponLine[];
}

/** Facts from outside the cart. `timesUsedByCustomer` counts the customer's (or the checkout email's) redemptions. */
export interface CouponContext {
  now: Date;
  timesUsed: number;
  timesUsedByCustomer: number;
}

export type CouponRejectionCode =
  | 'inactive'
  | 'not_started'
  | 'expired'
  | 'usage_limit_reached'
  | 'customer_limit_reached'
  | 'no_eligible_products'
  | 'below_minimum';

export interface CouponRejection {
  code: CouponRejectionCode;
  message: string;
}

export type CouponEvaluation =
  | {
      ok: true;
      /** Taken off the lines, in all; equals the sum of `perLine`. */
      discount: Minor;
      /** The share of each cart line, in the cart's order (0 for lines the coupon does not cover). */
      perLine: Minor[];
      freeShipping: boolean;
    }
  | { ok: false; reason: CouponRejection };

/** Unit price × quantity. */
export const lineSubtotal = (line: CouponLine): Minor =>
  multiplyMinor(assertMinor(line.unitPrice, 'unit price'), assertQuantity(line.quantity));

/** Whether the coupon's product/category restriction lets `line` be discounted. */
export function isEligible(coupon: Coupon, line: CouponLine): boolean {
  const products = coupon.productIds ?? [];
  const categories = coupon.categoryIds ?? [];
  if (products.length === 0 && categories.length === 0) return true;
  return products.includes(line.productId) || line.categoryIds.some((id) => categories.includes(id));
}

/**
 * Whether `coupon` applies to `cart` now and what it takes off. The rules are checked in a fixed
 * order (inactive, not started, expired, usage limits, eligible lines, minimum), so the reason given
 * is the first that fails.
 */
export function evaluateCoupon(coupon: Coupon, cart: CouponCart, context: CouponContext): CouponEvaluation {
  const reject = (code: CouponRejectionCode, message: string): CouponEvaluation => ({ ok: false, reason: { code, message } });
  const name = coupon.code;
  const now = context.now.getTime();
  const subtotals = cart.lines.map(lineSubtotal);
  const eligible = cart.lines.map((line) => isEligible(coupon, line));

  if (!coupon.active) return reject('inactive', `Coupon ${name} is not active`);
  if (coupon.startsAt && now < coupon.startsAt.getTime()) {
    return reject('not_started', `Coupon ${name} can be used from ${coupon.startsAt.toISOString()}`);
  }
  if (coupon.endsAt && now >= coupon.endsAt.getTime()) return reject('expired', `Coupon ${name} expired on ${coupon.endsAt.toISOString()}`);
  if (coupon.usageLimit != null && context.timesUsed >= coupon.usageLimit) {
    return reject('usage_limit_reached', `Coupon ${name} has been used as many times as it allows (${coupon.usageLimit})`);
  }
  if (coupon.perCustomerLimit != null && context.timesUsedByCustomer >= coupon.perCustomerLimit) {
    return reject(
      'customer_limit_reached',
      `You have used coupon ${name} as many times as it allows per customer (${coupon.perCustomerLimit})`,
    );
  }
  if (!eligible.includes(true)) {
    return reject(
      'no_eligible_products',
      cart.lines.length === 0 ? `Coupon ${name} needs something in the cart` : `Coupon ${name} does not apply to any product in the cart`,
    );
  }
  const subtotal = sumMinor(subtotals);
  if (coupon.minimumSubtotal != null && subtotal < coupon.minimumSubtotal) {
    const money = (amount: Minor) => `${fromMinor(amount, cart.currency)} ${cart.currency}`;
    return reject(
      'below_minimum',
      `Coupon ${name} needs a subtotal of at least ${money(coupon.minimumSubtotal)} (the cart has ${money(subtotal)})`,
    );
  }

  const eligibleSubtotals = subtotals.map((s, i) => (eligible[i] ? s : 0));
  const eligibleSubtotal = sumMinor(eligibleSubtotals);
  let discount = 0;
  if (coupon.kind === 'percentage') discount = mulDivRound(eligibleSubtotal, assertRate(coupon.ratePpm, 'coupon percentage'), PPM);
  if (coupon.kind === 'fixed_amount') discount = Math.min(assertMinor(coupon.amount, 'coupon amount'), eligibleSubtotal);
  return {
    ok: true,
    discount,
    perLine: allocate(discount, eligibleSubtotals),
    freeShipping: coupon.kind === 'free_shipping',
  };
}
