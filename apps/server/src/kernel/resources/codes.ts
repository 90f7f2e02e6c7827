import { isCurrencyCode as isMoneyCurrency } from '../money';
import type { Widget } from './widgets';

/**
 * Standard codes a field can hold (widgets `country`, `currency`, `language`, `timezone`): checked
 * with the runtime's own ICU data (Intl), no code lists of our own. The console shows the same
 * codes as searchable pickers with names (apps/web/src/kit/codes.ts).
 */
export const CODE_WIDGETS = ['country', 'currency', 'language', 'timezone'] as const;
export type CodeWidget = (typeof CODE_WIDGETS)[number];

export const isCodeWidget = (widget: Widget | undefined): widget is CodeWidget => CODE_WIDGETS.includes(widget as CodeWidget);

/** Regions ICU names that are not countries (EU, UN, Eurozone, pseudo-locales, "Unknown Region"…). */
const NOT_COUNTRIES = new Set(['AC', 'CP', 'CQ', 'DG', 'EA', 'EU', 'EZ', 'IC', 'QO', 'TA', 'UN', 'XA', 'XB', 'ZZ']);

let regions: Intl.DisplayNames | undefined;
let zones: Set<string> | undefined;

/** ISO 3166-1 alpha-2 (any case: resources store it upper case): a current code ICU names (not a withdrawn alias such as UK or BU). */
export function isCountryCode(given: string): boolean {
  const code = given.toUpperCase();
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return false;
  regions ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  return Boolean(regions.of(code)) && new Intl.Locale('und', { region: code }).region === code;
}

/**
 * ISO 4217, among the currencies in circulation that the money kernel can hold (kernel/money: it knows
 * each one's minor unit; ICU also names withdrawn ones such as DEM that no amount could be kept in).
 */
export function isCurrencyCode(code: string): boolean {
  return isMoneyCurrency(code.toUpperCase());
}

/** A BCP 47 language tag (`en`, `en-IN`, `pt-BR`): well formed, canonical but for letter case. */
export function isLanguageCode(code: string): boolean {
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(code)) return false;
  try {
    return Intl.getCanonicalLocales(code)[0].toLowerCase() === code.toLowerCase();
  } catch {
    return false;
  }
}

/** An IANA time zone ICU knows (Europe/Paris, Asia/Kolkata and its older alias Asia/Calcutta, UTC). */
export function isTimeZone(code: string): boolean {
  zones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  if (zones.has(code)) return true;
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(code)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: code });
    return true;
  } catch {
    return false;
  }
}

/** Each code widget's check, and what a refusal says. */
export const CODE_CHECKS: Record<CodeWidget, { valid: (code: string) => boolean; message: string }> = {
  country: { valid: isCountryCode, message: 'Choose a country (a two-letter code such as IN or US)' },
  currency: { valid: isCurrencyCode, message: 'Choose a currency (a three-letter code such as INR or EUR)' },
  language: { valid: isLanguageCode, message: 'Choose a language (a code such as en or en-IN)' },
  timezone: { valid: isTimeZone, message: 'Choose a time zone (such as Asia/Kolkata)' },
};
