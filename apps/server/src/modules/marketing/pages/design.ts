import { z } from 'zod';

// A landing page's design: an ordered list of blocks, each with a stable id (stats are kept per
// block id, so reordering or editing a block keeps its history). Validated at every boundary.

const id = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'Lower-case letters, digits and dashes, at most 40');
const line = (max: number) => z.string().trim().max(max);
/** Links a visitor may follow: http(s), mailto, tel, or a path on this site. */
const href = z
  .string()
  .trim()
  .max(1000)
  .refine((v) => /^(https?:\/\/|mailto:|tel:|\/(?!\/))/i.test(v), 'Use an https:// link, mailto:, tel: or a path starting with /');
const imageUrl = z
  .string()
  .trim()
  .max(1000)
  .refine((v) => /^(https:\/\/|\/(?!\/))/i.test(v), 'Use an https:// address or a path starting with /');

export const blockSchema = z.discriminatedUnion('type', [
  z.object({
    id,
    type: z.literal('hero'),
    heading: line(200).min(1, 'Write a heading'),
    subheading: line(500).default(''),
    image: imageUrl.optional(),
    ctaLabel: line(80).optional(),
    ctaUrl: href.optional(),
  }),
  z.object({ id, type: z.literal('text'), heading: line(200).default(''), body: line(10_000).min(1, 'Write some text') }),
  z.object({ id, type: z.literal('image'), url: imageUrl, alt: line(300).default(''), caption: line(300).default('') }),
  z.object({
    id,
    type: z.literal('features'),
    heading: line(200).default(''),
    items: z
      .array(z.object({ title: line(120).min(1, 'Name the feature'), text: line(600).default('') }))
      .min(1, 'Add a feature')
      .max(12),
  }),
  z.object({
    id,
    type: z.literal('testimonial'),
    quote: line(1000).min(1, 'Write the quote'),
    author: line(120).min(1, 'Who said it?'),
    role: line(120).default(''),
  }),
  z.object({ id, type: z.literal('cta'), heading: line(200).default(''), label: line(80).min(1, 'Label the button'), url: href }),
  z.object({
    id,
    type: z.literal('signup'),
    heading: line(200).default(''),
    text: line(1000).default(''),
    buttonLabel: line(80).min(1).default('Sign up'),
    askName: z.boolean().default(true),
    askPhone: z.boolean().default(false),
    /** The sentence the visitor agrees to (shown next to the checkbox, stored as the consent's proof source). */
    consentText: line(500).min(1, 'Say what the visitor agrees to'),
    /** single: the checkbox is the consent; double: the contact stays unknown until confirmed by mail. */
    optIn: z.enum(['single', 'double']).default('double'),
    tags: z.array(line(60).min(1)).max(20).default([]),
    thankYou: line(500).default('Thank you! We will be in touch.'),
  }),
  z.object({
    id,
    type: z.literal('footer'),
    text: line(1000).default(''),
    links: z
      .array(z.object({ label: line(80).min(1), url: href }))
      .max(10)
      .default([]),
  }),
]);

export type Block = z.infer<typeof blockSchema>;
export type BlockType = Block['type'];
export const BLOCK_TYPES = blockSchema.options.map((o) => o.shape.type.value) as BlockType[];

export const designSchema = z
  .object({
    blocks: z.array(blockSchema).max(40, 'At most 40 blocks'),
    /** Accent colour of buttons and headings. */
    accent: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'A colour like #1f6feb')
      .default('#1f6feb'),
  })
  .superRefine((design, ctx) => {
    const seen = new Set<string>();
    design.blocks.forEach((block, i) => {
      if (seen.has(block.id)) ctx.addIssue({ code: 'custom', path: ['blocks', i, 'id'], message: `Block id ${block.id} is used twice` });
      seen.add(block.id);
    });
  });

export type LandingDesign = z.input<typeof designSchema>;
export type ParsedDesign = z.infer<typeof designSchema>;

/** The blocks a visitor can click through (call-to-action buttons and the hero's button). */
export const clickable = (block: Block) => block.type === 'cta' || (block.type === 'hero' && Boolean(block.ctaUrl && block.ctaLabel));

/** Where a clickable block leads, or null. */
export function targetOf(block: Block): string | null {
  if (block.type === 'cta') return block.url;
  if (block.type === 'hero') return block.ctaUrl ?? null;
  return null;
}
