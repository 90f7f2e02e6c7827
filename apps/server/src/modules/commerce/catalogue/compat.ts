import { z } from 'zod';
import {
  type CompatCall,
  type CompatEntry,
  type CompatLine,
  compatCrud,
  compatId,
  compatScope,
  compatTable,
  crudLines,
  Envelope,
  firstOf,
  inCompatTx,
} from '../../../kernel/compat';
import { errors, parseInput, type Resource, type Row } from '../../../kernel/resources';
import { attributesResource, attributeValuesResource } from './resources/attributes';
import { categoriesResource } from './resources/categories';
import { productsResource } from './resources/products';
import { tagsResource } from './resources/tags';
import { taxRatesResource } from './resources/tax-rates';
import { variationsResource } from './resources/variations';
import { addAttributeValues, attributesWithValues, attributeValueInput } from './services/attribute-values';
import { liveBanners } from './services/banners';
import { categoryTree, descendantIds } from './services/categories';
import {
  addImagesInput,
  changeImages,
  editImageInput,
  gallery,
  imageRef,
  insertMeta,
  insertMetaInput,
  productDetail,
  productIdBySlug,
  similarProducts,
  variationsByAttribute,
} from './services/products';
import { insertVariations, variationInput } from './services/variations';

type Handle = CompatEntry['handle'];
type ListQuery = Parameters<Resource['list']>[1];

const scopeOf = compatScope;
const inTx = inCompatTx;

const pick = firstOf;

/** A required id the old clients name in several ways (id, _id, productId…): the aliases first, then `field`. */
const idFrom = (call: CompatCall, field: string, ...aliases: string[]) => compatId(call, field, ...aliases, field);

/** The body without the named keys (ids read separately), parsed with `schema`. */
function bodyAs<S extends z.ZodType>(call: CompatCall, schema: S, drop: string[]): z.infer<S> {
  const rest = Object.fromEntries(Object.entries(call.body).filter(([k]) => !drop.includes(k)));
  return parseInput(schema, rest) as z.infer<S>;
}

// ---- the mini-store's list convention -------------------------------------------------------------

/** Mini-store lists: `limit` (page size, default 10), `offset` the page index from 0, trimmed `search`. */
const ministorePage = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: z.coerce.number().int().min(0).max(1000).default(0),
  search: z.string().trim().max(200).optional(),
  sort: z.enum(['title', '-title', 'minPrice', '-minPrice', 'createdAt', '-createdAt', 'ratingAverage', '-ratingAverage']).optional(),
  minPrice: z.coerce.number().int().min(0).optional(),
  maxPrice: z.coerce.number().int().min(0).optional(),
});

/** A page of `resource` in the mini-store's convention, with extra list filters. */
async function ministoreList(call: CompatCall, resource: Resource, filters: Record<string, string> = {}) {
  const page = parseInput(ministorePage, {
    limit: call.body.limit,
    offset: call.body.offset,
    search: call.body.search,
    sort: call.body.sort,
    minPrice: call.body.minPrice,
    maxPrice: call.body.maxPrice,
  }) as z.infer<typeof ministorePage>;
  const query: ListQuery = {
    limit: page.limit,
    offset: page.offset * page.limit,
    q: page.search || undefined,
    sort: page.sort,
    withTotal: 'true',
    ...filters,
    ...(resource === productsResource && page.minPrice !== undefined ? { 'minPrice.gte': String(page.minPrice) } : {}),
    ...(resource === productsResource && page.maxPrice !== undefined ? { 'minPrice.lte': String(page.maxPrice) } : {}),
  };
  const result = await resource.list(scopeOf(call), query);
  return new Envelope(result.data, {
    totalCount: result.total,
    total: result.total,
    limit: page.limit,
    offset: page.offset,
    pages: result.total === null ? null : Math.ceil(result.total / page.limit),
  });
}

/** A category and every category below it, as a list filter (at most 100 ids). */
async function categoryFilter(call: CompatCall, ...aliases: string[]) {
  const id = idFrom(call, 'categoryId', ...aliases);
  const ids = await inTx(call, async (tx, scope) => {
    await categoriesResource.getIn(tx, scope, id);
    return descendantIds(tx, scope, [id]);
  });
  return { categoryId: ids.slice(0, 100).join(',') };
}

// ---- handlers -------------------------------------------------------------------------------------

const crud = {
  tags: compatCrud(tagsResource),
  categories: compatCrud(categoriesResource),
  attributeValues: compatCrud(attributeValuesResource),
  products: compatCrud(productsResource),
  variations: compatCrud(variationsResource),
  taxRates: compatCrud(taxRatesResource),
};

