import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocate,
  currencyExponent,
  DomainError,
  findTaxRate,
  fromMinor,
  isCurrencyCode,
  mulDivRound,
  percentToPpm,
  ppmToPercent,
  splitTax,
  sumMinor,
  type TaxRate,
  toMinor,
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

  it('rounds halves away from zero (commercial rounding), not to even', () => {
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
