import { assertMinor, currencyExponent, fromMinor, type Minor, sumMinor } from '../../../kernel/money';
import { type Coupon, type CouponContext, type CouponLine, type CouponRejection, evaluateCoupon, lineSubtotal } from './coupons';
import { assertQuantity, lineName } from './quantities';
import { findTaxRate, type Ppm, splitTax, type TaxRate, type TaxRegion } from './tax';

export interface CartLine extends CouponLine {
  variationId: string;
  /** Product and variation title, for messages. */
  title?: string;
  taxClass: string;
  /** The catalogue's current price is `unitPrice`; this is the one the shopper was last shown. */
  seenUnitPrice?: Minor | null;
  /** Units that can be sold now (on hand − reserved); null or absent = stock not tracked. */
  available?: number | null;
  /** False once the product is no longer sold (archived, back to draft, variation deleted). */
  purchasable?: boolean;
}

export interface CartInput {
  currency: string;
  /** The store's setting: catalogue (and shipping) prices include tax, or tax is added to them. */
  pricesIncludeTax: boolean;
  lines: readonly CartLine[];
  /** The chosen shipping, priced like the catalogue; `taxClass` null = shipping is not taxed. */
  shipping?: { price: Minor; taxClass?: string | null } | null;
  taxRates: readonly TaxRate[];
  /** Where the order goes; null = only the store's default rates apply. */
  region: TaxRegion | null;
  coupon?: { coupon: Coupon; context: CouponContext } | null;
}

/** Amounts of one line or of shipping. `net + tax = total`; `subtotal − discount` is the net or the total, as prices are. */
interface Taxed {
  discount: Minor;
  /** The applied rate; 0 when no rate matched. */
  ratePpm: Ppm;
  net: Minor;
  tax: Minor;
  /** What the customer pays for it. */
  total: Minor;
}

export interface LineTotals extends Taxed {
  variationId: string;
  taxClass: string;
  unitPrice: Minor;
  quantity: number;
  /** unitPrice × quantity, before the discount. */
  subtotal: Minor;
}

export interface ShippingTotals extends Taxed {
  price: Minor;
}

/** Tax by rate, for invoices: one entry per applied rate (0 % rates included, unmatched classes not). */
export interface TaxLine {
  name: string | null;
  ratePpm: Ppm;
  net: Minor;
  tax: Minor;
}

interface LineIssue {
  lineIndex: number;
  variationId: string;
  message: string;
}

/** Something the shopper must see before checkout; checkout refuses a cart with any. */
export type CartIssue =
  | (LineIssue & { code: 'unavailable' })
  | (LineIssue & { code: 'out_of_stock' | 'insufficient_stock'; requested: number; available: number })
  | (LineIssue & { code: 'price_changed'; seenUnitPrice: Minor; unitPrice: Minor })
  | { code: 'coupon_not_applicable'; couponCode: string; reason: CouponRejection; message: string };

export type AppliedCoupon =
  | { code: string; applied: true; discount: Minor; freeShipping: boolean }
  | { code: string; applied: false; reason: CouponRejection };

export interface CartTotals {
  currency: string;
  pricesIncludeTax: boolean;
  lines: LineTotals[];
  shipping: ShippingTotals;
  /** Σ line subtotals. */
  subtotal: Minor;
  /** Σ line discounts (a free-shipping discount is in `shipping.discount`). */
  discount: Minor;
  /** Σ line taxes + shipping tax. */
  tax: Minor;
  /** Σ line totals + shipping total: what the customer pays. */
  total: Minor;
  taxLines: TaxLine[];
  coupon: AppliedCoupon | null;
  issues: CartIssue[];
}

function lineIssues(line: CartLine, lineIndex: number, currency: string): CartIssue[] {
  const at = { lineIndex, variationId: line.variationId };
  const name = lineName({ lineId: line.variationId, title: line.title });
  if (line.purchasable === false) return [{ ...at, code: 'unavailable', message: `${name} is no longer sold` }];
  const issues: CartIssue[] = [];
  if (line.available != null && line.available < line.quantity) {
    const available = Math.max(0, line.available);
    issues.push(
      available === 0
        ? { ...at, code: 'out_of_stock', requested: line.quantity, available, message: `${name} is out of stock` }
        : {
            ...at,
            code: 'insufficient_stock',
            requested: line.quantity,
            available,
            message: `Only ${available} of ${name} left (the cart has ${line.quantity})`,
          },
    );
  }
  if (line.seenUnitPrice != null && line.seenUnitPrice !== line.unitPrice) {
    const money = (amount: Minor) => `${fromMinor(amount, currency)} ${currency}`;
    issues.push({
      ...at,
      code: 'price_changed',
      seenUnitPrice: line.seenUnitPrice,
      unitPrice: line.unitPrice,
      message: `The price of ${name} changed from ${money(line.seenUnitPrice)} to ${money(line.unitPrice)}`,
    });
  }
  return issues;
}

