import { and, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AttentionQueue, FieldUi, TenantTable } from '../../../kernel/resources';
import { imageSchema, imagesSchema, slugSchema, text, urlSchema } from '../schemas';
import { visible } from '../services/visibility';

/** Inbound records wait on the dashboard until someone picks them up. */
export const inboundAttention: AttentionQueue[] = [{ label: 'to answer', filter: { status: 'new' } }];

const inDraft: AttentionQueue = { label: 'in draft', filter: { status: 'draft' } };

/** Content waiting to go out: drafts, and published records whose time has not come. */
export const publishingAttention: AttentionQueue[] = [
  inDraft,
  { label: 'scheduled', filter: { status: 'published', 'publishAt.gte': () => new Date().toISOString() } },
];

/** Drafts only, for content the dashboard does not follow by its schedule. */
export const draftAttention: AttentionQueue[] = [inDraft];

/** Input refinements shared by the website's resources. */
export const inputs = {
  /** Titles and names: trimmed, 1 to 200 characters. */
  title: text.name,
  name: text.name,
  slug: () => slugSchema.optional(),
  image: () => imageSchema,
  images: () => imagesSchema,
  url: () => urlSchema,
  seoTitle: text.seoTitle,
  seoDescription: text.seoDescription,
  sortOrder: (s: any) => s.int().min(-100_000).max(100_000),
  /** What visitors and offices type: a company, a city, a message of a form. */
  company: text.short,
  city: (s: z.ZodString) => s.trim().max(120),
  message: (s: z.ZodString) => s.trim().min(1).max(5000),
};

/** A downloadable file's description, URL and file name (documents, investor documents, catalogues). */
export const fileInput = {
  description: (s: z.ZodString) => s.trim().max(2000),
  fileUrl: inputs.url,
  fileName: text.short,
};

/** A list in the order the admins set: lower sortOrder first, ties by `then`; the default sort. */
export const adminOrder = <C extends string>(then: C) => ({
  orderings: { sortOrder: ['sortOrder', then] as ('sortOrder' | C)[] },
  defaultSort: 'sortOrder',
});

/** The SEO title and description of a record with a page of its own. */
export const seoInput = { seoTitle: inputs.seoTitle, seoDescription: inputs.seoDescription };

/** How the console renders the shared fields. */
export const ui: Record<string, FieldUi> = {
  slug: { help: 'Part of the page address; made from the title when left empty' },
  seoTitle: { label: 'SEO title', help: 'Up to 70 characters; the page title when empty' },
  seoDescription: { label: 'SEO description', widget: 'textarea', help: 'Up to 320 characters' },
  publishAt: { widget: 'datetime', help: 'Published content appears on the website from this moment' },
  sortOrder: { widget: 'number', help: 'Lower numbers come first' },
  description: { widget: 'textarea' },
  image: { widget: 'image' },
  coverImage: { widget: 'image', label: 'Cover image' },
  images: { widget: 'image', label: 'Images' },
};

/** The summary (plain text) and description (HTML, sanitised on write) of a page: products, projects, events. */
export const pageInput = { summary: text.summary, description: (s: z.ZodString) => s.max(100_000) };

/** How the console renders a page whose description is sanitised HTML and whose summary is plain text. */
export const pageUi: Record<string, FieldUi> = { ...ui, description: { widget: 'richtext' }, summary: { widget: 'textarea' } };

type Publishable = Parameters<typeof visible>[0];

/** `published`: what the website may show (published, due, not taken down). */
export const publishedScope = (table: Publishable) => ({ published: (now: Date) => visible(table, now) });

/** `active`: taxonomies and offices the website lists. */
export const activeScope = (table: TenantTable & { active: PgColumn }) => ({ active: () => eq(table.active, true) });

/** Both conditions of a scope together. */
export const bothScopes = (...conditions: Parameters<typeof and>) => and(...conditions)!;

/** Taxonomy inputs (categories, subcategories). */
export const taxonomyInput = {
  name: text.name,
  slug: inputs.slug,
  description: text.summary,
  sortOrder: inputs.sortOrder,
};