/** One category with its children (recursively) and product counts; or the whole tree. */
const detailedCategory: Handle = (call) =>
  inTx(call, (tx, scope) => categoryTree(tx, scope, idFrom(call, 'id', 'categoryId')).then(([c]) => c));
const detailedCategories: Handle = (call) => inTx(call, (tx, scope) => categoryTree(tx, scope));

/** Top-level categories, each with its subcategories (the mini-store's category list). */
const rootCategories: Handle = (call) =>
  inTx(call, async (tx, scope) =>
    (await categoryTree(tx, scope)).map(({ children, ...c }) => ({ ...c, subcategories: children.map(({ children: _c, ...s }) => s) })),
  );

/** Subcategories: children of `categoryId`, or every category that has a parent. */
const subcategories: Handle = async (call) => {
  if (pick(call.body, 'id') !== undefined) return crud.categories.get(call);
  const parent = pick(call.body, 'categoryId', 'parentId', 'catid');
  if (parent !== undefined) return ministoreList(call, categoriesResource, { parentId: idFrom(call, 'categoryId', 'parentId', 'catid') });
  const children = await inTx(call, async (tx, scope) => (await categoryTree(tx, scope)).flatMap((root) => flatten(root.children)));
  return new Envelope(children, { totalCount: children.length, total: children.length });
};
type Tree = Awaited<ReturnType<typeof categoryTree>>[number];
const flatten = (nodes: Tree[]): Omit<Tree, 'children'>[] => nodes.flatMap(({ children, ...n }) => [n, ...flatten(children)]);

/** A subcategory is a category with a parent (`categoryId`, `parentId` or `catid`). */
const withParent = (call: CompatCall, required: boolean): CompatCall => {
  const { categoryId: _c, catid: _k, ...rest } = call.body;
  const parent = pick(call.body, 'parentId', 'categoryId', 'catid');
  if (parent === undefined && required) throw errors.validation({ categoryId: 'Name the parent category' });
  return { ...call, body: parent === undefined ? rest : { ...rest, parentId: parent } };
};
const addSubcategory: Handle = (call) => crud.categories.create(withParent(call, true));
const updateSubcategory: Handle = (call) => crud.categories.update(withParent(call, false));

/** Creates an attribute, with its values when `values` lists them (strings or { value, swatch }). */
const createAttribute: Handle = (call) =>
  inTx(call, async (tx, scope) => {
    const { values = [], ...input } = call.body as { values?: unknown };
    const list = z
      .array(z.union([z.string().transform((value) => ({ value })), attributeValueInput]))
      .max(200)
      .safeParse(values);
    if (!list.success) throw errors.validation({ values: 'A list of values (text, or { value, swatch })' });
    const attribute = await attributesResource.createIn(tx, scope, input);
    const created = await addAttributeValues(tx, scope, attribute.id, list.data);
    return { ...attribute, values: created };
  });

/** Adds one value (`value`) or several (`values`) to the attribute `attributeId` (or `id`). */
const addValue: Handle = (call) => {
  const attributeId = idFrom(call, 'attributeId', 'id');
  const raw = call.body.values ?? [Object.fromEntries(Object.entries(call.body).filter(([k]) => !['attributeId', 'id'].includes(k)))];
  const parsed = z
    .array(z.union([z.string().transform((value) => ({ value })), attributeValueInput]))
    .min(1)
    .max(200)
    .safeParse(raw);
  if (!parsed.success) throw errors.validation({ value: 'Give the value (text), or values' });
  return inTx(call, (tx, scope) => addAttributeValues(tx, scope, attributeId, parsed.data));
};

/** Edits a value (`valueId`, or `id`): its text, slug, swatch or order. */
const editValue: Handle = (call) => {
  const id = idFrom(call, 'valueId', 'valueId', 'id');
  return attributeValuesResource.update(scopeOf(call), id, bodyAs(call, attributeValueInput.partial(), ['valueId', 'id', 'attributeId']));
};

const attributesList: Handle = (call) => inTx(call, (tx, scope) => attributesWithValues(tx, scope));
const attributeSingle: Handle = (call) =>
  inTx(call, async (tx, scope) => (await attributesWithValues(tx, scope, idFrom(call, 'id', 'attributeId')))[0]);

/** One product in detail (variations, attributes, category) by id or slug; without either, the list. */
const productGet: Handle = (call) => {
  const slug = call.body.slug;
  if (pick(call.body, 'id', 'productId') === undefined && typeof slug !== 'string') return crud.products.list(call);
  return inTx(call, async (tx, scope) =>
    productDetail(tx, scope, typeof slug === 'string' && slug ? await productIdBySlug(tx, scope, slug) : idFrom(call, 'id', 'productId')),
  );
};
/** Products of a category and its subcategories. */
const productsOfCategory: Handle = async (call) =>
  ministoreList(call, productsResource, await categoryFilter(call, 'id', 'catid', 'category'));

