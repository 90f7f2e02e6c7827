import { expect, test } from './fixtures';
import { BASE, collectPageErrors, expectNoSidewaysScroll, SIZES, unique } from './helpers';

/**
 * The shop's catalogue as a spreadsheet (issue 26 item 10: one row per variation, amounts in the
 * currency's units, rating in stars; an edited sheet updates prices and stock) and its promotional
 * banners (item 12: a console screen beside the shop settings, the storefront listing the live ones).
 */

const CC = '/admin-panel/controlcenter/e-commerce';
const loaded = expect.configure({ timeout: 30_000 });

/** A CSV's rows (quoted fields with commas, doubled quotes, CRLF), as a spreadsheet reads them. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\ufeff/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

type Variation = { id: string; sku: string; price: number; onHand: number; reserved: number };

for (const size of SIZES)
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport });

    test('the catalogue goes out as a sheet of variations in rupees and comes back with new prices and stock', async ({ page, api }) => {
      const errors = collectPageErrors(page);
      await page.goto(`${CC}/myproduct`);
      const download = page.waitForEvent('download');
      await loaded(page.getByRole('button', { name: 'Export prices and stock' })).toBeVisible();
      await expectNoSidewaysScroll(page, 'the products list');
      await page.getByRole('button', { name: 'Export prices and stock' }).click();
      const file = await download;
      const text = await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8');
      const [header, ...rows] = parseCsv(text);
      expect(header).toEqual([
        'Product',
        'Product slug',
        'Status',
        'Variation',
        'SKU',
        'Price (INR)',
        'Compare-at price (INR)',
        'Stock',
        'Reserved',
        'Rating (stars)',
        'Reviews',
      ]);
      // One row per variation: the kurta's colours and sizes each have their own SKU, priced in rupees with paise.
      const kurta = rows.filter((r) => r[1] === 'ikat-cotton-kurta');
      const found = await api<{ data: { id: string; slug: string }[] }>('GET', '/api/v1/commerce/products?q=Ikat%20Cotton%20Kurta');
      const kurtaId = found.body.data.find((p) => p.slug === 'ikat-cotton-kurta')!.id;
      const listed = await api<{ data: Variation[] }>('GET', `/api/v1/commerce/products/${kurtaId}/variations`);
      expect(kurta.map((r) => r[4]).sort()).toEqual(listed.body.data.map((v) => v.sku).sort());
      expect(kurta.length).toBeGreaterThan(1);
      for (const r of rows) expect(r[5], `${r[4]}'s price`).toMatch(/^\d+\.\d{2}$/);
      expect(rows.filter((r) => r[9] !== '').every((r) => /^[0-5]\.\d$/.test(r[9]))).toBe(true);

      // The sheet edited: one variation's price and stock, by SKU (other columns only to read).
      const target = listed.body.data.find((v) => v.reserved === 0)!;
      const newPrice = target.price + 10_050;
      const edited = [
        header.join(','),
        ...kurta
          .map((r) =>
            r[4] === target.sku ? [...r.slice(0, 5), (newPrice / 100).toFixed(2), r[6], String(target.onHand + 3), ...r.slice(8)] : r,
          )
          .map((r) => r.map((f) => (/[",]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f)).join(',')),
      ].join('\r\n');
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Update from CSV' }).click();
      await (await chooser).setFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(edited) });
      await expect(page.getByText(`${kurta.length} of ${kurta.length} variations updated`)).toBeVisible();
      await expectNoSidewaysScroll(page, 'the import result');
      const after = await api<{ data: Variation }>('GET', `/api/v1/commerce/variations/${target.id}`);
      expect([after.body.data.price, after.body.data.onHand]).toEqual([newPrice, target.onHand + 3]);

      // A wrong price is named, and nothing changes.
      const wrong = `SKU,Price (INR)\r\n${target.sku},ninety\r\n`;
      const again = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Update from CSV' }).click();
      await (await again).setFiles({ name: 'wrong.csv', mimeType: 'text/csv', buffer: Buffer.from(wrong) });
      await expect(page.getByText('Nothing was changed')).toBeVisible();
      expect((await api<{ data: Variation }>('GET', `/api/v1/commerce/variations/${target.id}`)).body.data.price).toBe(newPrice);
      expect(errors).toEqual([]);
    });
  });

type Banner = { id: string; title: string; image: { url: string; alt: string }; linkKind: string; productId: string | null };

test('a shop banner is pointed at a product in the console, and the storefront lists it while it is switched on', async ({
  page,
  api,
  community,
}) => {
  const errors = collectPageErrors(page);
  // A banner with a stored picture (the sample banners' own), leading nowhere yet.
  const sample = await api<{ data: Banner[] }>('GET', '/api/v1/commerce/banners?limit=1');
  const title = unique('Monsoon sale ');
  const made = await api<{ data: Banner }>('POST', '/api/v1/commerce/banners', {
    title,
    image: sample.body.data[0].image,
    sortOrder: 0,
  });
  expect(made.status).toBe(201);
  const products = await api<{ data: { id: string; title: string; slug: string }[] }>(
    'GET',
    '/api/v1/commerce/products?status=active&limit=1&sort=title',
  );
  const product = products.body.data[0];

  await page.goto(`${CC}/banners?q=${encodeURIComponent(title)}`);
  const row = page.getByTestId('resource-row').filter({ hasText: title });
  await loaded(row).toHaveCount(1);
  await row.getByRole('button', { name: title, exact: true }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('combobox', { name: /^Leads to/ }).click();
  await page.getByRole('option', { name: 'Product', exact: true }).click();
  // Saved without its product: the server's refusal sits at the Product field.
  await drawer.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(drawer.locator('[data-field="productId"]').getByText('Choose the product it leads to')).toBeVisible();
  const picker = drawer.getByRole('combobox', { name: /^Product/ });
  await picker.click();
  await picker.fill(product.title.slice(0, 12));
  await page.getByRole('option', { name: product.title }).first().click();
  await drawer.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Shop banner saved')).toBeVisible();

  const live = async () => {
    const res = await fetch(`${BASE()}/public/${community.name}/shop/banners`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { title: string; link: unknown }[] }).data.filter((b) => b.title === title);
  };
  const shown = await live();
  expect(shown.map((b) => b.link)).toEqual([{ kind: 'product', slug: product.slug }]);
  // Switched off, the storefront no longer lists it.
  expect((await api('PATCH', `/api/v1/commerce/banners/${made.body.data.id}`, { active: false })).status).toBe(200);
  expect(await live()).toEqual([]);
  expect((await api('DELETE', `/api/v1/commerce/banners/${made.body.data.id}`)).status).toBe(204);
  expect(errors).toEqual([]);
});
