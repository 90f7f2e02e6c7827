import { z } from 'zod';
import { defineResource } from '../../../../kernel/resources';
import { commerceTaxRates } from '../../tables';
import { PERCENT_PPM } from '../schemas';
import { countryCode, taxClass } from './settings';

/** Tax rates by region and tax class, in parts per million (18% = 180000). */
export const taxRatesResource = defineResource({
  path: 'commerce/tax-rates',
  module: 'commerce-settings',
  table: commerceTaxRates,
  label: { singular: 'Tax rate', plural: 'Tax rates' },
  input: {
    name: (s) => s.trim().min(1).max(100),
    country: () => countryCode,
    state: (s) => s.trim().min(1).max(100),
    taxClass,
    ratePpm: () => z.number().int().min(0, 'Cannot be negative').max(1_000_000, 'At most 100%'),
  },
  list: { search: ['name'], filters: ['taxClass'], sort: ['name'], defaultSort: 'name' },
  fields: {
    ratePpm: { ...PERCENT_PPM, label: 'Rate' },
    taxClass: { label: 'Tax class', help: 'Products of this class are taxed at this rate' },
    country: { widget: 'country', help: 'Empty: every country' },
    state: { help: 'Empty: the whole country' },
  },
  ui: { title: 'name', columns: ['name', 'taxClass', 'country', 'state', 'ratePpm'] },
  examples: [
    { name: 'GST 18%', taxClass: 'standard', country: 'IN', ratePpm: 180_000 },
    { name: 'GST 12%', taxClass: 'apparel', country: 'IN', ratePpm: 120_000 },
    { name: 'GST 5%', taxClass: 'reduced', country: 'IN', ratePpm: 50_000 },
  ],
});
