import { eq } from 'drizzle-orm';
import { after, autoSlug, type BeforeWrite, defineResource, errors, type HookContext, type Row, steps } from '../../../../kernel/resources';
import { commerceProducts } from '../../tables';
import { imagesSchema, money, SHOP_MONEY, seoMetaSchema, skuSchema, slugSchema, stock, text } from '../schemas';
import { priceRangeOf } from '../services/prices';
import { addDefaultVariation, editVariations, type VariationInput, variationsOf } from '../services/variations';
import { taxClass } from './settings';

/**
 * The default variation's price, stock and SKU given with a product (its create form, the mini-store's
 * product/create), kept between the two hooks of one write (same transaction handle, writes of one
 * transaction run one after the other).
 */
const pendingDefaults = new WeakMap<HookContext['tx'], VariationInput>();

const takeDefaults: BeforeWrite = (ctx, data) => {
  const { price, onHand, sku, ...rest } = data as Record<string, unknown> & VariationInput;
  if (ctx.op === 'create' || price !== undefined || onHand !== undefined || sku !== undefined) {
    pendingDefaults.set(ctx.tx, { price, onHand, sku });
  }
  return rest;
};

/** Going active without a publication date publishes now. */
const publishing: BeforeWrite = (ctx, data) =>
  after(ctx, data, 'status') === 'active' && !after(ctx, data, 'publishedAt') ? { ...data, publishedAt: new Date() } : data;

/**
 * A new product gets its default variation; price or stock given on an update go to its only
 * variation (a product with several is priced per variation).
 */
async function applyDefaults(ctx: HookContext, record: Row) {
  const defaults = pendingDefaults.get(ctx.tx);
  pendingDefaults.delete(ctx.tx);
  if (!defaults) return;
  const given = Object.fromEntries(Object.entries(defaults).filter(([, value]) => value !== undefined)) as VariationInput;
  if (ctx.op === 'create') {
    await addDefaultVariation(ctx.tx, ctx.scope, record, given);
  } else {
    const variations = await variationsOf(ctx.tx, ctx.scope, record.id);
    if (variations.length !== 1) {
      throw errors.validation({ price: 'This product has several variations: set price and stock on each of them' });
    }
    await editVariations(ctx.tx, ctx.scope, record.id, [{ id: variations[0].id, ...given }]);
  }
  // The record the write answers with shows the price range its variation gave it.
  Object.assign(record, await priceRangeOf(ctx.tx, ctx.scope.tenantId, record.id));
}

/** Products of the shop: what is sold is always one of their variations (a product without options has one). */
export const productsResource = defineResource({
  path: 'commerce/products',
  module: 'commerce-catalogue',
  table: commerceProducts,
  label: { singular: 'Shop product', plural: 'Shop products' },
  // Counts toward the plan's product limit (the quotas port).
  meter: 'products',
  readOnly: ['minPrice', 'maxPrice', 'ratingAverage', 'ratingCount', 'publishedAt', 'attributeIds'],
  input: {
    title: text.title,
    slug: () => slugSchema.optional(),
    description: text.description,
    brand: (s) => s.trim().max(100),
    images: () => imagesSchema,
    taxClass,
    seoTitle: text.seoTitle,
    seoDescription: text.seoDescription,
    seoMeta: () => seoMetaSchema,
  },
  extraInput: {
    price: money.optional().describe("The default variation's price (minor units), for a product without options"),
    onHand: stock.optional().describe("The default variation's stock"),
    sku: skuSchema.optional().describe("The default variation's SKU (made from the slug when empty)"),
  },
  list: {
    search: ['title', 'brand', { field: 'description', kind: 'fulltext' }],
    filters: ['status', 'categoryId', 'tagIds', 'brand', 'featured', 'minPrice', 'maxPrice'],
    sort: ['title', 'minPrice', 'maxPrice', 'ratingAverage', 'publishedAt'],
    // Best rated first, the more reviewed first among equals.
    orderings: { rating: ['ratingAverage', 'ratingCount'] },
  },
  /** What the storefront may show: products on sale (commerce_products_on_sale_idx serves it newest first). */
  scopes: { onSale: () => eq(commerceProducts.status, 'active') },
  fields: {
    title: { label: 'Title' },
    slug: { help: 'Part of the page address; made from the title when left empty' },
    description: { widget: 'textarea' },
    status: { options: { draft: { color: 'gray' }, active: { color: 'green' }, archived: { color: 'yellow' } } },
    categoryId: { label: 'Category' },
    tagIds: { label: 'Tags' },
    attributeIds: { label: 'Varies by' },
    images: { widget: 'image', label: 'Images' },
    taxClass: { label: 'Tax class' },
    minPrice: { ...SHOP_MONEY, label: 'Price from' },
    maxPrice: { ...SHOP_MONEY, label: 'Price up to' },
    price: { ...SHOP_MONEY, label: 'Price' },
    onHand: { widget: 'number', label: 'Stock' },
    sku: { label: 'SKU' },
    ratingAverage: { label: 'Rating (× 100)' },
    seoTitle: { label: 'SEO title' },
    seoDescription: { label: 'SEO description', widget: 'textarea' },
    seoMeta: { label: 'Meta tags', help: 'Extra tags for search engines and sharing: a name (og:image, robots…) and its content' },
  },
  ui: {
    title: 'title',
    columns: ['title', 'images', 'status', 'minPrice', 'categoryId', 'featured', 'updatedAt'],
    bulkEdit: ['status', 'categoryId', 'tagIds', 'featured', 'brand'],
    attention: [{ label: 'in draft', filter: { status: 'draft' } }],
    setup: { label: 'Publish your first product', filter: { status: 'active' } },
  },
  hooks: {
    beforeWrite: steps(autoSlug(commerceProducts, 'title'), publishing, takeDefaults),
    afterWrite: applyDefaults,
  },
  examples: [
    {
      title: 'Handwoven Cotton Kurta',
      description: 'A straight-cut kurta in handloom cotton from Pochampally, with mother-of-pearl buttons.',
      brand: 'Tantuja',
      status: 'active',
      taxClass: 'apparel',
      featured: true,
      price: 149_900,
      onHand: 24,
      images: [{ url: 'https://images.atrium.example/shop/kurta-indigo.jpg', alt: 'Indigo handwoven cotton kurta on a hanger' }],
    },
    {
      title: 'Brass Diya Set of 4',
      description: 'Hand-polished brass oil lamps, 7 cm across.',
      brand: 'Moradabad Metalcraft',
      status: 'draft',
      price: 89_900,
      onHand: 40,
    },
  ],
});
