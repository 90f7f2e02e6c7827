import { defineResource } from '../../../kernel/resources';
import { autoSlug } from '../services/hooks';
import { siteProductSubcategories } from '../tables';
import { activeScope, inputs, taxonomyInput, ui } from './common';

export const productSubcategoriesResource = defineResource({
  path: 'site/product-subcategories',
  module: 'site',
  table: siteProductSubcategories,
  label: { singular: 'Product subcategory', plural: 'Product subcategories' },
  input: { ...taxonomyInput, image: inputs.image, seoTitle: inputs.seoTitle, seoDescription: inputs.seoDescription },
  scopes: activeScope(siteProductSubcategories),
  list: {
    search: ['name', 'slug'],
    filters: ['categoryId', 'active'],
    sort: ['name', 'sortOrder'],
    orderings: { sortOrder: ['sortOrder', 'name'] },
    defaultSort: 'sortOrder',
  },
  fields: { ...ui, categoryId: { label: 'Category' } },
  ui: { title: 'name', columns: ['name', 'categoryId', 'slug', 'active', 'sortOrder'] },
  hooks: {
    beforeWrite: autoSlug(siteProductSubcategories, 'name'),
  },
  examples: [
    { name: 'Floor tiles', description: 'R10–R11 slip-rated porcelain floor tiles', sortOrder: 1 },
    { name: 'Large-format slabs', description: 'Up to 1600 × 3200 mm', sortOrder: 2 },
    { name: 'Exterior cladding', description: 'UV-stable WPC for façades', sortOrder: 3 },
    { name: 'Interior panels', description: 'Fluted and flat WPC panels', sortOrder: 4 },
  ],
});
