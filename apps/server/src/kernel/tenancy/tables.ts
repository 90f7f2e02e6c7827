import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Platform table: one row per community (tenant). The reserved community `-` is the platform itself. */
export const communities = pgTable('communities', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  displayName: text('display_name').notNull(),
  status: text('status', { enum: ['active', 'suspended'] })
    .notNull()
    .default('active'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
