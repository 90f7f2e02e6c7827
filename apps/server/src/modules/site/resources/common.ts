import { and, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AttentionQueue, FieldUi, TenantTable } from '../../../kernel/resources';
import { imageSchema, imagesSchema, slugSchema, text, urlSchema } from '../schemas';
import { visible } from '../services/visibility';

/** Inbound records wait on the dashboard until someone picks them up. */
export const inboundAttention: AttentionQueue[] = [{ label: 'to answer', filter: { status: 'new' } }];

/** What the console changes on an inbound record; the rest stays what the visitor sent. */
export const inboundEditable = ['status', 'notes', 'assigneeId'] as const;

/** How the console shows the fields every inbound record has. */
export const inboundUi: Record<string, FieldUi> = {
  notes: { widget: 'textarea', help: 'Internal: never shown to the visitor' },
  assigneeId: { label: 'Assignee', help: 'The admin who handles it' },
};

/** Content waiting to go out: drafts, and published records whose time has not come. */
export const publishingAttention: AttentionQueue[] = [
  { label: 'in draft', filter: { status: 'draft' } },
  { label: 'scheduled', filter: { status: 'published', 'publishAt.gte': () => new Date().toISOString() } },
];

/** Input refinements shared by the website's resources. */
export const inputs = {
  slug: () => slugSchema.optional(),
  image: () => imageSchema,
  images: () => imagesSchema,
  url: () => urlSchema,
  seoTitle: text.seoTitle,
  seoDescription: text.seoDescription,
  sortOrder: (s: any) => s.int().min(-100_000).max(100_000),
};

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
