import { z } from 'zod';
import { defineResource } from '../../../../kernel/resources';
import { marketingCcMessages } from '../../tables/channels';

/**
 * The control center's one-off messages: an email or SMS to one contact (or a typed address),
 * optionally from an SMS template, checked against consent and the suppression list, sent after
 * the commit through the community's provider (or the outbox), and kept as history. Sent through
 * `POST /api/v1/marketing/cc-messages/send` (cc-send.ts), which answers with the outcome; the
 * records are read-only history.
 */
export const ccMessagesResource = defineResource({
  path: 'marketing/cc-messages',
  module: 'marketing-channels',
  table: marketingCcMessages,
  label: { singular: 'Control-center message', plural: 'Control-center messages' },
  input: {
    to: () => z.string().trim().max(254).optional(),
    subject: (s) => s.trim().max(200),
    body: () => z.string().max(10_000).optional(),
  },
  readOnly: ['status', 'provider', 'providerMessageId', 'error', 'sentAt'],
  // History: a message is what was sent, never changed or removed afterwards.
  operations: { create: false, update: false, delete: false },
  list: { search: ['to', 'subject'], filters: ['channel', 'status', 'contactId', 'smsTemplateId', 'createdAt'], sort: ['to'] },
  ui: { title: 'to', columns: ['createdAt', 'channel', 'to', 'subject', 'status', 'provider', 'error'] },
  fields: {
    channel: { options: { email: { label: 'Email' }, sms: { label: 'SMS' } } },
    to: { label: 'To', help: 'An email address or a phone number (+91…); empty when a contact is chosen' },
    body: { widget: 'textarea', help: 'Merge tags like {{ first_name }} are filled for the contact' },
    contactId: { label: 'Contact' },
    smsTemplateId: { label: 'SMS template' },
    providerMessageId: { label: 'Provider message id' },
    status: {
      options: {
        queued: { label: 'Queued', color: 'blue' },
        sent: { label: 'Sent', color: 'green' },
        outbox: { label: 'In the outbox (not sent)', color: 'gray' },
        failed: { label: 'Failed', color: 'red' },
      },
    },
  },
  examples: [
    {
      channel: 'email',
      to: 'priya.raman@example.com',
      subject: 'Your quote for roofing sheets',
      body: 'Hello Priya,\n\nThe quote you asked for is attached to your account. Reply to this email with any questions.\n\nAtrium Building Products',
    },
  ],
});
