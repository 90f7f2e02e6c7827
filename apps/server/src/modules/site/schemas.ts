import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import { slugify, slugSchema, urlSchema } from '../../kernel/resources';

export { slugify, slugSchema, urlSchema };

/** Content states of everything the website shows. Visible when published and publishAt has passed. */
export const PUBLISH_STATUS = ['draft', 'published', 'archived'] as const;
/** States of inbound lists (messages, requests, applications, downloads). */
export const INBOUND_STATUS = ['new', 'in_progress', 'done'] as const;

export interface Image {
  url: string;
  alt: string;
  thumbnailUrl?: string;
  width?: number;
  height?: number;
}
export interface SpecRow {
  label: string;
  value: string;
}
export interface LinkedDocument {
  title: string;
  url: string;
  type?: string;
}
export interface Variant {
  code: string;
  name?: string;
  finish?: string;
  size?: string;
  colour?: string;
  thickness?: string;
  price?: number | null;
  image?: Image | null;
  available?: boolean;
}

/** An absolute http(s) URL or a path on this server (uploaded files are /public/<community>/files/<id>). */
export const imageSchema = z
  .object({
    url: urlSchema,
    alt: z.string().trim().max(300).default(''),
    thumbnailUrl: urlSchema.optional(),
    width: z.number().int().positive().max(50_000).optional(),
    height: z.number().int().positive().max(50_000).optional(),
  })
  .strict();
export const imagesSchema = z.array(imageSchema).max(100);

export const specificationsSchema = z
  .array(z.object({ label: z.string().trim().min(1).max(120), value: z.string().trim().max(1000) }).strict())
  .max(200);

export const linkedDocumentsSchema = z
  .array(z.object({ title: z.string().trim().min(1).max(200), url: urlSchema, type: z.string().trim().max(40).optional() }).strict())
  .max(100);

export const variantsSchema = z
  .array(
    z
      .object({
        code: z.string().trim().min(1).max(64),
        name: z.string().trim().max(200).optional(),
        finish: z.string().trim().max(120).optional(),
        size: z.string().trim().max(120).optional(),
        colour: z.string().trim().max(120).optional(),
        thickness: z.string().trim().max(60).optional(),
        price: z.number().nonnegative().max(1e9).nullable().optional(),
        image: imageSchema.nullable().optional(),
        available: z.boolean().default(true),
      })
      .strict(),
  )
  .max(500)
  .refine((variants) => new Set(variants.map((v) => v.code.toLowerCase())).size === variants.length, {
    message: 'Variant codes must be unique within the product',
  });

export const tagsSchema = z.array(z.string().trim().min(1).max(60)).max(50);
export const emailSchema = z
  .email('Enter a valid email address')
  .max(254)
  .transform((v) => v.toLowerCase());
export const phoneSchema = z
  .string()
  .trim()
  .max(40)
  .regex(/^[+0-9 ()./-]*$/, 'Use digits, spaces and + ( ) - . /');

/** Text refinements shared by the resources. */
export const text = {
  name: (s: z.ZodString) => s.trim().min(1).max(200),
  short: (s: z.ZodString) => s.trim().max(200),
  summary: (s: z.ZodString) => s.trim().max(1000),
  long: (s: z.ZodString) => s.max(20_000),
  seoTitle: (s: z.ZodString) => s.trim().max(70),
  seoDescription: (s: z.ZodString) => s.trim().max(320),
};

/** Rich text from the console's editor, cleaned on the server: no scripts, handlers or foreign frames. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      ...sanitizeHtml.defaults.allowedTags,
      'img',
      'figure',
      'figcaption',
      'h1',
      'h2',
      'iframe',
      'span',
      'u',
      's',
      'sub',
      'sup',
    ],
    allowedAttributes: {
      a: ['href', 'name', 'target', 'rel', 'title'],
      img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
      iframe: ['src', 'width', 'height', 'allow', 'allowfullscreen', 'title'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan', 'scope'],
      '*': ['class'],
    },
    allowedClasses: { '*': ['align-left', 'align-center', 'align-right', 'align-justify', 'lead', 'note'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    allowedIframeHostnames: ['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'],
    // A frame whose source was refused (another host) is dropped, not left empty.
    exclusiveFilter: (frame) => frame.tag === 'iframe' && !frame.attribs.src,
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
      }),
    },
  });
}
