import { siteInvestorCategories } from '../tables';
import { taxonomyResource } from './taxonomy';

/** Investor relations: categories (financial results, annual reports, governance…). */
export const investorCategoriesResource = taxonomyResource({
  path: 'site/investor-categories',
  table: siteInvestorCategories,
  label: { singular: 'Investor category', plural: 'Investor categories' },
  examples: [
    { name: 'Financial results', sortOrder: 1 },
    { name: 'Annual reports', sortOrder: 2 },
    { name: 'Corporate governance', sortOrder: 3 },
  ],
});
