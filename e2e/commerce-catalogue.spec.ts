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
  await expect(page.getByRole('heading', { name: 'Shop products', level: 1 })).toBeVisible();
  await page.getByLabel('Search shop products').fill(title);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Active');
  expect(errors).toEqual([]);
});
