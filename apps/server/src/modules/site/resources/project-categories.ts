import { siteProjectCategories } from '../tables';
import { taxonomyResource } from './taxonomy';

export const projectCategoriesResource = taxonomyResource({
  path: 'site/project-categories',
  table: siteProjectCategories,
  label: { singular: 'Project category', plural: 'Project categories' },
  seo: true,
  examples: [
    { name: 'Residential', description: 'Homes, villas and apartments', sortOrder: 1 },
    { name: 'Hospitality', description: 'Hotels, resorts and restaurants', sortOrder: 2 },
    { name: 'Commercial', description: 'Offices, retail and airports', sortOrder: 3 },
  ],
});
