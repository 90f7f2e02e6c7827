import { type AnyPgColumn, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { sortIndexes } from './tenant-table';

/**
 * Indexes of a taxonomy (categories and the like: name, slug, sortOrder, active): the unique slug,
 * the sorts by name and by order, the `active` filter (with the active entries in order); and for each parent column
 * (`{ category: t.categoryId }`) `<table>_<suffix>_idx`, its children in order.
 */
export const taxonomyIndexes = (name: string, t: any, parents: Record<string, AnyPgColumn> = {}) => [
  uniqueIndex(`${name}_slug_uq`).on(t.tenantId, t.slug),
  ...sortIndexes(name, t, { name: t.name, sort: t.sortOrder }),
  // The `active` filter, and the active entries in their listed order (sortOrder, name): what a public view lists.
  index(`${name}_active_idx`).on(t.tenantId, t.active, t.sortOrder, t.name, t.id),
  ...Object.entries(parents).map(([suffix, column]) => index(`${name}_${suffix}_idx`).on(t.tenantId, column, t.sortOrder)),
];
