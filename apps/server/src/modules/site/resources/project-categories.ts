import { defineResource } from '../../../kernel/resources';
import { autoSlug } from '../services/hooks';
import { siteProjectCategories } from '../tables';
import { inputs, taxonomyInput, ui } from './common';

export const projectCategoriesResource = defineResource({
  path: 'site/project-categories',
  module: 'site',
  table: siteProjectCategories,
  label: { singular: 'Project category', plural: 'Project categories' },
  input: { ...taxonomyInput, seoTitle: inputs.seoTitle, seoDescription: inputs.seoDescription },
  list: { search: ['name', 'slug'], filters: ['active'], sort: ['name', 'sortOrder'], defaultSort: 'sortOrder' },
  fields: ui,
  ui: { title: 'name', columns: ['name', 'slug', 'active', 'sortOrder'] },
  hooks: {
    beforeWrite: autoSlug(siteProjectCategories, 'name'),
  },
  examples: [
    { name: 'Residential', description: 'Homes, villas and apartments', sortOrder: 1 },
    { name: 'Hospitality', description: 'Hotels, resorts and restaurants', sortOrder: 2 },
    { name: 'Commercial', description: 'Offices, retail and airports', sortOrder: 3 },
  ],
});
