import { defineResource, noWrites } from '../../../kernel/resources';
import { campaignEvents, campaignRecipients } from '../tables';

/** A launched campaign's recipients with their delivery and tracking: the report's drill-down and CSV export. */
export const recipientsResource = defineResource({
  path: 'campaigns/recipients',
  module: 'campaigns',
  table: campaignRecipients,
  label: { singular: 'Recipient', plural: 'Recipients' },
  operations: noWrites,
  list: { search: ['address', 'name'], filters: ['campaignId', 'state'], sort: ['address'] },
  fields: {
    campaignId: { label: 'Campaign' },
    state: {
      options: {
        queued: { color: 'gray' },
        sending: { color: 'yellow' },
        sent: { color: 'green' },
        failed: { color: 'red' },
        skipped: { color: 'gray' },
      },
    },
  },
  ui: { title: 'address', columns: ['address', 'name', 'state', 'sentAt', 'openedAt', 'clickedAt', 'error'] },
  examples: [],
});

/** Opens, clicks, unsubscribes, bounces and delivery reports, as they came. */
export const trackingEventsResource = defineResource({
  path: 'campaigns/events',
  module: 'campaigns',
  table: campaignEvents,
  label: { singular: 'Tracking event', plural: 'Tracking events' },
  operations: noWrites,
  list: { search: ['url'], filters: ['campaignId', 'recipientId', 'kind', 'createdAt'] },
  fields: { campaignId: { label: 'Campaign' }, recipientId: { label: 'Recipient' } },
  ui: { title: 'kind', columns: ['createdAt', 'kind', 'url', 'recipientId'] },
  examples: [],
});
