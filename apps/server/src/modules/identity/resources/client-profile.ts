import { z } from 'zod';
import { defineResource, invalidatePublicOrigins, letterCode } from '../../../kernel/resources';
import { clientProfiles } from '../tables';

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** A browser origin: scheme, host and port, nothing more (what a CORS check compares). */
export const originSchema = z
  .string()
  .trim()
  .max(300)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
    } catch {
      return false;
    }
  }, 'Use an origin like https://www.example.com (lowercase, no path nor trailing slash)');

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
    allowedOrigins: () => z.array(originSchema).max(20),
    currency: letterCode(3, 'Use a three-letter currency code such as EUR or INR'),
  },
  list: { search: ['businessName'], sort: ['businessName'] },
  fields: {
    logoUrl: { widget: 'image', label: 'Logo' },
    faviconUrl: { widget: 'image', label: 'Favicon' },
    primaryColor: { widget: 'color' },
    website: { widget: 'url' },
    email: { widget: 'email' },
    address: { widget: 'textarea' },
    allowedOrigins: {
      widget: 'tags',
      label: 'Website origins',
      help: 'Other addresses of your website (e.g. https://shop.example.com) that may load content in visitors’ browsers; the website above always may',
    },
    currency: { widget: 'currency', help: 'The currency prices are in' },
  },
  ui: { setup: { label: 'Describe your business and brand' }, title: 'businessName', columns: ['businessName', 'primaryColor', 'website'] },
  // The website origins allowed to call the public endpoints (CORS) come from here.
  hooks: { afterCommit: (scope) => invalidatePublicOrigins(scope.db, scope.tenantId) },
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
