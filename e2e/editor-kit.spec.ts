import { api, collectPageErrors, expect, ownerTest, unique } from './helpers';

const PRODUCTS = '/admin-panel/productDesign';

ownerTest('a failed save lists the error at the top and focuses the field; Ctrl+S saves', async ({ page }) => {
  const errors = collectPageErrors(page);
  const name = unique('Kit tile ');
  const created = await api<{ data: { id: string } }>('POST', '/api/v1/site/products', { name, code: unique('KIT-') });
  expect(created.status).toBe(201);
  const id = created.body.data.id;

  await page.goto(`${PRODUCTS}?record=${id}`);
  const nameInput = page.getByRole('textbox', { name: 'Name', exact: true });
  await expect(nameInput).toHaveValue(name);
  const bar = page.getByTestId('form-bar');
  await expect(bar.getByRole('button', { name: 'Save' })).toHaveCount(0);

  await nameInput.fill('');
  await expect(bar.getByRole('button', { name: 'Save' })).toBeVisible();
  // Scroll away first: a failed save must bring the error back into view.
  await page.getByRole('button', { name: 'Add variant' }).scrollIntoViewIfNeeded();
  await page.keyboard.press('ControlOrMeta+s');
  const summary = page.getByTestId('form-error-summary');
  await expect(summary).toContainText('Name');
  await expect(nameInput).toBeFocused();
  await expect(nameInput).toBeInViewport();

  await nameInput.fill(`${name} renamed`);
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByText('Product saved')).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Save' })).toHaveCount(0);
  const saved = await api<{ data: { name: string } }>('GET', `/api/v1/site/products/${id}`);
  expect(saved.body.data.name).toBe(`${name} renamed`);
  expect(errors).toEqual([]);
});

ownerTest('a new product starts as Draft', async ({ page }) => {
  await page.goto('/admin-panel/Product-addProductDesign');
  await expect(page.getByTestId('form-bar')).toContainText('Draft');
});

ownerTest('the product list at 360 px shows cards with title and status, no wide table', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(PRODUCTS);
  const cards = page.getByTestId('resource-card');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByTestId('resource-table')).toHaveCount(0);
  await expect(cards.first()).toContainText(/Published|Draft|Archived/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(errors).toEqual([]);
});
