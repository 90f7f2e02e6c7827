import { defineResource } from '../../../kernel/resources';
import { autoSlug } from '../services/hooks';
import { siteSubcategories } from '../tables';
import { inputs, taxonomyInput, ui } from './common';

export const subcategoriesResource = defineResource({
  path: 'site/subcategories',
  module: 'site',
  table: siteSubcategories,
  label: { singular: 'Website subcategory', plural: 'Website subcategories' },
  input: { ...taxonomyInput, image: inputs.image, seoTitle: inputs.seoTitle, seoDescription: inputs.seoDescription },
  list: { search: ['name', 'slug'], filters: ['categoryId', 'active'], sort: ['name', 'sortOrder'], defaultSort: 'sortOrder' },
  fields: { ...ui, categoryId: { label: 'Category' } },
  ui: { title: 'name', columns: ['name', 'categoryId', 'slug', 'active', 'sortOrder'] },
  hooks: { beforeWrite: autoSlug(siteSubcategories, 'name') },
  examples: [
    { name: 'Living rooms', description: 'Large formats and warm tones', sortOrder: 1 },
    { name: 'Bathrooms', description: 'Slip-resistant and water-tight', sortOrder: 2 },
    { name: 'Ventilated façades', sortOrder: 3 },
  ],
});
