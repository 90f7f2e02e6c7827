/**
 * Money surface: amounts are integers of the currency's minor unit (ISO 4217 digits), never floats.
 * `toMinor`/`fromMinor` convert from/to decimal text exactly; `mulDivRound` multiplies by a rate and
 * rounds (half-up, or half-even when asked); `allocate` splits an amount over lines without losing or
 * inventing a minor unit; `formatMoney` writes an amount for people in a locale. Refusals are
 * `DomainError`s (`invalid_amount`, `amount_out_of_range`, `unknown_currency`, `invalid_allocation`),
 * answered 400 when they reach the error handler.
 */
export { allocate, assertMinor, fromMinor, type Minor, mulDivRound, multiplyMinor, type Rounding, sumMinor, toMinor } from './amounts';
export { CURRENCY_CODES, currencyExponent, isCurrencyCode } from './currencies';
export { formatScaled, parseScaled, roundScaled, toSafeNumber } from './decimal';
export { formatMoney } from './format';
