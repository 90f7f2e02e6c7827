import { boolean, index, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { filterIndexes, tenantTable } from '../db/tenant-table';

/** Every outgoing message. Without a transport configured it stays here as the development outbox. */
export const outbox = tenantTable(
  'outbox',
  {
    channel: text('channel', { enum: ['email', 'sms', 'whatsapp', 'push'] }).notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: ['queued', 'sent', 'failed', 'outbox'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    /** Holds a secret (a one-time code): only the community owner may read its content. */
    sensitive: boolean('sensitive').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_channel_idx').on(t.tenantId, t.channel, t.createdAt),
    ...filterIndexes('outbox', t, { status: t.status, to: t.to }),
  ],
);
