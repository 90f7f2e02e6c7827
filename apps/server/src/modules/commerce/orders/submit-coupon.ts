import { errors, inTurn } from '../../../kernel/resources';
import { evaluateCoupon } from '../domain';
import type { commerceCarts } from '../tables';
import { loadLines, setCoupon } from './cart';
import { couponContext, couponRules, normaliseCode, requireCoupon } from './coupons';
import { rule, type ShopTx, shopSettings } from './shop';

type CartRow = typeof commerceCarts.$inferSelect;

/**
 * Applies a coupon to a cart, or refuses it with the reason (409 with the rule that failed:
 * expired, usage limit reached, no eligible product, below the minimum…). `null` removes it.
 */
export async function submitCoupon(s: ShopTx, cart: CartRow, code: string | null, email: string | null) {
  if (code === null) return setCoupon(s, cart, null);
  const coupon = await requireCoupon(s, code);
  const [settings, lines] = await inTurn(
    () => shopSettings(s),
    () => loadLines(s, cart.id),
  );
  // The checkout email counts for the per-customer limit when the shopper is not signed in yet.
  const context = await couponContext(s, coupon, email ?? cart.email);
  const evaluation = rule(() =>
    evaluateCoupon(
      couponRules(coupon),
      {
        currency: settings.currency,
        lines: lines.map((l) => ({
          productId: l.productId,
          categoryIds: l.categoryId ? [l.categoryId] : [],
          unitPrice: l.unitPrice,
          quantity: l.quantity,
        })),
      },
      context,
    ),
  );
  if (!evaluation.ok)
    throw errors.conflict(`coupon_${evaluation.reason.code}`, evaluation.reason.message, { couponCode: evaluation.reason.message });
  return setCoupon(s, cart, normaliseCode(code));
}
