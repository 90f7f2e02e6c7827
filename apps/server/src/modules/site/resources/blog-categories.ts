import { defineResource } from '../../../kernel/resources';
import { autoSlug } from '../services/hooks';
import { siteBlogCategories } from '../tables';
import { activeScope, inputs, taxonomyInput, ui } from './common';

export const blogCategoriesResource = defineResource({
  path: 'site/blog-categories',
  module: 'site',
  table: siteBlogCategories,
  label: { singular: 'Blog category', plural: 'Blog categories' },
  input: { ...taxonomyInput, seoTitle: inputs.seoTitle, seoDescription: inputs.seoDescription },
  scopes: activeScope(siteBlogCategories),
  list: {
    search: ['name', 'slug'],
    filters: ['active'],
    sort: ['name', 'sortOrder'],
    orderings: { sortOrder: ['sortOrder', 'name'] },
    defaultSort: 'sortOrder',
  },
  fields: ui,
  ui: { title: 'name', columns: ['name', 'slug', 'active', 'sortOrder'] },
  hooks: {
    beforeWrite: autoSlug(siteBlogCategories, 'name'),
  },
  examples: [
    { name: 'Design ideas', description: 'Inspiration for homes and workplaces', sortOrder: 1 },
    { name: 'Installation guides', description: 'Step-by-step advice for contractors', sortOrder: 2 },
    { name: 'Company news', sortOrder: 3 },
  ],
});
