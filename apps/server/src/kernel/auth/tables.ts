import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { roles } from '../access/tables';
import { ref } from '../db/relations';
import { filterIndexes, sortIndexes, tenantTable } from '../db/tenant-table';

/** People who sign in to a community's console (its admins and editors). */
export const users = tenantTable(
  'users',
  {
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    roleId: ref('role_id', () => roles, 'restrict'),
    isOwner: boolean('is_owner').notNull().default(false),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    theme: text('theme', { enum: ['system', 'light', 'dark', 'semi-dark'] })
      .notNull()
      .default('light'),
    /** The console pages the user starred (paths, at most 10, in their order): the navigation's "Starred". */
    starred: jsonb('starred').$type<string[]>().notNull().default([]),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.tenantId, sql`lower(${t.email})`),
    index('users_email_idx').on(sql`lower(${t.email})`),
    ...sortIndexes('users', t, { name: t.name, email_sort: t.email }),
    ...filterIndexes('users', t, { role: t.roleId, status: t.status }),
  ],
);

/** A signed-in session; the token carries its id so it can be revoked (logout, password change). */
export const sessions = tenantTable(
  'sessions',
  {
    userId: ref('user_id', () => users, 'cascade').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.tenantId, t.userId)],
);

/** One-time passwords, stored hashed; limited in time and attempts. */
export const otps = tenantTable(
  'otps',
  {
    // Its foreign key is DEFERRABLE (drizzle/0006_relations.sql): see the rehearsal in service.ts.
    userId: ref('user_id', () => users, 'cascade').notNull(),
    purpose: text('purpose', { enum: ['login', 'reset'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('otps_user_idx').on(t.tenantId, t.userId, t.purpose, t.createdAt)],
);

/**
 * Platform table: fixed-window counters for rate limits (shared by every server process). UNLOGGED
 * (migration 0021, drizzle cannot declare it): a hit costs no WAL flush; a database crash resets the counters.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
