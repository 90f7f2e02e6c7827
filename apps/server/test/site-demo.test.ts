import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_START_TIMEOUT, startTestApp, type TestApp } from './helpers';

type Json = Record<string, any>;

describe('the demo community website', () => {
  let t: TestApp;
  let demo: string;
  beforeAll(async () => {
    t = await startTestApp({ adminPassword: 'demo-owner-password' }, { seed: true });
    demo = t.config.seedCommunity;
  }, SEEDED_START_TIMEOUT);
  afterAll(() => t?.close());

  const get = async (path: string) => {
    const res = await t.request({ method: 'GET', url: `/public/${demo}/site/${path}` });
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res.json();
  };

  it('shows the sample content, wired together by the seed', async () => {
    const products = await get('products');
    expect(products.data.map((p: Json) => p.code)).toEqual(['EBP-PT-6060-CAR', 'EBP-SL-1224-TER', 'EBP-WPC-EX-150']);
    expect(products.data.every((p: Json) => p.categoryId && p.subcategoryId)).toBe(true);

    const categories = (await get('product-categories')).data as Json[];
    expect(categories.find((c) => c.name === 'Porcelain tiles')!.subcategories.map((s: Json) => s.name)).toEqual([
      'Floor tiles',
      'Large-format slabs',
    ]);

    const project = (await get('projects/marina-bay-residences')).data;
    expect(project.products.map((p: Json) => p.code)).toEqual(['EBP-PT-6060-CAR', 'EBP-WPC-EX-150']);

    const product = (await get('products/carrara-matt-600-x-600')).data;
    expect(product.category.name).toBe('Porcelain tiles');
    expect(product.downloads.map((d: Json) => d.title)).toEqual(['Porcelain tile installation guide']);

    expect((await get('banners')).data).toHaveLength(2);
    const blogs = (await get('blogs')).data as Json[];
    expect(blogs).toHaveLength(2);
    expect(blogs.every((b) => b.categoryId)).toBe(true);
    // The expo a month from now is named after the year it takes place in.
    const expoYear = new Date(Date.now() + 30 * 86_400_000).getUTCFullYear();
    expect((await get('events')).data.map((e: Json) => e.title)).toEqual([`Architecture & Interiors Expo ${expoYear}`]);
    expect((await get('events?when=past')).data[0].pastImages).toHaveLength(1);
    expect((await get('offices')).data[0].name).toBe('Head office');
    expect((await get('investor-documents')).data).toHaveLength(2);
  });

  it('serves real pictures and documents for the sample content (no links to hosts that do not exist)', async () => {
    const products = (await get('products')).data as Json[];
    const image = products[0].images[0];
    expect(image.url).toMatch(new RegExp(`^/public/${demo}/files/`));
    expect(image.thumbnailUrl).toMatch(new RegExp(`^/public/${demo}/files/`));
    const picture = await t.request({ method: 'GET', url: image.url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');

    const product = (await get('products/carrara-matt-600-x-600')).data;
    const pdf = await t.request({ method: 'GET', url: product.documents[0].url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const everything = JSON.stringify([products, (await get('banners')).data, (await get('blogs')).data, (await get('projects')).data]);
    expect(everything).not.toMatch(/images\.euro-building\.example/);
  });
});
