import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sumMinor } from '../src/kernel/money';
import {
  applyStockMove,
  assertStockLevel,
  availableStock,
  type CartInput,
  type CartLine,
  type Coupon,
  type CouponCart,
  type CouponContext,
  checkDispatch,
  checkReturnRequest,
  commitStock,
  computeCartTotals,
  computeRefund,
  DomainError,
  dispatchEvent,
  dispatchProgress,
  evaluateCoupon,
  FIRST_ORDER_NUMBER,
  findTaxRate,
  formatOrderNumber,
  isFinalOrderState,
  ORDER_STATES,
  type OrderEvent,
  type OrderState,
  orderEventsFrom,
  parseOrderNumber,
  percentToPpm,
  ppmToPercent,
  quantitiesInReturns,
  quantitiesRefunded,
  RETURN_STATES,
  type Result,
  type ReturnEvent,
  type ReturnState,
  releaseStock,
  reserveStock,
  restockStock,
  returnEventsFrom,
  type StockLevel,
  setStockOnHand,
  splitTax,
  stockMovesFor,
  type TaxRate,
  transitionOrder,
  transitionReturn,
} from '../src/modules/commerce/domain';

/** The commerce domain's pure rules: worked examples with exact numbers, every refusal, and properties over random inputs. */

/** The code of the DomainError `fn` throws. */
function thrownCode(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    return (err as DomainError).code;
  }
  throw new Error('expected a DomainError, nothing was thrown');
}

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.value;
}

