import { DomainError } from '../errors/domain-error';

/** ISO 4217 minor-unit exponents of the currencies in circulation (fund codes left out). */
const EXPONENT_0 = 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX VND VUV XAF XOF XPF';
const EXPONENT_3 = 'BHD IQD JOD KWD LYD OMR TND';
const EXPONENT_4 = 'CLF UYW';
const EXPONENT_2 =
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF CNY COP ' +
  'CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR ' +
  'JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN ' +
  'NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP ' +
  'SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG';

const EXPONENTS: ReadonlyMap<string, number> = new Map(
  [EXPONENT_0, EXPONENT_2, EXPONENT_3, EXPONENT_4].flatMap((codes, i) => codes.split(' ').map((code) => [code, [0, 2, 3, 4][i]] as const)),
);

export const CURRENCY_CODES: readonly string[] = [...EXPONENTS.keys()].sort();

export const isCurrencyCode = (code: string): boolean => EXPONENTS.has(code);

/** Digits after the decimal point: 2 for EUR, 0 for JPY, 3 for KWD. Throws `unknown_currency` for anything else. */
export function currencyExponent(currency: string): number {
  const exponent = EXPONENTS.get(currency);
  if (exponent === undefined) throw new DomainError('unknown_currency', `${currency} is not an ISO 4217 currency code`, { currency });
  return exponent;
}
