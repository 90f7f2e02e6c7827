import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';

// An email's design: page settings and a list of blocks, as the console's block editor edits it.
// Parsed at every save: each block's fields are checked (a bad block is refused naming it), rich text
// is sanitized to what email clients render, and links and images must be addresses (or a merge tag).

const HEX = /^#[0-9a-fA-F]{6}$/;
/** A link: http(s), mailto:, tel:, or a lone merge tag ({{ unsubscribe_url }}). */
const LINK = /^(https?:\/\/[^\s"<>]+|mailto:[^\s"<>]+|tel:[+0-9 ()-]+|\{\{\s*[a-z][a-z0-9_]*\s*\}\})$/;
/** An image: http(s), one of the community's public files (/public/…), or a lone merge tag. */
const IMAGE = /^(https?:\/\/[^\s"<>]+|\/public\/[^\s"<>]+|\{\{\s*[a-z][a-z0-9_]*\s*\}\})$/;

const plain = (max: number) => z.string().trim().max(max);
const link = z.string().trim().max(1000).regex(LINK, 'Enter a link (https://…, mailto:… or a merge tag)');
const image = z.string().trim().max(1000).regex(IMAGE, 'Enter an image address (https://…)');
const richText = z
  .string()
  .max(20_000)
  .transform((html) => sanitizeEmailHtml(html));
const align = z.enum(['left', 'center', 'right']).default('left');
const id = z.string().trim().min(1).max(40);

const header = z.strictObject({
  id,
  type: z.literal('header'),
  logoUrl: image.or(z.literal('')).default(''),
  /** Shown beside (or, without a logo, instead of) the logo: usually the business name. */
  title: plain(120).default(''),
  align: align,
});
const text = z.strictObject({ id, type: z.literal('text'), html: richText, align });
const imageBlock = z.strictObject({
  id,
  type: z.literal('image'),
  url: image,
  alt: plain(200).default(''),
  href: link.or(z.literal('')).default(''),
  /** Width in pixels at most (the content is 600 wide); narrower screens scale it down. */
  width: z.number().int().min(40).max(600).default(600),
});
const button = z.strictObject({
  id,
  type: z.literal('button'),
  label: plain(80).min(1, 'Enter the button’s text'),
  href: link,
  color: z.string().regex(HEX, 'Use a colour like #cd3197').optional(),
  align: z.enum(['left', 'center', 'right']).default('center'),
});
const column = z.strictObject({
  imageUrl: image.or(z.literal('')).default(''),
  imageAlt: plain(200).default(''),
  html: richText.default(''),
});
const columns = z.strictObject({ id, type: z.literal('columns'), columns: z.array(column).min(2).max(3) });
/** A product of the shop or a post of the site's blog, copied in when picked (the email keeps it as it was). */
const card = z.strictObject({
  /** The product or post it came from. */
  sourceId: z.string().max(40).default(''),
  title: plain(200).min(1, 'Enter the card’s title'),
  /** A product's price as shown, or a post's excerpt. */
  text: plain(500).default(''),
  imageUrl: image.or(z.literal('')).default(''),
  url: link,
});
const cards = z.strictObject({
  id,
  type: z.literal('cards'),
  source: z.enum(['products', 'posts']),
  heading: plain(200).default(''),
  items: z.array(card).min(1, 'Pick at least one').max(4),
  buttonLabel: plain(40).default(''),
});
const divider = z.strictObject({ id, type: z.literal('divider') });
const footer = z.strictObject({
  id,
  type: z.literal('footer'),
  /** Text above the address; the business name, its address and the unsubscribe link are always shown. */
  html: richText.default(''),
});

const BLOCKS = { header, text, image: imageBlock, button, columns, cards, divider, footer };
export const BLOCK_TYPES = Object.keys(BLOCKS) as (keyof typeof BLOCKS)[];

const settings = z.strictObject({
  background: z.string().regex(HEX, 'Use a colour like #f4f4f5').default('#f4f4f5'),
  contentBackground: z.string().regex(HEX, 'Use a colour like #ffffff').default('#ffffff'),
  accent: z.string().regex(HEX, 'Use a colour like #cd3197').default('#cd3197'),
  textColor: z.string().regex(HEX, 'Use a colour like #1f2937').default('#1f2937'),
  font: z.enum(['sans', 'serif']).default('sans'),
});

