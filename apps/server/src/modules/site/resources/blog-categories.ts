import { siteBlogCategories } from '../tables';
import { taxonomyResource } from './taxonomy';

export const blogCategoriesResource = taxonomyResource({
  path: 'site/blog-categories',
  table: siteBlogCategories,
  label: { singular: 'Blog category', plural: 'Blog categories' },
  seo: true,
  examples: [
    { name: 'Design ideas', description: 'Inspiration for homes and workplaces', sortOrder: 1 },
    { name: 'Installation guides', description: 'Step-by-step advice for contractors', sortOrder: 2 },
    { name: 'Company news', sortOrder: 3 },
  ],
});
