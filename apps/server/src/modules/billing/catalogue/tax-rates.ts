import { defineResource } from '../../../kernel/resources';
import { billingTaxRates } from '../tables';

/** Tax rates by the buyer's country, in parts per million (GST IN 18%, SG 9%): data, not code. */
export const taxRatesResource = defineResource({
  path: 'billing/tax-rates',
  module: 'billing-catalogue',
  table: billingTaxRates,
  label: { singular: 'Tax rate', plural: 'Tax rates' },
  input: {
    country: (s) => s.regex(/^[A-Z]{2}$/, 'A two-letter country code such as IN'),
    name: (s) => s.trim().min(1).max(40),
    ratePpm: (s) => s.min(0).max(1_000_000),
  },
  list: { search: ['country', 'name'], filters: ['active'], sort: ['country'] },
  fields: { ratePpm: { widget: 'percent', scale: 10_000, label: 'Rate' } },
  ui: { title: 'country', columns: ['country', 'name', 'ratePpm', 'active'] },
  examples: [
    { country: 'IN', name: 'GST', ratePpm: 180_000 },
    { country: 'SG', name: 'GST', ratePpm: 90_000 },
  ],
});