export type Block = { [K in keyof typeof BLOCKS]: z.output<(typeof BLOCKS)[K]> }[keyof typeof BLOCKS];
export type BlockOf<T extends Block['type']> = Extract<Block, { type: T }>;
export type EmailDesign = { version: 1; settings: z.output<typeof settings>; blocks: Block[] };

/** A problem with a design: the field (design.blocks.3.href) and a message naming the block. */
export interface DesignProblem {
  path: (string | number)[];
  message: string;
}

const MAX_BLOCKS = 60;

/**
 * Reads a design: the parsed (sanitized, defaults filled) design, or the problems, each naming the
 * block it is in ("Block 4 (button): Enter a link"). A design needs one footer (the unsubscribe link
 * and the business address are in every email).
 */
export function parseDesign(input: unknown): { design: EmailDesign } | { problems: DesignProblem[] } {
  const top = z
    .strictObject({ version: z.literal(1).default(1), settings: settings.default(settings.parse({})), blocks: z.array(z.unknown()) })
    .safeParse(input);
  if (!top.success) return { problems: top.error.issues.map((i) => ({ path: i.path as (string | number)[], message: i.message })) };
  const raw = top.data.blocks;
  if (raw.length === 0) return { problems: [{ path: ['blocks'], message: 'Add at least one block' }] };
  if (raw.length > MAX_BLOCKS) return { problems: [{ path: ['blocks'], message: `At most ${MAX_BLOCKS} blocks` }] };

  const problems: DesignProblem[] = [];
  const blocks: Block[] = [];
  raw.forEach((value, index) => {
    const type = (value as { type?: unknown } | null)?.type;
    const schema = typeof type === 'string' && Object.hasOwn(BLOCKS, type) ? BLOCKS[type as keyof typeof BLOCKS] : null;
    const name = `Block ${index + 1}${typeof type === 'string' ? ` (${type.slice(0, 20)})` : ''}`;
    if (!schema) {
      problems.push({ path: ['blocks', index, 'type'], message: `${name}: choose a block type (${BLOCK_TYPES.join(', ')})` });
      return;
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) blocks.push(parsed.data as Block);
    else
      for (const issue of parsed.error.issues)
        problems.push({ path: ['blocks', index, ...issuePath(issue)], message: `${name}: ${readable(issue)}` });
  });
  if (problems.length === 0 && !blocks.some((b) => b.type === 'footer')) {
    problems.push({ path: ['blocks'], message: 'Add a footer block: every email shows the business address and an unsubscribe link' });
  }
  if (problems.length === 0 && new Set(blocks.map((b) => b.id)).size !== blocks.length) {
    problems.push({ path: ['blocks'], message: 'Two blocks have the same id' });
  }
  if (problems.length > 0) return { problems };
  return { design: { version: 1, settings: top.data.settings, blocks } };
}

/** Where an issue is; an unknown field is named by its key. */
const issuePath = (issue: z.core.$ZodIssue) =>
  [...issue.path, ...(issue.code === 'unrecognized_keys' ? issue.keys.slice(0, 1) : [])] as (string | number)[];

function readable(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return `unknown field ${issue.keys.join(', ')}`;
  if (issue.code === 'invalid_type' && issue.input === undefined) return `${issue.path.join('.') || 'a value'} is required`;
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}

/** The zod field for a design in a resource or route: parses, or fails with the block-naming problems. */
export const designInput = z.unknown().transform((value, ctx) => {
  const result = parseDesign(value);
  if ('design' in result) return result.design;
  for (const problem of result.problems) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path });
  return z.NEVER;
});

/** Rich text as email clients render it: paragraphs, headings, lists, emphasis and links, nothing else. */
export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'blockquote', 'span'],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowProtocolRelative: false,
    transformTags: {
      // Links in an email open outside it.
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener' } }),
    },
    allowedSchemesAppliedToAttributes: ['href'],
  }).trim();
}
