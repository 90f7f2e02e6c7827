import { autoSlug, defineResource } from '../../../../kernel/resources';
import { commerceTags } from '../../tables';
import { slugSchema, text } from '../schemas';

export const tagsResource = defineResource({
  path: 'commerce/tags',
  module: 'commerce-catalogue',
  table: commerceTags,
  label: { singular: 'Product tag', plural: 'Product tags' },
  input: { name: text.name, slug: () => slugSchema.optional() },
  list: { search: ['name', 'slug'], sort: ['name'], defaultSort: 'name' },
  fields: { slug: { help: 'Made from the name when left empty' } },
  ui: { title: 'name', columns: ['name', 'slug', 'createdAt'] },
  hooks: { beforeWrite: autoSlug(commerceTags, 'name') },
  examples: [{ name: 'Handloom' }, { name: 'Organic cotton' }, { name: 'Gift idea' }],
});
