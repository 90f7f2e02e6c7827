import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../src/kernel/errors';
import { toErrorResponse } from '../src/kernel/errors/error-handler';
import { allocate, currencyExponent, formatMoney, fromMinor, isCurrencyCode, mulDivRound, sumMinor, toMinor } from '../src/kernel/money';

/** The kernel's money: ISO 4217 digits, exact conversion, rounding, allocation, formatting (commerce, payments and billing use it). */

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

describe('money', () => {
  it('knows the ISO 4217 minor units of currencies', () => {
    expect([currencyExponent('EUR'), currencyExponent('USD'), currencyExponent('INR')]).toEqual([2, 2, 2]);
    expect([currencyExponent('JPY'), currencyExponent('KRW'), currencyExponent('CLP')]).toEqual([0, 0, 0]);
    expect([currencyExponent('KWD'), currencyExponent('BHD'), currencyExponent('OMR')]).toEqual([3, 3, 3]);
    expect(currencyExponent('CLF')).toBe(4);
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('eur')).toBe(false);
    expect(thrownCode(() => currencyExponent('XYZ'))).toBe('unknown_currency');
  });

  it('reads decimals into minor units exactly, and refuses more decimals than the currency has', () => {
    expect(toMinor('3.33', 'EUR')).toBe(333);
    expect(toMinor(3.33, 'EUR')).toBe(333);
    expect(toMinor(' 0.1 ', 'EUR')).toBe(10);
    expect(toMinor('19.90', 'EUR')).toBe(1990);
    expect(toMinor('1.230', 'EUR')).toBe(123);
    expect(toMinor('-0.05', 'EUR')).toBe(-5);
    expect(toMinor('-0', 'EUR')).toBe(0);
    expect(toMinor(1000, 'JPY')).toBe(1000);
    expect(toMinor('1.234', 'KWD')).toBe(1234);
    expect(thrownCode(() => toMinor('1.5', 'JPY'))).toBe('invalid_amount');
    expect(thrownCode(() => toMinor('3.333', 'EUR'))).toBe('invalid_amount');
    expect(thrownCode(() => toMinor(0.1 + 0.2, 'EUR'))).toBe('invalid_amount');
    expect(thrownCode(() => toMinor(1e-7, 'EUR'))).toBe('invalid_amount');
    expect(thrownCode(() => toMinor('12,50', 'EUR'))).toBe('invalid_amount');
    expect(thrownCode(() => toMinor(Number.NaN, 'EUR'))).toBe('invalid_amount');
    expect(thrownCode(() => toMinor('100000000000000000', 'EUR'))).toBe('amount_out_of_range');
    expect(() => toMinor('1.234', 'EUR')).toThrow('1.234 has more decimals than the EUR amount allows (2)');
  });

  it('writes minor units as plain decimals', () => {
    expect(fromMinor(333, 'EUR')).toBe('3.33');
    expect(fromMinor(5, 'EUR')).toBe('0.05');
    expect(fromMinor(-5, 'EUR')).toBe('-0.05');
    expect(fromMinor(0, 'EUR')).toBe('0.00');
    expect(fromMinor(1000, 'JPY')).toBe('1000');
    expect(fromMinor(1250, 'KWD')).toBe('1.250');
    expect(thrownCode(() => fromMinor(1.5, 'EUR'))).toBe('invalid_amount');
  });

  it('round-trips every amount in every exponent', () => {
    fc.assert(
      fc.property(fc.constantFrom('EUR', 'JPY', 'KWD', 'CLF'), fc.integer({ min: -1e12, max: 1e12 }), (currency, minor) => {
        expect(toMinor(fromMinor(minor, currency), currency)).toBe(minor);
      }),
    );
  });

  it('rounds halves away from zero (commercial rounding) by default, not to even', () => {
    expect(mulDivRound(5, 1, 10)).toBe(1); // 0.5
    expect(mulDivRound(15, 1, 10)).toBe(2); // 1.5
    expect(mulDivRound(25, 1, 10)).toBe(3); // 2.5: banker's rounding would give 2
    expect(mulDivRound(-25, 1, 10)).toBe(-3);
    expect(mulDivRound(24, 1, 10)).toBe(2);
    expect(mulDivRound(26, 1, 10)).toBe(3);
    expect(mulDivRound(999, 100_000, 1_000_000)).toBe(100); // 10 % of 9.99 = 0.999
    expect(mulDivRound(Number.MAX_SAFE_INTEGER, 3, 3)).toBe(Number.MAX_SAFE_INTEGER); // exact past 2^53 in between
    expect(thrownCode(() => mulDivRound(Number.MAX_SAFE_INTEGER, 2, 1))).toBe('amount_out_of_range');
    expect(thrownCode(() => mulDivRound(1, 1, 0))).toBe('invalid_amount');
    expect(thrownCode(() => mulDivRound(1.5, 1, 1))).toBe('invalid_amount');
  });

  it('rounds to the nearest integer, within half a unit of the exact quotient', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 1, max: 1e6 }), (a, b, c) => {
        const r = mulDivRound(a, b, c);
        const exact = BigInt(a) * BigInt(b) * 2n; // 2·a·b, compared with 2·r·c to stay in integers
        const diff = exact - BigInt(r) * 2n * BigInt(c);
        expect(diff <= BigInt(c) && diff >= -BigInt(c)).toBe(true);
        if (diff === BigInt(c)) expect(r).toBeLessThan(0); // a positive half rounds up, so only a negative one lands here
        if (diff === -BigInt(c)) expect(r).toBeGreaterThan(0);
      }),
    );
  });

  it('adds amounts exactly and refuses sums past 2^53', () => {
    expect(sumMinor([])).toBe(0);
    expect(sumMinor([333, -33, 700])).toBe(1000);
    expect(thrownCode(() => sumMinor([Number.MAX_SAFE_INTEGER, 1]))).toBe('amount_out_of_range');
  });

  it('allocates by largest remainder, ties to the earlier part', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocate(100, [0, 1])).toEqual([0, 100]);
    expect(allocate(10, [333, 333, 334])).toEqual([3, 3, 4]);
    expect(allocate(7, [10, 20, 30, 40])).toEqual([1, 1, 2, 3]); // 0.7, 1.4, 2.1, 2.8: the units left go to .8 then .7
    expect(allocate(0, [0, 0])).toEqual([0, 0]);
    expect(allocate(0, [])).toEqual([]);
    expect(thrownCode(() => allocate(5, [0, 0]))).toBe('invalid_allocation');
    expect(thrownCode(() => allocate(5, []))).toBe('invalid_allocation');
    expect(thrownCode(() => allocate(5, [1, -1, 3]))).toBe('invalid_amount');
  });

  it('allocations always add up to the whole, each within one unit of its exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.array(fc.integer({ min: 0, max: 1e7 }), { minLength: 1, maxLength: 30 }).filter((w) => w.some((x) => x > 0)),
        (total, weights) => {
          const parts = allocate(total, weights);
          expect(parts).toHaveLength(weights.length);
          expect(sumMinor(parts)).toBe(total);
          const weightSum = weights.reduce((s, w) => s + w, 0);
          parts.forEach((part, i) => {
            expect(Math.abs(part - (total * weights[i]) / weightSum)).toBeLessThan(1 + 1e-6);
            if (weights[i] === 0) expect(part).toBe(0);
          });
        },
      ),
    );
  });

  it('never gives a part more than its weight when the whole is no more than the weights', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1e6 }), { minLength: 1, maxLength: 20 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, f) => {
          const total = Math.floor(weights.reduce((s, w) => s + w, 0) * f);
          allocate(total, weights).forEach((part, i) => {
            expect(part).toBeGreaterThanOrEqual(0);
            expect(part).toBeLessThanOrEqual(weights[i]);
          });
        },
      ),
    );
  });
});