function error<T>(result: Result<T>): DomainError {
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.value)}`);
  return result.error;
}

/**
 * Checks a state machine against its table of legal moves: each listed (state, event) goes where the
 * table says, every other is refused with illegal_transition, and the events offered from a state
 * are the table's. Returns how many pairs were refused.
 */
function expectMachine<S extends string, E extends string>(
  states: readonly S[],
  events: readonly E[],
  legal: Record<S, Partial<Record<E, S>>>,
  transition: (from: S, event: E) => Result<S>,
  eventsFrom: (from: S) => E[],
  alsoRefused?: (err: { code: string; details?: unknown }, from: S, event: E) => void,
) {
  let refused = 0;
  for (const from of states) {
    for (const event of events) {
      const to = legal[from][event];
      const result = transition(from, event);
      if (to) expect(value(result), `${from} + ${event}`).toBe(to);
      else {
        refused++;
        const err = error(result);
        expect(err.code, `${from} + ${event}`).toBe('illegal_transition');
        alsoRefused?.(err, from, event);
      }
    }
    expect(eventsFrom(from)).toEqual(events.filter((e) => legal[from][e]));
  }
  return refused;
}

describe('tax', () => {
  const rates: TaxRate[] = [
    { country: null, taxClass: 'standard', ratePpm: 100_000, name: 'Default 10 %' },
    { country: 'FR', taxClass: 'standard', ratePpm: 200_000, name: 'TVA 20 %' },
    { country: 'FR', taxClass: 'reduced', ratePpm: 55_000, name: 'TVA 5,5 %' },
    { country: 'us', taxClass: 'standard', ratePpm: 40_000, name: 'US 4 %' },
    { country: 'US', state: 'NY', taxClass: 'standard', ratePpm: 88_750, name: 'NYC 8.875 %' },
    { country: 'CA', state: 'QC', taxClass: 'standard', ratePpm: 99_750, name: 'QST' },
  ];

  it('reads and writes percentages as parts per million, exactly', () => {
    expect(percentToPpm('20')).toBe(200_000);
    expect(percentToPpm('8.875')).toBe(88_750);
    expect(percentToPpm(5.5)).toBe(55_000);
    expect(percentToPpm('0')).toBe(0);
    expect(percentToPpm('100')).toBe(1_000_000);
    expect(ppmToPercent(88_750)).toBe('8.875');
    expect(ppmToPercent(200_000)).toBe('20');
    expect(ppmToPercent(99_750)).toBe('9.975');
    expect(thrownCode(() => percentToPpm('8.87501'))).toBe('invalid_amount');
    expect(thrownCode(() => percentToPpm('100.5'))).toBe('invalid_rate');
    expect(thrownCode(() => percentToPpm('-1'))).toBe('invalid_rate');
  });

  it('looks a rate up from the state, then the country, then the default', () => {
    expect(findTaxRate(rates, { country: 'US', state: 'ny' }, 'standard')?.name).toBe('NYC 8.875 %');
    expect(findTaxRate(rates, { country: 'US', state: 'CA' }, 'standard')?.name).toBe('US 4 %');
    expect(findTaxRate(rates, { country: 'US' }, 'standard')?.name).toBe('US 4 %');
    expect(findTaxRate(rates, { country: 'fr', state: null }, 'standard')?.name).toBe('TVA 20 %');
    expect(findTaxRate(rates, { country: 'CA', state: 'ON' }, 'standard')?.name).toBe('Default 10 %');
    expect(findTaxRate(rates, { country: 'DE' }, 'standard')?.name).toBe('Default 10 %');
    expect(findTaxRate(rates, null, 'standard')?.name).toBe('Default 10 %');
    expect(findTaxRate(rates, { country: 'FR' }, 'reduced')?.name).toBe('TVA 5,5 %');
    expect(findTaxRate(rates, { country: 'DE' }, 'reduced')).toBe(null);
    expect(findTaxRate([], { country: 'FR' }, 'standard')).toBe(null);
  });

  it('adds tax to exclusive prices and takes it out of inclusive ones, rounded half-up per amount', () => {
    expect(splitTax(899, 200_000, false)).toEqual({ net: 899, tax: 180, gross: 1079 }); // 179.8
    expect(splitTax(899, 200_000, true)).toEqual({ net: 749, tax: 150, gross: 899 }); // 149.83
    expect(splitTax(25, 100_000, false)).toEqual({ net: 25, tax: 3, gross: 28 }); // 2.5 rounds up
    expect(splitTax(1100, 100_000, true)).toEqual({ net: 1000, tax: 100, gross: 1100 });
    expect(splitTax(10_000, 88_750, false)).toEqual({ net: 10_000, tax: 888, gross: 10_888 }); // 887.5 rounds up
    expect(splitTax(1234, 0, true)).toEqual({ net: 1234, tax: 0, gross: 1234 });
    expect(thrownCode(() => splitTax(-1, 200_000, false))).toBe('invalid_amount');
    expect(thrownCode(() => splitTax(100, 1_000_001, false))).toBe('invalid_rate');
  });

  it('net + tax = gross always, and inclusive and exclusive agree within one minor unit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 1_000_000 }), (amount, rate) => {
        const exclusive = splitTax(amount, rate, false);
        const inclusive = splitTax(exclusive.gross, rate, true);
        expect(exclusive.net + exclusive.tax).toBe(exclusive.gross);
        expect(inclusive.net + inclusive.tax).toBe(inclusive.gross);
        expect(inclusive.tax).toBeGreaterThanOrEqual(0);
        expect(Math.abs(inclusive.tax - exclusive.tax)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('coupons', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  const context: CouponContext = { now, timesUsed: 0, timesUsedByCustomer: 0 };
  const cart: CouponCart = {
    currency: 'EUR',
    lines: [
      { productId: 'shirt', categoryIds: ['clothes'], unitPrice: 1000, quantity: 2 }, // 20.00
      { productId: 'mug', categoryIds: ['kitchen'], unitPrice: 500, quantity: 1 }, // 5.00
      { productId: 'scarf', categoryIds: ['clothes', 'winter'], unitPrice: 500, quantity: 1 }, // 5.00
    ],
  };
  const tenOff: Coupon = { code: 'TEN', kind: 'percentage', ratePpm: 100_000, active: true };

  it('takes a percentage off every line, allocated to the cent', () => {
    expect(evaluateCoupon(tenOff, cart, context)).toEqual({ ok: true, discount: 300, perLine: [200, 50, 50], freeShipping: false });
    const third: Coupon = { ...tenOff, ratePpm: 333_333 };
    const r = evaluateCoupon(third, cart, context);
    expect(r).toEqual({ ok: true, discount: 1000, perLine: [667, 167, 166], freeShipping: false }); // 999.999 → 1000
  });

  it('takes a fixed amount off the eligible lines, never more than they cost', () => {
    const five: Coupon = { code: 'FIVE', kind: 'fixed_amount', amount: 500, active: true, categoryIds: ['clothes'] };
    expect(evaluateCoupon(five, cart, context)).toEqual({ ok: true, discount: 500, perLine: [400, 0, 100], freeShipping: false });
    const huge: Coupon = { ...five, amount: 100_000 };
    expect(evaluateCoupon(huge, cart, context)).toEqual({ ok: true, discount: 2500, perLine: [2000, 0, 500], freeShipping: false });
  });

  it('gives free shipping without touching the lines', () => {
    const ship: Coupon = { code: 'SHIP', kind: 'free_shipping', active: true };
    expect(evaluateCoupon(ship, cart, context)).toEqual({ ok: true, discount: 0, perLine: [0, 0, 0], freeShipping: true });
  });

  it('restricts to products or categories, either one sufficing', () => {
    const mugOrWinter: Coupon = { ...tenOff, productIds: ['mug'], categoryIds: ['winter'] };
    expect(evaluateCoupon(mugOrWinter, cart, context)).toEqual({ ok: true, discount: 100, perLine: [0, 50, 50], freeShipping: false });
    const onlyShirts: Coupon = { ...tenOff, productIds: ['shirt'], categoryIds: [] };
    expect(evaluateCoupon(onlyShirts, cart, context)).toEqual({ ok: true, discount: 200, perLine: [200, 0, 0], freeShipping: false });
  });

  const reason = (coupon: Coupon, c: CouponCart = cart, ctx: CouponContext = context) => {
    const r = evaluateCoupon(coupon, c, ctx);
    if (r.ok) throw new Error(`expected ${coupon.code} to be refused`);
    return r.reason;
  };

  it('refuses with a distinct reason and a message for each rule', () => {
    expect(reason({ ...tenOff, active: false })).toEqual({ code: 'inactive', message: 'Coupon TEN is not active' });
    expect(reason({ ...tenOff, startsAt: new Date('2025-07-01T00:00:00Z') })).toEqual({
      code: 'not_started',
      message: 'Coupon TEN can be used from 2025-07-01T00:00:00.000Z',
    });
    expect(reason({ ...tenOff, endsAt: new Date('2025-06-01T00:00:00Z') })).toEqual({
      code: 'expired',
      message: 'Coupon TEN expired on 2025-06-01T00:00:00.000Z',
    });
    expect(reason({ ...tenOff, usageLimit: 100 }, cart, { ...context, timesUsed: 100 })).toEqual({
      code: 'usage_limit_reached',
      message: 'Coupon TEN has been used as many times as it allows (100)',
    });
    expect(reason({ ...tenOff, perCustomerLimit: 1 }, cart, { ...context, timesUsedByCustomer: 1 })).toEqual({
      code: 'customer_limit_reached',
      message: 'You have used coupon TEN as many times as it allows per customer (1)',
    });
    expect(reason({ ...tenOff, productIds: ['lamp'] })).toEqual({
      code: 'no_eligible_products',
      message: 'Coupon TEN does not apply to any product in the cart',
    });
    expect(reason(tenOff, { currency: 'EUR', lines: [] })).toEqual({
      code: 'no_eligible_products',
      message: 'Coupon TEN needs something in the cart',
    });
    expect(reason({ ...tenOff, minimumSubtotal: 5000 })).toEqual({
      code: 'below_minimum',
      message: 'Coupon TEN needs a subtotal of at least 50.00 EUR (the cart has 30.00 EUR)',
    });
  });

  it('takes the validity window as [startsAt, endsAt) and the limits as counts already used', () => {
    const window: Coupon = { ...tenOff, startsAt: now, endsAt: new Date(now.getTime() + 1) };
    expect(evaluateCoupon(window, cart, context).ok).toBe(true);
    expect(reason(window, cart, { ...context, now: new Date(now.getTime() + 1) }).code).toBe('expired');
    expect(reason(window, cart, { ...context, now: new Date(now.getTime() - 1) }).code).toBe('not_started');
    const limited: Coupon = { ...tenOff, usageLimit: 100, perCustomerLimit: 2 };
    expect(evaluateCoupon(limited, cart, { now, timesUsed: 99, timesUsedByCustomer: 1 }).ok).toBe(true);
    expect(reason(limited, cart, { now, timesUsed: 99, timesUsedByCustomer: 2 }).code).toBe('customer_limit_reached');
    expect(evaluateCoupon({ ...tenOff, minimumSubtotal: 3000 }, cart, context).ok).toBe(true); // exactly the minimum
  });

  it('checks the minimum on the whole cart, not only the eligible lines', () => {
    const mugOnly: Coupon = { ...tenOff, productIds: ['mug'], minimumSubtotal: 3000 };
    expect(evaluateCoupon(mugOnly, cart, context)).toEqual({ ok: true, discount: 50, perLine: [0, 50, 0], freeShipping: false });
  });

  it('gives the first failing rule when several fail', () => {
    const everythingWrong: Coupon = {
      ...tenOff,
      active: false,
      endsAt: new Date('2025-01-01T00:00:00Z'),
      usageLimit: 0,
      productIds: ['lamp'],
      minimumSubtotal: 1e6,
    };
    expect(reason(everythingWrong).code).toBe('inactive');
    expect(reason({ ...everythingWrong, active: true }).code).toBe('expired');
    expect(reason({ ...everythingWrong, active: true, endsAt: null }).code).toBe('usage_limit_reached');
    expect(reason({ ...everythingWrong, active: true, endsAt: null, usageLimit: null }).code).toBe('no_eligible_products');
    expect(reason({ ...everythingWrong, active: true, endsAt: null, usageLimit: null, productIds: [] }).code).toBe('below_minimum');
  });

  const line = fc.record({
    productId: fc.constantFrom('a', 'b', 'c', 'd'),
    categoryIds: fc.subarray(['x', 'y', 'z']),
    unitPrice: fc.integer({ min: 0, max: 1e6 }),
    quantity: fc.integer({ min: 1, max: 50 }),
  });
  const coupon: fc.Arbitrary<Coupon> = fc
    .oneof(
      fc.record({ kind: fc.constant('percentage' as const), ratePpm: fc.integer({ min: 0, max: 1_000_000 }) }),
      fc.record({ kind: fc.constant('fixed_amount' as const), amount: fc.integer({ min: 0, max: 1e8 }) }),
      fc.record({ kind: fc.constant('free_shipping' as const) }),
    )
    .chain((kind) =>
      fc.record({ productIds: fc.subarray(['a', 'b', 'c', 'd']), categoryIds: fc.subarray(['x', 'y', 'z']) }).map((restriction) => ({
        code: 'P',
        active: true,
        ...kind,
        ...restriction,
      })),
    );

  it('the discount is the sum of the line shares, each within its line, none on ineligible lines', () => {
    fc.assert(
      fc.property(coupon, fc.array(line, { maxLength: 12 }), (c, lines) => {
        const r = evaluateCoupon(c, { currency: 'EUR', lines }, context);
        const restricted = (c.productIds?.length ?? 0) + (c.categoryIds?.length ?? 0) > 0;
        const eligible = lines.map(
          (l) => !restricted || c.productIds!.includes(l.productId) || l.categoryIds.some((id) => c.categoryIds!.includes(id)),
        );
        expect(r.ok).toBe(eligible.includes(true));
        if (r.ok) {
          expect(r.perLine).toHaveLength(lines.length);
          expect(sumMinor(r.perLine)).toBe(r.discount);
          const eligibleSubtotal = sumMinor(lines.map((l, i) => (eligible[i] ? l.unitPrice * l.quantity : 0)));
          expect(r.discount).toBeLessThanOrEqual(eligibleSubtotal);
          r.perLine.forEach((share, i) => {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(eligible[i] ? lines[i].unitPrice * lines[i].quantity : 0);
          });
          if (c.kind === 'percentage') expect(r.discount).toBe(Math.round((eligibleSubtotal * c.ratePpm) / 1_000_000));
          if (c.kind === 'fixed_amount') expect(r.discount).toBe(Math.min(c.amount, eligibleSubtotal));
          expect(r.freeShipping).toBe(c.kind === 'free_shipping');
        }
      }),
    );
  });
});

describe('cart totals', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  const vat: TaxRate[] = [
    { country: null, taxClass: 'standard', ratePpm: 200_000, name: 'VAT 20 %' },
    { country: null, taxClass: 'reduced', ratePpm: 55_000, name: 'VAT 5.5 %' },
  ];
  const soap: CartLine = {
    variationId: 'soap-1',
    productId: 'soap',
    categoryIds: ['bath'],
    title: 'Soap',
    unitPrice: 333,
    quantity: 3,
    taxClass: 'standard',
  };
  const tenOff: Coupon = { code: 'TEN', kind: 'percentage', ratePpm: 100_000, active: true };
  const cart = (over: Partial<CartInput> = {}): CartInput => ({
    currency: 'EUR',
    pricesIncludeTax: false,
    lines: [soap],
    taxRates: vat,
    region: { country: 'FR' },
    coupon: { coupon: tenOff, context: { now, timesUsed: 0, timesUsedByCustomer: 0 } },
    ...over,
  });
  /** A cart's four sums, compared at once. */
  const sums = (t: ReturnType<typeof computeCartTotals>) => ({ subtotal: t.subtotal, discount: t.discount, tax: t.tax, total: t.total });

  it('3 × 3.33 EUR, 10 % off, 20 % VAT added to the prices', () => {
    const t = computeCartTotals(cart());
    // 9.99 − 1.00 (0.999 rounded half-up) = 8.99 net; VAT 1.798 → 1.80; 10.79 to pay
    expect(t.lines).toEqual([
      {
        variationId: 'soap-1',
        taxClass: 'standard',
        unitPrice: 333,
        quantity: 3,
        subtotal: 999,
        discount: 100,
        ratePpm: 200_000,
        net: 899,
        tax: 180,
        total: 1079,
      },
    ]);
    expect(sums(t)).toEqual({ subtotal: 999, discount: 100, tax: 180, total: 1079 });
    expect(t.taxLines).toEqual([{ name: 'VAT 20 %', ratePpm: 200_000, net: 899, tax: 180 }]);
    expect(t.coupon).toEqual({ code: 'TEN', applied: true, discount: 100, freeShipping: false });
    expect(t.issues).toEqual([]);
  });

  it('3 × 3.33 EUR, 10 % off, 20 % VAT included in the prices', () => {
    const t = computeCartTotals(cart({ pricesIncludeTax: true }));
    // 8.99 paid, of which VAT 8.99 × 20/120 = 1.498 → 1.50, net 7.49
    expect(t.lines[0]).toMatchObject({ subtotal: 999, discount: 100, net: 749, tax: 150, total: 899 });
    expect(sums(t)).toEqual({ subtotal: 999, discount: 100, tax: 150, total: 899 });
  });

  it('taxes shipping with its class, in the store’s price basis', () => {
    const shipping = { price: 490, taxClass: 'standard' };
    const exclusive = computeCartTotals(cart({ shipping }));
    expect(exclusive.shipping).toEqual({ price: 490, discount: 0, ratePpm: 200_000, net: 490, tax: 98, total: 588 });
    expect({ tax: exclusive.tax, total: exclusive.total }).toEqual({ tax: 278, total: 1667 });
    expect(exclusive.taxLines).toEqual([{ name: 'VAT 20 %', ratePpm: 200_000, net: 1389, tax: 278 }]);
    const inclusive = computeCartTotals(cart({ shipping, pricesIncludeTax: true }));
    expect(inclusive.shipping).toEqual({ price: 490, discount: 0, ratePpm: 200_000, net: 408, tax: 82, total: 490 }); // 81.67
    expect({ tax: inclusive.tax, total: inclusive.total }).toEqual({ tax: 232, total: 1389 });
    const untaxed = computeCartTotals(cart({ shipping: { price: 490, taxClass: null } }));
    expect(untaxed.shipping).toEqual({ price: 490, discount: 0, ratePpm: 0, net: 490, tax: 0, total: 490 });
    expect(untaxed.total).toBe(1569);
  });

  it('a free-shipping coupon zeroes shipping and its tax', () => {
    const free: Coupon = { code: 'SHIP', kind: 'free_shipping', active: true };
    const t = computeCartTotals(
      cart({
        shipping: { price: 490, taxClass: 'standard' },
        coupon: { coupon: free, context: { now, timesUsed: 0, timesUsedByCustomer: 0 } },
      }),
    );
    expect(t.shipping).toEqual({ price: 490, discount: 490, ratePpm: 200_000, net: 0, tax: 0, total: 0 });
    expect(sums(t)).toEqual({ subtotal: 999, discount: 0, tax: 200, total: 1199 });
  });

  it('sums tax per rate over lines of several classes', () => {
    const book: CartLine = {
      variationId: 'book-1',
      productId: 'book',
      categoryIds: ['books'],
      unitPrice: 1999,
      quantity: 1,
      taxClass: 'reduced',
    };
    const t = computeCartTotals(cart({ lines: [soap, book], coupon: null }));
    // soap 9.99 → 2.00 VAT (1.998); book 19.99 → 1.10 VAT (1.09945)
    expect(t.lines.map((l) => l.tax)).toEqual([200, 110]);
    expect(t.taxLines).toEqual([
      { name: 'VAT 20 %', ratePpm: 200_000, net: 999, tax: 200 },
      { name: 'VAT 5.5 %', ratePpm: 55_000, net: 1999, tax: 110 },
    ]);
    expect(sums(t)).toEqual({ subtotal: 2998, discount: 0, tax: 310, total: 3308 });
    expect(t.coupon).toBe(null);
  });

  it('works in the currency’s own minor unit (yen have none)', () => {
    const t = computeCartTotals({
      currency: 'JPY',
      pricesIncludeTax: false,
      lines: [{ ...soap, unitPrice: 333 }],
      taxRates: [{ country: 'JP', taxClass: 'standard', ratePpm: 100_000 }],
      region: { country: 'JP' },
      coupon: { coupon: tenOff, context: { now, timesUsed: 0, timesUsedByCustomer: 0 } },
    });
    // ¥999 − ¥100 = ¥899; 10 % consumption tax 89.9 → ¥90
    expect(sums(t)).toEqual({ subtotal: 999, discount: 100, tax: 90, total: 989 });
  });

  it('leaves a class without a rate untaxed, out of the tax lines', () => {
    const t = computeCartTotals(cart({ lines: [{ ...soap, taxClass: 'exempt' }], coupon: null }));
    expect(t.lines[0]).toMatchObject({ ratePpm: 0, tax: 0, net: 999, total: 999 });
    expect(t.taxLines).toEqual([]);
  });

  it('reports stale, short and unsold lines and keeps them in the totals', () => {
    const lines: CartLine[] = [
      { ...soap, seenUnitPrice: 300 },
      { ...soap, variationId: 'soap-2', title: 'Soap, lavender', available: 0 },
      { ...soap, variationId: 'soap-3', title: 'Soap, rose', available: 2, seenUnitPrice: 333 },
      { ...soap, variationId: 'soap-4', purchasable: false, available: 0, seenUnitPrice: 1 },
      { ...soap, variationId: 'soap-5', available: 3 },
    ];
    const t = computeCartTotals(cart({ lines, coupon: null }));
    expect(t.issues).toEqual([
      {
        code: 'price_changed',
        lineIndex: 0,
        variationId: 'soap-1',
        seenUnitPrice: 300,
        unitPrice: 333,
        message: 'The price of “Soap” changed from 3.00 EUR to 3.33 EUR',
      },
      {
        code: 'out_of_stock',
        lineIndex: 1,
        variationId: 'soap-2',
        requested: 3,
        available: 0,
        message: '“Soap, lavender” is out of stock',
      },
      {
        code: 'insufficient_stock',
        lineIndex: 2,
        variationId: 'soap-3',
        requested: 3,
        available: 2,
        message: 'Only 2 of “Soap, rose” left (the cart has 3)',
      },
      { code: 'unavailable', lineIndex: 3, variationId: 'soap-4', message: '“Soap” is no longer sold' },
    ]);
    expect(t.lines).toHaveLength(5);
    expect(t.subtotal).toBe(5 * 999);
  });

  it('reports a coupon that no longer applies and takes nothing off', () => {
    const expired: Coupon = { ...tenOff, endsAt: new Date('2025-06-01T00:00:00Z') };
    const t = computeCartTotals(cart({ coupon: { coupon: expired, context: { now, timesUsed: 0, timesUsedByCustomer: 0 } } }));
    const reason = { code: 'expired', message: 'Coupon TEN expired on 2025-06-01T00:00:00.000Z' };
    expect(t.coupon).toEqual({ code: 'TEN', applied: false, reason });
    expect(t.issues).toEqual([{ code: 'coupon_not_applicable', couponCode: 'TEN', reason, message: reason.message }]);
    expect({ discount: t.discount, total: t.total }).toEqual({ discount: 0, total: 1199 });
  });

  it('refuses input the edge should have refused', () => {
    expect(thrownCode(() => computeCartTotals(cart({ lines: [{ ...soap, quantity: 0 }] })))).toBe('invalid_quantity');
    expect(thrownCode(() => computeCartTotals(cart({ lines: [{ ...soap, quantity: 1.5 }] })))).toBe('invalid_quantity');
    expect(thrownCode(() => computeCartTotals(cart({ lines: [{ ...soap, unitPrice: 3.33 }] })))).toBe('invalid_amount');
    expect(thrownCode(() => computeCartTotals(cart({ shipping: { price: -1 } })))).toBe('invalid_amount');
    expect(thrownCode(() => computeCartTotals(cart({ currency: 'EURO' })))).toBe('unknown_currency');
  });

  const arbitraryCart: fc.Arbitrary<CartInput> = fc.record({
    currency: fc.constantFrom('EUR', 'JPY', 'KWD'),
    pricesIncludeTax: fc.boolean(),
    lines: fc.array(
      fc.record({
        variationId: fc.string(),
        productId: fc.constantFrom('a', 'b', 'c'),
        categoryIds: fc.subarray(['x', 'y']),
        unitPrice: fc.integer({ min: 0, max: 1e7 }),
        quantity: fc.integer({ min: 1, max: 100 }),
        taxClass: fc.constantFrom('standard', 'reduced', 'zero', 'exempt'),
      }),
      { maxLength: 10 },
    ),
    shipping: fc.record({ price: fc.integer({ min: 0, max: 1e5 }), taxClass: fc.constantFrom('standard', null) }),
    taxRates: fc.constant<TaxRate[]>([
      { country: null, taxClass: 'standard', ratePpm: 200_000 },
      { country: 'US', state: 'NY', taxClass: 'standard', ratePpm: 88_750 },
      { country: null, taxClass: 'reduced', ratePpm: 55_000 },
      { country: null, taxClass: 'zero', ratePpm: 0 },
    ]),
    region: fc.constantFrom(null, { country: 'US', state: 'NY' }, { country: 'FR' }),
    coupon: fc.option(
      fc.record({
        coupon: fc
          .oneof(
            fc.record({ kind: fc.constant('percentage' as const), ratePpm: fc.integer({ min: 0, max: 1_000_000 }) }),
            fc.record({ kind: fc.constant('fixed_amount' as const), amount: fc.integer({ min: 0, max: 1e8 }) }),
            fc.record({ kind: fc.constant('free_shipping' as const) }),
          )
          .map((kind): Coupon => ({ code: 'P', active: true, productIds: ['a', 'b'], ...kind })),
        context: fc.constant({ now, timesUsed: 0, timesUsedByCustomer: 0 }),
      }),
    ),
  });

  it('every total is the sum of its parts, and the parts add up the same way in both price bases', () => {
    fc.assert(
      fc.property(arbitraryCart, (input) => {
        const t = computeCartTotals(input);
        const parts = [...t.lines, t.shipping];
        expect(t.subtotal).toBe(sumMinor(t.lines.map((l) => l.subtotal)));
        expect(t.discount).toBe(sumMinor(t.lines.map((l) => l.discount)));
        expect(t.tax).toBe(sumMinor(parts.map((p) => p.tax)));
        expect(t.total).toBe(sumMinor(parts.map((p) => p.total)));
        expect(sumMinor(t.taxLines.map((l) => l.tax))).toBe(t.tax);
        for (const p of parts) {
          expect(p.net + p.tax).toBe(p.total);
          expect(p.tax).toBeGreaterThanOrEqual(0);
          expect(p.net).toBeGreaterThanOrEqual(0);
        }
        for (const l of t.lines) {
          expect(l.subtotal).toBe(l.unitPrice * l.quantity);
          expect(l.discount).toBeLessThanOrEqual(l.subtotal);
          expect(input.pricesIncludeTax ? l.total : l.net).toBe(l.subtotal - l.discount);
        }
        const shipping = t.shipping.price - t.shipping.discount;
        expect(t.total).toBe(t.subtotal - t.discount + shipping + (input.pricesIncludeTax ? 0 : t.tax));
        expect(t.coupon?.applied ?? false).toBe(input.coupon != null && t.issues.length === 0);
      }),
    );
  });
});

describe('order states', () => {
  const EVENTS: OrderEvent[] = ['pay', 'process', 'some_dispatched', 'all_dispatched', 'none_dispatched', 'deliver', 'cancel', 'refund'];
  /** The legal moves, written out: every other (state, event) pair must be refused. */
  const LEGAL: Record<OrderState, Partial<Record<OrderEvent, OrderState>>> = {
    pending_payment: { pay: 'paid', cancel: 'cancelled' },
    paid: {
      process: 'processing',
      some_dispatched: 'partially_dispatched',
      all_dispatched: 'dispatched',
      cancel: 'cancelled',
      refund: 'refunded',
    },
    processing: { some_dispatched: 'partially_dispatched', all_dispatched: 'dispatched', cancel: 'cancelled', refund: 'refunded' },
    partially_dispatched: {
      some_dispatched: 'partially_dispatched',
      all_dispatched: 'dispatched',
      none_dispatched: 'processing',
      refund: 'refunded',
    },
    dispatched: { some_dispatched: 'partially_dispatched', none_dispatched: 'processing', deliver: 'delivered', refund: 'refunded' },
    delivered: { refund: 'refunded' },
    cancelled: {},
    refunded: {},
  };

  it('allows exactly the moves of the table and refuses the other 44 with illegal_transition', () => {
    const refused = expectMachine(ORDER_STATES, EVENTS, LEGAL, transitionOrder, orderEventsFrom, (err, from, event) =>
      expect(err.details).toMatchObject({ from, event }),
    );
    expect(refused).toBe(44);
  });

  it('names both states in a refusal, and where the event is allowed', () => {
    const err = error(transitionOrder('dispatched', 'cancel'));
    expect(err.message).toBe('An order cannot go from dispatched to cancelled (cancel is allowed from pending payment, paid, processing)');
    expect(err.details).toEqual({ from: 'dispatched', to: 'cancelled', event: 'cancel' });
    expect(error(transitionOrder('pending_payment', 'refund')).message).toBe(
      'An order cannot go from pending payment to refunded (refund is allowed from paid, processing, partially dispatched, dispatched, delivered)',
    );
    expect(thrownCode(() => transitionOrder('paid', 'explode' as OrderEvent))).toBe('illegal_transition');
    expect(thrownCode(() => transitionOrder('paid', 'toString' as OrderEvent))).toBe('illegal_transition');
  });

  it('ends in cancelled and refunded only', () => {
    expect(ORDER_STATES.filter(isFinalOrderState)).toEqual(['cancelled', 'refunded']);
  });

  it('walks a two-parcel order from payment to delivery, a dispatch deleted on the way', () => {
    const lines = [
      { lineId: 'l1', title: 'Mug', quantity: 2, dispatched: 0 },
      { lineId: 'l2', title: 'Plate', quantity: 1, dispatched: 0 },
    ];
    let state: OrderState = 'pending_payment';
    const apply = (event: OrderEvent) => {
      state = value(transitionOrder(state, event));
      return state;
    };
    expect(apply('pay')).toBe('paid');
    expect(apply('process')).toBe('processing');
    expect(dispatchProgress(lines)).toBe('none');
    expect(value(checkDispatch(lines, [{ lineId: 'l1', quantity: 1 }]))).toEqual([{ lineId: 'l1', quantity: 1 }]);
    lines[0].dispatched = 1;
    expect(dispatchProgress(lines)).toBe('partial');
    expect(apply(dispatchEvent(lines))).toBe('partially_dispatched');
    lines[0].dispatched = 0; // the dispatch is deleted
    expect(dispatchEvent(lines)).toBe('none_dispatched');
    expect(apply(dispatchEvent(lines))).toBe('processing');
    lines[0].dispatched = 2;
    expect(apply(dispatchEvent(lines))).toBe('partially_dispatched');
    lines[1].dispatched = 1;
    expect(dispatchProgress(lines)).toBe('full');
    expect(apply(dispatchEvent(lines))).toBe('dispatched');
    expect(apply('deliver')).toBe('delivered');
  });

  it('refuses a dispatch of more than is left to dispatch, naming the line', () => {
    const lines = [
      { lineId: 'l1', title: 'Mug', quantity: 2, dispatched: 1 },
      { lineId: 'l2', quantity: 1, dispatched: 0 },
    ];
    const err = error(
      checkDispatch(lines, [
        { lineId: 'l1', quantity: 1 },
        { lineId: 'l1', quantity: 1 },
      ]),
    );
    expect(err.code).toBe('dispatch_exceeds_ordered');
    expect(err.message).toBe('Line “Mug”: 2 to dispatch, but only 1 of 2 ordered are not dispatched yet');
    expect(err.details).toEqual({ lineId: 'l1', requested: 2, remaining: 1 });
    expect(error(checkDispatch(lines, [{ lineId: 'l2', quantity: 2 }])).message).toBe(
      'Line “l2”: 2 to dispatch, but only 1 of 1 ordered are not dispatched yet',
    );
    expect(error(checkDispatch(lines, [{ lineId: 'l9', quantity: 1 }])).code).toBe('unknown_line');
    expect(error(checkDispatch(lines, [])).code).toBe('empty_request');
    expect(thrownCode(() => checkDispatch(lines, [{ lineId: 'l1', quantity: 0 }]))).toBe('invalid_quantity');
    expect(thrownCode(() => dispatchProgress([{ lineId: 'l1', quantity: 2, dispatched: 3 }]))).toBe('dispatch_exceeds_ordered');
  });
});

describe('order numbers', () => {
  it('formats the per-community sequence and reads back what people type', () => {
    expect(FIRST_ORDER_NUMBER).toBe(1001);
    expect(formatOrderNumber(1001)).toBe('#1001');
    expect(formatOrderNumber(42, 'SO-')).toBe('SO-42');
    expect(thrownCode(() => formatOrderNumber(0))).toBe('invalid_order_number');
    expect(thrownCode(() => formatOrderNumber(1.5))).toBe('invalid_order_number');
    expect(parseOrderNumber('#1001')).toBe(1001);
    expect(parseOrderNumber(' # 1001 ')).toBe(1001);
    expect(parseOrderNumber('1001')).toBe(1001);
    expect(parseOrderNumber('SO-42', 'SO-')).toBe(42);
    expect(parseOrderNumber('#10a1')).toBe(null);
    expect(parseOrderNumber('#0')).toBe(null);
    expect(parseOrderNumber('smith')).toBe(null);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(parseOrderNumber(formatOrderNumber(n))).toBe(n);
      }),
    );
  });
});

describe('stock', () => {
  it('reserves what is available and no more: of two checkouts of the last unit, one wins', () => {
    const last: StockLevel = { onHand: 5, reserved: 4 };
    expect(availableStock(last)).toBe(1);
    const first = value(reserveStock(last, 1));
    expect(first).toEqual({ onHand: 5, reserved: 5 });
    const second = error(reserveStock(first, 1, '“Mug”'));
    expect(second.code).toBe('insufficient_stock');
    expect(second.message).toBe('Only 0 of “Mug” available (1 requested)');
    expect(second.details).toEqual({ requested: 1, available: 0 });
  });

  it('releases and commits reserved units only, restocks any, and never counts below what is reserved', () => {
    const level: StockLevel = { onHand: 10, reserved: 3 };
    expect(value(releaseStock(level, 2))).toEqual({ onHand: 10, reserved: 1 });
    expect(value(commitStock(level, 3))).toEqual({ onHand: 7, reserved: 0 });
    expect(value(restockStock(level, 4))).toEqual({ onHand: 14, reserved: 3 });
    expect(value(setStockOnHand(level, 3))).toEqual({ onHand: 3, reserved: 3 });
    expect(error(releaseStock(level, 4)).code).toBe('not_reserved');
    expect(error(commitStock(level, 4, '“Mug”')).message).toBe('Cannot take 4 of “Mug” out of reservation: only 3 reserved');
    const below = error(setStockOnHand(level, 2));
    expect(below.code).toBe('below_reserved');
    expect(below.message).toBe('Stock on hand cannot go below the 3 units reserved by unpaid orders (got 2)');
    expect(thrownCode(() => reserveStock(level, 0))).toBe('invalid_quantity');
    expect(thrownCode(() => restockStock(level, -1))).toBe('invalid_quantity');
    expect(thrownCode(() => reserveStock({ onHand: 1, reserved: 2 }, 1))).toBe('invalid_quantity');
    expect(thrownCode(() => assertStockLevel({ onHand: 1, reserved: -1 }))).toBe('invalid_quantity');
  });

  it('keeps onHand ≥ reserved ≥ 0 through any sequence of operations, a refused one changing nothing', () => {
    const STOCK_OPS = { reserve: reserveStock, release: releaseStock, commit: commitStock, restock: restockStock, set: setStockOnHand };
    const op = fc.record({
      kind: fc.constantFrom(...(Object.keys(STOCK_OPS) as (keyof typeof STOCK_OPS)[])),
      n: fc.integer({ min: 1, max: 20 }),
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), fc.array(op, { maxLength: 60 }), (start, ops) => {
        let level: StockLevel = { onHand: start, reserved: 0 };
        for (const { kind, n } of ops) {
          const before = level;
          const result = STOCK_OPS[kind](level, n);
          if (result.ok) {
            level = result.value;
          }
          expect(level.reserved).toBeGreaterThanOrEqual(0);
          expect(level.onHand).toBeGreaterThanOrEqual(level.reserved);
          if (!result.ok) expect(level).toBe(before);
        }
      }),
    );
  });

  it('derives the stock moves of an order’s change of state', () => {
    const lines = [
      { variationId: 'mug', quantity: 2, dispatched: 1 },
      { variationId: 'plate', quantity: 1, dispatched: 0 },
    ];
    const fresh = lines.map((l) => ({ ...l, dispatched: 0 }));
    /** The moves of one kind for the mug and the plate lines. */
    const moves = (kind: string, mug: number, plate: number) => [
      { variationId: 'mug', kind, quantity: mug },
      { variationId: 'plate', kind, quantity: plate },
    ];
    expect(stockMovesFor('pending_payment', 'paid', fresh)).toEqual(moves('commit', 2, 1));
    expect(stockMovesFor('pending_payment', 'cancelled', fresh)).toEqual(moves('release', 2, 1));
    expect(stockMovesFor('processing', 'cancelled', fresh)).toEqual(moves('restock', 2, 1));
    expect(stockMovesFor('partially_dispatched', 'refunded', lines)).toEqual(moves('restock', 1, 1));
    const shipped = lines.map((l) => ({ ...l, dispatched: l.quantity }));
    expect(stockMovesFor('delivered', 'refunded', shipped)).toEqual([]);
    expect(stockMovesFor('paid', 'processing', fresh)).toEqual([]);
    expect(stockMovesFor('processing', 'partially_dispatched', lines)).toEqual([]);
    expect(value(applyStockMove({ onHand: 5, reserved: 2 }, { kind: 'commit', quantity: 2 }))).toEqual({ onHand: 3, reserved: 0 });
    expect(value(applyStockMove({ onHand: 5, reserved: 2 }, { kind: 'release', quantity: 2 }))).toEqual({ onHand: 5, reserved: 0 });
    expect(value(applyStockMove({ onHand: 5, reserved: 2 }, { kind: 'restock', quantity: 2 }))).toEqual({ onHand: 7, reserved: 2 });
  });

  it('an order placed, paid and cancelled puts every unit back', () => {
    const order = [{ variationId: 'mug', quantity: 3, dispatched: 0 }];
    let level: StockLevel = { onHand: 10, reserved: 0 };
    level = value(reserveStock(level, 3));
    for (const move of stockMovesFor('pending_payment', 'paid', order)) level = value(applyStockMove(level, move));
    expect(level).toEqual({ onHand: 7, reserved: 0 });
    for (const move of stockMovesFor('paid', 'cancelled', order)) level = value(applyStockMove(level, move));
    expect(level).toEqual({ onHand: 10, reserved: 0 });
  });
});

describe('returns', () => {
  const RETURN_EVENTS: ReturnEvent[] = ['approve', 'reject', 'receive', 'refund'];
  const LEGAL: Record<ReturnState, Partial<Record<ReturnEvent, ReturnState>>> = {
    requested: { approve: 'approved', reject: 'rejected' },
    approved: { reject: 'rejected', receive: 'received' },
    received: { refund: 'refunded' },
    refunded: {},
    rejected: {},
  };

  it('allows exactly requested → approved → received → refunded, and rejected before receipt', () => {
    const refused = expectMachine(RETURN_STATES, RETURN_EVENTS, LEGAL, transitionReturn, returnEventsFrom);
    expect(refused).toBe(15);
    expect(error(transitionReturn('received', 'reject')).message).toBe(
      'A return cannot go from received to rejected (reject is allowed from requested, approved)',
    );
  });

  it('counts what earlier returns claimed (all but rejected) and refunded', () => {
    const returns = [
      { state: 'refunded' as const, lines: [{ lineId: 'l1', quantity: 1 }] },
      {
        state: 'requested' as const,
        lines: [
          { lineId: 'l1', quantity: 1 },
          { lineId: 'l2', quantity: 2 },
        ],
      },
      { state: 'rejected' as const, lines: [{ lineId: 'l2', quantity: 5 }] },
    ];
    expect(Object.fromEntries(quantitiesInReturns(returns))).toEqual({ l1: 2, l2: 2 });
    expect(Object.fromEntries(quantitiesRefunded(returns))).toEqual({ l1: 1 });
  });

  it('accepts a request within what was bought minus what was returned, and names the line it refuses', () => {
    const lines = [
      { lineId: 'l1', title: 'Red T-shirt / M', quantity: 2, returned: 1 },
      { lineId: 'l2', title: 'Mug', quantity: 3, returned: 0 },
    ];
    expect(
      value(
        checkReturnRequest(lines, [
          { lineId: 'l2', quantity: 1 },
          { lineId: 'l1', quantity: 1 },
          { lineId: 'l2', quantity: 2 },
        ]),
      ),
    ).toEqual([
      { lineId: 'l2', quantity: 3 },
      { lineId: 'l1', quantity: 1 },
    ]);
    const err = error(checkReturnRequest(lines, [{ lineId: 'l1', quantity: 3 }]));
    expect(err.code).toBe('return_exceeds_purchased');
    expect(err.message).toBe('Line “Red T-shirt / M”: 3 to return, but only 1 can be (2 bought, 1 already returned)');
    expect(err.details).toEqual({ lineId: 'l1', requested: 3, remaining: 1 });
    expect(error(checkReturnRequest(lines, [{ lineId: 'nope', quantity: 1 }])).message).toBe('The order has no line nope');
    expect(error(checkReturnRequest(lines, [])).code).toBe('empty_request');
  });

  // 3 × 3.33 EUR, 10 % off, 20 % VAT included: 8.99 paid, of which 1.50 VAT; 1.00 discount
  const soap = { lineId: 'l1', title: 'Soap', quantity: 3, refunded: 0, total: 899, tax: 150, discount: 100 };

  it('refunds units at their share of what was paid, with tax and discount, exact to the cent', () => {
    const one = value(computeRefund([soap], [{ lineId: 'l1', quantity: 1 }]));
    // net 7.49 / 3 = 2.4967 → 2.50; VAT 0.50; discount 0.33
    expect(one).toEqual({ lines: [{ lineId: 'l1', quantity: 1, amount: 300, tax: 50, discount: 33 }], amount: 300, tax: 50 });
    const rest = value(computeRefund([{ ...soap, refunded: 1 }], [{ lineId: 'l1', quantity: 2 }]));
    expect(rest).toEqual({ lines: [{ lineId: 'l1', quantity: 2, amount: 599, tax: 100, discount: 67 }], amount: 599, tax: 100 });
    expect(one.amount + rest.amount).toBe(899);
    const all = value(
      computeRefund(
        [soap, { ...soap, lineId: 'l2', quantity: 1, total: 1079, tax: 180, discount: 0 }],
        [
          { lineId: 'l1', quantity: 3 },
          { lineId: 'l2', quantity: 1 },
        ],
      ),
    );
    expect({ amount: all.amount, tax: all.tax }).toEqual({ amount: 1978, tax: 330 });
    const tooMany = error(computeRefund([{ ...soap, refunded: 2 }], [{ lineId: 'l1', quantity: 2 }]));
    expect(tooMany.code).toBe('return_exceeds_purchased');
    expect(tooMany.message).toBe('Line “Soap”: 2 to refund, but only 1 are not refunded yet (3 bought)');
  });

  it('however a line is returned in parts, the refunds add up to exactly what was paid, tax never above amount', () => {
    const line = fc
      .record({
        quantity: fc.integer({ min: 1, max: 40 }),
        total: fc.integer({ min: 0, max: 1e9 }),
        taxFraction: fc.double({ min: 0, max: 0.5, noNaN: true }),
      })
      .chain((l) =>
        fc.record({
          line: fc.constant({ ...l, tax: Math.floor(l.total * l.taxFraction), discount: Math.floor(l.total / 7) }),
          cuts: fc.array(fc.integer({ min: 1, max: l.quantity }), { maxLength: 10 }),
        }),
      );
    fc.assert(
      fc.property(line, ({ line: l, cuts }) => {
        const parts: number[] = [...new Set(cuts)].sort((a, b) => a - b).concat(l.quantity);
        let refunded = 0;
        let amount = 0;
        let tax = 0;
        let discount = 0;
        for (const upTo of parts) {
          if (upTo === refunded) continue;
          const r = value(
            computeRefund(
              [{ lineId: 'l', quantity: l.quantity, refunded, total: l.total, tax: l.tax, discount: l.discount }],
              [{ lineId: 'l', quantity: upTo - refunded }],
            ),
          );
          expect(r.tax).toBeLessThanOrEqual(r.amount);
          expect(r.tax).toBeGreaterThanOrEqual(0);
          amount += r.amount;
          tax += r.tax;
          discount += r.lines[0].discount;
          refunded = upTo;
        }
        expect({ amount, tax, discount }).toEqual({ amount: l.total, tax: l.tax, discount: l.discount });
      }),
    );
  });
});
