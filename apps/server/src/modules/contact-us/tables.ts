import { text, uuid } from 'drizzle-orm/pg-core';
import { handlingColumns, inboundIndexes, senderColumns, tenantTable } from '../../kernel/resources';

export const CONTACT_STATUS = ['new', 'in_progress', 'replied', 'closed'] as const;

/** Messages sent through a community's contact-us forms (the Contact Us admin module). */
export const contactUsMessages = tenantTable(
  'contact_us_messages',
  {
    ...senderColumns(),
    subject: text('subject'),
    message: text('message').notNull(),
    ...handlingColumns(CONTACT_STATUS),
    /** The marketing contact the sender became ("convert to contact"); another module's record, so no foreign key. */
    contactId: uuid('contact_id'),
  },
  (t) => inboundIndexes('contact_us_messages', t),
);
