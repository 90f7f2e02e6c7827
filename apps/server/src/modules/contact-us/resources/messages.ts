import { z } from 'zod';
import { defineResource, inboundEditable, inboundUi } from '../../../kernel/resources';
import { contactUsMessages } from '../tables';

/** Contact-us messages: read and answered by whoever holds the contact-us permission module. */
export const contactUsMessagesResource = defineResource({
  path: 'contact-us/messages',
  module: 'contact-us',
  table: contactUsMessages,
  label: { singular: 'Contact message', plural: 'Contact messages' },
  input: {
    name: (s) => s.trim().min(1).max(120),
    email: () => z.email('Enter a valid email address').max(254),
    phone: (s) => s.trim().max(40),
    subject: (s) => s.trim().max(200),
    message: (s) => s.trim().min(1).max(5000),
    notes: (s) => s.max(5000),
  },
  // What the visitor sent stays as sent: only the handling changes.
  editable: [...inboundEditable],
  readOnly: ['contactId'],
  list: { search: ['name', 'email', 'subject'], filters: ['status', 'createdAt', 'assigneeId'], sort: ['name', 'email'] },
  fields: {
    ...inboundUi,
    message: { widget: 'textarea' },
    contactId: { label: 'Contact', help: 'The marketing contact the sender was converted to' },
    status: {
      options: { new: { color: 'blue' }, in_progress: { color: 'yellow' }, replied: { color: 'green' }, closed: { color: 'gray' } },
    },
  },
  ui: { title: 'name', columns: ['createdAt', 'name', 'email', 'subject', 'status', 'assigneeId'] },
  examples: [
    {
      name: 'Priya Raman',
      email: 'priya.raman@example.com',
      phone: '+91 98450 12345',
      subject: 'Bulk order for a housing project',
      message: 'We need 2,400 m² of facade panels for 120 apartments in Chennai. Who can quote?',
    },
    {
      name: 'Lukas Novak',
      email: 'lukas.novak@example.org',
      subject: 'Installation partner',
      message: 'Do you have a certified installer in Prague?',
      status: 'replied',
    },
  ],
});
