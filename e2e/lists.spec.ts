import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { api, collectPageErrors, expect, ownerTest as test, unique } from './helpers';

/** The list kit on the products list: CSV round trip, saved views, phone cards, the palette opening a record. */

type Product = { id: string; name: string; code: string; updatedAt: string; variants: { code: string; price?: number }[] };
const LIST = '/admin-panel/productDesign';
/** First loads of a screen (lazy chunk, meta, list) on a shared, busy machine. */
const loaded = expect.configure({ timeout: 30_000 });

async function createProduct(code: string, name: string, price: number): Promise<Product> {
  const res = await api<{ data: Product }>('POST', '/api/v1/site/products', {
    code,
    name,
    status: 'published',
    variants: [{ code: `${code}-A`, finish: 'Matt', price }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const getProduct = async (id: string) => (await api<{ data: Product }>('GET', `/api/v1/site/products/${id}`)).body.data;

test('a CSV round trip (export, edit a price, import) changes exactly that record', async ({ page }) => {
  const errors = collectPageErrors(page);
  const prefix = unique('CSVRT');
  const first = await createProduct(`${prefix}-1`, `${prefix} Oak plank`, 41);
  const second = await createProduct(`${prefix}-2`, `${prefix} Slate tile`, 55);
  const before = (await api<{ total: number }>('GET', '/api/v1/site/products?limit=1')).body.total;

  await page.goto(`${LIST}?q=${prefix}`);
  await loaded(page.getByTestId('resource-row')).toHaveCount(2);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const rows = parse(readFileSync(file), { bom: true }) as string[][];
  const [header] = rows;
  expect(rows).toHaveLength(3);
  const id = header.indexOf('ID');
  const variants = header.indexOf('Variants');
  const edited = rows.map((row) => (row[id] === first.id ? row.with(variants, row[variants].replace('"price":41', '"price":43.5')) : row));
  expect(edited).not.toEqual(rows);

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import products' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'CSV file' }).click();
  await (await chooser).setFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(stringify(edited)) });
  await loaded(dialog.getByTestId('import-preview')).toContainText('Update');
  await expect(dialog.getByTestId('import-preview')).toContainText('Unchanged');
  await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
  await loaded(dialog.getByTestId('import-progress')).toContainText('2 of 2 rows: 0 added, 1 updated, 1 unchanged, 0 refused');
  await dialog.getByRole('button', { name: 'Done' }).click();

  expect((await getProduct(first.id)).variants[0].price).toBe(43.5);
  expect(await getProduct(second.id)).toEqual(second);
  expect((await api<{ total: number }>('GET', '/api/v1/site/products?limit=1')).body.total).toBe(before);
  expect(errors).toEqual([]);
});

test('a saved view comes back after a reload', async ({ page }) => {
  const prefix = unique('VIEW');
  await createProduct(`${prefix}-1`, `${prefix} Terrazzo`, 10);
  await page.goto(`${LIST}?q=${prefix}`);
  await page
    .getByTestId('status-tabs')
    .getByRole('tab', { name: /Published/ })
    .click();
  await expect(page).toHaveURL(/status=published/);
  await expect(page.getByTestId('resource-row')).toHaveCount(1);

  await page.getByTestId('views-menu').click();
  await page.getByRole('menuitem', { name: 'Save current view…' }).click();
  const name = `Published ${prefix}`;
  await page.getByRole('dialog', { name: 'Save view' }).getByLabel('Name').fill(name);
  await page.getByRole('dialog', { name: 'Save view' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('views-menu')).toHaveText(name);

  await page.goto(LIST);
  await page.reload();
  await expect(page.getByTestId('views-menu')).toHaveText(name);
  await expect(page).toHaveURL(new RegExp(`q=${prefix}`));
  await expect(page).toHaveURL(/status=published/);
  await expect(page.getByTestId('resource-row')).toHaveCount(1);
  await expect(page.getByLabel(/Search products/)).toHaveValue(prefix);
});

test('the product list at 360 px shows cards with status and actions', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(LIST);
  const card = page.getByTestId('resource-card').first();
  await expect(card).toBeVisible();
  await expect(page.getByTestId('resource-table')).toHaveCount(0);
  await expect(card.getByText(/^(Draft|Published|Archived|Scheduled)$/)).toBeVisible();
  await expect(card.getByRole('button', { name: /^Actions for / })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no horizontal scroll of the page').toBeLessThanOrEqual(1);
});

test('the command palette opens a product', async ({ page }) => {
  const prefix = unique('PAL');
  const product = await createProduct(`${prefix}-1`, `${prefix} Walnut veneer`, 12);
  await page.goto('/admin-panel/dashboard');
  await loaded(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.keyboard.press('Control+k');
  const search = page.getByPlaceholder('Jump to a screen or record…');
  await search.fill(product.name);
  // The record among the palette's results (the dashboard behind it may list the new draft too).
  await expect(page.getByRole('dialog').getByText(product.name).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin-panel/productDesign\\?record=${product.id}$`));
  await loaded(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(product.name);
});
