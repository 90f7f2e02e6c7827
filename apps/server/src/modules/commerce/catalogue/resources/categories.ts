import { autoSlug, defineResource, steps } from '../../../../kernel/resources';
import { commerceCategories } from '../../tables';
import { imageSchema, seoMetaSchema, slugSchema, text } from '../schemas';
import { noCategoryCycle } from '../services/categories';

/** Shop categories, nested: a category's parent is another category (subcategories are children). */
export const categoriesResource = defineResource({
  path: 'commerce/categories',
  module: 'commerce-catalogue',
  table: commerceCategories,
  label: { singular: 'Shop category', plural: 'Shop categories' },
  input: {
    name: text.name,
    slug: () => slugSchema.optional(),
    description: text.description,
    image: () => imageSchema,
    sortOrder: (s) => s.int().min(-100_000).max(100_000),
    seoTitle: text.seoTitle,
    seoDescription: text.seoDescription,
    seoMeta: () => seoMetaSchema,
  },
  list: { search: ['name', 'slug'], filters: ['parentId', 'active'], sort: ['name', 'sortOrder'], defaultSort: 'sortOrder' },
  fields: {
    parentId: { label: 'Parent category', help: 'Empty for a top-level category' },
    slug: { help: 'Part of the page address; made from the name when left empty' },
    description: { widget: 'textarea' },
    image: { widget: 'image' },
    sortOrder: { widget: 'number', help: 'Lower numbers come first' },
    seoTitle: { label: 'SEO title' },
    seoDescription: { label: 'SEO description', widget: 'textarea' },
    seoMeta: { widget: 'json', label: 'Meta tags', help: 'Name → content' },
  },
  ui: { title: 'name', columns: ['name', 'parentId', 'slug', 'active', 'sortOrder'] },
  hooks: { beforeWrite: steps(autoSlug(commerceCategories, 'name'), noCategoryCycle) },
  examples: [
    { name: 'Clothing', description: 'Everyday wear in natural fabrics', sortOrder: 1 },
    { name: 'Home & Living', description: 'Handmade textiles and tableware', sortOrder: 2 },
    { name: 'Accessories', sortOrder: 3 },
  ],
});
