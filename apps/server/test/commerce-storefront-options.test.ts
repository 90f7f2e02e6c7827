import { describe, expect, it } from 'vitest';
import { commerceAttributes, commerceAttributeValues, commerceProducts, commerceVariations } from '../src/modules/commerce/tables';
import { appWith, randomIp } from './helpers';

/**
 * The storefront's product page offers one picker per option: a product's detail lists the
 * attributes its active variations vary by, in the attributes' order, each with the values in use.
 */

const [t, a, b] = await appWith(2);

/** A kurta in two colours and two sizes (one variation switched off), written straight into the tables. */
const kurta = await t.app.db.withTenant(a.tenantId, async (tx) => {
  const tenantId = a.tenantId;
  const [size, colour] = await tx
    .insert(commerceAttributes)
    .values([
      { tenantId, name: 'Size', slug: 'size', sortOrder: 2 },
      { tenantId, name: 'Colour', slug: 'colour', display: 'swatches', sortOrder: 1 },
    ])
    .returning();
  const values = await tx
    .insert(commerceAttributeValues)
    .values([
      { tenantId, attributeId: colour.id, value: 'Indigo', slug: 'indigo', swatch: '#2e3a87', sortOrder: 1 },
      { tenantId, attributeId: colour.id, value: 'Maroon', slug: 'maroon', swatch: '#800020', sortOrder: 2 },
      { tenantId, attributeId: colour.id, value: 'Rust', slug: 'rust', swatch: '#b7410e', sortOrder: 3 },
      { tenantId, attributeId: size.id, value: 'M', slug: 'm', sortOrder: 1 },
      { tenantId, attributeId: size.id, value: 'L', slug: 'l', sortOrder: 2 },
    ])
    .returning();
  const id = (v: string) => values.find((x) => x.value === v)!.id;
  const [product] = await tx
    .insert(commerceProducts)
    .values({ tenantId, title: 'Option Kurta', slug: 'option-kurta', status: 'active', minPrice: 1000, maxPrice: 1000 })
    .returning();
  await tx.insert(commerceVariations).values([
    {
      tenantId,
      productId: product.id,
      sku: 'OK-IN-M',
      title: 'Indigo / M',
      price: 1000,
      attributeValueIds: [id('Indigo'), id('M')],
      isDefault: true,
    },
    { tenantId, productId: product.id, sku: 'OK-MA-L', title: 'Maroon / L', price: 1000, attributeValueIds: [id('Maroon'), id('L')] },
    // Switched off: Rust is not offered.
    {
      tenantId,
      productId: product.id,
      sku: 'OK-RU-M',
      title: 'Rust / M',
      price: 1000,
      attributeValueIds: [id('Rust'), id('M')],
      active: false,
    },
  ]);
  return product;
});

const detail = (community: string, slug: string) =>
  t.request({ method: 'GET', url: `/public/${community}/shop/products/${slug}`, remoteAddress: randomIp() });

describe('storefront product options', () => {
  it('lists each attribute the active variations use, in order, with the values in use', async () => {
    const res = await detail(a.name, kurta.slug);
    expect(res.statusCode, res.body).toBe(200);
    const { options, variations } = res.json().data;
    expect(options.map((o: { name: string; display: string }) => [o.name, o.display])).toEqual([
      ['Colour', 'swatches'],
      ['Size', 'buttons'],
    ]);
    expect(options[0].values.map((v: { value: string; swatch: string }) => [v.value, v.swatch])).toEqual([
      ['Indigo', '#2e3a87'],
      ['Maroon', '#800020'],
    ]);
    expect(options[1].values.map((v: { value: string }) => v.value)).toEqual(['M', 'L']);
    // Only the active variations (in position order; these two share a position).
    expect(variations.map((v: { title: string }) => v.title).sort()).toEqual(['Indigo / M', 'Maroon / L']);
  });

  it('is empty for a product without options, and another community cannot read the product', async () => {
    const plain = await t.app.db.withTenant(a.tenantId, async (tx) => {
      const [p] = await tx
        .insert(commerceProducts)
        .values({ tenantId: a.tenantId, title: 'Plain Bowl', slug: 'plain-bowl', status: 'active', minPrice: 500, maxPrice: 500 })
        .returning();
      await tx.insert(commerceVariations).values({ tenantId: a.tenantId, productId: p.id, sku: 'PB', price: 500, isDefault: true });
      return p;
    });
    expect((await detail(a.name, plain.slug)).json().data.options).toEqual([]);
    expect((await detail(b.name, kurta.slug)).statusCode).toBe(404);
  });
});
