import { CURRENCY_CODES } from '../../../server/src/kernel/money';

/**
 * Standard codes as people read them: countries (ISO 3166-1 alpha-2), currencies (ISO 4217),
 * languages (BCP 47) and time zones (IANA), named by the browser's own data (Intl.DisplayNames,
 * Intl.supportedValuesOf). The currencies offered are the money kernel's (those in circulation, whose
 * minor units it knows: the server refuses others). Fields keep the code; pickers and cells show the name.
 */
export type CodeKind = 'country' | 'currency' | 'language' | 'timezone';

export const CODE_KINDS: readonly CodeKind[] = ['country', 'currency', 'language', 'timezone'];
export const isCodeKind = (kind: string): kind is CodeKind => (CODE_KINDS as readonly string[]).includes(kind);

export interface CodeOption {
  value: string;
  label: string;
}

/** Regions ICU names that are not countries (EU, UN, Eurozone, pseudo-locales, "Unknown Region"…); same as the server's. */
const NOT_COUNTRIES = new Set(['AC', 'CP', 'CQ', 'DG', 'EA', 'EU', 'EZ', 'IC', 'QO', 'TA', 'UN', 'XA', 'XB', 'ZZ']);

const LOCALE = typeof navigator === 'undefined' ? 'en' : navigator.language || 'en';

function displayNames(type: Intl.DisplayNamesType): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([LOCALE, 'en'], { type, fallback: 'none' });
  } catch {
    return null;
  }
}

const letters = (n: number): string[] => {
  const out: string[] = [];
  for (let a = 0; a < 26; a++) {
    const first = String.fromCharCode(97 + a);
    if (n === 1) out.push(first);
    else for (let b = 0; b < 26; b++) out.push(first + String.fromCharCode(97 + b));
  }
  return out;
};

const supported = (key: 'timeZone'): string[] => {
  try {
    return Intl.supportedValuesOf(key);
  } catch {
    return [];
  }
};

/** The name of one code ("India", "Indian Rupee", "Hindi", "Asia/Kolkata (GMT+5:30)"); the code itself when unknown. */
export function codeName(kind: CodeKind, code: string): string {
  if (!code) return '';
  if (kind === 'timezone') return timeZoneLabel(code);
  const names = displayNames(kind === 'country' ? 'region' : kind);
  try {
    return names?.of(kind === 'country' || kind === 'currency' ? code.toUpperCase() : code) ?? code;
  } catch {
    return code;
  }
}

function timeZoneLabel(zone: string): string {
  try {
    const offset = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName')?.value;
    return `${zone.replace(/_/g, ' ')}${offset ? ` (${offset})` : ''}`;
  } catch {
    return zone;
  }
}

function countries(): string[] {
  const names = displayNames('region');
  if (!names) return [];
  const out: string[] = [];
  for (const pair of letters(2)) {
    const code = pair.toUpperCase();
    if (NOT_COUNTRIES.has(code) || !names.of(code)) continue;
    // A withdrawn alias (UK, BU, ZR…) canonicalises to its successor: keep only current codes.
    if (new Intl.Locale('und', { region: code }).region === code) out.push(code);
  }
  return out;
}

function languages(): string[] {
  const names = displayNames('language');
  if (!names) return [];
  return letters(2).filter((code) => {
    const name = names.of(code);
    return Boolean(name) && name !== code;
  });
}

const cache = new Map<CodeKind, CodeOption[]>();

/** Every code of a kind with its name, sorted by name (computed once per kind). */
export function codeOptions(kind: CodeKind): CodeOption[] {
  let list = cache.get(kind);
  if (!list) {
    const codes =
      kind === 'country'
        ? countries()
        : kind === 'currency'
          ? [...CURRENCY_CODES]
          : kind === 'language'
            ? languages()
            : supported('timeZone');
    list = codes
      .map((value) => ({ value, label: kind === 'timezone' ? codeName(kind, value) : `${codeName(kind, value)} (${value})` }))
      .sort((x, y) => x.label.localeCompare(y.label));
    cache.set(kind, list);
  }
  return list;
}

/** The options, with a stored code the list lacks (a regional language such as fr-CA, an old zone) kept as one. */
export function codeOptionsWith(kind: CodeKind, value: string | null | undefined): CodeOption[] {
  const list = codeOptions(kind);
  if (!value || list.some((o) => o.value === value)) return list;
  const name = codeName(kind, value);
  return [{ value, label: name === value ? value : `${name} (${value})` }, ...list];
}

/** A code as the form stores it: countries and currencies in capitals. */
export const normaliseCode = (kind: CodeKind, value: string): string =>
  kind === 'country' || kind === 'currency' ? value.toUpperCase() : value;
