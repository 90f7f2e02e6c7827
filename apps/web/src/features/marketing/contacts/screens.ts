import { drawerRecord, type Screen } from '../../../config/screen-types';
import { CONTACTS, CONTACTS_IMPORT, SUPPRESSIONS } from './paths';

/** Marketing → contacts screens: the contacts list (with each contact's consent), the import and the suppression list. */
export const contactsScreens: Screen[] = [
  {
    path: CONTACTS,
    label: 'Contacts',
    description: 'Customers, subscribers and leads, with their consent per channel',
    group: 'marketing',
    section: 'Audience',
    modules: ['marketing-contacts'],
    nav: true,
    keywords: ['all users', 'users', 'audience', 'subscribers', 'customers', 'leads', 'consent'],
    component: () => import('./contacts-page'),
    records: [{ resource: 'marketing/contacts', href: drawerRecord(CONTACTS) }],
  },
  {
    path: CONTACTS_IMPORT,
    label: 'Import contacts',
    description: 'Bring contacts in from a CSV or XLSX file, with merge rules and consent',
    group: 'marketing',
    section: 'Audience',
    modules: ['marketing-contacts'],
    nav: true,
    keywords: ['upload', 'csv', 'excel', 'xlsx', 'bulk'],
    component: () => import('./import-page'),
  },
  {
    path: SUPPRESSIONS,
    label: 'Suppression list',
    description: 'Addresses never sent to: unsubscribed, bounced, complained or added by hand',
    group: 'marketing',
    section: 'Audience',
    modules: ['marketing-contacts'],
    nav: true,
    keywords: ['unsubscribed', 'bounces', 'complaints', 'blocklist', 'do not contact'],
    resource: 'marketing/suppressions',
    records: [{ resource: 'marketing/suppressions', href: drawerRecord(SUPPRESSIONS) }],
  },
];
