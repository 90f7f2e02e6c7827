import { boolean, index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables';
import { ref } from '../db/relations';
import { tenantTable } from '../db/tenant-table';

/** Console notifications (the bell) of a community: raised by any module through notify(), or by an admin. */
export const notifications = tenantTable(
  'notifications',
  {
    title: text('title').notNull(),
    body: text('body'),
    /** Where the console takes the reader, a console path */
    link: text('link'),
    level: text('level', { enum: ['info', 'success', 'warning', 'error'] })
      .notNull()
      .default('info'),
    /** What raised it: a resource path (`<module>/<resource>`). */
    source: text('source'),
    recordId: uuid('record_id'),
    /** The admin it is for (an assignment, a mention); null: every admin of the community. */
    recipientId: ref('recipient_id', () => users, 'cascade'),
    read: boolean('read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('notifications_read_idx').on(t.tenantId, t.read, t.createdAt),
    index('notifications_level_idx').on(t.tenantId, t.level),
    index('notifications_source_idx').on(t.tenantId, t.source, t.createdAt),
    index('notifications_recipient_idx').on(t.tenantId, t.recipientId, t.read, t.createdAt),
  ],
);
