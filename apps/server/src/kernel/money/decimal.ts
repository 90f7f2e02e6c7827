import { DomainError } from '../errors/domain-error';

const MAX = BigInt(Number.MAX_SAFE_INTEGER);

/** A bigint that must fit a safe integer. */
export function toSafeNumber(value: bigint): number {
  if (value > MAX || value < -MAX) throw new DomainError('amount_out_of_range', 'The amount is too large to compute exactly');
  return Number(value);
}

/** A decimal's text as written ("3.33") or of a number's shortest exact form (3.33 → "3.33", 1e-7 → "0.0000001…"). */
function decimalText(value: string | number, what: string): string {
  if (typeof value === 'string') return value.trim();
  if (!Number.isFinite(value)) throw new DomainError('invalid_amount', `${value} is not a number`, { field: what });
  const text = String(value);
  return /e/i.test(text) ? value.toFixed(20) : text;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * Exact decimal text ("3.33", 3.33, "8.875") → an integer scaled by 10^digits (333, 88750).
 * Refuses more decimals than `digits` rather than rounding them away.
 */
export function parseScaled(value: string | number, digits: number, what: string): number {
  const text = decimalText(value, what);
  const m = DECIMAL.exec(text);
  if (!m) throw new DomainError('invalid_amount', `"${text}" is not a decimal number`, { field: what });
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) {
    throw new DomainError('invalid_amount', `${text} has more decimals than the ${what} allows (${digits})`, { field: what });
  }
  const scaled = toSafeNumber(BigInt(m[2] + fraction.padEnd(digits, '0')));
  return m[1] && scaled !== 0 ? -scaled : scaled;
}

/**
 * Like `parseScaled`, but decimals past `digits` are rounded, not refused: half-up (halves away from
 * zero) or half-even (to the even neighbour). Exact at any length: the digits are read as a BigInt.
 */
export function roundScaled(value: string | number, digits: number, rounding: 'half-up' | 'half-even', what: string): number {
  const text = decimalText(value, what);
  const m = DECIMAL.exec(text);
  if (!m) throw new DomainError('invalid_amount', `"${text}" is not a decimal number`, { field: what });
  const fraction = m[3] ?? '';
  if (fraction.length <= digits) return parseScaled(text, digits, what);
  const all = BigInt(m[2] + fraction);
  const divisor = 10n ** BigInt(fraction.length - digits);
  let magnitude = all / divisor;
  const twiceRest = (all % divisor) * 2n;
  if (twiceRest > divisor || (twiceRest === divisor && (rounding === 'half-up' || magnitude % 2n === 1n))) magnitude += 1n;
  const scaled = toSafeNumber(magnitude);
  return m[1] && scaled !== 0 ? -scaled : scaled;
}

/** An integer scaled by 10^digits → its decimal text, with all `digits` decimals ("3.30") or trimmed ("3.3"). */
export function formatScaled(scaled: number, digits: number, { trim = false } = {}): string {
  const text = Math.abs(scaled)
    .toString()
    .padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  let fraction = text.slice(text.length - digits);
  if (trim) fraction = fraction.replace(/0+$/, '');
  return (scaled < 0 ? '-' : '') + whole + (fraction ? `.${fraction}` : '');
}
