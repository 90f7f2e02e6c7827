import { defineResource } from '../../../kernel/resources';
import { clientProfiles } from '../tables';

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** The brand profile (one per community): logo, favicon, primary colour. Branding screen. */
export const clientProfileResource = defineResource({
  path: 'settings/client-profile',
  module: 'branding',
  table: clientProfiles,
  label: { singular: 'Brand profile', plural: 'Brand profiles' },
  input: {
    businessName: (s) => s.trim().min(1).max(120),
    primaryColor: (s) => s.regex(HEX_COLOUR, 'Use a colour like #cd3197'),
    logoUrl: (s) => s.max(500),
    faviconUrl: (s) => s.max(500),
    website: (s) => s.max(300),
    email: (s) => s.max(254),
    phone: (s) => s.max(40),
    address: (s) => s.max(500),
    fontFamily: (s) => s.max(80),
    currency: (s) =>
      s
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code such as EUR or INR'),
  },
  list: { search: ['businessName'], sort: ['businessName'] },
  fields: {
    logoUrl: { widget: 'image', label: 'Logo' },
    faviconUrl: { widget: 'image', label: 'Favicon' },
    primaryColor: { widget: 'color' },
    website: { widget: 'url' },
    email: { widget: 'email' },
    address: { widget: 'textarea' },
    currency: { help: 'Three-letter code (ISO 4217) of the currency prices are in, e.g. EUR, INR, USD' },
  },
  ui: { setup: { label: 'Describe your business and brand' }, title: 'businessName', columns: ['businessName', 'primaryColor', 'website'] },
  examples: [
    {
      businessName: 'Euro Building Products',
      primaryColor: '#cd3197',
      website: 'https://euro-building.example',
      email: 'hello@euro-building.example',
      phone: '+65 6123 4567',
      currency: 'EUR',
    },
  ],
});
