import { request } from '../../../api/client';

/** An attribute (Colour, Size…) with its values, in order. */
export interface AttributeWithValues {
  id: string;
  name: string;
  values: { id: string; value: string; swatch: string | null }[];
}

/** A variation as the product editor's grid reads it (amounts in minor units). */
export interface Variation {
  id: string;
  sku: string;
  title: string;
  price: number;
  compareAtPrice: number | null;
  onHand: number;
  reserved: number;
  attributeValueIds: string[];
  active: boolean;
}

/** What the grid sends for one changed variation. */
export interface VariationEdit {
  id: string;
  sku?: string;
  price?: number;
  compareAtPrice?: number | null;
  onHand?: number;
}

const base = (productId: string) => `/api/v1/commerce/products/${encodeURIComponent(productId)}/variations`;

export const getAttributesWithValues = () =>
  request<{ data: AttributeWithValues[] }>('GET', '/api/v1/commerce/attributes/with-values').then((r) => r.data);

export const getVariations = (productId: string) => request<{ data: Variation[] }>('GET', base(productId)).then((r) => r.data);

/** A grid row's edit: an existing variation by id, or one the same save generates by its values. */
export type GridEdit = Omit<VariationEdit, 'id'> & ({ id: string } | { attributeValueIds: string[] });

/** The editor's one save of its variations: combinations to generate, then the grid's edits (one transaction). */
export const saveVariationGrid = (productId: string, body: { generate?: { attributeValueIds: string[] }; variations: GridEdit[] }) =>
  request<{ data: { created: number; updated: number; variations: Variation[] } }>('PATCH', base(productId), { body }).then((r) => r.data);

export const addAttributeValue = (attributeId: string, body: { value: string; swatch?: string }) =>
  request<{ data: unknown[] }>('POST', `/api/v1/commerce/attributes/${encodeURIComponent(attributeId)}/values`, { body });

export const variationsKey = (productId: string) => ['commerce', 'variations', productId];