describe('money: rounding modes, rounding conversion, formatting, errors at the edge', () => {
  it("rounds halves to the even neighbour when asked (banker's rounding), the rest to the nearest", () => {
    expect([5, 15, 25, 35, -25, -35].map((v) => mulDivRound(v, 1, 10, 'half-even'))).toEqual([0, 2, 2, 4, -2, -4]);
    expect([24, 26, -26].map((v) => mulDivRound(v, 1, 10, 'half-even'))).toEqual([2, 3, -3]);
    expect(mulDivRound(25, 1, 10, 'half-up')).toBe(3);
  });

  it('half-even and half-up differ only on exact halves, and by one unit', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 1, max: 1e6 }), (a, c) => {
        const up = mulDivRound(a, 1, c, 'half-up');
        const even = mulDivRound(a, 1, c, 'half-even');
        if ((BigInt(Math.abs(a)) * 2n) % BigInt(c) === 0n && ((BigInt(Math.abs(a)) * 2n) / BigInt(c)) % 2n === 1n) {
          expect(Math.abs(up - even)).toBeLessThanOrEqual(1);
          expect(Math.abs(even) % 2).toBe(0);
        } else expect(even).toBe(up);
      }),
    );
  });

  it('rounds extra decimals into minor units only when told how', () => {
    expect(toMinor('3.335', 'EUR', { rounding: 'half-up' })).toBe(334);
    expect(toMinor('3.345', 'EUR', { rounding: 'half-even' })).toBe(334);
    expect(toMinor('3.355', 'EUR', { rounding: 'half-even' })).toBe(336);
    expect(toMinor(-0.125, 'EUR', { rounding: 'half-even' })).toBe(-12);
    expect(toMinor(-0.125, 'EUR', { rounding: 'half-up' })).toBe(-13);
    expect(toMinor('1.5', 'JPY', { rounding: 'half-up' })).toBe(2);
    expect(toMinor('12', 'KWD', { rounding: 'half-up' })).toBe(12_000);
    expect(toMinor(0.1 + 0.2, 'EUR', { rounding: 'half-even' })).toBe(30);
    expect(toMinor(1.005, 'EUR', { rounding: 'half-up' })).toBe(101); // its shortest decimal form is 1.005
    expect(toMinor('2.00500000000000000000001', 'EUR', { rounding: 'half-even' })).toBe(201); // past the half, however far
    expect(thrownCode(() => toMinor('100000000000000000.5', 'EUR', { rounding: 'half-up' }))).toBe('amount_out_of_range');
    expect(thrownCode(() => toMinor('3.335', 'EUR'))).toBe('invalid_amount');
    expect(thrownCode(() => toMinor('abc', 'EUR', { rounding: 'half-up' }))).toBe('invalid_amount');
  });

  it("formats amounts for people with the currency's digits, in a locale", () => {
    expect(formatMoney(123456, 'EUR')).toBe('€1,234.56');
    expect(formatMoney(123456, 'EUR', 'de-DE')).toBe('1.234,56\u00a0€');
    expect(formatMoney(149900, 'INR', 'en-IN')).toBe('₹1,499.00');
    expect(formatMoney(1000, 'JPY')).toBe('¥1,000');
    expect(formatMoney(1250, 'KWD')).toBe('KWD\u00a01.250');
    expect(formatMoney(-5, 'USD')).toBe('-$0.05');
    // Past 2^53 / 100 a float would lose cents; the amount reaches Intl as decimal text.
    expect(formatMoney(9_007_199_254_740_991, 'USD')).toBe('$90,071,992,547,409.91');
    expect(thrownCode(() => formatMoney(100, 'XYZ'))).toBe('unknown_currency');
    expect(thrownCode(() => formatMoney(1.5, 'EUR'))).toBe('invalid_amount');
  });

  it('is a DomainError, answered 400 with its code and details by the error handler', () => {
    let thrown: unknown;
    try {
      toMinor('1.234', 'EUR');
    } catch (err) {
      thrown = err;
    }
    expect(toErrorResponse(thrown)).toEqual({
      status: 400,
      body: {
        error: {
          code: 'invalid_amount',
          message: '1.234 has more decimals than the EUR amount allows (2)',
          fields: { field: 'EUR amount' },
        },
      },
    });
  });
});
