import { defineResource } from '../../../kernel/resources';
import { autoSlug } from '../services/hooks';
import { siteInvestorCategories } from '../tables';
import { taxonomyInput, ui } from './common';

/** Investor relations: categories (financial results, annual reports, governance…). */
export const investorCategoriesResource = defineResource({
  path: 'site/investor-categories',
  module: 'site',
  table: siteInvestorCategories,
  label: { singular: 'Investor category', plural: 'Investor categories' },
  input: taxonomyInput,
  list: { search: ['name', 'slug'], filters: ['active'], sort: ['name', 'sortOrder'], defaultSort: 'sortOrder' },
  fields: ui,
  ui: { title: 'name', columns: ['name', 'slug', 'active', 'sortOrder'] },
  hooks: {
    beforeWrite: autoSlug(siteInvestorCategories, 'name'),
  },
  examples: [
    { name: 'Financial results', sortOrder: 1 },
    { name: 'Annual reports', sortOrder: 2 },
    { name: 'Corporate governance', sortOrder: 3 },
  ],
});