function taxLines(entries: readonly { rate: TaxRate | null; split: { net: Minor; tax: Minor } }[]): TaxLine[] {
  const byRate = new Map<string, TaxLine>();
  for (const { rate, split } of entries) {
    if (!rate) continue;
    const key = `${rate.ratePpm}\u0000${rate.name ?? ''}`;
    const line = byRate.get(key) ?? { name: rate.name ?? null, ratePpm: rate.ratePpm, net: 0, tax: 0 };
    line.net = sumMinor([line.net, split.net]);
    line.tax = sumMinor([line.tax, split.tax]);
    byRate.set(key, line);
  }
  return [...byRate.values()];
}

/**
 * The cart's amounts, all recomputed from the inputs: each line's subtotal, its share of the coupon's
 * discount, its tax (on the discounted amount, rounded per line) and total; shipping likewise; and
 * the sums. Lines are never dropped: an unavailable, short or repriced line stays in the totals and
 * is reported in `issues`, as is a coupon that no longer applies (which then takes nothing off).
 */
export function computeCartTotals(input: CartInput): CartTotals {
  const { currency, pricesIncludeTax, lines, taxRates, region } = input;
  currencyExponent(currency);
  for (const line of lines) {
    assertMinor(line.unitPrice, 'unit price');
    assertQuantity(line.quantity);
  }
  const evaluation = input.coupon ? evaluateCoupon(input.coupon.coupon, { currency, lines }, input.coupon.context) : null;
  const applied = evaluation?.ok ? evaluation : null;

  const taxed = (amount: Minor, discount: Minor, taxClass: string | null) => {
    const rate = taxClass === null ? null : findTaxRate(taxRates, region, taxClass);
    const split = splitTax(amount - discount, rate?.ratePpm ?? 0, pricesIncludeTax);
    return { rate, split, taxed: { discount, ratePpm: rate?.ratePpm ?? 0, net: split.net, tax: split.tax, total: split.gross } };
  };

  const lineParts = lines.map((line, i) => {
    const subtotal = lineSubtotal(line);
    const part = taxed(subtotal, applied?.perLine[i] ?? 0, line.taxClass);
    const totals: LineTotals = {
      variationId: line.variationId,
      taxClass: line.taxClass,
      unitPrice: line.unitPrice,
      quantity: line.quantity,
      subtotal,
      ...part.taxed,
    };
    return { ...part, totals };
  });
  const price = assertMinor(input.shipping?.price ?? 0, 'shipping price');
  const shippingPart = taxed(price, applied?.freeShipping ? price : 0, input.shipping?.taxClass ?? null);
  const shipping: ShippingTotals = { price, ...shippingPart.taxed };
  const lineTotals = lineParts.map((p) => p.totals);

  const issues = lines.flatMap((line, i) => lineIssues(line, i, currency));
  let coupon: AppliedCoupon | null = null;
  if (input.coupon && evaluation) {
    const code = input.coupon.coupon.code;
    if (evaluation.ok) coupon = { code, applied: true, discount: evaluation.discount, freeShipping: evaluation.freeShipping };
    else {
      coupon = { code, applied: false, reason: evaluation.reason };
      issues.push({ code: 'coupon_not_applicable', couponCode: code, reason: evaluation.reason, message: evaluation.reason.message });
    }
  }

  return {
    currency,
    pricesIncludeTax,
    lines: lineTotals,
    shipping,
    subtotal: sumMinor(lineTotals.map((l) => l.subtotal)),
    discount: sumMinor(lineTotals.map((l) => l.discount)),
    tax: sumMinor([...lineTotals.map((l) => l.tax), shipping.tax]),
    total: sumMinor([...lineTotals.map((l) => l.total), shipping.total]),
    taxLines: taxLines([...lineParts, shippingPart]),
    coupon,
    issues,
  };
}
