import { defineResource } from '../../../kernel/resources';
import { emailSchema, phoneSchema, urlSchema } from '../schemas';
import { siteContactDetails } from '../tables';
import { activeScope, inputs } from './common';

/** Offices, factories and showrooms shown on the contact page. */
export const contactDetailsResource = defineResource({
  path: 'site/contact-details',
  module: 'site',
  table: siteContactDetails,
  label: { singular: 'Office', plural: 'Offices' },
  input: {
    name: inputs.name,
    address: (s) => s.trim().max(500),
    city: inputs.city,
    state: (s) => s.trim().max(120),
    country: (s) => s.trim().max(120),
    postalCode: (s) => s.trim().max(20),
    phone: () => phoneSchema,
    email: () => emailSchema,
    whatsapp: () => phoneSchema,
    mapUrl: () => urlSchema,
    latitude: (s) => s.min(-90).max(90),
    longitude: (s) => s.min(-180).max(180),
    openingHours: (s) => s.trim().max(300),
    sortOrder: inputs.sortOrder,
  },
  scopes: activeScope(siteContactDetails),
  list: {
    search: ['name', 'city', 'country'],
    filters: ['type', 'active'],
    sort: ['name', 'sortOrder'],
    // The main office first, then by sortOrder and name.
    orderings: { sortOrder: ['sortOrder', 'name'], primaryFirst: ['-isPrimary', 'sortOrder', 'name'] },
    defaultSort: 'sortOrder',
  },
  fields: {
    address: { widget: 'textarea' },
    email: { widget: 'email' },
    mapUrl: { widget: 'url', label: 'Map link' },
    isPrimary: { widget: 'switch', label: 'Main office' },
  },
  ui: { title: 'name', columns: ['name', 'type', 'city', 'phone', 'email', 'active'] },
  examples: [
    {
      name: 'Head office',
      type: 'head_office',
      address: '14th Floor, One BKC, Bandra Kurla Complex',
      city: 'Mumbai',
      state: 'Maharashtra',
      country: 'India',
      postalCode: '400051',
      phone: '+91 22 4000 1234',
      email: 'info@euro-building.example',
      mapUrl: 'https://maps.example.com/?q=One+BKC+Mumbai',
      latitude: 19.0653,
      longitude: 72.8682,
      openingHours: 'Mon–Sat 9:30–18:30',
      isPrimary: true,
      sortOrder: 1,
    },
    {
      name: 'Bengaluru experience centre',
      type: 'showroom',
      address: '100 Feet Road, Indiranagar',
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'India',
      phone: '+91 80 4111 2233',
      email: 'bengaluru@euro-building.example',
      openingHours: 'Daily 10:00–20:00',
      sortOrder: 2,
    },
    { name: 'Morbi factory', type: 'factory', city: 'Morbi', state: 'Gujarat', country: 'India', sortOrder: 3 },
  ],
});
