import { sql } from 'drizzle-orm';
import type { Contributions } from '../../kernel/ports';
import { siteCatalogueDownloads, siteContactMessages, siteDesignRequests, siteEventRegistrations, siteSubscribers } from './tables';

/** The website's people the marketing contacts may take in: subscribers, form senders, event guests. */
export const siteContactSources: Contributions['contactSources'][] = [
  {
    key: 'site.subscribers',
    label: 'Website subscribers',
    kind: 'website',
    table: siteSubscribers,
    columns: {
      name: siteSubscribers.name,
      email: siteSubscribers.email,
      // Subscribing is consent to the newsletter; unsubscribing withdraws it.
      emailConsent: sql`case when ${siteSubscribers.subscribed} then 'opted_in' else 'opted_out' end`,
    },
  },
  ...[
    { key: 'site.get-in-touch', label: 'Get-in-touch messages', table: siteContactMessages },
    { key: 'site.design-support', label: 'Design-support requests', table: siteDesignRequests },
    { key: 'site.catalogue-downloads', label: 'Catalogue downloads', table: siteCatalogueDownloads },
  ].map(({ key, label, table }): Contributions['contactSources'] => ({
    key,
    label,
    kind: 'website',
    table,
    columns: { name: table.name, email: table.email, phone: table.phone },
  })),
  {
    key: 'site.event-registrations',
    label: 'Event registrations',
    kind: 'event',
    table: siteEventRegistrations,
    columns: { name: siteEventRegistrations.name, email: siteEventRegistrations.email, phone: siteEventRegistrations.phone },
  },
];
