import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../src/app';
import { readLegacyCalls } from '../src/kernel/compat/contract';
import { appWith, logIn, multipart, type Part, pdf, randomIp, type TestCommunity, upload as uploadTo } from './helpers';

type Json = Record<string, any>;

describe('compat: site-content lines', async () => {
  const [t, c] = await appWith(1);
  let jpeg: Buffer;

  beforeAll(async () => {
    jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#8a6d4b' } })
      .jpeg()
      .toBuffer();
  });

  const call = (path: string, body: unknown = {}, as: TestCommunity | null = c) =>
    t.request({ method: 'POST', url: `/compat/site${path}`, payload: body as Json, as: as ?? undefined, remoteAddress: randomIp() });
  const upload = (path: string, parts: Part[], as: TestCommunity = c) => uploadTo(t, `/compat/site${path}`, parts, as);
  const ok = (res: Awaited<ReturnType<typeof call>>) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const api = async (method: 'POST' | 'PATCH' | 'GET', path: string, payload?: Json, as: TestCommunity = c) => {
    const res = await t.request({ method, url: `/api/v1/${path}`, payload, as });
    expect(res.statusCode, `${method} ${path}: ${res.body}`).toBeLessThan(300);
    return res.json().data;
  };
  const names = (rows: Json[]) => rows.map((r) => r.name).sort();

  it('maps all 99 site lines of the contract, each guarded', async () => {
    const lines = readLegacyCalls().filter((l) => l.service === 'site');
    expect(lines).toHaveLength(99);
    const mapped = new Map(MODULES.flatMap((m) => m.compat ?? []).map((e) => [`${e.service} ${e.method} ${e.path}`, e]));
    for (const line of lines) {
      const entry = mapped.get(`${line.service} ${line.method} ${line.path}`);
      expect(entry?.access, line.path).toMatch(/^site:(read|write)$/);
      const res = await call(line.path, {}, null);
      expect(res.statusCode, line.path).toBe(401);
    }
  });

  it('creates, lists, reads, updates and deletes through the seed verbs, with _id beside id', async () => {
    const created = ok(
      await call('/banner/createhomebanner', {
        title: 'Monsoon offer',
        image: { url: 'https://img.example/monsoon.jpg', alt: 'Rain on a terrace' },
        status: 'published',
        legacyField: 'ignored',
      }),
    );
    expect(created._id).toBe(created.id);
    expect(new Date(created.publishAt).getTime()).toBeGreaterThan(Date.now() - 60_000); // published without a date: now
    const listed = await call('/banner/gethomebanner', { page: 1, limit: 10 });
    expect(listed.json()).toMatchObject({ total: 1, page: 1 });
    expect(ok(await call('/banner/gethomebanner', { _id: created.id })).title).toBe('Monsoon offer');
    const updated = ok(await call('/banner/edithomebanner', { _id: created.id, title: 'Monsoon offer: 20% off' }));
    expect(updated.title).toBe('Monsoon offer: 20% off');
    expect(ok(await call('/banner/deletehomebanner', { _id: created.id }))).toMatchObject({ deleted: true });
    expect((await call('/banner/gethomebanner', { _id: created.id })).statusCode).toBe(404);
    const invalid = await call('/banner/createhomebanner', { title: '' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toHaveProperty('title');
    expect(invalid.json().error.fields).toHaveProperty('image');
  });

  describe('products', () => {
    let tiles: Json;
    let cladding: Json;
    let floor: Json;
    let slabs: Json;
    let panels: Json;
    const products: Record<string, Json> = {};

    beforeAll(async () => {
      tiles = ok(await call('/productcategory/add', { name: 'Tiles' }));
      cladding = ok(await call('/productcategory/add', { name: 'Cladding' }));
      floor = ok(await call('/productsubcategory/addsubcategory', { name: 'Floor', categoryId: tiles.id }));
      slabs = ok(await call('/productsubcategory/addsubcategory', { name: 'Slabs', categoryId: tiles.id }));
      panels = ok(await call('/productsubcategory/addsubcategory', { name: 'Panels', categoryId: cladding.id }));
      const add = async (code: string, name: string, extra: Json) => {
        products[code] = ok(await call('/product/addproduct', { code, name, ...extra }));
      };
      await add('T-1', 'Ivory floor tile', {
        subcategoryId: floor.id,
        status: 'published',
        variants: [
          { code: 'T-1-M', finish: 'Matt', size: '600 × 600' },
          { code: 'T-1-G', finish: 'Gloss', size: '600 × 600' },
        ],
      });
      await add('T-2', 'Basalt slab', { categoryId: tiles.id, subcategoryId: slabs.id, status: 'published' });
      await add('T-3', 'Ivory slab', { categoryId: tiles.id, subcategoryId: slabs.id, status: 'draft' });
      await add('C-1', 'Teak panel', { categoryId: cladding.id, subcategoryId: panels.id, status: 'published' });
      await add('C-2', 'Ivory panel (coming)', {
        categoryId: cladding.id,
        subcategoryId: panels.id,
        status: 'published',
        publishAt: new Date(Date.now() + 86_400_000).toISOString(),
      });
      await add('C-3', 'Old panel', { categoryId: cladding.id, status: 'archived' });
    });

    it('a product given only a subcategory takes its category; a mismatched pair is refused', async () => {
      expect(products['T-1'].categoryId).toBe(tiles.id);
      expect(products['T-1'].slug).toBe('ivory-floor-tile');
      const res = await call('/product/addproduct', { code: 'X-1', name: 'Mismatch', categoryId: cladding.id, subcategoryId: floor.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('subcategoryId');
    });

    it('refuses a duplicate code with 409 naming the field', async () => {
      const res = await call('/product/addproduct', { code: 'T-1', name: 'Again' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.fields).toHaveProperty('code');
    });

    it('filterByCategory returns the products of that category only', async () => {
      const res = await call('/product/filterByCategory', { categoryId: cladding.id });
      expect(names(res.json().data)).toEqual(['Ivory panel (coming)', 'Old panel', 'Teak panel']);
      expect(res.json().total).toBe(3);
      const aliased = ok(await call('/product/filterByCategory', { category: tiles.id }));
      expect(names(aliased)).toEqual(['Basalt slab', 'Ivory floor tile', 'Ivory slab']);
      const both = ok(await call('/product/filterByCategory', { categoryIds: [tiles.id, cladding.id], limit: 50 }));
      expect(both).toHaveLength(6);
      expect((await call('/product/filterByCategory', {})).statusCode).toBe(400);
      expect((await call('/product/filterByCategory', { categoryId: 'nope' })).statusCode).toBe(400);
    });

    it('getproductbysubcatid returns the products of that subcategory only', async () => {
      expect(names(ok(await call('/product/getproductbysubcatid', { subcategoryId: slabs.id })))).toEqual(['Basalt slab', 'Ivory slab']);
      expect(names(ok(await call('/product/getproductbysubcatid', { subcatid: floor.id })))).toEqual(['Ivory floor tile']);
    });

    it('getproductbystatus returns the products in that status only', async () => {
      expect(names(ok(await call('/product/getproductbystatus', { status: 'draft' })))).toEqual(['Ivory slab']);
      expect(names(ok(await call('/product/getproductbystatus', { status: 'archived' })))).toEqual(['Old panel']);
      const bad = await call('/product/getproductbystatus', { status: 'deleted' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toHaveProperty('status');
    });

    it('mainGET lists published, due products only, with search and paging', async () => {
      const all = await call('/product/mainGET', {});
      expect(names(all.json().data)).toEqual(['Basalt slab', 'Ivory floor tile', 'Teak panel']);
      expect(all.json()).toMatchObject({ total: 3, page: 1 });
      const searched = ok(await call('/product/mainGET', { search: 'ivory' }));
      expect(names(searched)).toEqual(['Ivory floor tile']);
      expect(searched[0].category).toMatchObject({ id: tiles.id, name: 'Tiles' });
      const byCode = ok(await call('/product/mainGET', { search: 'c-1' }));
      expect(names(byCode)).toEqual(['Teak panel']);
      const inCategory = ok(await call('/product/mainGET', { categoryId: tiles.id }));
      expect(names(inCategory)).toEqual(['Basalt slab', 'Ivory floor tile']);
      const page2 = await call('/product/mainGET', { page: 2, limit: 2, sort: 'name' });
      expect(page2.json()).toMatchObject({ total: 3, page: 2, pages: 2 });
      expect(names(page2.json().data)).toEqual(['Teak panel']);
      // A page past the offset cap is refused as the v1 list refuses it, not walked.
      const deep = await call('/product/mainGET', { page: 1000, limit: 100 });
      expect(deep.statusCode).toBe(400);
      expect(deep.json().error.fields.offset).toMatch(/Offsets stop at 10000/);
    });

    it('getProductsAndVariantsAdmin lists every status with the variants', async () => {
      const res = await call('/product/getProductsAndVariantsAdmin', { limit: 50 });
      const body = res.json();
      expect(body.total).toBe(6);
      const tile = body.data.find((p: Json) => p.code === 'T-1');
      expect(tile.variantCount).toBe(2);
      expect(tile.variants.map((v: Json) => v.code)).toEqual(['T-1-M', 'T-1-G']);
      expect(body.variantTotal).toBe(2);
      const dup = await call('/product/addproduct', { code: 'V-1', name: 'Dup variants', variants: [{ code: 'A' }, { code: 'a' }] });
      expect(dup.statusCode).toBe(400);
    });

    it('getSingle reads a product by id, slug or code, with its category', async () => {
      const byId = ok(await call('/product/getSingle', { _id: products['T-2'].id }));
      expect(byId).toMatchObject({ code: 'T-2', category: { name: 'Tiles' }, subcategory: { name: 'Slabs' } });
      expect(ok(await call('/product/getSingle', { slug: 'teak-panel' })).code).toBe('C-1');
      expect(ok(await call('/product/getSingle', { code: 'T-3' })).name).toBe('Ivory slab');
      expect((await call('/product/getSingle', { slug: 'nope' })).statusCode).toBe(404);
    });

    it('subcategories by one category, and by many (a bare array of ids)', async () => {
      expect(names(ok(await call('/productsubcategory/getsubcategorybycatid', { categoryId: tiles.id })))).toEqual(['Floor', 'Slabs']);
      const many = ok(await call('/productsubcategory/getsubcategorybymanycatid', [tiles.id, cladding.id]));
      expect(names(many)).toEqual(['Floor', 'Panels', 'Slabs']);
      const one = ok(await call('/productsubcategory/getsubcategorybymanycatid', { categoryIds: [cladding.id] }));
      expect(names(one)).toEqual(['Panels']);
      expect((await call('/productsubcategory/getsubcategorybymanycatid', [])).statusCode).toBe(400);
      expect((await call('/productsubcategory/getsubcategorybymanycatid', ['x'])).statusCode).toBe(400);
    });

    it('refuses to delete a category that still has products', async () => {
      const res = await call('/productcategory/delete', { _id: cladding.id });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('in_use');
    });

    describe('projects', () => {
      let project: Json;
      beforeAll(async () => {
        const category = ok(await call('/project-category/add', { name: 'Hospitality' }));
        project = ok(
          await call('/euro_project/addProject', {
            title: 'Harbour Hotel',
            categoryId: category.id,
            location: 'Kochi',
            status: 'published',
          }),
        );
      });

      it('addProductDetail links products to the project, once each, and validates them', async () => {
        const linked = ok(await call('/euro_project/addProductDetail', { _id: project.id, productIds: [products['T-1'].id] }));
        expect(linked.productIds).toEqual([products['T-1'].id]);
        const more = ok(
          await call('/euro_project/addProductDetail', {
            projectId: project.id,
            products: [{ productId: products['C-1'].id }, { productId: products['T-1'].id }],
          }),
        );
        expect(more.productIds).toEqual([products['T-1'].id, products['C-1'].id]);
        expect(more.products.map((p: Json) => p.code)).toEqual(['T-1', 'C-1']);

        const single = ok(await call('/euro_project/getSingleProject', { _id: project.id }));
        expect(single.products.map((p: Json) => p.name)).toEqual(['Ivory floor tile', 'Teak panel']);

        const unknown = await call('/euro_project/addProductDetail', {
          _id: project.id,
          productIds: ['00000000-0000-4000-8000-000000000000'],
        });
        expect(unknown.statusCode).toBe(400);
        expect(unknown.json().error.fields).toHaveProperty('productIds');
        const other = await t.signup();
        const foreign = ok(await call('/product/addproduct', { code: 'F-1', name: 'Foreign' }, other));
        const cross = await call('/euro_project/addProductDetail', { _id: project.id, productIds: [foreign.id] });
        expect(cross.statusCode).toBe(400);
        expect((await call('/euro_project/addProductDetail', { _id: project.id })).statusCode).toBe(400);
      });

      it('a deleted product leaves the projects that used it', async () => {
        const temp = ok(await call('/product/addproduct', { code: 'TMP-1', name: 'Temporary' }));
        ok(await call('/euro_project/addProductDetail', { _id: project.id, productIds: [temp.id] }));
        ok(await call('/product/deleteproduct', { _id: temp.id }));
        const after = ok(await call('/euro_project/getSingleProject', { _id: project.id }));
        expect(after.productIds).not.toContain(temp.id);
      });

      it('images adds uploaded images (with thumbnails) and JSON images to the gallery', async () => {
        const res = await upload('/euro_project/images', [
          { field: '_id', data: project.id },
          { field: 'alt', data: 'Hotel lobby floor' },
          { field: 'images', filename: 'lobby.jpg', type: 'image/jpeg', data: jpeg },
        ]);
        const updated = ok(res);
        expect(updated.images).toHaveLength(1);
        expect(updated.images[0]).toMatchObject({ alt: 'Hotel lobby floor', width: 1200, height: 800 });
        const served = await t.request({ method: 'GET', url: updated.images[0].url });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(jpeg)).toBe(true);
        const thumb = await t.request({ method: 'GET', url: updated.images[0].thumbnailUrl });
        expect(thumb.headers['content-type']).toBe('image/webp');
        expect((await sharp(thumb.rawPayload).metadata()).width).toBe(400);

        const json = ok(
          await call('/euro_project/images', { _id: project.id, images: [{ url: 'https://img.example/pool.jpg', alt: 'Pool deck' }] }),
        );
        expect(json.images.map((i: Json) => i.alt)).toEqual(['Hotel lobby floor', 'Pool deck']);

        const text = await upload('/euro_project/images', [
          { field: '_id', data: project.id },
          { field: 'images', filename: 'notes.txt', type: 'text/plain', data: 'not an image' },
        ]);
        expect(text.statusCode).toBe(415);
        expect((await call('/euro_project/images', { _id: project.id, images: [{ url: 'javascript:alert(1)' }] })).statusCode).toBe(400);
      });
    });
  });

  it('category/getbycatid returns the category with its subcategories; subcategory/getbycatid lists them', async () => {
    const flooring = ok(await call('/category/add', { name: 'Flooring' }));
    const walls = ok(await call('/category/add', { name: 'Walls' }));
    ok(await call('/subcategory/add', { name: 'Kitchens', categoryId: flooring.id }));
    ok(await call('/subcategory/add', { name: 'Bathrooms', categoryId: flooring.id }));
    ok(await call('/subcategory/add', { name: 'Façades', categoryId: walls.id }));
    const got = ok(await call('/category/getbycatid', { _id: flooring.id }));
    expect(got.name).toBe('Flooring');
    expect(names(got.subcategories)).toEqual(['Bathrooms', 'Kitchens']);
    expect(names(ok(await call('/subcategory/getbycatid', { catid: walls.id })))).toEqual(['Façades']);
  });

  it('event/pastimage appends uploaded photos to the event', async () => {
    const event = ok(
      await call('/event/add', {
        title: 'Dealer meet',
        startsAt: '2024-05-01T10:00:00Z',
        endsAt: '2024-05-01T16:00:00Z',
        pastImages: [{ url: 'https://img.example/first.jpg', alt: 'First' }],
      }),
    );
    const res = await upload('/event/pastimage', [
      { field: 'id', data: event.id },
      { field: 'file', filename: 'stage-photo.jpg', type: 'image/jpeg', data: jpeg },
    ]);
    const updated = ok(res);
    expect(updated.pastImages.map((i: Json) => i.alt)).toEqual(['First', 'stage photo']);
    expect(updated.pastImages[1].thumbnailUrl).toMatch(/^\/public\/.+\/files\//);
    expect(ok(await call('/event/getSingle', { slug: 'dealer-meet' })).pastImages).toHaveLength(2);
    const backwards = await call('/event/add', { title: 'Backwards', startsAt: '2024-05-02T10:00:00Z', endsAt: '2024-05-01T10:00:00Z' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields).toHaveProperty('endsAt');
  });

  it('blog/imageuploader returns a url that serves the image, and a thumbnail', async () => {
    const data = ok(await upload('/blog/imageuploader', [{ field: 'upload', filename: 'hero.jpg', type: 'image/jpeg', data: jpeg }]));
    expect(data.url).toMatch(new RegExp(`^/public/${c.name}/files/`));
    const image = await t.request({ method: 'GET', url: data.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toContain('max-age=31536000');
    expect(image.rawPayload.equals(jpeg)).toBe(true);
    const thumb = await t.request({ method: 'GET', url: data.thumbnailUrl });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const refused = await upload('/blog/imageuploader', [{ field: 'upload', filename: 'a.pdf', type: 'application/pdf', data: pdf('x') }]);
    expect(refused.statusCode).toBe(415);
    expect((await upload('/blog/imageuploader', [{ field: 'note', data: 'no file' }])).statusCode).toBe(400);
  });

  it('blogs: rich text is sanitised on the server; single reads by slug', async () => {
    const category = ok(await call('/blogcategory/addcategory', { name: 'Guides' }));
    const blog = ok(
      await call('/blog/add', {
        title: 'Grout 101',
        categoryId: category.id,
        body: '<p onclick="steal()">Mix <b>well</b><script>alert(1)</script></p><img src="javascript:alert(1)"><a href="/x" target="_blank">more</a><iframe src="https://evil.example/x"></iframe>',
      }),
    );
    expect(blog.body).toBe('<p>Mix <b>well</b></p><img /><a href="/x" target="_blank" rel="noopener noreferrer">more</a>');
    const video = ok(await call('/blog/add', { title: 'Video', body: '<iframe src="https://www.youtube.com/embed/abc"></iframe>' }));
    expect(video.body).toBe('<iframe src="https://www.youtube.com/embed/abc"></iframe>');
    expect(blog.readingMinutes).toBe(1);
    const updated = ok(await call('/blog/update', { _id: blog.id, body: '<p>Safe</p><script>x</script>' }));
    expect(updated.body).toBe('<p>Safe</p>');
    expect(ok(await call('/blog/single', { slug: 'grout-101' })).id).toBe(blog.id);
    expect(ok(await call('/blog/get', { categoryId: category.id })).map((b: Json) => b.title)).toEqual(['Grout 101']);
  });

  it('documents/download returns the stored file link, and streams it with its name and type', async () => {
    const bytes = pdf('warranty terms');
    const body = multipart([{ field: 'file', filename: 'warranty-2025.pdf', type: 'application/pdf', data: bytes }]);
    const up = await t.request({ method: 'POST', url: '/api/v1/site/uploads', payload: body.payload, headers: body.headers, as: c });
    expect(up.statusCode, up.body).toBe(201);
    const [file] = up.json().data;
    expect(file.thumbnailUrl).toBeNull();
    const doc = ok(await call('/documents/addDocument', { title: 'Warranty', fileUrl: file.url, type: 'warranty', status: 'published' }));
    const other = ok(await call('/documents/addDocument', { title: 'Other', fileUrl: 'https://files.example/other.pdf' }));

    const link = ok(await call('/documents/download', { _id: doc.id }));
    expect(link).toMatchObject({ url: file.url, fileName: 'warranty-2025.pdf', contentType: 'application/pdf', size: bytes.length });
    expect(link.downloadUrl).toBe(`/public/${c.name}/site/documents/${doc.id}/download`);
    const fetched = await t.request({ method: 'GET', url: link.url });
    expect(fetched.rawPayload.equals(bytes)).toBe(true);

    const streamed = await call('/documents/download', { _id: doc.id, stream: true });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['content-type']).toBe('application/pdf');
    expect(streamed.headers['content-disposition']).toBe("attachment; filename*=UTF-8''warranty-2025.pdf");
    expect(streamed.rawPayload.equals(bytes)).toBe(true);

    expect(ok(await call('/documents/download', { _id: other.id }))).toMatchObject({
      url: 'https://files.example/other.pdf',
      downloadUrl: null,
    });
    const redirected = await call('/documents/download', { _id: other.id, stream: true });
    expect(redirected.statusCode).toBe(302);
    expect(redirected.headers.location).toBe('https://files.example/other.pdf');
    expect((await call('/documents/download', {})).statusCode).toBe(400);
  });

  it('geography: states by country, cities by state', async () => {
    const india = ok(await call('/country/add', { name: 'India', code: 'in' }));
    expect(india.code).toBe('IN');
    const ka = ok(await call('/state/add', { name: 'Karnataka', countryId: india.id }));
    ok(await call('/state/add', { name: 'Kerala', countryId: india.id }));
    ok(await call('/city/add', { name: 'Mysuru', stateId: ka.id }));
    expect(names(ok(await call('/state/get', { countryId: india.id })))).toEqual(['Karnataka', 'Kerala']);
    expect(names(ok(await call('/city/get', { stateId: ka.id })))).toEqual(['Mysuru']);
    expect((await call('/country/delete', { _id: india.id })).statusCode).toBe(409);
    expect((await call('/city/add', { name: 'Nowhere', stateId: india.id })).statusCode).toBe(400);
  });

  it('offices, catalogues and inbound lists answer their seed verbs', async () => {
    const office = ok(await call('/contactdetails/addcontact', { name: 'Kochi branch', type: 'branch', email: 'KOCHI@Example.com' }));
    expect(office.email).toBe('kochi@example.com');
    expect(ok(await call('/contactdetails/getcontacts', {})).map((o: Json) => o.name)).toContain('Kochi branch');
    const catalogue = ok(await call('/catalogue/addcatalogue', { title: 'Tiles 2026', fileUrl: 'https://files.example/tiles-2026.pdf' }));
    expect(ok(await call('/catalogue/getSingle', { slug: 'tiles-2026' })).id).toBe(catalogue.id);
    for (const path of ['/event-register/get', '/downloader/get', '/careers/get', '/design-support/get', '/getintouch/get']) {
      const res = await call(path, { status: 'new' });
      expect(res.statusCode, path).toBe(200);
      expect(res.json().data, path).toEqual([]);
    }
  });

  it('a read-only role may get but not write', async () => {
    const role = await api('POST', 'identity/roles', { name: 'Site reader', permissions: { site: 'read' } });
    const email = `reader-${randomBytes(3).toString('hex')}@${c.name}.example`;
    await api('POST', 'identity/admins', { name: 'Reader', email, password: 'reader-password-1', roleId: role.id });
    const login = await logIn(t, email, 'reader-password-1', c.name);
    const token = login.json().token;
    const reader: TestCommunity = { ...c, token, headers: { authorization: `Bearer ${token}`, 'community-name': c.name } };
    expect((await call('/product/get', {}, reader)).statusCode).toBe(200);
    expect((await call('/product/mainGET', {}, reader)).statusCode).toBe(200);
    const write = await call('/product/addproduct', { code: 'R-1', name: 'Reader product' }, reader);
    expect(write.statusCode).toBe(403);
    expect(write.json().error.code).toBe('forbidden');
  });

  it('subscriber lines list with signed unsubscribe links and delete', async () => {
    const sub = await api('POST', 'site/subscribers', { email: 'Reader@Example.com', name: 'Reader' });
    expect(sub.email).toBe('reader@example.com');
    const all = ok(await call('/subscriber/getAll', {}));
    expect(all[0].unsubscribeUrl).toMatch(new RegExp(`^/public/${c.name}/site/subscribers/unsubscribe\\?email=reader%40example.com&sig=`));
    ok(await call('/subscriber/delete', { _id: sub.id }));
    expect(ok(await call('/subscriber/getAll', {}))).toEqual([]);
  });
});
