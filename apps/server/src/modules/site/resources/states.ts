import { defineResource } from '../../../kernel/resources';
import { siteStates } from '../tables';

export const statesResource = defineResource({
  path: 'site/states',
  module: 'site',
  table: siteStates,
  label: { singular: 'State', plural: 'States' },
  input: { name: (s) => s.trim().min(1).max(120), code: (s) => s.trim().max(10) },
  list: { search: ['name', 'code'], filters: ['countryId', 'active'], sort: ['name'], defaultSort: 'name' },
  fields: { countryId: { label: 'Country' } },
  ui: { title: 'name', columns: ['name', 'code', 'countryId', 'active'] },
  examples: [
    { name: 'Maharashtra', code: 'MH' },
    { name: 'Karnataka', code: 'KA' },
    { name: 'Tamil Nadu', code: 'TN' },
  ],
});
