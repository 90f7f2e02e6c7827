import { DomainError } from './errors';

/** The first number of a community's order sequence (the SQL sequence starts here). */
export const FIRST_ORDER_NUMBER = 1001;

/** 1001 → "#1001". */
export function formatOrderNumber(sequence: number, prefix = '#'): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) {
    throw new DomainError('invalid_order_number', `An order number is a whole number of 1 or more (got ${sequence})`);
  }
  return `${prefix}${sequence}`;
}

/** What people type to find an order ("#1001", "1001", " # 1001 ") → 1001; null when it is not an order number. */
export function parseOrderNumber(text: string, prefix = '#'): number | null {
  let rest = text.trim();
  if (prefix && rest.startsWith(prefix)) rest = rest.slice(prefix.length).trim();
  const n = /^\d{1,16}$/.test(rest) ? Number(rest) : 0;
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}
