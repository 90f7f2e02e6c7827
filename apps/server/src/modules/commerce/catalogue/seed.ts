import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Resource, type Row, type Scope, seedData } from '../../../kernel/resources';
import { attributesResource } from './resources/attributes';
import { bannersResource } from './resources/banners';
import { categoriesResource } from './resources/categories';
import { productsResource } from './resources/products';
import { tagsResource } from './resources/tags';
import { taxRatesResource } from './resources/tax-rates';
import { slugify } from './schemas';
import { addAttributeValues } from './services/attribute-values';
import { materialiseSampleImages } from './services/sample-images';
import { editVariations, generateVariations } from './services/variations';

/**
 * The demo community's shop: a handloom and crafts store in INR — nested categories, Colour and
 * Size values, about three dozen products with their variations, stock and GST rates (5/12/18%).
 * Builds on the resources' examples (seeded first: settings, three GST rates, top categories,
 * tags, the Colour and Size attributes, two products).
 */

const COLOURS: [string, string][] = [
  ['Indigo', '#2e3a87'],
  ['Maroon', '#800020'],
  ['Mustard', '#d4a017'],
  ['Ivory', '#f4efe1'],
  ['Forest Green', '#2f5d3a'],
  ['Charcoal', '#36393b'],
  ['Rust', '#b7410e'],
];
const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', 'UK 6', 'UK 7', 'UK 8', 'UK 9', 'UK 10'];

/** Subcategories under the examples' top categories (and one level below). */
const TREE: Record<string, Record<string, string[]>> = {
  Clothing: { Men: ['Kurtas', 'Shirts'], Women: ['Sarees', 'Kurtis & Tops'], Kids: [] },
  'Home & Living': { 'Bed & Bath': [], 'Kitchen & Dining': [], Décor: [] },
  Accessories: { Bags: [], Jewellery: [], Footwear: [] },
};

/** About three dozen products (prices in rupees), with the colours and sizes they come in. */
const PRODUCTS = seedData(
  new URL('./seed-products.json', import.meta.url),
  z.array(
    z.object({
      title: z.string(),
      category: z.string(),
      brand: z.string(),
      price: z.number().positive(),
      description: z.string(),
      colours: z.array(z.string()).optional(),
      sizes: z.array(z.string()).optional(),
      taxClass: z.enum(['standard', 'apparel', 'reduced']).optional(),
      tags: z.array(z.string()).optional(),
      featured: z.boolean().optional(),
      status: z.enum(['draft', 'active', 'archived']).optional(),
    }),
  ),
);

/** A spread of stock levels that looks like a real shop's (some sold out, a few plenty). */
const stockFor = (i: number) => [0, 3, 7, 12, 18, 25, 40, 5, 9, 60][(i * 7 + 3) % 10];

const byField = (rows: Row[], field: string) => new Map(rows.map((r) => [String(r[field]), r]));
const all = async (scope: Scope, resource: Resource) => (await resource.list(scope, { limit: 200, offset: 0, withTotal: 'false' })).data;

export async function seedCatalogue(app: FastifyInstance, scope: Scope): Promise<void> {
  const db = scope.db;
  // Taxonomy: subcategories under the examples' top categories.
  const categories = byField(await all(scope, categoriesResource), 'name');
  for (const [top, subs] of Object.entries(TREE)) {
    const parent = categories.get(top) ?? (await categoriesResource.create(scope, { name: top }));
    let order = 1;
    for (const [sub, leaves] of Object.entries(subs)) {
      const child = await categoriesResource.create(scope, { name: sub, parentId: parent.id, sortOrder: order++ });
      categories.set(sub, child);
      for (const leaf of leaves)
        categories.set(leaf, await categoriesResource.create(scope, { name: leaf, parentId: child.id, sortOrder: order++ }));
    }
  }
  const tags = byField(await all(scope, tagsResource), 'name');
  const attributes = byField(await all(scope, attributesResource), 'name');
  const colour = attributes.get('Colour') ?? (await attributesResource.create(scope, { name: 'Colour', display: 'swatches' }));
  const size = attributes.get('Size') ?? (await attributesResource.create(scope, { name: 'Size' }));
  const values = await db.withTenant(scope.tenantId, async (tx) => [
    ...(await addAttributeValues(
      tx,
      scope,
      colour.id,
      COLOURS.map(([value, swatch]) => ({ value, swatch })),
    )),
    ...(await addAttributeValues(
      tx,
      scope,
      size.id,
      SIZES.map((value) => ({ value })),
    )),
  ]);
  const valueId = new Map(values.map((v) => [`${v.attributeId}:${v.value}`, v.id]));

  for (const [i, sample] of PRODUCTS.entries()) {
    const product = await productsResource.create(scope, {
      title: sample.title,
      description: sample.description,
      brand: sample.brand,
      status: sample.status ?? 'active',
      categoryId: categories.get(sample.category)?.id,
      tagIds: (sample.tags ?? []).map((t) => tags.get(t)?.id).filter(Boolean),
      taxClass: sample.taxClass ?? 'standard',
      featured: sample.featured ?? false,
      price: sample.price * 100,
      onHand: stockFor(i),
      images: [{ url: `https://images.atrium.example/shop/${slugify(sample.title)}.jpg`, alt: sample.title }],
      seoTitle: `${sample.title} | ${sample.brand}`.slice(0, 70),
    });
    const chosen = [
      ...(sample.colours ?? []).map((c) => valueId.get(`${colour.id}:${c}`)!),
      ...(sample.sizes ?? []).map((s) => valueId.get(`${size.id}:${s}`)!),
    ];
    if (chosen.length === 0) continue;
    await db.withTenant(scope.tenantId, async (tx) => {
      const made = await generateVariations(tx, scope, product.id, { attributeValueIds: chosen, price: sample.price * 100 });
      // Larger sizes cost a little more; stock varies per variation.
      const edits = made.variations.map((v, k) => ({
        id: v.id,
        price: sample.price * 100 + (/XXL|XL/.test(v.title) ? 10_000 : 0),
        compareAtPrice: sample.featured ? Math.round(sample.price * 1.2) * 100 : null,
        onHand: stockFor(i + k),
      }));
      await editVariations(tx, scope, product.id, edits);
    });
  }
  // Two more banners beside the examples: one leads to a featured product, one to a category.
  const featured = PRODUCTS.find((sample) => sample.featured);
  const [firstFeatured] = featured
    ? (await productsResource.list(scope, { q: featured.title, limit: 1, offset: 0, withTotal: 'false' })).data
    : [];
  if (firstFeatured)
    await bannersResource.create(scope, {
      title: `New in: ${firstFeatured.title}`,
      image: { url: 'https://images.atrium.example/shop/banners/new-in.jpg', alt: String(firstFeatured.title) },
      linkKind: 'product',
      productId: firstFeatured.id,
      sortOrder: 3,
    });
  const clothing = categories.get('Clothing');
  if (clothing)
    await bannersResource.create(scope, {
      title: 'Everyday wear in natural fabrics',
      image: { url: 'https://images.atrium.example/shop/banners/clothing.jpg', alt: 'Folded cotton shirts in soft colours' },
      linkKind: 'category',
      categoryId: clothing.id,
      sortOrder: 4,
    });
  // Shipping is taxed at the standard rate.
  await taxRatesResource.create(scope, { name: 'GST 18% on shipping', taxClass: 'shipping', country: 'IN', ratePpm: 180_000 });
  // Real pictures for the sample products and banners (their examples point at a host that does not exist).
  await materialiseSampleImages(app, scope);
}
