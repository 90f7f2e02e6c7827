import { expect, it } from 'vitest';
import { commerceProducts, commerceVariations } from '../src/modules/commerce/tables';
import { defineCompatWalk, type Json } from './compat-walk';
import { droppedMail, randomIp } from './helpers';

/** The commerce module's compat lines, each called as an old client would, with a token (test/compat-contract.test.ts runs this). */
export default defineCompatWalk({
  module: 'commerce',
  served: 88,
  walk: (kit) => {
    it('commerce catalogue lines beyond add/get/update/delete', async () => {
      const { line, ok, v1, made, ids } = kit;
      // Taxonomy: a tree, tags, attributes with values.
      const clothing = await made('commerce/categories', { name: 'Clothing' });
      const men = await made('commerce/categories', { name: 'Men', parentId: clothing.id });
      const tag = await made('commerce/tags', { name: 'Handloom' });
      expect(ids(ok(await line('GET /core/ecom/tag/get', { limit: '200' })))).toContain(tag.id);
      expect(ok(await line('GET /core/ecom/tag/get', { _id: tag.id })).id).toBe(tag.id);

      const colour = ok(
        await line('POST /core/ecom/attributes/create', { name: 'Colour', values: ['Indigo', { value: 'Maroon', swatch: '#800020' }] }),
      );
      expect(colour.values.map((v: Json) => v.value)).toEqual(['Indigo', 'Maroon']);
      const size = ok(await line('POST /core/ecom/attributes/create', { name: 'Size' }));
      const sizes = ok(await line('POST /core/ecom/attributes/addValue', { attributeId: size.id, values: ['S', 'M'] })) as Json[];
      const [ivory] = ok(await line('POST /core/ecom/attributes/addValue', { attributeId: colour.id, value: 'Ivry' })) as Json[];
      expect(ok(await line('POST /core/ecom/attributes/editValue', { valueId: ivory.id, value: 'Ivory' })).value).toBe('Ivory');
      expect(ok(await line('POST /core/ecom/attributes/getSingle', { _id: colour.id })).values.map((v: Json) => v.value)).toEqual([
        'Indigo',
        'Maroon',
        'Ivory',
      ]);
      expect((ok(await line('POST /core/ecom/attributes/get')) as Json[]).map((a) => a.id)).toEqual(
        expect.arrayContaining([colour.id, size.id]),
      );

      // A product in the subcategory, its gallery and meta, its variations.
      const kurta = await made('commerce/products', {
        title: 'Ikat Kurta',
        categoryId: men.id,
        status: 'active',
        price: 189_900,
        tagIds: [tag.id],
      });
      const img = (n: number) => ({ url: `https://img.example/kurta-${n}.jpg`, alt: `Kurta ${n}` });
      ok(await line('POST /core/ecom/product/addProductImage', { _id: kurta.id, images: [img(1), img(2)] }));
      ok(await line('POST /ministore/product/addProductImage', { productId: kurta.id, image: img(3), position: 0 }));
      const edited = ok(await line('POST /core/ecom/product/editProductImage', { productId: kurta.id, index: 0, alt: 'Front', moveTo: 2 }));
      expect(edited.images.map((i: Json) => i.alt)).toEqual(['Kurta 1', 'Kurta 2', 'Front']);
      const trimmed = ok(await line('POST /core/ecom/product/deleteProductImage', { productId: kurta.id, url: img(2).url }));
      expect(trimmed.images.map((i: Json) => i.url)).toEqual([img(1).url, img(3).url]);
      const meta = ok(
        await line('POST /core/ecom/product/insertMeta', { productId: kurta.id, seoTitle: 'Ikat kurta', meta: { 'og:type': 'product' } }),
      );
      expect(meta).toMatchObject({ seoTitle: 'Ikat kurta', seoMeta: { 'og:type': 'product' } });

      const red = ok(
        await line('POST /core/ecom/variation/create', {
          productId: kurta.id,
          attributeValueIds: [colour.values[0].id, sizes[0].id],
          price: 199_900,
          onHand: 3,
        }),
      );
      expect(red).toMatchObject({ title: 'Indigo / S', price: 199_900, productId: kurta.id });
      const two = ok(
        await line('POST /core/ecom/variation/create', {
          productId: kurta.id,
          variations: [
            { attributeValueIds: [colour.values[1].id, sizes[0].id] },
            { attributeValueIds: [colour.values[1].id, sizes[1].id], sku: 'KURTA-MAROON-M' },
          ],
        }),
      ) as Json[];
      expect(two.map((v) => v.sku)).toContain('KURTA-MAROON-M');
      expect(ok(await line('POST /core/ecom/variation/update', { _id: red.id, price: 209_900 })).price).toBe(209_900);
      expect(ids(ok(await line('POST /core/ecom/variation/get', { productId: kurta.id, limit: 200 })))).toEqual(
        expect.arrayContaining([red.id, ...ids(two)]),
      );
      ok(await line('POST /core/ecom/variation/addProductImage', { variationId: red.id, images: [img(9)] }));
      expect((await v1('GET', `commerce/variations/${red.id}`)).data.images).toEqual([img(9)]);
      const detailed = ok(await line('POST /core/ecom/variation/getDetailedCategory', { productId: kurta.id })) as Json[];
      expect(detailed.find((v) => v.id === red.id)).toMatchObject({
        product: { id: kurta.id },
        values: [
          { attribute: 'Colour', value: 'Indigo' },
          { attribute: 'Size', value: 'S' },
        ],
      });
      expect(ids(ok(await line('POST /core/ecom/variation/getDetailedCategory', { categoryId: clothing.id })))).toContain(red.id);
      const maroonS = two.find((v) => v.sku !== 'KURTA-MAROON-M')!;
      expect(ok(await line('POST /core/ecom/variation/delete', { _id: maroonS.id }))).toMatchObject({ id: maroonS.id, deleted: true });
      expect((await v1('GET', `commerce/variations/${maroonS.id}`)).status).toBe(404);
      const single = ok(await line('POST /core/ecom/product/get', { _id: kurta.id }));
      expect(single).toMatchObject({ id: kurta.id, category: { id: men.id }, minPrice: 199_900, maxPrice: 209_900 });
      expect(single.attributes.map((a: Json) => a.name)).toEqual(['Colour', 'Size']);
      expect(ok(await line('POST /ministore/product/getSingle', { slug: kurta.slug })).variations).toHaveLength(2);

      // Categories in detail, and products under a category with its subcategories.
      const tree = ok(await line('POST /core/ecom/category/getDetailedCategory', { _id: clothing.id }));
      expect(tree).toMatchObject({ id: clothing.id, productCount: 0, totalProductCount: 1, children: [{ id: men.id, productCount: 1 }] });
      expect((ok(await line('POST /core/ecom/category/getDetailedCategoryAll')) as Json[]).map((c) => c.id)).toContain(clothing.id);
      expect(ids(ok(await line('POST /core/ecom/product/getDetailedCategory', { categoryId: clothing.id })))).toEqual([kurta.id]);
      expect(ids(ok(await line('POST /ministore/product/filterByCategory', { categoryId: clothing.id })))).toEqual([kurta.id]);
      const roots = ok(await line('POST /ministore/category/get')) as Json[];
      expect(roots.find((c) => c.id === clothing.id)?.subcategories.map((s: Json) => s.id)).toEqual([men.id]);
      expect(roots.map((c) => c.id)).not.toContain(men.id);

      // Subcategories are child categories.
      const women = ok(await line('POST /ministore/subcategory/add', { name: 'Women', categoryId: clothing.id }));
      expect(women.parentId).toBe(clothing.id);
      expect(ok(await line('POST /ministore/subcategory/update', { _id: women.id, name: 'Womenswear' })).name).toBe('Womenswear');
      expect(ids(ok(await line('GET /ministore/subcategory/get', { categoryId: clothing.id })))).toEqual(
        expect.arrayContaining([men.id, women.id]),
      );
      expect(ok(await line('POST /ministore/subcategory/delete', { _id: women.id }))).toMatchObject({ deleted: true });
      expect((await v1('GET', `commerce/categories/${women.id}`)).status).toBe(404);

      // Mini-store lists: limit, offset as a page index from 0, trimmed search; default 10.
      for (let i = 0; i < 11; i++) await made('commerce/products', { title: `Block-print stole ${i}`, status: i % 2 ? 'active' : 'draft' });
      const page0 = await line('POST /ministore/product/get', { search: '  Block-print  ' });
      expect(ok(page0)).toHaveLength(10);
      expect(page0.json()).toMatchObject({ totalCount: 11, limit: 10, offset: 0, pages: 2 });
      const page1 = ok(await line('POST /ministore/product/get', { search: 'Block-print', offset: 1 })) as Json[];
      expect(page1).toHaveLength(1);
      expect(ids(page1)).not.toContain(ids(ok(page0))[0]);
      const storefront = await line('POST /ministore/product/mainGET', { search: 'Block-print', limit: 3 });
      expect(storefront.json().totalCount).toBe(5);
      expect((ok(storefront) as Json[]).every((p) => p.status === 'active')).toBe(true);

      // Variants by colour and by size; similar products share category and attributes.
      const shirt = await made('commerce/products', { title: 'Ikat Shirt', categoryId: men.id, status: 'active' });
      await v1('POST', `commerce/products/${shirt.id}/variations/generate`, { attributeValueIds: [colour.values[0].id, sizes[1].id] });
      const byColour = ok(await line('GET /ministore/colorVariant/get', { productId: kurta.id }));
      expect(byColour.attribute.name).toBe('Colour');
      expect(byColour.values.map((v: Json) => [v.value, v.variations.length])).toEqual([
        ['Indigo', 1],
        ['Maroon', 1],
      ]);
      const maroon = ok(await line('GET /ministore/colorVariant/GetWithColorAndProduct', { productId: kurta.id, color: 'maroon' }));
      expect(maroon.values).toHaveLength(1);
      expect(maroon.values[0].variations.map((v: Json) => v.sku)).toEqual(['KURTA-MAROON-M']);
      const bySize = ok(await line('GET /ministore/sizeVariant/get', { productId: kurta.id }));
      expect(bySize.values.map((v: Json) => v.value)).toEqual(['S', 'M']);
      expect(
        ok(await line('GET /ministore/sizeVariant/GetWithColorAndProduct', { productId: kurta.id, size: 'M' })).values[0].variations,
      ).toHaveLength(1);
      for (const key of ['GET /ministore/colorVariant/similarProds', 'GET /ministore/sizeVariant/similarProds']) {
        expect(ids(ok(await line(key, { productId: kurta.id }))), key).toEqual([shirt.id]);
      }

      // Tax rates of the shop.
      const gst = await made('commerce/tax-rates', { name: 'GST 12%', taxClass: 'apparel', country: 'IN', ratePpm: 120_000 });
      expect(ids(ok(await line('POST /ministore/tax')))).toContain(gst.id);

      // Banners: the live ones, in order, leading to what they name (a switched-off one is not live).
      const banner = (title: string, extra: Json) =>
        made('commerce/banners', { title, image: { url: `https://img.example/${title}.jpg`, alt: title }, ...extra });
      const toKurta = await banner('kurta', { linkKind: 'product', productId: kurta.id, sortOrder: 2 });
      const toMen = await banner('men', { linkKind: 'category', categoryId: men.id, sortOrder: 1 });
      await banner('off', { active: false });
      const live = ok(await line('POST /ministore/banner')) as Json[];
      expect(live.map((b) => [b.id, b.link])).toEqual([
        [toMen.id, { kind: 'category', slug: men.slug }],
        [toKurta.id, { kind: 'product', slug: kurta.slug }],
      ]);
    }, 120_000);
    it('shop lines: carts, orders, dispatch, coupons, addresses, customers, reviews, returns', async () => {
      const { t, c, line, ok, made, ids } = kit;
      const { productId, variationId } = await t.app.db.withTenant(c.tenantId, async (tx) => {
        const [p] = await tx
          .insert(commerceProducts)
          .values({ tenantId: c.tenantId, title: 'Walk tile', slug: 'walk-tile', status: 'active' })
          .returning();
        const [v] = await tx
          .insert(commerceVariations)
          .values({ tenantId: c.tenantId, productId: p.id, sku: 'WALK-1', price: 1000, onHand: 20 })
          .returning();
        return { productId: p.id, variationId: v.id };
      });
      const added = ok(await line('POST /ministore/cart/add', { productId, quantity: 2 }));
      expect(added.lines).toMatchObject([{ variationId, quantity: 2 }]);
      const cartId = added.id;
      expect(ok(await line('POST /ministore/cart/update', { cartId, index: 0, quantity: 3 })).lines[0].quantity).toBe(3);
      expect(ok(await line('POST /ministore/cart/get', { cartId })).total).toBe(3000);
      expect(ok(await line('POST /ministore/cart/getSingle', { _id: cartId })).id).toBe(cartId);
      await made('commerce/coupons', { code: 'WALK10', kind: 'percentage', ratePpm: 100_000 });
      expect(ok(await line('POST /ministore/coupon', { cartId, code: 'walk10' }))).toMatchObject({ couponCode: 'WALK10', discount: 300 });
      expect(ok(await line('POST /content/miniStore/coupon/submitCoupon', { cartId, code: null })).couponCode).toBeNull();
      expect(ok(await line('POST /content/miniStore/coupon/submitCoupon', { cartId, couponCode: 'WALK10' })).couponCode).toBe('WALK10');
      expect(ok(await line('POST /ministore/cart/delete', { cartId, index: 0 })).lines).toEqual([]);
      ok(await line('POST /ministore/cart/add', { cartId, variationId }));
      expect(ok(await line('POST /ministore/cart/deleteAll', { cartId })).lines).toEqual([]);
      ok(await line('POST /ministore/cart/add', { cartId, variationId, quantity: 2 }));
      // Emptying the cart dropped its coupon too.
      expect(ok(await line('POST /ministore/coupon', { cartId, code: 'WALK10' })).discount).toBe(200);

      const shipTo = { name: 'Walk Er', line1: '1 Test Road', city: 'Pune', postalCode: '411001', country: 'IN' };
      const order = ok(
        await line('POST /ministore/order/add', { cartId, email: 'walker@example.com', name: 'Walk Er', shippingAddress: shipTo }),
      );
      expect(order).toMatchObject({ status: 'pending_payment', couponCode: 'WALK10', discount: 200, total: 1800 });
      expect(ids(ok(await line('POST /ministore/order/get', { status: 'pending_payment', limit: 50 })))).toContain(order.id);
      expect(ok(await line('POST /core/ecom/orders/getOrder', { _id: order.id })).reference).toBe(order.reference);
      expect(ok(await line('POST /ministore/order/getSingle', { _id: order.id })).lines).toHaveLength(1);
      expect(ok(await line('POST /ministore/order/update', { _id: order.id, status: 'paid' })).status).toBe('paid');
      expect(ok(await line('POST /core/ecom/orders/updateOrder', { _id: order.id, event: 'process' })).status).toBe('processing');
      const sent = ok(await line('POST /ministore/dispatch', { orderId: order.id, carrier: 'DHL', trackingNumber: 'DW1' }));
      expect(sent.status).toBe('dispatched');
      expect(ok(await line('POST /ministore/order/DeleteDispatch', { _id: sent.dispatchId })).status).toBe('processing');

      const answered = ok(
        await line(
          'POST /core/ecommerce/auth/signupWithPassword',
          { email: 'shopper@example.com', password: 'shopper-password', name: 'Shopper' },
          null,
          {
            'community-name': c.name,
          },
        ),
      );
      // The same answer for any email; the account is made by the mailed link (issue 22).
      expect(answered).toMatchObject({ status: 'confirmation_sent' });
      const linkToken = decodeURIComponent(/confirm\?token=(\S+)/.exec(droppedMail(t, 'shopper@example.com').text)![1]!);
      const confirmed = await t.request({
        method: 'POST',
        url: `/public/${c.name}/shop/auth/signup/confirm`,
        payload: { token: linkToken },
        remoteAddress: randomIp(),
      });
      expect(confirmed.statusCode, confirmed.body).toBe(201);
      const signedUp = confirmed.json().data;
      expect(signedUp.token).toMatch(/^cst_/);
      const customerId = signedUp.customer.id;
      const theirs = ok(await line('POST /ministore/cart/add', { customerId, variationId }));
      expect(theirs.customerId).toBe(customerId);
      const second = ok(
        await line('POST /core/ecom/orders/add', {
          cartId: theirs.id,
          email: 'shopper@example.com',
          name: 'Shopper',
          shippingAddress: shipTo,
        }),
      );
      expect(ids(ok(await line('POST /core/ecom/orders/getOrderByUserId', { userId: customerId })))).toEqual([second.id]);
      expect(ok(await line('POST /ministore/order/delete', { _id: second.id })).status).toBe('cancelled');

      const saved = await t.request({
        method: 'POST',
        url: `/public/${c.name}/shop/addresses`,
        headers: { authorization: `Bearer ${signedUp.token}` },
        payload: { ...shipTo, label: 'Home' },
        remoteAddress: randomIp(),
      });
      expect(saved.statusCode, saved.body).toBe(201);
      const addressId = saved.json().data.id;
      expect(ids(ok(await line('POST /ministore/address/get', { limit: 50 })))).toContain(addressId);
      expect(ids(ok(await line('POST /ministore/address/getByUser', { userId: customerId })))).toEqual([addressId]);

      const review = ok(await line('POST /core/Ecom/review/add', { productId, rating: 4, authorName: 'Walker', title: 'Good' }));
      expect(review).toMatchObject({ status: 'pending', verifiedPurchase: false });
      expect(ids(ok(await line('POST /core/Ecom/review/get', { status: 'pending' })))).toContain(review.id);
      expect(ok(await line('POST /core/Ecom/review/update', { _id: review.id, status: 'approved' })).status).toBe('approved');
      expect(ok(await line('POST /core/Ecom/review/delete', { _id: review.id }))).toMatchObject({ id: review.id, deleted: true });

      const returned = ok(
        await line('POST /core/ecom/orderReturn/add', {
          orderId: order.id,
          reason: 'Chipped',
          lines: [{ orderLineId: order.lines[0].id, quantity: 1 }],
        }),
      );
      expect(returned).toMatchObject({ status: 'requested', refundAmount: 900 });
      expect(ok(await line('POST /core/ecom/orderReturn/update', { _id: returned.id, status: 'approved' })).status).toBe('approved');
      expect(ok(await line('POST /core/ecom/orderReturn/get', { _id: returned.id })).status).toBe('approved');
    });
  },
});
