import { and, arrayOverlaps, asc, desc, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, errors, type Row, type Scope, tenantFilter } from '../../../../kernel/resources';
import type { ShopImage } from '../../tables';
import { commerceAttributes, commerceCategories, commerceProducts } from '../../tables';
import { productsResource } from '../resources/products';
import { variationsResource } from '../resources/variations';
import { imageSchema, imagesSchema, seoMetaSchema } from '../schemas';
import { attributesWithValues, valuesOf } from './attribute-values';
import { variationsOf } from './variations';

const p = commerceProducts;
const { tenantId: _t, ...productColumns } = getTableColumns(p);

/** A product with its variations, the attributes it varies by (with the values its variations use) and its category. */
export async function productDetail(tx: Db, scope: Scope, id: string) {
  const product = await productsResource.getIn(tx, scope, id);
  const variations = await variationsOf(tx, scope, id);
  const used = new Set(variations.flatMap((v) => v.attributeValueIds));
  const attributes = (await attributesWithValues(tx, scope))
    .filter((a) => (product.attributeIds as string[]).includes(a.id))
    .map((a) => ({ ...a, values: a.values.filter((v) => used.has(v.id)) }));
  const [category] = product.categoryId
    ? await tx
        .select({
          id: commerceCategories.id,
          name: commerceCategories.name,
          slug: commerceCategories.slug,
          parentId: commerceCategories.parentId,
        })
        .from(commerceCategories)
        .where(and(tenantFilter(commerceCategories, scope.tenantId), eq(commerceCategories.id, String(product.categoryId))))
    : [null];
  return { ...product, category: category ?? null, attributes, variations };
}

/** A product by slug (the storefront's links), or 404. */
export async function productIdBySlug(tx: Db, scope: Scope, slug: string): Promise<string> {
  const [row] = await tx
    .select({ id: p.id })
    .from(p)
    .where(and(tenantFilter(p, scope.tenantId), eq(p.slug, slug)))
    .limit(1);
  if (!row) throw errors.notFound('Product');
  return row.id;
}

// ---- images ----------------------------------------------------------------------------------

export const addImagesInput = z
  .object({ images: z.array(imageSchema).min(1).max(50), position: z.number().int().min(0).max(50).optional() })
  .strict();
/** One image found by its place in the gallery or its URL. */
export const imageRef = z.object({ index: z.number().int().min(0).max(49).optional(), url: z.string().max(1000).optional() });
export const editImageInput = imageRef
  .extend({
    alt: z.string().trim().max(300).optional(),
    newUrl: imageSchema.shape.url.optional(),
    moveTo: z.number().int().min(0).max(49).optional(),
  })
  .strict();

function indexOf(images: ShopImage[], ref: z.infer<typeof imageRef>): number {
  const i = ref.index ?? (ref.url === undefined ? -1 : images.findIndex((img) => img.url === ref.url));
  if (i < 0 || i >= images.length)
    throw errors.validation({ [ref.index === undefined ? 'url' : 'index']: 'No such image' }, 'No such image');
  return i;
}

/** The gallery operations of products and variations: add (at a position), edit alt/URL or move, remove. */
export const gallery = {
  add(images: ShopImage[], input: z.infer<typeof addImagesInput>): ShopImage[] {
    const at = Math.min(input.position ?? images.length, images.length);
    return imagesSchema.parse([...images.slice(0, at), ...input.images, ...images.slice(at)]) as ShopImage[];
  },
  edit(images: ShopImage[], input: z.infer<typeof editImageInput>): ShopImage[] {
    const i = indexOf(images, input);
    const next = [...images];
    const [image] = next.splice(i, 1);
    const changed = {
      ...image,
      ...(input.alt === undefined ? {} : { alt: input.alt }),
      ...(input.newUrl === undefined ? {} : { url: input.newUrl }),
    };
    next.splice(Math.min(input.moveTo ?? i, next.length), 0, changed);
    return next;
  },
  remove(images: ShopImage[], ref: z.infer<typeof imageRef>): ShopImage[] {
    const i = indexOf(images, ref);
    return images.filter((_, k) => k !== i);
  },
};

