import { z } from 'zod';
import { CHANNELS, CONSENT_STATUS, CONTACT_SOURCES } from '../tables/contacts';

/**
 * A dynamic segment's rules: an AND/OR tree, one level of groups deep, of conditions on a contact.
 * Validated here at every boundary (save, preview-count) and compiled to SQL by compile.ts.
 *
 * Engagement rules ("opened an email in the last 30 days") are declared now so saved segments and
 * the console already speak them, but nothing records engagement yet: compiling one is a 400 until
 * the campaigns issue adds its events table. That issue plugs it in by giving compile.ts's
 * `engagementCondition` an `exists (select 1 from <events> e where e.contact_id = c.id and
 * e.kind = … and e.at >= …)` over an index on (tenant_id, contact_id, kind, at); nothing else changes.
 */

/** Attribute keys: letters, digits, `_`, `-`, `.` and spaces (they are quoted into a JSON path). */
const attributeKey = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\p{L}\p{N}_\- .]+$/u, 'Letters, digits, spaces, _ - and . only');
const scalar = z.union([z.string().max(500), z.number().finite(), z.boolean()]);
const words = (max = 100) => z.array(z.string().trim().min(1).max(100)).min(1).max(max);
const days = z.number().int().min(1).max(3650);
/** A calendar date or a timestamp (kept as sent, read as a Date when compiled). */
const date = z
  .string()
  .max(40)
  .refine((s) => /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(s)), 'A date, e.g. 2026-01-31');

export const ATTRIBUTE_OPS = ['equals', 'not_equals', 'contains', 'greater', 'less', 'exists', 'not_exists'] as const;

const attributeRule = z
  .object({
    type: z.literal('attribute'),
    key: attributeKey,
    op: z.enum(ATTRIBUTE_OPS),
    value: scalar.optional(),
  })
  .strict()
  .superRefine((r, ctx) => {
    const needsValue = r.op !== 'exists' && r.op !== 'not_exists';
    if (needsValue && r.value === undefined) ctx.addIssue({ code: 'custom', path: ['value'], message: 'Required' });
    if ((r.op === 'greater' || r.op === 'less') && typeof r.value === 'boolean')
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A number or text to compare with' });
    if (r.op === 'contains' && typeof r.value !== 'string') ctx.addIssue({ code: 'custom', path: ['value'], message: 'Text to look for' });
  });

const tagsRule = z.object({ type: z.literal('tags'), op: z.enum(['any', 'all', 'none']), values: words() }).strict();

const consentRule = z.object({ type: z.literal('consent'), channel: z.enum(CHANNELS), status: z.enum(CONSENT_STATUS) }).strict();

const inList = (type: 'country' | 'language' | 'source', value: z.ZodType<string>) =>
  z.object({ type: z.literal(type), op: z.enum(['in', 'not_in']), values: z.array(value).min(1).max(300) }).strict();

const countryRule = inList(
  'country',
  z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'An ISO 3166-1 alpha-2 code')
    .transform((s) => s.toUpperCase()),
);
const languageRule = inList('language', z.string().trim().min(2).max(35));
const sourceRule = inList('source', z.enum(CONTACT_SOURCES));

/** A date window: in the last N days, or before/after a date. */
const whenRule = (type: 'created' | 'last_activity') =>
  z.discriminatedUnion('op', [
    z.object({ type: z.literal(type), op: z.literal('within_days'), days }).strict(),
    z.object({ type: z.literal(type), op: z.literal('not_within_days'), days }).strict(),
    z.object({ type: z.literal(type), op: z.literal('before'), date }).strict(),
    z.object({ type: z.literal(type), op: z.literal('after'), date }).strict(),
  ]);

/** Declared for the campaigns issue (see above); refused when compiled until engagement is recorded. */
const engagementRule = z
  .object({
    type: z.literal('engagement'),
    event: z.enum(['delivered', 'opened', 'clicked', 'replied']),
    channel: z.enum(CHANNELS),
    days,
  })
  .strict();

export const ruleSchema = z.discriminatedUnion('type', [
  attributeRule,
  tagsRule,
  consentRule,
  countryRule,
  languageRule,
  sourceRule,
  whenRule('created'),
  whenRule('last_activity'),
  engagementRule,
]);
export type Rule = z.infer<typeof ruleSchema>;

export const MAX_RULES = 50;
const joiner = z.enum(['and', 'or']);
export const groupSchema = z.object({ type: z.literal('group'), op: joiner, rules: z.array(ruleSchema).min(1).max(MAX_RULES) }).strict();
export type RuleGroup = z.infer<typeof groupSchema>;

/** The whole tree: conditions and groups of conditions, joined by `op`. An empty tree matches everyone. */
export const ruleTreeSchema = z
  .object({ op: joiner.default('and'), rules: z.array(z.discriminatedUnion('type', [...ruleSchema.options, groupSchema])).max(MAX_RULES) })
  .strict();
export type RuleTree = z.infer<typeof ruleTreeSchema>;

export const isGroup = (r: Rule | RuleGroup): r is RuleGroup => r.type === 'group';
