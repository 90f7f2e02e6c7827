import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const hmacSha256Hex = (secret: string, data: string | Buffer) => createHmac('sha256', secret).update(data).digest('hex');
export const sha512Hex = (data: string) => createHash('sha512').update(data).digest('hex');

/** Constant-time comparison of two hex (or any) strings; false for different lengths. */
export function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A header's single value (lowercased names, as Node gives them). */
export function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
