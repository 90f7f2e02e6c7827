import { z } from 'zod';
import type { FieldUi } from '../../../kernel/resources';
import { slugify, slugSchema, urlSchema } from '../../../kernel/resources';

export { slugify, slugSchema, urlSchema };

/**
 * Input pieces shared by the catalogue's resources, routes and compat lines. Money is integer minor
 * units of the shop's currency and never negative; the largest amount is well inside an int4.
 */
export const MAX_MONEY = 1_000_000_000;
export const MAX_STOCK = 10_000_000;

export const money = z.number().int('Use whole minor units (paise, cents)').min(0, 'Cannot be negative').max(MAX_MONEY);
export const stock = z.number().int().min(0, 'Cannot be negative').max(MAX_STOCK);

export const imageSchema = z.object({ url: urlSchema, alt: z.string().trim().max(300).default(''), fileId: z.uuid().optional() }).strict();
/** A gallery in display order (the first image is the product's main picture). */
export const imagesSchema = z.array(imageSchema).max(50);

export const skuSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'Use letters, digits and . _ / -');

/** Extra meta tags of a page: name → content (insertMeta). */
export const seoMetaSchema = z
  .record(z.string().trim().min(1).max(100), z.string().trim().max(1000))
  .refine((m) => Object.keys(m).length <= 50, 'At most 50 meta tags');

export const text = {
  name: (s: z.ZodString) => s.trim().min(1).max(200),
  title: (s: z.ZodString) => s.trim().min(1).max(300),
  short: (s: z.ZodString) => s.trim().max(200),
  description: (s: z.ZodString) => s.max(20_000),
  seoTitle: (s: z.ZodString) => s.trim().max(70),
  seoDescription: (s: z.ZodString) => s.trim().max(320),
};

/**
 * An amount of the shop: stored as integer minor units of the shop's currency (paise, cents), shown
 * and typed by the console as the amount people read (149900 is 1,499.00), in that currency.
 */
export const SHOP_MONEY = { widget: 'money', minorUnits: true, currencyFrom: 'commerce/settings#currency' } as const satisfies FieldUi;

/** A rate kept in parts per million (180000 is 18 %), shown and typed as a percentage. */
export const PERCENT_PPM = { widget: 'percent', scale: 10_000 } as const satisfies FieldUi;
