import { defineResource, letterCode } from '../../../kernel/resources';
import { siteCountries } from '../tables';
import { inputs } from './common';

/** Geography masters used by the website's forms and office pages. */
export const countriesResource = defineResource({
  path: 'site/countries',
  module: 'site',
  table: siteCountries,
  label: { singular: 'Country', plural: 'Countries' },
  input: {
    name: (s) => s.trim().min(1).max(120),
    code: letterCode(2, 'Use the two-letter ISO code, e.g. IN'),
    dialCode: (s) => s.trim().regex(/^\+[0-9]{1,4}$/, 'e.g. +91'),
    sortOrder: inputs.sortOrder,
  },
  list: { search: ['name', 'code'], filters: ['active'], sort: ['name', 'sortOrder'], defaultSort: 'name' },
  fields: { code: { label: 'ISO code' } },
  ui: { title: 'name', columns: ['name', 'code', 'dialCode', 'active'] },
  examples: [
    { name: 'India', code: 'IN', dialCode: '+91', sortOrder: 1 },
    { name: 'Singapore', code: 'SG', dialCode: '+65', sortOrder: 2 },
    { name: 'United Arab Emirates', code: 'AE', dialCode: '+971', sortOrder: 3 },
  ],
});
