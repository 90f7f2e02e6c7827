import type { Page } from '@playwright/test';
import { api, collectPageErrors, expect, ownerTest as test, unique } from './helpers';

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

/** Whether leaving the page now (reload, closing the tab) would ask first: the beforeunload guard is armed. */
const reloadAsks = (page: Page) =>
  page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

test('an admin makes a product with Colour × Size variations on one page with one save bar, is asked before leaving it unsaved, and publishes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const title = unique('E2E Ikat Kurta ');

  // "New shop product" on the list leads to the product page (the list's own, `?record=new`).
  await page.goto(PRODUCTS);
  await page.getByRole('link', { name: 'New shop product' }).click();
  await expect(page).toHaveURL(new RegExp(`${PRODUCTS}\\?record=new$`));
  await expect(page.getByRole('heading', { name: 'New shop product', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page).toHaveURL(/myproduct\?record=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const id = new URL(page.url()).searchParams.get('record')!;
  // One way to save an existing product: the bar, which shows once something changed.
  const bar = page.getByTestId('form-bar');
  await expect(bar.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);
  expect(await reloadAsks(page)).toBe(false);

  // Colour × Size from the demo shop's attribute values: 2 × 2 new rows, part of the unsaved change (nothing written yet).
  await pick(page, 'Colour', ['Indigo', 'Maroon']);
  await pick(page, 'Size', ['S', 'M']);
  await expect(page.getByText('4 combinations')).toBeVisible();
  await page.getByRole('button', { name: 'Generate variations' }).click();
  await expect(page.getByTestId('variation-row')).toHaveCount(4);
  await expect(page.getByText('4 new', { exact: true })).toBeVisible();
  await expect(bar.getByText('Unsaved changes')).toBeVisible();
  const before = await api<{ data: Json[] }>('GET', `/api/v1/commerce/products/${id}/variations`);
  expect(before.body.data.map((v) => v.title)).toEqual(['']);

  // Prices in the grid: one for all, then one row of its own.
  await page.getByRole('textbox', { name: 'Price for all (INR)', exact: true }).fill('1499');
  await page.getByRole('button', { name: 'Set price' }).click();
  await page.getByRole('textbox', { name: 'Price of Maroon / M', exact: true }).fill('1599');
  await page.getByRole('textbox', { name: 'Stock of Maroon / M', exact: true }).fill('7');
  await expect(page.getByText('4 new · 4 changed')).toBeVisible();

  // Leaving asks first: in the app (kept editing), and on reload or closing the tab (the browser's prompt is armed).
  expect(await reloadAsks(page)).toBe(true);
  await page.getByRole('link', { name: 'Back to products for sale' }).click();
  const leave = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Keep editing' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`record=${id}$`));
  await expect(page.getByRole('textbox', { name: 'Price of Maroon / M', exact: true })).toHaveValue('1,599');

  // One save: the product's fields (its tax class picked from the shop's classes by their rates), the new variations and their prices together.
  await page.getByRole('textbox', { name: 'Brand', exact: true }).fill('Tantuja');
  const taxClass = page.getByRole('textbox', { name: 'Tax class' }).or(page.getByRole('combobox', { name: 'Tax class' }));
  await taxClass.click();
  await taxClass.fill('appar');
  await page.getByRole('option', { name: 'apparel — GST 12% (IN)' }).click();
  // Meta tags as names and contents, not JSON.
  await page.getByRole('button', { name: 'Add meta tag' }).click();
  await page.getByRole('textbox', { name: 'Meta tags: name 1' }).fill('robots');
  await page.getByRole('textbox', { name: 'Meta tags: content 1' }).fill('noindex');
  await bar.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Shop product saved')).toBeVisible();
  await expect(page.getByText('No changes')).toBeVisible();
  await expect(bar.getByText('Unsaved changes')).toHaveCount(0);
  expect(await reloadAsks(page)).toBe(false);
  // The history tells the grid's save in words: each variation by its title, amounts in rupees.
  const history = page.getByTestId('record-history');
  await expect(history.getByTestId('variation-change').filter({ hasText: 'Maroon / M:' })).toHaveText(
    'Maroon / M: price ₹0.00 → ₹1,599.00, stock 0 → 7',
  );
  await expect(history).not.toContainText('"onHand"');
  const stored = await api<{ data: Json }>('GET', `/api/v1/commerce/products/${id}`);
  expect(stored.body.data).toMatchObject({
    minPrice: 149_900,
    maxPrice: 159_900,
    brand: 'Tantuja',
    taxClass: 'apparel',
    seoMeta: { robots: 'noindex' },
  });
  const variations = await api<{ data: Json[] }>('GET', `/api/v1/commerce/products/${id}/variations`);
  expect(variations.body.data.map((v) => [v.title, v.price, v.onHand]).sort()).toEqual([
    ['Indigo / M', 149_900, 0],
    ['Indigo / S', 149_900, 0],
    ['Maroon / M', 159_900, 7],
    ['Maroon / S', 149_900, 0],
  ]);

  // The notices sit over the header's actions until they close (a pointer over them keeps them open).
  await page.mouse.move(0, 0);
  await expect(page.getByRole('alert').filter({ hasText: /^Shop product/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published: the product is on sale')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish' })).toHaveCount(0);

  // Saved: leaving asks nothing. The list finds the product, active, and its row leads back to this page.
  await page.getByRole('link', { name: 'Back to products for sale' }).click();
  await expect(page.getByRole('heading', { name: 'Products for sale', level: 1 })).toBeVisible();
  await page.getByLabel('Search shop products').fill(title);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${PRODUCTS}\\?(.*&)?record=${id}$`));
  await expect(page.getByTestId('variation-row')).toHaveCount(4);

  // Duplicate on the list opens a new product prefilled from this one, on the same page (`?record=new&copy=<id>`).
  await page.getByRole('link', { name: 'Back to products for sale' }).click();
  await row.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]record=new&copy=${id}$`));
  await expect(page.getByRole('heading', { name: `Copy of ${title}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(`${title} (copy)`);

  // The seed's editor address, and its older ?id= links, lead to the list's page of the product.
  await page.goto(`/admin-panel/controlcenter/e-commerce/newproduct?id=${id}`);
  await expect(page).toHaveURL(new RegExp(`${PRODUCTS}\\?record=${id}$`));
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
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
  // Shipping's tax class is picked from the shop's classes, named by their rates.
  const shippingClass = page.getByRole('combobox', { name: 'Shipping tax class' });
  await shippingClass.click();
  await shippingClass.fill('redu');
  await page.getByRole('option', { name: 'reduced — GST 5% (IN)' }).click();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Shop settings saved')).toBeVisible();
  const saved = (await api<Json>('GET', '/api/v1/commerce/settings?limit=1')).body.data[0];
  expect([saved.shippingPrice, saved.shippingTaxClass]).toEqual([12_345, 'reduced']);
  await api('PATCH', `/api/v1/commerce/settings/${saved.id}`, { shippingPrice: shipping, shippingTaxClass: settings.shippingTaxClass });

  // A rate typed as a percentage is kept in parts per million, and listed as a percentage.
  const name = unique('E2E VAT ');
  await page.goto('/admin-panel/controlcenter/e-commerce/tax-rates');
  await page.getByRole('button', { name: /New tax rate/ }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  // The class is one of the shop's, picked by its name and rates.
  const rateClass = page.getByRole('combobox', { name: 'Tax class' });
  await rateClass.click();
  await rateClass.fill('standard');
  await page.getByRole('option', { name: /^standard — / }).click();
  await page.getByRole('textbox', { name: 'Rate', exact: true }).fill('7.5');
  await page.getByRole('button', { name: /Create/ }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('7.5 %');
  const rates = (await api<Json>('GET', `/api/v1/commerce/tax-rates?q=${encodeURIComponent(name)}`)).body.data;
  expect(rates.map((r: Json) => [r.ratePpm, r.taxClass])).toEqual([[75_000, 'standard']]);
  await api('DELETE', `/api/v1/commerce/tax-rates/${rates[0].id}`);
  expect(errors).toEqual([]);
});
