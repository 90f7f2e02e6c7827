import { z } from 'zod';
import { autoSlug, defineResource } from '../../../../kernel/resources';
import { commerceAttributes, commerceAttributeValues } from '../../tables';
import { slugSchema, text } from '../schemas';

/** What products vary by (Colour, Size…); their values are records of their own (attribute values). */
export const attributesResource = defineResource({
  path: 'commerce/attributes',
  module: 'commerce-catalogue',
  table: commerceAttributes,
  label: { singular: 'Attribute', plural: 'Attributes' },
  input: { name: text.name, slug: () => slugSchema.optional(), sortOrder: (s) => s.int().min(-100_000).max(100_000) },
  list: { search: ['name', 'slug'], sort: ['name', 'sortOrder'], defaultSort: 'sortOrder' },
  fields: {
    display: { options: { buttons: { label: 'Buttons' }, swatches: { label: 'Colour swatches' }, dropdown: { label: 'Drop-down' } } },
    sortOrder: { widget: 'number' },
  },
  ui: { title: 'name', columns: ['name', 'slug', 'display', 'sortOrder'] },
  hooks: { beforeWrite: autoSlug(commerceAttributes, 'name') },
  examples: [
    { name: 'Colour', display: 'swatches', sortOrder: 1 },
    { name: 'Size', display: 'buttons', sortOrder: 2 },
  ],
});

/**
 * The values of an attribute (Red, Blue…; S, M, L…). Made under their attribute (the attribute's
 * values route, or /ecom/attributes/addValue): a value never exists without one.
 */
export const attributeValuesResource = defineResource({
  path: 'commerce/attribute-values',
  module: 'commerce-catalogue',
  table: commerceAttributeValues,
  label: { singular: 'Attribute value', plural: 'Attribute values' },
  readOnly: ['attributeId'],
  operations: { create: false },
  input: {
    value: (s) => s.trim().min(1).max(100),
    slug: () => slugSchema,
    swatch: () => z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use #rrggbb'),
    sortOrder: (s) => s.int().min(-100_000).max(100_000),
  },
  list: { search: ['value'], filters: ['attributeId'], sort: ['value', 'sortOrder'], defaultSort: 'sortOrder' },
  fields: { attributeId: { label: 'Attribute' }, swatch: { widget: 'color' }, sortOrder: { widget: 'number' } },
  ui: { title: 'value', columns: ['value', 'attributeId', 'swatch', 'sortOrder'] },
  examples: [],
});
