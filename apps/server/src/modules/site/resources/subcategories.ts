import { siteSubcategories } from '../tables';
import { taxonomyResource } from './taxonomy';

export const subcategoriesResource = taxonomyResource({
  path: 'site/subcategories',
  table: siteSubcategories,
  label: { singular: 'Website subcategory', plural: 'Website subcategories' },
  image: true,
  seo: true,
  child: true,
  examples: [
    { name: 'Living rooms', description: 'Large formats and warm tones', sortOrder: 1 },
    { name: 'Bathrooms', description: 'Slip-resistant and water-tight', sortOrder: 2 },
    { name: 'Ventilated façades', sortOrder: 3 },
  ],
});
