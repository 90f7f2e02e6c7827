import { siteCategories } from '../tables';
import { taxonomyResource } from './taxonomy';

/** Website categories: the sections the site's menus and pages are organised by. */
export const categoriesResource = taxonomyResource({
  path: 'site/categories',
  table: siteCategories,
  label: { singular: 'Website category', plural: 'Website categories' },
  image: true,
  seo: true,
  examples: [
    {
      name: 'Flooring',
      description: 'Tiles, slabs and decking for every room and terrace',
      image: { url: 'https://images.euro-building.example/categories/flooring.jpg', alt: 'Polished marble-look floor' },
      sortOrder: 1,
    },
    {
      name: 'Walls and façades',
      description: 'Cladding, panels and façade systems',
      image: { url: 'https://images.euro-building.example/categories/facades.jpg', alt: 'Building façade with ventilated panels' },
      sortOrder: 2,
    },
    { name: 'Outdoor living', description: 'Decking, pergolas and paving', sortOrder: 3 },
  ],
});
