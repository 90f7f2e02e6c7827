import { date, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantTable } from '../db/tenant-table';

/**
 * Page views of a community's public endpoints, per day and area (`shop`, `site`…): how many
 * requests a route marked `config.pageView` answered, and how many visitors made them (see
 * page-views.ts). Counts only: no address or browser is stored.
 */
export const pageViewsDaily = tenantTable(
  'page_views_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    area: text('area').notNull(),
    views: integer('views').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
  },
  (t) => [uniqueIndex('page_views_daily_uq').on(t.tenantId, t.day, t.area)],
);
