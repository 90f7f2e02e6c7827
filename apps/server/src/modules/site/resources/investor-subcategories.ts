import { siteInvestorSubcategories } from '../tables';
import { taxonomyResource } from './taxonomy';

export const investorSubcategoriesResource = taxonomyResource({
  path: 'site/investor-subcategories',
  table: siteInvestorSubcategories,
  label: { singular: 'Investor subcategory', plural: 'Investor subcategories' },
  child: true,
  examples: [
    { name: 'Quarterly results', sortOrder: 1 },
    { name: 'Shareholding pattern', sortOrder: 2 },
    { name: 'Board committees', sortOrder: 3 },
  ],
});
