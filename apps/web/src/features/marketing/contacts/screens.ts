import { recordHref, type Screen } from '../../../config/screen-types';
import { CONTACTS } from './paths';

/** Marketing → contacts: the contacts list (each contact's consent in its drawer), with the import and the suppression list as tabs. */
export const contactsScreens: Screen[] = [
  {
    path: CONTACTS,
    label: 'Contacts',
    description: 'Customers, subscribers and leads with their consent per channel; import them, and the suppression list',
    group: 'marketing',
    section: 'Audience',
    modules: ['marketing-contacts'],
    nav: true,
    keywords: [
      'all users',
      'users',
      'audience',
      'subscribers',
      'customers',
      'leads',
      'consent',
      'import',
      'csv',
      'xlsx',
      'suppression',
      'unsubscribed',
    ],
    component: () => import('./contacts-page'),
    records: [{ resource: 'marketing/contacts', href: recordHref(CONTACTS) }],
  },
];
