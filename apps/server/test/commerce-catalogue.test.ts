import { describe, expect, it } from 'vitest';
import { apiOf, appWith, dataOf as data, refusal as refused, signedInAdmin } from './helpers';

type Json = Record<string, any>;

const [t, c, other] = await appWith(2);

/** The shop's catalogue through the API: workflows and their failure paths. */
describe('commerce catalogue', () => {
  const call = apiOf(t, c);
  const product = async (body: Json) => data(await call('POST', 'commerce/products', body), 201);
  const variationsOf = async (id: string, as = c) => data(await call('GET', `commerce/products/${id}/variations`, undefined, as)) as Json[];
  const attribute = async (name: string, values: string[]) => {
    const a = data(await call('POST', 'commerce/attributes', { name }), 201);
    const v = data(await call('POST', `commerce/attributes/${a.id}/values`, { values: values.map((value) => ({ value })) }), 201) as Json[];
    return { ...a, values: v };
  };

  it('a new product gets one default variation, SKU from its slug, and its price range', async () => {
    const p = await product({ title: 'Ikat Cotton Kurta', price: 189_900, onHand: 5 });
    expect(p.slug).toBe('ikat-cotton-kurta');
    const [only, ...rest] = await variationsOf(p.id);
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ sku: 'IKAT-COTTON-KURTA', isDefault: true, price: 189_900, onHand: 5, attributeValueIds: [] });
    expect(data(await call('GET', `commerce/products/${p.id}`))).toMatchObject({ minPrice: 189_900, maxPrice: 189_900 });
    // A second product with the same title gets its own slug and SKU.
    const twin = await product({ title: 'Ikat Cotton Kurta' });
    expect(twin.slug).toBe('ikat-cotton-kurta-2');
    expect((await variationsOf(twin.id))[0].sku).toBe('IKAT-COTTON-KURTA-2');
  });

  it('generates Colour × Size variations, keeps existing ones, replaces the default, and refuses more than 1,000', async () => {
    const colour = await attribute('Colour', ['Indigo', 'Maroon']);
    const size = await attribute('Size', ['S', 'M', 'L']);
    const p = await product({ title: 'Linen Shirt', price: 219_900 });
    const first = data(
      await call('POST', `commerce/products/${p.id}/variations/generate`, {
        attributeValueIds: [colour.values[0].id, size.values[0].id, size.values[1].id],
      }),
    );
    expect(first).toMatchObject({ created: 2, kept: 0, removedDefault: true });
    expect(first.variations.map((v: Json) => v.title)).toEqual(['Indigo / S', 'Indigo / M']);
    expect(first.variations.every((v: Json) => v.price === 219_900)).toBe(true);
    const again = data(
      await call('POST', `commerce/products/${p.id}/variations/generate`, {
        attributeValueIds: [...colour.values.map((v: Json) => v.id), ...size.values.map((v: Json) => v.id)],
      }),
    );
    expect(again).toMatchObject({ created: 4, kept: 2, removedDefault: false });
    expect(again.variations).toHaveLength(6);
    expect(new Set(again.variations.map((v: Json) => v.sku)).size).toBe(6);
    expect(data(await call('GET', `commerce/products/${p.id}`)).attributeIds.sort()).toEqual([colour.id, size.id].sort());

    const many = await attribute(
      'Pattern',
      Array.from({ length: 40 }, (_, i) => `P${i}`),
    );
    const wide = await attribute(
      'Width',
      Array.from({ length: 30 }, (_, i) => `W${i}`),
    );
    const tooMany = await call('POST', `commerce/products/${p.id}/variations/generate`, {
      attributeValueIds: [...many.values, ...wide.values].map((v: Json) => v.id),
    });
    expect(refused(tooMany, 409, 'too_many_combinations').message).toMatch(/1,200 combinations/);
    expect(await variationsOf(p.id)).toHaveLength(6);
  });

  it('saves the editor grid in one go: combinations generated and their prices set by their values, all or nothing', async () => {
    const colour = await attribute('Shade', ['Rust', 'Teal']);
    const size = await attribute('Length', ['Short', 'Long']);
    const p = await product({ title: 'Cotton Dupatta', price: 99_900 });
    const [rust, teal] = colour.values as Json[];
    const [short, long] = size.values as Json[];
    const saved = data(
      await call('PATCH', `commerce/products/${p.id}/variations`, {
        generate: { attributeValueIds: [rust.id, teal.id, short.id, long.id] },
        variations: [
          { attributeValueIds: [long.id, teal.id], price: 129_900, onHand: 3 },
          { attributeValueIds: [rust.id, short.id], sku: 'DUPATTA-RUST-S' },
        ],
      }),
    );
    expect(saved).toMatchObject({ created: 4, updated: 2 });
    expect(saved.variations.map((v: Json) => [v.title, v.price, v.onHand])).toEqual([
      ['Rust / Short', 99_900, 0],
      ['Rust / Long', 99_900, 0],
      ['Teal / Short', 99_900, 0],
      ['Teal / Long', 129_900, 3],
    ]);
    expect(saved.variations[0].sku).toBe('DUPATTA-RUST-S');
    expect(data(await call('GET', `commerce/products/${p.id}`))).toMatchObject({ minPrice: 99_900, maxPrice: 129_900 });

    // One edit that cannot apply (stock on a combination the product does not have) leaves everything as it was.
    const wrong = await call('PATCH', `commerce/products/${p.id}/variations`, {
      generate: { attributeValueIds: [rust.id, teal.id] },
      variations: [{ attributeValueIds: [rust.id, long.id, teal.id], onHand: 9 }],
    });
    expect(refused(wrong, 400, 'validation_failed').fields).toEqual({
      'variations.0.attributeValueIds': 'No variation of this product has these values',
    });
    expect((await variationsOf(p.id)).map((v) => v.title)).toEqual(['Rust / Short', 'Rust / Long', 'Teal / Short', 'Teal / Long']);
    // An edit names its variation one way; an empty save is refused.
    const both = await call('PATCH', `commerce/products/${p.id}/variations`, {
      variations: [{ id: saved.variations[0].id, attributeValueIds: [rust.id, short.id], price: 1 }],
    });
    expect(Object.keys(refused(both, 400, 'validation_failed').fields ?? {})).toEqual(['variations.0']);
    refused(await call('PATCH', `commerce/products/${p.id}/variations`, {}), 400, 'validation_failed');
  });

  it('keeps minPrice and maxPrice current through edits, bulk edits and deletes', async () => {
    const size = await attribute('Fit', ['Slim', 'Regular', 'Relaxed']);
    const p = await product({ title: 'Chambray Shirt', price: 150_000 });
    const { variations } = data(
      await call('POST', `commerce/products/${p.id}/variations/generate`, { attributeValueIds: size.values.map((v: Json) => v.id) }),
    );
    const [a, b, cc] = variations as Json[];
    data(await call('PATCH', `commerce/variations/${a.id}`, { price: 120_000 }));
    expect(data(await call('GET', `commerce/products/${p.id}`))).toMatchObject({ minPrice: 120_000, maxPrice: 150_000 });
    const bulk = data(
      await call('PATCH', `commerce/products/${p.id}/variations`, {
        variations: [
          { id: b.id, price: 180_000, onHand: 4 },
          { id: cc.id, price: 90_000, compareAtPrice: 110_000 },
        ],
      }),
    );
    expect(bulk.updated).toBe(2);
    expect(data(await call('GET', `commerce/products/${p.id}`))).toMatchObject({ minPrice: 90_000, maxPrice: 180_000 });
    expect(data(await call('GET', `commerce/variations/${cc.id}`))).toMatchObject({ price: 90_000, compareAtPrice: 110_000, onHand: 0 });
    expect((await call('DELETE', `commerce/variations/${b.id}`)).statusCode).toBe(204);
    expect(data(await call('GET', `commerce/products/${p.id}`))).toMatchObject({ minPrice: 90_000, maxPrice: 120_000 });
    // The kit's bulk edit (same value on many) goes through the same hooks.
    data(await call('PATCH', 'commerce/variations', { ids: [a.id, cc.id], patch: { price: 99_000 } }));
    expect(data(await call('GET', `commerce/products/${p.id}`))).toMatchObject({ minPrice: 99_000, maxPrice: 99_000 });
  });

  it('filters products by tag (any of the tags asked for) and refuses a tag that is not an id', async () => {
    const silk = data(await call('POST', 'commerce/tags', { name: 'Silk' }), 201);
    const gift = data(await call('POST', 'commerce/tags', { name: 'Gift' }), 201);
    const scarf = await product({ title: 'Silk Scarf', tagIds: [silk.id, gift.id] });
    const saree = await product({ title: 'Silk Saree', tagIds: [silk.id] });
    const mug = await product({ title: 'Clay Mug', tagIds: [gift.id] });
    const titles = async (query: string) =>
      ((await data(await call('GET', `commerce/products?${query}&sort=title&limit=100`))) as Json[]).map((p) => p.title);
    expect(await titles(`tagIds=${silk.id}`)).toEqual([saree.title, scarf.title]);
    expect(await titles(`tagIds=${gift.id}`)).toEqual([mug.title, scarf.title]);
    expect(await titles(`tagIds=${silk.id},${gift.id}`)).toEqual([mug.title, saree.title, scarf.title]);
    expect(refused(await call('GET', 'commerce/products?tagIds=silk'), 400, 'validation_failed').fields).toEqual({
      tagIds: 'Expected a UUID',
    });
  });

  it('refuses a SKU already used in the community with 409, and accepts it in another community', async () => {
    const p = await product({ title: 'Copper Bottle', sku: 'CU-1000' });
    const q = await product({ title: 'Copper Tumbler' });
    const [tumbler] = await variationsOf(q.id);
    const clash = await call('PATCH', `commerce/variations/${tumbler.id}`, { sku: 'CU-1000' });
    expect(refused(clash, 409, 'already_exists').fields).toHaveProperty('sku');
    const added = await call('POST', `commerce/products/${q.id}/variations`, { sku: 'CU-1000', price: 100 });
    expect(refused(added, 409, 'already_exists').fields).toHaveProperty('sku');
    const bulk = await call('PATCH', `commerce/products/${q.id}/variations`, { variations: [{ id: tumbler.id, sku: 'CU-1000' }] });
    refused(bulk, 409, 'already_exists');
    expect((await variationsOf(p.id))[0].sku).toBe('CU-1000');
    const elsewhere = data(await call('POST', 'commerce/products', { title: 'Copper Bottle', sku: 'CU-1000' }, other), 201);
    expect((await variationsOf(elsewhere.id, other))[0].sku).toBe('CU-1000');
  });

  it('refuses negative money and stock with 400 naming the field', async () => {
    refused(await call('POST', 'commerce/products', { title: 'Free lunch', price: -1 }), 400, 'validation_failed');
    const p = await product({ title: 'Brass Diya' });
    const [v] = await variationsOf(p.id);
    for (const field of ['price', 'compareAtPrice', 'cost', 'onHand']) {
      expect(refused(await call('PATCH', `commerce/variations/${v.id}`, { [field]: -5 }), 400, 'validation_failed').fields).toHaveProperty(
        field,
      );
    }
    const bulk = await call('PATCH', `commerce/products/${p.id}/variations`, { variations: [{ id: v.id, price: -100 }] });
    expect(refused(bulk, 400, 'validation_failed').fields).toHaveProperty('variations.0.price');
    refused(await call('POST', 'commerce/settings', { currency: 'INR', shippingPrice: -1 }), 400, 'validation_failed');
    expect(data(await call('GET', `commerce/variations/${v.id}`)).price).toBe(0);
  });

  it('nests categories, refuses a cycle, and counts products in the tree', async () => {
    const clothing = data(await call('POST', 'commerce/categories', { name: 'Clothing' }), 201);
    const men = data(await call('POST', 'commerce/categories', { name: 'Men', parentId: clothing.id }), 201);
    const kurtas = data(await call('POST', 'commerce/categories', { name: 'Kurtas', parentId: men.id }), 201);
    const cycle = await call('PATCH', `commerce/categories/${clothing.id}`, { parentId: kurtas.id });
    expect(refused(cycle, 400, 'validation_failed').fields).toHaveProperty('parentId');
    refused(await call('PATCH', `commerce/categories/${men.id}`, { parentId: men.id }), 400, 'validation_failed');
    await product({ title: 'Khadi Kurta', categoryId: kurtas.id });
    await product({ title: 'Men’s Shawl', categoryId: men.id });
    const [tree] = data(await call('GET', `commerce/categories/tree?rootId=${clothing.id}`));
    expect(tree).toMatchObject({ id: clothing.id, productCount: 0, totalProductCount: 2 });
    expect(tree.children[0]).toMatchObject({ id: men.id, productCount: 1, totalProductCount: 2 });
    expect(tree.children[0].children[0]).toMatchObject({ id: kurtas.id, productCount: 1 });
    // A parent that still has children is not deleted.
    refused(await call('DELETE', `commerce/categories/${men.id}`), 409, 'in_use');
  });

  it('keeps stock at or above what orders reserve', async () => {
    const p = await product({ title: 'Jute Rug', onHand: 3 });
    const [v] = await variationsOf(p.id);
    await t.app.db.withTenant(c.tenantId, (tx) => tx.execute(`update commerce_variations set reserved = 2 where id = '${v.id}'` as never));
    refused(await call('PATCH', `commerce/variations/${v.id}`, { onHand: 1 }), 409, 'below_reserved');
    refused(await call('PATCH', `commerce/products/${p.id}/variations`, { variations: [{ id: v.id, onHand: 1 }] }), 409, 'below_reserved');
    expect(data(await call('PATCH', `commerce/variations/${v.id}`, { onHand: 2 })).onHand).toBe(2);
  });

  it("hides another community's catalogue", async () => {
    const p = await product({ title: 'Kansa Plate' });
    const [v] = await variationsOf(p.id);
    refused(await call('GET', `commerce/products/${p.id}`, undefined, other), 404, 'not_found');
    refused(await call('GET', `commerce/products/${p.id}/variations`, undefined, other), 404, 'not_found');
    refused(await call('GET', `commerce/variations/${v.id}`, undefined, other), 404, 'not_found');
    refused(await call('POST', `commerce/products/${p.id}/variations/generate`, { attributeValueIds: [v.id] }, other), 404, 'not_found');
    refused(await call('PATCH', `commerce/products/${p.id}/variations`, { variations: [{ id: v.id, price: 1 }] }, other), 404, 'not_found');
    const listed = data(await call('GET', 'commerce/products?limit=200', undefined, other)) as Json[];
    expect(listed.map((r) => r.id)).not.toContain(p.id);
  });

  it('needs commerce-catalogue write to change the catalogue', async () => {
    const reader = await signedInAdmin(t, c, { 'commerce-catalogue': 'read' });
    const p = await product({ title: 'Lac Bangles' });
    expect((await call('GET', `commerce/products/${p.id}/variations`, undefined, reader)).statusCode).toBe(200);
    refused(await call('POST', 'commerce/products', { title: 'Nope' }, reader), 403, 'forbidden');
    refused(
      await call('PATCH', `commerce/products/${p.id}/variations`, { variations: [{ id: p.id, price: 1 }] }, reader),
      403,
      'forbidden',
    );
  });

  it('refuses malformed seed calls with a clear 4xx', async () => {
    const compat = (method: 'GET' | 'POST', path: string, body: Json = {}) =>
      t.request({ method, url: `/compat${path}`, ...(method === 'GET' ? { query: body } : { payload: body }), as: c });
    expect(refused(await compat('POST', '/ministore/product/get', { limit: 500 }), 400, 'validation_failed').fields).toHaveProperty(
      'limit',
    );
    expect(refused(await compat('POST', '/core/ecom/variation/create', { price: 100 }), 400, 'validation_failed').fields).toHaveProperty(
      'productId',
    );
    expect(refused(await compat('POST', '/ministore/subcategory/add', { name: 'Orphan' }), 400, 'validation_failed').fields).toHaveProperty(
      'categoryId',
    );
    const colour = await attribute('Shade', ['Teal']);
    refused(await compat('POST', '/core/ecom/attributes/addValue', { attributeId: colour.id, value: 'Teal' }), 409, 'already_exists');
    const p = await product({ title: 'Terracotta Bowl', images: [{ url: 'https://img.example/bowl.jpg', alt: 'Bowl' }] });
    refused(
      await compat('POST', '/core/ecom/product/editProductImage', { productId: p.id, index: 3, alt: 'Gone' }),
      400,
      'validation_failed',
    );
    refused(
      await compat('POST', '/core/ecom/product/deleteProductImage', { productId: p.id, url: 'https://img.example/none.jpg' }),
      400,
      'validation_failed',
    );
    refused(await compat('GET', '/ministore/colorVariant/GetWithColorAndProduct', { productId: p.id }), 400, 'validation_failed');
    expect(data(await call('GET', `commerce/products/${p.id}`)).images).toEqual([{ url: 'https://img.example/bowl.jpg', alt: 'Bowl' }]);
  });
});

