import type { PgColumn } from 'drizzle-orm/pg-core';
import { autoSlug, defineResource, type ResourceConfig, type TenantTable } from '../../../kernel/resources';
import { activeScope, adminOrder, inputs, seoInput, taxonomyInput, ui } from './common';

type TaxonomyTable = TenantTable & { active: PgColumn; slug: PgColumn };

export interface TaxonomyOptions<T extends TaxonomyTable> {
  path: string;
  table: T;
  label: { singular: string; plural: string };
  /** It has an image (shown first in the list). */
  image?: boolean;
  /** It has SEO title and description (it has a page of its own). */
  seo?: boolean;
  /** A subcategory: it belongs to a category (`categoryId`), filtered and listed by it. */
  child?: boolean;
  examples: ResourceConfig<T>['examples'];
}

/**
 * A taxonomy of the website (categories, subcategories): name, a slug made from it, description,
 * order and the `active` switch the website lists by; an image, SEO fields and the parent category
 * where the table has them.
 */
export function taxonomyResource<T extends TaxonomyTable>({ path, table, label, image, seo, child, examples }: TaxonomyOptions<T>) {
  const parent = child ? ['categoryId'] : [];
  const config: ResourceConfig<TaxonomyTable> = {
    path,
    module: 'site',
    table,
    label,
    input: {
      ...taxonomyInput,
      ...(image ? { image: inputs.image } : {}),
      ...(seo ? seoInput : {}),
    },
    scopes: activeScope(table),
    list: {
      search: ['name', 'slug'],
      filters: [...parent, 'active'],
      sort: ['name', 'sortOrder'],
      ...adminOrder('name'),
    },
    fields: child ? { ...ui, categoryId: { label: 'Category' } } : ui,
    ui: { title: 'name', columns: [...(image ? ['image'] : []), 'name', ...parent, 'slug', 'active', 'sortOrder'] },
    hooks: { beforeWrite: autoSlug(table, 'name') },
    examples,
  };
  return defineResource(config);
}