/** The storefront's listing: active products, optionally of a category (and its subcategories). */
const mainGet: Handle = async (call) => {
  const category = pick(call.body, 'categoryId', 'catid', 'category') === undefined ? {} : await categoryFilter(call, 'catid', 'category');
  return ministoreList(call, productsResource, { status: 'active', ...category });
};

const imageTarget = (kind: 'product' | 'variation') => (kind === 'product' ? ['productId', 'id'] : ['variationId', 'id']);
/** Gallery lines: add images (one `image`, or `images`), edit one (alt, URL, place), delete one. */
const addImages =
  (kind: 'product' | 'variation'): Handle =>
  (call) => {
    const id = idFrom(call, `${kind}Id`, ...imageTarget(kind));
    const raw =
      call.body.images ?? (call.body.image ? [call.body.image] : call.body.url ? [{ url: call.body.url, alt: call.body.alt }] : undefined);
    const input = parseInput(addImagesInput, { images: raw, position: call.body.position }) as z.infer<typeof addImagesInput>;
    return changeImages(scopeOf(call), kind, id, (images) => gallery.add(images, input));
  };
const editImage: Handle = (call) => {
  const id = idFrom(call, 'productId', 'productId', 'id');
  const input = bodyAs(call, editImageInput, ['productId', 'id']);
  return changeImages(scopeOf(call), 'product', id, (images) => gallery.edit(images, input));
};
const deleteImage: Handle = (call) => {
  const id = idFrom(call, 'productId', 'productId', 'id');
  const ref = bodyAs(call, imageRef.strict(), ['productId', 'id']);
  return changeImages(scopeOf(call), 'product', id, (images) => gallery.remove(images, ref));
};
const meta: Handle = (call) =>
  insertMeta(scopeOf(call), idFrom(call, 'productId', 'productId', 'id'), bodyAs(call, insertMetaInput, ['productId', 'id']));

/** Adds a variation (or several as `variations`) to the product `productId`. */
const createVariation: Handle = async (call) => {
  const productId = idFrom(call, 'productId');
  const raw = call.body.variations ?? [Object.fromEntries(Object.entries(call.body).filter(([k]) => k !== 'productId'))];
  const parsed = z.array(variationInput).min(1).max(1000).safeParse(raw);
  if (!parsed.success)
    throw errors.validation(Object.fromEntries(parsed.error.issues.map((i) => [i.path.slice(1).join('.') || 'variations', i.message])));
  const created = await inTx(call, (tx, scope) => insertVariations(tx, scope, productId, parsed.data));
  return call.body.variations ? created : created[0];
};

/**
 * Variations in detail: those of a product (`productId`) or of the products of a category and its
 * subcategories (`categoryId`), each with its product's title and its values named.
 */
const detailedVariations: Handle = async (call) => {
  const filter = pick(call.body, 'productId') !== undefined ? { productId: idFrom(call, 'productId') } : undefined;
  // The category's subtree is read first: one transaction at a time (PGlite holds one connection).
  const category = filter ? undefined : await categoryFilter(call, 'id');
  return inTx(call, async (tx, scope) => {
    const productIds = filter
      ? [filter.productId]
      : (
          await productsResource.listIn(tx, scope, {
            ...category,
            limit: 200,
            offset: 0,
            withTotal: 'false',
          } as ListQuery)
        ).data.map((p) => p.id);
    const named = new Map(
      (await attributesWithValues(tx, scope)).flatMap((a) => a.values.map((v) => [v.id, { attribute: a.name, value: v.value }])),
    );
    const out = [];
    for (const id of productIds) {
      const detail = await productDetail(tx, scope, id);
      for (const v of detail.variations) {
        const product = detail as Row;
        out.push({
          ...v,
          product: { id: product.id, title: product.title, slug: product.slug },
          values: v.attributeValueIds.map((x) => named.get(x)),
        });
      }
    }
    return out;
  });
};

/** Tax rates of the shop (optionally of one tax class). */
const taxRates: Handle = (call) => crud.taxRates.list({ ...call, body: { limit: 200, ...call.body } });

