import { expect, test } from './fixtures';
import { collectPageErrors, expectNoSidewaysScroll, SIZES, unique } from './helpers';

/** The kit's craft: code pickers, server field errors at their fields, duplicate/delete/undo, menu search and stars, phone widths. */

const COUPONS = '/admin-panel/controlcenter/e-commerce/coupon-Management';
const TAX_RATES = '/admin-panel/controlcenter/e-commerce/tax-rates';
/** First loads of a screen (lazy chunk, meta, list) on a shared, busy machine. */
const loaded = expect.configure({ timeout: 30_000 });

type Coupon = { id: string; code: string; kind: string; ratePpm: number | null };

test('a country is chosen by its name and stored as its code', async ({ page, api }) => {
  const errors = collectPageErrors(page);
  const name = unique('Picker rate ');
  await page.goto(`${TAX_RATES}?record=new`);
  const drawer = page.getByRole('dialog');
  await loaded(drawer.getByRole('textbox', { name: /^Name/ })).toBeVisible();
  await drawer.getByRole('textbox', { name: /^Name/ }).fill(name);
  // The tax class is picked too: a name that is no class yet is offered as a new one, as its code.
  const zone = unique('Zone ');
  const taxClass = drawer.getByRole('combobox', { name: /^Tax class/ });
  await taxClass.click();
  await taxClass.fill(zone);
  const code = zone.toLowerCase().replace(/\s+/g, '-');
  await page.getByRole('option', { name: `${code} — new tax class` }).click();
  await expect(taxClass).toHaveValue(`${code} — new tax class`);
  const country = drawer.getByRole('combobox', { name: /^Country/ });
  await country.click();
  await country.fill('Portu');
  await page.getByRole('option', { name: 'Portugal (PT)' }).click();
  await expect(country).toHaveValue('Portugal (PT)');
  await drawer.getByRole('textbox', { name: /^Rate/ }).fill('23');
  await drawer.getByRole('button', { name: 'Create tax rate' }).click();
  await expect(page.getByText('Tax rate created')).toBeVisible();
  const saved = await api<{ data: { country: string; name: string; taxClass: string }[] }>(
    'GET',
    `/api/v1/commerce/tax-rates?q=${encodeURIComponent(name)}`,
  );
  expect(saved.body.data.map((r) => [r.country, r.taxClass])).toEqual([['PT', code]]);
  // The list shows the name, not the code.
  await page.goto(`${TAX_RATES}?q=${encodeURIComponent(name)}`);
  await loaded(page.getByTestId('resource-row').filter({ hasText: name })).toContainText('Portugal');
  expect(errors).toEqual([]);
});

test('a server refusal is shown at the field it names', async ({ page, api }) => {
  const code = unique('TAKEN').toUpperCase();
  expect((await api('POST', '/api/v1/commerce/coupons', { code, kind: 'free_shipping' })).status).toBe(201);
  await page.goto(`${COUPONS}?record=new`);
  const drawer = page.getByRole('dialog');
  await loaded(drawer.getByRole('textbox', { name: /^Code/ })).toBeVisible();
  await drawer.getByRole('textbox', { name: /^Code/ }).fill(code);
  await drawer.getByRole('combobox', { name: /^Kind/ }).click();
  await page.getByRole('option', { name: 'Free shipping' }).click();
  await drawer.getByRole('button', { name: 'Create coupon' }).click();
  // The 409 names the code: the error sits under the code's input, and the summary links to it.
  const field = drawer.locator('[data-field="code"]');
  await expect(field.getByText('Already in use')).toBeVisible();
  await expect(drawer.getByRole('textbox', { name: /^Code/ })).toHaveAttribute('aria-invalid', 'true');
  await expect(drawer.getByTestId('form-error-summary')).toContainText('Code');
});

