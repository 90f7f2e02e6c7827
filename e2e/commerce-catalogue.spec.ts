import type { Page } from '@playwright/test';
import { api, collectPageErrors, expect, ownerTest as test, unique } from './helpers';

const EDITOR = '/admin-panel/controlcenter/e-commerce/newproduct';
const PRODUCTS = '/admin-panel/controlcenter/e-commerce/myproduct';

type Json = Record<string, any>;

/** Picks options of a multi-select (the attribute picker). */
async function pick(page: Page, label: string, options: string[]) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  for (const option of options) {
    await input.click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  await page.keyboard.press('Escape');
}

test('an admin creates a product with Colour × Size variations, prices them in the grid, publishes it, and the list shows it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const title = unique('E2E Ikat Kurta ');

  await page.goto(EDITOR);
  await expect(page.getByRole('heading', { name: 'New product', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page).toHaveURL(/newproduct\?id=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const id = new URL(page.url()).searchParams.get('id')!;

  // Colour × Size from the demo shop's attribute values: 2 × 2 variations replace the default one.
  await pick(page, 'Colour', ['Indigo', 'Maroon']);
  await pick(page, 'Size', ['S', 'M']);
  await expect(page.getByText('4 combinations')).toBeVisible();
  await page.getByRole('button', { name: 'Generate variations' }).click();
  await expect(page.getByText('4 variations made, 0 kept')).toBeVisible();
  await expect(page.getByTestId('variation-row')).toHaveCount(4);

  // Prices in the grid: one for all, then one row of its own.
  await page.getByRole('textbox', { name: 'Price for all (INR)', exact: true }).fill('1499');
  await page.getByRole('button', { name: 'Set price' }).click();
  await page.getByRole('textbox', { name: 'Price of Maroon / M', exact: true }).fill('1599');
  await page.getByRole('textbox', { name: 'Stock of Maroon / M', exact: true }).fill('7');
  await expect(page.getByText('4 changed')).toBeVisible();
  await page.getByRole('button', { name: 'Save variations' }).click();
  await expect(page.getByText('Saved 4 variations')).toBeVisible();
  await expect(page.getByText('No changes')).toBeVisible();

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published: the product is on sale')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish' })).toHaveCount(0);

  const stored = await api<{ data: Json }>('GET', `/api/v1/commerce/products/${id}`);
  expect(stored.body.data).toMatchObject({ status: 'active', minPrice: 149_900, maxPrice: 159_900 });
  const variations = await api<{ data: Json[] }>('GET', `/api/v1/commerce/products/${id}/variations`);
  expect(variations.body.data.map((v) => [v.title, v.price, v.onHand])).toEqual(
    expect.arrayContaining([
      ['Indigo / S', 149_900, 0],
      ['Maroon / M', 159_900, 7],
    ]),
  );

  // The product list finds it, active.
  await page.goto(PRODUCTS);
  await expect(page.getByRole('heading', { name: 'Products for sale', level: 1 })).toBeVisible();
  await page.getByLabel('Search shop products').fill(title);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Active');
  expect(errors).toEqual([]);
});

test('the shop settings and tax rates take amounts and rates as people read them', async ({ page }) => {
  const errors = collectPageErrors(page);
  const settings = (await api<Json>('GET', '/api/v1/commerce/settings?limit=1')).body.data[0];
  const shipping = settings.shippingPrice as number;
  const digits = 2; // the demo shop is in INR: paise

  await page.goto('/admin-panel/controlcenter/e-commerce/shop-settings');
  await expect(page.getByRole('heading', { name: 'Shop settings', level: 1 })).toBeVisible();
  // Stored in paise, shown in rupees.
  await expect(page.getByRole('textbox', { name: 'Shipping price' })).toHaveValue((shipping / 10 ** digits).toFixed(digits));
  await page.getByRole('textbox', { name: 'Shipping price' }).fill('123.45');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Shop settings saved')).toBeVisible();
  const saved = (await api<Json>('GET', '/api/v1/commerce/settings?limit=1')).body.data[0];
  expect(saved.shippingPrice).toBe(12_345);
  await api('PATCH', `/api/v1/commerce/settings/${saved.id}`, { shippingPrice: shipping });

  // A rate typed as a percentage is kept in parts per million, and listed as a percentage.
  const name = unique('E2E VAT ');
  await page.goto('/admin-panel/controlcenter/e-commerce/tax-rates');
  await page.getByRole('button', { name: /New tax rate/ }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Tax class' }).fill(unique('e2e-').toLowerCase());
  await page.getByRole('textbox', { name: 'Rate', exact: true }).fill('7.5');
  await page.getByRole('button', { name: /Create/ }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('7.5 %');
  const rates = (await api<Json>('GET', `/api/v1/commerce/tax-rates?q=${encodeURIComponent(name)}`)).body.data;
  expect(rates.map((r: Json) => r.ratePpm)).toEqual([75_000]);
  await api('DELETE', `/api/v1/commerce/tax-rates/${rates[0].id}`);
  expect(errors).toEqual([]);
});
