import { defineResource } from '../../../kernel/resources';
import { siteCities } from '../tables';

export const citiesResource = defineResource({
  path: 'site/cities',
  module: 'site',
  table: siteCities,
  label: { singular: 'City', plural: 'Cities' },
  input: { name: (s) => s.trim().min(1).max(120) },
  list: { search: ['name'], filters: ['stateId', 'active'], sort: ['name'], defaultSort: 'name' },
  fields: { stateId: { label: 'State' } },
  ui: { title: 'name', columns: ['name', 'stateId', 'active'] },
  examples: [{ name: 'Mumbai' }, { name: 'Pune' }, { name: 'Bengaluru' }, { name: 'Chennai' }],
});
