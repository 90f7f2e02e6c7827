import { index, text, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../kernel/auth';
import { filterIndexes, ref, sortIndexes, tenantTable } from '../../kernel/resources';

export const CONTACT_STATUS = ['new', 'in_progress', 'replied', 'closed'] as const;

/** Messages sent through a community's contact-us forms (the Contact Us admin module). */
export const contactUsMessages = tenantTable(
  'contact_us_messages',
  {
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject'),
    message: text('message').notNull(),
    status: text('status', { enum: CONTACT_STATUS }).notNull().default('new'),
    /** Internal notes of whoever handles it. */
    notes: text('notes'),
    /** The admin who handles it. */
    assigneeId: ref('assignee_id', () => users, 'set null'),
    /** The marketing contact the sender became ("convert to contact"); another module's record, so no foreign key. */
    contactId: uuid('contact_id'),
  },
  (t) => [
    index('contact_us_messages_status_idx').on(t.tenantId, t.status, t.createdAt),
    ...sortIndexes('contact_us_messages', t, { name: t.name, email: t.email }),
    ...filterIndexes('contact_us_messages', t, { assignee: t.assigneeId }),
  ],
);
