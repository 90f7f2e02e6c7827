import { siteProductSubcategories } from '../tables';
import { taxonomyResource } from './taxonomy';

export const productSubcategoriesResource = taxonomyResource({
  path: 'site/product-subcategories',
  table: siteProductSubcategories,
  label: { singular: 'Product subcategory', plural: 'Product subcategories' },
  image: true,
  seo: true,
  child: true,
  examples: [
    { name: 'Floor tiles', description: 'R10–R11 slip-rated porcelain floor tiles', sortOrder: 1 },
    { name: 'Large-format slabs', description: 'Up to 1600 × 3200 mm', sortOrder: 2 },
    { name: 'Exterior cladding', description: 'UV-stable WPC for façades', sortOrder: 3 },
    { name: 'Interior panels', description: 'Fluted and flat WPC panels', sortOrder: 4 },
  ],
});
