import { type BeforeWrite, defineResource, errors, type Row } from '../../../../kernel/resources';
import { commerceVariations } from '../../tables';
import { imagesSchema, money, SHOP_MONEY, skuSchema, stock } from '../schemas';
import { refreshPriceRange } from '../services/prices';

/** Stock on hand never goes below what open orders reserve (the table's CHECK, said as a 409). */
const keepsReserved: BeforeWrite = (ctx, data) => {
  const reserved = Number(ctx.existing?.reserved ?? 0);
  if (typeof data.onHand === 'number' && data.onHand < reserved) {
    throw errors.conflict('below_reserved', `${reserved} units are reserved by open orders`, { onHand: `At least ${reserved}` });
  }
  return data;
};

const productOf = (record: Row) => String(record.productId);

/**
 * Variations: a product in one combination of attribute values, with its SKU, price and stock. They
 * are made from their product (generated from attribute values, or added one by one); here they are
 * listed, edited (one, or many with the bulk edit) and deleted, and the product's price range follows.
 */
export const variationsResource = defineResource({
  path: 'commerce/variations',
  module: 'commerce-catalogue',
  table: commerceVariations,
  label: { singular: 'Variation', plural: 'Variations' },
  readOnly: ['productId', 'reserved', 'isDefault', 'attributeValueIds'],
  operations: { create: false },
  input: {
    sku: () => skuSchema,
    title: (s) => s.trim().max(200),
    price: () => money,
    compareAtPrice: () => money,
    cost: () => money,
    onHand: () => stock,
    weightGrams: (s) => s.int().min(0).max(1_000_000),
    images: () => imagesSchema,
    position: (s) => s.int().min(0).max(100_000),
  },
  list: { search: ['sku', 'title'], filters: ['productId', 'price', 'onHand'], sort: ['sku', 'price', 'onHand'], defaultSort: 'sku' },
  fields: {
    sku: { label: 'SKU' },
    productId: { label: 'Product' },
    attributeValueIds: { label: 'Values' },
    price: SHOP_MONEY,
    compareAtPrice: { ...SHOP_MONEY, label: 'Compare-at price', help: 'The struck-through price shown beside a lower one' },
    cost: { ...SHOP_MONEY, label: 'Cost per item', help: 'Not shown to customers' },
    onHand: { widget: 'number', label: 'Stock on hand' },
    reserved: { widget: 'number', label: 'Reserved by orders' },
    weightGrams: { widget: 'number', label: 'Weight (g)' },
    images: { widget: 'image' },
    isDefault: { label: 'Default' },
  },
  ui: {
    title: 'sku',
    columns: ['sku', 'title', 'productId', 'price', 'onHand', 'reserved', 'active'],
    bulkEdit: ['price', 'compareAtPrice', 'onHand', 'active', 'trackStock'],
    attention: [{ label: 'out of stock', filter: { onHand: '0' } }],
  },
  hooks: {
    beforeWrite: keepsReserved,
    afterWrite: (ctx, record) => refreshPriceRange(ctx.tx, ctx.scope.tenantId, [productOf(record)]),
    beforeDelete: (ctx, record) => refreshPriceRange(ctx.tx, ctx.scope.tenantId, [productOf(record)], record.id),
  },
  examples: [],
});