const COLOUR = ['colour', 'color'];
const SIZE = ['size'];
/** The colorVariant / sizeVariant lines: a product's variations by that attribute, one value's, similar products. */
function byAttributeLines(prefix: string, slugs: string[]): CompatLine[] {
  const valueKeys = [prefix.includes('color') ? 'color' : 'size', 'value', 'valueId'];
  const get: Handle = (call) => inTx(call, (tx, scope) => variationsByAttribute(tx, scope, idFrom(call, 'productId', 'id'), slugs));
  const withValue: Handle = (call) => {
    const value = pick(call.body, ...valueKeys);
    if (typeof value !== 'string') throw errors.validation({ [valueKeys[0]]: 'Required' });
    return inTx(call, (tx, scope) => variationsByAttribute(tx, scope, idFrom(call, 'productId', 'id'), slugs, value));
  };
  const similar: Handle = (call) => inTx(call, (tx, scope) => similarProducts(tx, scope, idFrom(call, 'productId', 'id')));
  return [
    ['ministore', 'GET', `${prefix}/get`, R, get],
    ['ministore', 'GET', `${prefix}/GetWithColorAndProduct`, R, withValue],
    ['ministore', 'GET', `${prefix}/similarProds`, R, similar],
  ];
}

// ---- the table ------------------------------------------------------------------------------------

const R = 'commerce-catalogue:read' as const;
const W = 'commerce-catalogue:write' as const;
const core = (path: string, access: typeof R | typeof W, handle: Handle): CompatLine => ['core', 'POST', path, access, handle];
const mini = (path: string, access: typeof R | typeof W | 'commerce-settings:read', handle: Handle): CompatLine => [
  'ministore',
  'POST',
  path,
  access,
  handle,
];

/** The catalogue's seed calls: core /ecom/* and the mini-store's categories, products, variants and tax. */
export const catalogueCompat: CompatEntry[] = compatTable([
  // core: tags
  crudLines('core', tagsResource, { add: '/ecom/tag/add', update: '/ecom/tag/update', get: '/ecom/tag/getAll' }),
  ['core', 'GET', '/ecom/tag/get', R, (call) => crud.tags.list(call)],
  // core: categories
  crudLines('core', categoriesResource, { add: '/ecom/category/add', update: '/ecom/category/editCategory', get: '/ecom/category/get' }),
  core('/ecom/category/getDetailedCategory', R, detailedCategory),
  core('/ecom/category/getDetailedCategoryAll', R, detailedCategories),
  // core: attributes and their values
  core('/ecom/attributes/create', W, createAttribute),
  core('/ecom/attributes/addValue', W, addValue),
  core('/ecom/attributes/editValue', W, editValue),
  core('/ecom/attributes/get', R, attributesList),
  core('/ecom/attributes/getSingle', R, attributeSingle),
  // core: products
  crudLines('core', productsResource, {
    add: '/ecom/product/add',
    update: '/ecom/product/update',
    delete: '/ecom/product/delete',
    get: '/ecom/product/getAll',
  }),
  core('/ecom/product/get', R, productGet),
  core('/ecom/product/getDetailedCategory', R, productsOfCategory),
  core('/ecom/product/addProductImage', W, addImages('product')),
  core('/ecom/product/editProductImage', W, editImage),
  core('/ecom/product/deleteProductImage', W, deleteImage),
  core('/ecom/product/insertMeta', W, meta),
  // core: variations
  core('/ecom/variation/create', W, createVariation),
  core('/ecom/variation/update', W, (call) => crud.variations.update(call)),
  core('/ecom/variation/get', R, (call) => crud.variations.list(call)),
  core('/ecom/variation/delete', W, (call) => crud.variations.remove(call)),
  core('/ecom/variation/getDetailedCategory', R, detailedVariations),
  core('/ecom/variation/addProductImage', W, addImages('variation')),
  // mini-store: categories and subcategories (child categories)
  crudLines('ministore', categoriesResource, { add: '/category/create', update: '/category/update', delete: '/category/delete' }),
  mini('/category/get', R, rootCategories),
  mini('/subcategory/add', W, addSubcategory),
  mini('/subcategory/update', W, updateSubcategory),
  mini('/subcategory/delete', W, (call) => crud.categories.remove(call)),
  ['ministore', 'GET', '/subcategory/get', R, subcategories],
  // mini-store: products
  mini('/product/get', R, (call) => ministoreList(call, productsResource)),
  mini('/product/mainGET', R, mainGet),
  mini('/product/getSingle', R, productGet),
  mini('/product/filterByCategory', R, productsOfCategory),
  crudLines('ministore', productsResource, { add: '/product/create', delete: '/product/delete' }),
  mini('/product/addProductImage', W, addImages('product')),
  // mini-store: variations by colour and by size; tax
  byAttributeLines('/colorVariant', COLOUR),
  byAttributeLines('/sizeVariant', SIZE),
  mini('/tax', 'commerce-settings:read', taxRates),
  // mini-store: the banners live now, as the storefront shows them
  mini('/banner', R, (call) => inTx(call, (tx, scope) => liveBanners(tx, scope.tenantId))),
]);
