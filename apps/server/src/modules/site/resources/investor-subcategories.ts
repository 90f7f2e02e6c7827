import { defineResource } from '../../../kernel/resources';
import { autoSlug } from '../services/hooks';
import { siteInvestorSubcategories } from '../tables';
import { taxonomyInput, ui } from './common';

export const investorSubcategoriesResource = defineResource({
  path: 'site/investor-subcategories',
  module: 'site',
  table: siteInvestorSubcategories,
  label: { singular: 'Investor subcategory', plural: 'Investor subcategories' },
  input: taxonomyInput,
  list: { search: ['name', 'slug'], filters: ['categoryId', 'active'], sort: ['name', 'sortOrder'], defaultSort: 'sortOrder' },
  fields: { ...ui, categoryId: { label: 'Category' } },
  ui: { title: 'name', columns: ['name', 'categoryId', 'active', 'sortOrder'] },
  hooks: {
    beforeWrite: autoSlug(siteInvestorSubcategories, 'name'),
  },
  examples: [
    { name: 'Quarterly results', sortOrder: 1 },
    { name: 'Shareholding pattern', sortOrder: 2 },
    { name: 'Board committees', sortOrder: 3 },
  ],
});
