import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { defineCompatWalk, type Json } from './compat-walk';

/** The site module's compat lines, each called as an old client would, with a token (test/compat-contract.test.ts runs this). */
export default defineCompatWalk({
  module: 'site',
  served: 99,
  walk: (kit) => {
    it('site lines beyond add/get/update/delete', async () => {
      const { png, line, upload, ok, v1, made, ids } = kit;
      const blog = await made('site/blogs', { title: 'Grout 101', body: '<p>Mix well</p>' });
      expect(ok(await line('POST /site/blog/single', { slug: blog.slug })).id).toBe(blog.id);
      const image = ok(
        await upload('POST /site/blog/imageuploader', [{ field: 'upload', filename: 'hero.png', type: 'image/png', data: png }]),
      );
      expect(image.url).toMatch(/\/files\//);

      const catalogue = await made('site/catalogues', { title: 'Catalogue 2026', fileUrl: 'https://files.example/c.pdf' });
      expect(ok(await line('POST /site/catalogue/getSingle', { slug: catalogue.slug })).id).toBe(catalogue.id);

      const category = await made('site/categories', { name: 'Flooring' });
      const sub = await made('site/subcategories', { name: 'Kitchens', categoryId: category.id });
      expect(ids(ok(await line('POST /site/category/getbycatid', { _id: category.id })).subcategories)).toEqual([sub.id]);
      expect(ids(ok(await line('POST /site/subcategory/getbycatid', { catid: category.id })))).toEqual([sub.id]);

      const event = await made('site/events', { title: 'Dealer meet', startsAt: '2026-05-01T10:00:00Z' });
      expect(ok(await line('POST /site/event/getSingle', { slug: event.slug })).id).toBe(event.id);
      ok(await line('POST /site/event/pastimage', { _id: event.id, images: [{ url: 'https://img.example/meet.jpg', alt: 'Hall' }] }));
      expect((await v1('GET', `site/events/${event.id}`)).data.pastImages).toEqual([{ url: 'https://img.example/meet.jpg', alt: 'Hall' }]);

      const tiles = await made('site/product-categories', { name: 'Tiles' });
      const floor = await made('site/product-subcategories', { name: 'Floor', categoryId: tiles.id });
      const product = await made('site/products', {
        code: 'CT-1',
        name: 'Contract tile',
        subcategoryId: floor.id,
        status: 'published',
        variants: [{ code: 'CT-1-M' }, { code: 'CT-1-G' }],
      });
      const draft = await made('site/products', { code: 'CT-2', name: 'Draft tile', categoryId: tiles.id, status: 'draft' });
      const admin = ok(await line('POST /site/product/getProductsAndVariantsAdmin', { limit: 200 })) as Json[];
      expect(admin.find((p) => p.id === product.id)?.variantCount).toBe(2);
      expect(ok(await line('POST /site/product/getSingle', { code: 'CT-1' })).id).toBe(product.id);
      expect(ids(ok(await line('POST /site/product/filterByCategory', { categoryId: tiles.id }))).sort()).toEqual(
        [product.id, draft.id].sort(),
      );
      expect(ids(ok(await line('POST /site/product/getproductbysubcatid', { subcategoryId: floor.id })))).toEqual([product.id]);
      expect(ids(ok(await line('POST /site/product/getproductbystatus', { status: 'draft' })))).toContain(draft.id);
      const published = ids(ok(await line('POST /site/product/mainGET', { categoryId: [tiles.id] })));
      expect(published).toEqual([product.id]);
      expect(ids(ok(await line('POST /site/productsubcategory/getsubcategorybycatid', { categoryId: tiles.id })))).toEqual([floor.id]);
      expect(ids(ok(await line('POST /site/productsubcategory/getsubcategorybymanycatid', [tiles.id])))).toEqual([floor.id]);

      const project = await made('site/projects', { title: 'Harbour towers' });
      ok(await line('POST /site/euro_project/addProductDetail', { _id: project.id, productIds: [product.id] }));
      ok(await line('POST /site/euro_project/images', { _id: project.id, images: [{ url: 'https://img.example/t.jpg', alt: 'Towers' }] }));
      const single = ok(await line('POST /site/euro_project/getSingleProject', { _id: project.id }));
      expect(single.productIds).toEqual([product.id]);
      expect(single.images).toEqual([{ url: 'https://img.example/t.jpg', alt: 'Towers' }]);

      const doc = await made('site/documents', { title: 'Warranty', fileUrl: 'https://files.example/warranty.pdf' });
      expect(ok(await line('POST /site/documents/download', { _id: doc.id }))).toMatchObject({ id: doc.id, url: doc.fileUrl });

      const subscriber = await made('site/subscribers', { email: `reader-${randomUUID()}@example.com` });
      const subscribers = ok(await line('POST /site/subscriber/getAll', { limit: 200 })) as Json[];
      expect(subscribers.find((s) => s.id === subscriber.id)?.unsubscribeUrl).toMatch(/unsubscribe/);
    });
  },
});
