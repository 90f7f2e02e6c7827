import { z } from 'zod';

/** Turns a title into a URL slug ('Floor Tiles & Slabs 600 × 600' → 'floor-tiles-and-slabs-600-x-600'). */
export function slugify(value: string): string {
  const slug = value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/×/g, ' x ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/g, '');
  return slug || 'item';
}

/** A slug as a client may send it: lowercase letters, digits and single dashes. */
export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and single dashes');

/** A link or a file address: an http(s) URL or a path on this server. */
export const urlSchema = z
  .string()
  .trim()
  .max(1000)
  .regex(/^(https?:\/\/[^\s]+|\/[^\s]*)$/, 'Use an http(s) URL or a path starting with /');

/** An input of capital letters (an ISO currency or country code): trimmed, upper-cased, exactly `letters` long. */
export const letterCode =
  (letters: number, message: string) =>
  (s: z.ZodString): z.ZodString =>
    s
      .trim()
      .toUpperCase()
      .regex(new RegExp(`^[A-Z]{${letters}}$`), message);
