import { defineResource } from '../../../kernel/resources';
import { autoSlug } from '../services/hooks';
import { siteProductCategories } from '../tables';
import { activeScope, inputs, taxonomyInput, ui } from './common';

export const productCategoriesResource = defineResource({
  path: 'site/product-categories',
  module: 'site',
  table: siteProductCategories,
  label: { singular: 'Product category', plural: 'Product categories' },
  input: { ...taxonomyInput, image: inputs.image, seoTitle: inputs.seoTitle, seoDescription: inputs.seoDescription },
  scopes: activeScope(siteProductCategories),
  list: {
    search: ['name', 'slug'],
    filters: ['active'],
    sort: ['name', 'sortOrder'],
    orderings: { sortOrder: ['sortOrder', 'name'] },
    defaultSort: 'sortOrder',
  },
  fields: ui,
  ui: { title: 'name', columns: ['image', 'name', 'slug', 'active', 'sortOrder'] },
  hooks: {
    beforeWrite: autoSlug(siteProductCategories, 'name'),
  },
  examples: [
    {
      name: 'Porcelain tiles',
      description: 'Glazed and full-body porcelain for floors and walls',
      image: { url: 'https://images.euro-building.example/product-categories/porcelain.jpg', alt: 'Stack of porcelain tiles' },
      sortOrder: 1,
    },
    {
      name: 'WPC cladding',
      description: 'Wood-plastic composite boards for walls and ceilings',
      image: { url: 'https://images.euro-building.example/product-categories/wpc.jpg', alt: 'Wood-grain composite cladding boards' },
      sortOrder: 2,
    },
    { name: 'Sanitaryware', description: 'Basins, closets and fittings', sortOrder: 3 },
  ],
});
