import { DomainError } from './errors';

const MAX = BigInt(Number.MAX_SAFE_INTEGER);

/** A bigint that must fit a safe integer. */
export function toSafeNumber(value: bigint): number {
  if (value > MAX || value < -MAX) throw new DomainError('amount_out_of_range', 'The amount is too large to compute exactly');
  return Number(value);
}

/**
 * Exact decimal text ("3.33", 3.33, "8.875") → an integer scaled by 10^digits (333, 88750).
 * Refuses more decimals than `digits` rather than rounding them away.
 */
export function parseScaled(value: string | number, digits: number, what: string): number {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new DomainError('invalid_amount', `${value} is not a number`, { field: what });
    text = String(value);
    if (/e/i.test(text)) text = value.toFixed(20);
  } else text = value.trim();
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new DomainError('invalid_amount', `"${text}" is not a decimal number`, { field: what });
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) {
    throw new DomainError('invalid_amount', `${text} has more decimals than the ${what} allows (${digits})`, { field: what });
  }
  const scaled = toSafeNumber(BigInt(m[2] + fraction.padEnd(digits, '0')));
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