for (const size of SIZES)
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport });

    test('duplicate opens a prefilled form; delete asks, and undo brings the record back', async ({ page, api }) => {
      const errors = collectPageErrors(page);
      const code = unique('DUP').toUpperCase();
      const created = await api<{ data: Coupon }>('POST', '/api/v1/commerce/coupons', { code, kind: 'percentage', ratePpm: 150_000 });
      expect(created.status).toBe(201);

      // A phone lists the records as cards, with the same actions menu.
      const item = size.phone ? 'resource-card' : 'resource-row';
      await page.goto(`${COUPONS}?q=${code}`);
      const row = page.getByTestId(item).filter({ hasText: code });
      await loaded(row).toHaveCount(1);
      await row.getByRole('button', { name: `Actions for ${code}` }).click();
      await page.getByRole('menuitem', { name: 'Duplicate' }).click();
      const drawer = page.getByRole('dialog');
      await loaded(drawer.getByRole('heading', { name: `Copy of ${code}` })).toBeVisible();
      await expectNoSidewaysScroll(page, 'the prefilled form');
      // Prefilled, the unique code changed, nothing saved yet.
      await expect(drawer.getByRole('textbox', { name: /^Code/ })).toHaveValue(`${code}-copy`);
      await expect(drawer.getByRole('textbox', { name: /^Percentage/ })).toHaveValue('15 %');
      expect((await api<{ data: Coupon[] }>('GET', `/api/v1/commerce/coupons?q=${code}`)).body.data).toHaveLength(1);
      await drawer.getByRole('button', { name: 'Create coupon' }).click();
      await expect(page.getByText('Coupon created')).toBeVisible();
      const both = await api<{ data: Coupon[] }>('GET', `/api/v1/commerce/coupons?q=${code}&sort=code`);
      expect(both.body.data.map((c) => [c.code, c.ratePpm])).toEqual([
        [code, 150_000],
        [`${code}-COPY`, 150_000],
      ]);

      // Delete from the row menu: asked first, then undone from the notice.
      await page.goto(`${COUPONS}?q=${code}-COPY`);
      const copyRow = page.getByTestId(item).filter({ hasText: `${code}-COPY` });
      await loaded(copyRow).toHaveCount(1);
      await expectNoSidewaysScroll(page, 'the coupons list');
      await copyRow.getByRole('button', { name: `Actions for ${code}-COPY` }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: `Delete “${code}-COPY”?` });
      await expect(confirm).toBeVisible();
      await expectNoSidewaysScroll(page, 'the delete confirmation');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText(`“${code}-COPY” deleted`)).toBeVisible();
      await expect(copyRow).toHaveCount(0);
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect(page.getByText('Restored it')).toBeVisible();
      await loaded(copyRow).toHaveCount(1);
      const back = both.body.data[1];
      expect((await api<{ data: Coupon }>('GET', `/api/v1/commerce/coupons/${back.id}`)).body.data.code).toBe(`${code}-COPY`);
      expect(errors).toEqual([]);
    });
  });

test('the menu finds a page by name and a starred page stays starred after a reload', async ({ page, api }) => {
  // Nothing starred yet in this worker's community (a failed earlier run may have left a star).
  expect((await api('PATCH', '/api/v1/auth/me', { starred: [] })).status).toBe(200);
  await page.goto('/admin-panel/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await loaded(nav.getByRole('button', { name: 'All pages' })).toBeVisible();
  await nav.getByRole('button', { name: 'All pages' }).click();
  await page.getByRole('textbox', { name: 'Search the menu' }).fill('coupon');
  const found = page.getByRole('navigation', { name: 'Pages found' });
  await expect(found.getByRole('link', { name: /Coupons/ })).toBeVisible();
  await found.getByRole('link', { name: /Coupons/ }).click();
  await expect(page).toHaveURL(new RegExp(COUPONS));

  const star = page.getByRole('button', { name: 'Star Coupons' });
  await loaded(star).toBeVisible();
  await star.click();
  await expect(page.getByRole('button', { name: 'Unstar Coupons' })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await loaded(page.getByRole('button', { name: 'Unstar Coupons' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'All pages' }).click();
  await expect(page.getByRole('navigation', { name: 'Starred pages' }).getByRole('link', { name: 'Coupons' })).toBeVisible();
  const me = await api<{ data: { starred: string[] } }>('GET', '/api/v1/auth/me');
  expect(me.body.data.starred).toContain(COUPONS);
  // Unstarred again, so the next run starts the same.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Unstar Coupons' }).click();
  await expect(page.getByRole('button', { name: 'Star Coupons' })).toBeVisible();
  await expect
    .poll(async () => (await api<{ data: { starred: string[] } }>('GET', '/api/v1/auth/me')).body.data.starred)
    .not.toContain(COUPONS);
});

test.describe('at phone size', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  const CC = '/admin-panel/controlcenter/e-commerce';
  const GATEWAYS = '/admin-panel/controlcenter/settings/payment-gateway';
  /** The shop and money screens (issue 26, item 13): lists, the product page, the demo shop, payments and its ledger. */
  const SCREENS = [
    '/admin-panel/dashboard',
    `${CC}/myproduct`,
    `${CC}/myproduct?record=new`,
    `${CC}/order-management`,
    `${CC}/order-returns`,
    `${CC}/review`,
    COUPONS,
    TAX_RATES,
    `${CC}/shop-settings`,
    `${CC}/banners`,
    `${CC}/category`,
    `${CC}/addatrributes`,
    '/admin-panel/shopping',
    GATEWAYS,
    `${GATEWAYS}?tab=transactions`,
    '/admin-panel/productDesign',
  ];
  for (const path of SCREENS) {
    test(`nothing scrolls sideways on ${path}`, async ({ page }) => {
      await page.goto(path);
      await loaded(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Read once the screen has loaded (no loader left), so the widths are the real content's.
      await loaded(page.getByLabel(/^Loading/)).toHaveCount(0);
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
      expect(widths.scroll, `${path} is ${widths.scroll}px wide`).toBeLessThanOrEqual(widths.inner);
    });
  }

  test('nothing scrolls sideways on a product page with its variations grid', async ({ page, api }) => {
    const listed = await api<{ data: { id: string }[] }>('GET', '/api/v1/commerce/products?limit=1&sort=title');
    await page.goto(`${CC}/myproduct?record=${listed.body.data[0].id}`);
    await loaded(page.getByTestId('variation-row').first()).toBeVisible();
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(widths.scroll, `the product page is ${widths.scroll}px wide`).toBeLessThanOrEqual(widths.inner);
  });
});
