import { date, index, integer, jsonb, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { instant, ref, sortIndexes, tenantTable } from '../../../kernel/resources';
import type { LandingDesign } from '../pages/design';

// Landing pages: block-built pages served publicly at /public/<community>/p/<slug>. Traffic is
// counted in one row per page, block and day (never one row per visit), so the console can chart
// it; the page keeps running totals for its list.

export const LANDING_STATUS = ['draft', 'published'] as const;

export const marketingLandingPages = tenantTable(
  'marketing_landing_pages',
  {
    name: text('name').notNull(),
    /** Unique per community: the page's address below /public/<community>/p/. */
    slug: text('slug').notNull(),
    status: text('status', { enum: LANDING_STATUS }).notNull().default('draft'),
    /** The starter template it was made from (installation-wide templates, see pages/templates.ts). */
    templateKey: text('template_key'),
    /** The blocks, validated by pages/design.ts. */
    design: jsonb('design').$type<LandingDesign>().notNull().default({ blocks: [] }),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    publishedAt: instant('published_at'),
    /** Running totals of the daily stats (the list sorts and shows them). */
    opens: integer('opens').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    signups: integer('signups').notNull().default(0),
  },
  (t) => [
    uniqueIndex('marketing_landing_pages_slug_uq').on(t.tenantId, t.slug),
    index('marketing_landing_pages_status_idx').on(t.tenantId, t.status, t.updatedAt),
    ...sortIndexes('marketing_landing_pages', t, { name: t.name, opens: t.opens, published: t.publishedAt }),
  ],
);

/** Per page, block ('' for the page itself) and day: opens, call-to-action clicks and signups. */
export const marketingLandingStats = tenantTable(
  'marketing_landing_stats',
  {
    pageId: ref('page_id', () => marketingLandingPages, 'cascade').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    blockId: text('block_id').notNull().default(''),
    opens: integer('opens').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    signups: integer('signups').notNull().default(0),
  },
  (t) => [uniqueIndex('marketing_landing_stats_uq').on(t.tenantId, t.pageId, t.day, t.blockId)],
);