/** Applies a gallery operation to a product's or a variation's images through its resource (validated, audited). */
export async function changeImages(
  scope: Scope,
  kind: 'product' | 'variation',
  id: string,
  change: (images: ShopImage[]) => ShopImage[],
): Promise<Row> {
  const resource = kind === 'product' ? productsResource : variationsResource;
  return scope.db.withTenant(scope.tenantId, async (tx) => {
    const record = await resource.getIn(tx, scope, id, true);
    return resource.updateIn(tx, scope, id, { images: change(record.images as ShopImage[]) });
  });
}

export const insertMetaInput = z
  .object({
    seoTitle: z.string().trim().max(70).nullable().optional(),
    seoDescription: z.string().trim().max(320).nullable().optional(),
    meta: seoMetaSchema.optional(),
    /** Replace the extra meta tags (default: merge, an empty content removes a tag). */
    replace: z.boolean().optional(),
  })
  .strict();

/** SEO meta of a product: title, description and extra tags (merged by name; empty content removes one). */
export async function insertMeta(scope: Scope, id: string, input: z.infer<typeof insertMetaInput>) {
  return scope.db.withTenant(scope.tenantId, async (tx) => {
    const product = await productsResource.getIn(tx, scope, id, true);
    const merged: Record<string, string> = input.replace ? {} : { ...(product.seoMeta as Record<string, string>) };
    for (const [name, content] of Object.entries(input.meta ?? {})) {
      if (content === '') delete merged[name];
      else merged[name] = content;
    }
    const patch: Record<string, unknown> = { seoMeta: merged };
    if (input.seoTitle !== undefined) patch.seoTitle = input.seoTitle;
    if (input.seoDescription !== undefined) patch.seoDescription = input.seoDescription;
    return productsResource.updateIn(tx, scope, id, patch);
  });
}

// ---- variations by attribute, similar products -------------------------------------------------

/** The attribute named `slug` (colour, size…), or null when the shop has none. */
async function attributeBySlug(tx: Db, scope: Scope, slugs: string[]) {
  const rows = await tx
    .select({ id: commerceAttributes.id, name: commerceAttributes.name, slug: commerceAttributes.slug })
    .from(commerceAttributes)
    .where(and(tenantFilter(commerceAttributes, scope.tenantId), inArray(commerceAttributes.slug, slugs)));
  return rows.sort((a, b) => slugs.indexOf(a.slug) - slugs.indexOf(b.slug))[0] ?? null;
}

/**
 * A product's variations by one attribute (Colour, Size): each value the product's variations use,
 * with those variations; `value` (id, slug or name) keeps one value.
 */
export async function variationsByAttribute(tx: Db, scope: Scope, productId: string, attributeSlugs: string[], value?: string) {
  const attribute = await attributeBySlug(tx, scope, attributeSlugs);
  const variations = await variationsOf(tx, scope, productId);
  if (!attribute) return { attribute: null, values: [] };
  const values = (await valuesOf(tx, scope, [attribute.id])).filter(
    (v) => value === undefined || [v.id, v.slug, v.value.toLowerCase()].includes(value.toLowerCase()),
  );
  if (value !== undefined && values.length === 0) throw errors.notFound(`${attribute.name} ${value}`);
  return {
    attribute,
    values: values
      .map((v) => ({ ...v, variations: variations.filter((x) => x.attributeValueIds.includes(v.id)) }))
      .filter((v) => v.variations.length > 0),
  };
}

/**
 * Products like this one: active, in the same category, sharing at least one attribute it varies
 * by (or any when it varies by none), best rated first.
 */
export async function similarProducts(tx: Db, scope: Scope, productId: string, limit = 10) {
  const product = await productsResource.getIn(tx, scope, productId);
  const attributeIds = product.attributeIds as string[];
  return tx
    .select(productColumns)
    .from(p)
    .where(
      and(
        tenantFilter(p, scope.tenantId),
        ne(p.id, productId),
        eq(p.status, 'active'),
        product.categoryId ? eq(p.categoryId, String(product.categoryId)) : sql`${p.categoryId} is null`,
        attributeIds.length > 0 ? arrayOverlaps(p.attributeIds, attributeIds) : undefined,
      ),
    )
    .orderBy(desc(p.ratingAverage), asc(p.title))
    .limit(limit);
}
