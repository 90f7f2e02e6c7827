import { defineResource } from '../../../kernel/resources';
import { autoSlug } from '../services/hooks';
import { siteCategories } from '../tables';
import { inputs, taxonomyInput, ui } from './common';

/** Website categories: the sections the site's menus and pages are organised by. */
export const categoriesResource = defineResource({
  path: 'site/categories',
  module: 'site',
  table: siteCategories,
  label: { singular: 'Website category', plural: 'Website categories' },
  input: { ...taxonomyInput, image: inputs.image, seoTitle: inputs.seoTitle, seoDescription: inputs.seoDescription },
  list: { search: ['name', 'slug'], filters: ['active'], sort: ['name', 'sortOrder'], defaultSort: 'sortOrder' },
  fields: ui,
  ui: { title: 'name', columns: ['image', 'name', 'slug', 'active', 'sortOrder'] },
  hooks: {
    beforeWrite: autoSlug(siteCategories, 'name'),
  },
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