/** The shop's promotional banners: where they lead, when they show, and what the storefront lists. */
describe('shop banners', () => {
  const call = apiOf(t, c);
  const image = (name: string) => ({ url: `https://img.example/${encodeURIComponent(name)}.jpg`, alt: name });
  const banner = (body: Json) => call('POST', 'commerce/banners', { image: image(String(body.title)), ...body });
  const live = async (community = c.name) => {
    const res = await t.request({ method: 'GET', url: `/public/${community}/shop/banners`, remoteAddress: '203.0.113.40' });
    return data(res) as Json[];
  };

  it('a banner leads one way: the kind names its target, another target is refused, an old one cleared', async () => {
    const p = data(await call('POST', 'commerce/products', { title: 'Banner Kurta', status: 'active', price: 99_900 }), 201);
    const noTarget = refused(await banner({ title: 'Lost', linkKind: 'product' }), 400, 'validation_failed');
    expect(noTarget.fields).toHaveProperty('productId');
    const twoWays = refused(
      await banner({ title: 'Two ways', linkKind: 'product', productId: p.id, linkUrl: 'https://x.example/' }),
      400,
      'validation_failed',
    );
    expect(twoWays.fields).toEqual({ linkUrl: 'Used only when the banner leads to an address' });
    const made = data(await banner({ title: 'To kurta', linkKind: 'product', productId: p.id, linkUrl: null }), 201);
    expect(made).toMatchObject({ linkKind: 'product', productId: p.id, linkUrl: null });
    // Changing the kind alone must bring its target; with it, the product is forgotten.
    expect(
      refused(await call('PATCH', `commerce/banners/${made.id}`, { linkKind: 'url' }), 400, 'validation_failed').fields,
    ).toHaveProperty('linkUrl');
    const moved = data(await call('PATCH', `commerce/banners/${made.id}`, { linkKind: 'url', linkUrl: 'https://shop.example/sale' }));
    expect(moved).toMatchObject({ linkKind: 'url', linkUrl: 'https://shop.example/sale', productId: null });
    expect(
      refused(await banner({ title: 'Bad', linkKind: 'url', linkUrl: 'javascript:alert(1)' }), 400, 'validation_failed').fields,
    ).toHaveProperty('linkUrl');
  });

  it('refuses a window that ends before it starts', async () => {
    const res = await banner({ title: 'Backwards', startsAt: '2026-12-10T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' });
    expect(refused(res, 400, 'validation_failed').fields).toHaveProperty('endsAt');
  });

  it('the storefront lists only live banners, in order, to anyone, and never another community’s', async () => {
    const hour = 3_600_000;
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
    const draft = data(await call('POST', 'commerce/products', { title: 'Hidden Product', status: 'draft', price: 100 }), 201);
    const category = data(await call('POST', 'commerce/categories', { name: 'Live Category' }), 201);
    const ids = {
      later: data(await banner({ title: 'Later', startsAt: at(hour), sortOrder: -50 }), 201).id,
      over: data(await banner({ title: 'Over', endsAt: at(-hour), startsAt: at(-2 * hour), sortOrder: -49 }), 201).id,
      off: data(await banner({ title: 'Off', active: false, sortOrder: -48 }), 201).id,
      toDraft: data(await banner({ title: 'Draft product', linkKind: 'product', productId: draft.id, sortOrder: -47 }), 201).id,
      second: data(
        await banner({ title: 'Second', linkKind: 'category', categoryId: category.id, sortOrder: -45, startsAt: at(-hour) }),
        201,
      ).id,
      first: data(await banner({ title: 'First', sortOrder: -46, endsAt: at(hour) }), 201).id,
    };
    const shown = await live();
    const mine = shown.filter((b) => Object.values(ids).includes(b.id));
    expect(mine.map((b) => b.id)).toEqual([ids.first, ids.second]);
    expect(mine[1]).toEqual({
      id: ids.second,
      title: 'Second',
      image: image('Second'),
      mobileImage: null,
      link: { kind: 'category', slug: category.slug },
    });
    expect(mine[0].link).toBeNull();
    // Nothing internal leaves: no window, switch or order.
    expect(Object.keys(mine[0]).sort()).toEqual(['id', 'image', 'link', 'mobileImage', 'title']);
    expect((await live(other.name)).map((b) => b.id)).not.toContain(ids.first);
  });
});
