import { test as base } from '@playwright/test';
import { seriousViolations } from './axe';
import { api, collectPageErrors, expect, sendGetInTouch, ownerTest as test, unique } from './helpers';

/** Console kit craft: inbound records read-only, record history with restore, money, the permission matrix, list search. */

const PRODUCTS = '/admin-panel/productDesign';
const ROLES = '/admin-panel/controlcenter/settings/role-management';
/** First loads of a screen (lazy chunk, meta, list) on a shared, busy machine. */
const loaded = expect.configure({ timeout: 30_000 });

type Product = { id: string; name: string; variants: { code: string; price?: number | null }[] };

/** A new product with one variant (code `<code>-A`) at `price`, made through the API. */
async function pricedProduct(namePrefix: string, codePrefix: string, price: number) {
  const code = unique(codePrefix);
  const created = await api<{ data: Product }>('POST', '/api/v1/site/products', {
    name: unique(namePrefix),
    code,
    variants: [{ code: `${code}-A`, price }],
  });
  expect(created.status).toBe(201);
  return { id: created.body.data.id, code };
}

test('an inbound message shows what the visitor sent as text; status, notes and assignee are what changes', async ({ page }) => {
  const errors = collectPageErrors(page);
  const name = await sendGetInTouch(page, { subject: 'Samples', message: 'Please send samples of the sand slab.' });
  const found = await api<{ data: { id: string }[] }>('GET', `/api/v1/site/get-in-touch-messages?q=${encodeURIComponent(name)}`);
  const id = found.body.data[0].id;

  await page.goto(`/admin-panel/getintouch?q=${encodeURIComponent(name)}`);
  await loaded(page.getByTestId('resource-row').filter({ hasText: name })).toHaveCount(1);
  await page.getByTestId('resource-row').filter({ hasText: name }).getByText(name).click();
  const drawer = page.getByRole('dialog');
  const sentFields = drawer.getByTestId('read-only-fields');
  await loaded(sentFields).toContainText('Please send samples of the sand slab.');
  await expect(sentFields).toContainText(name);
  // What the visitor wrote has no input; the handling fields do.
  await expect(drawer.getByRole('textbox', { name: /^Message/ })).toHaveCount(0);
  await expect(drawer.getByRole('textbox', { name: /^Name/ })).toHaveCount(0);
  await loaded(drawer.getByTestId('record-history').getByTestId('revision')).toHaveCount(1);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await drawer.getByRole('textbox', { name: /^Notes/ }).fill('Samples posted on Monday');
  const assignee = drawer.getByRole('combobox', { name: 'Assignee' });
  await assignee.click();
  // Visible ones only: a list's rows-per-page is a native select whose options are options too.
  const option = page.getByRole('option').filter({ visible: true }).first();
  await loaded(option).toBeVisible();
  const chosen = (await option.textContent())?.trim() ?? '';
  await option.click();
  await expect(assignee).toHaveValue(chosen);
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByText('Get-in-touch message saved')).toBeVisible();

  const saved = await api<{
    data: { notes: string; assigneeId: string | null; message: string; expanded?: { assignee: { title: string } } };
  }>('GET', `/api/v1/site/get-in-touch-messages/${id}?expand=assignee`);
  expect(saved.body.data.notes).toBe('Samples posted on Monday');
  expect(saved.body.data.expanded?.assignee.title).toBe(chosen);
  expect(saved.body.data.message).toBe('Please send samples of the sand slab.');
  // The list shows who handles it, and filters by assignee.
  await page.goto(`/admin-panel/getintouch?q=${encodeURIComponent(name)}&assigneeId=${saved.body.data.assigneeId}`);
  const assigned = page.getByTestId('resource-row').filter({ hasText: name });
  await loaded(assigned).toHaveCount(1);
  await expect(assigned).toContainText(chosen);
  // The server keeps it so whatever the client sends.
  const refused = await api<{ error: { fields: Record<string, string> } }>('PATCH', `/api/v1/site/get-in-touch-messages/${id}`, {
    message: 'Edited',
  });
  expect(refused.status).toBe(400);
  expect(Object.keys(refused.body.error.fields)).toEqual(['message']);
  expect(errors).toEqual([]);
});

test('the product editor shows who changed what, and restores an earlier version after confirmation', async ({ page }) => {
  const errors = collectPageErrors(page);
  const first = unique('History tile ');
  const created = await api<{ data: Product }>('POST', '/api/v1/site/products', {
    name: first,
    code: unique('HIS-'),
    summary: 'Matt finish',
  });
  expect(created.status).toBe(201);
  const id = created.body.data.id;
  const renamed = await api('PATCH', `/api/v1/site/products/${id}`, { name: `${first} XL`, summary: 'Polished finish' });
  expect(renamed.status).toBe(200);

  await page.goto(`${PRODUCTS}?record=${id}`);
  const nameInput = page.getByRole('textbox', { name: 'Name', exact: true });
  await loaded(nameInput).toHaveValue(`${first} XL`);
  const history = page.getByTestId('record-history');
  await history.scrollIntoViewIfNeeded();
  const entries = history.getByTestId('revision');
  await loaded(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('changed 2 fields');
  await expect(entries.first()).toContainText(`Name: “${first}” → “${first} XL”`);
  await expect(entries.first()).toContainText('Summary: “Matt finish” → “Polished finish”');
  await expect(entries.nth(1)).toContainText('created it');
  expect(await seriousViolations(page, '[data-testid="record-history"]')).toEqual([]);

  await entries
    .nth(1)
    .getByRole('button', { name: /^Restore this version \(/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Restore this version?' });
  await expect(dialog).toContainText(`${first} XL goes back to how it was`);
  await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(page.getByText(/Restored as it was on/)).toBeVisible();
  await expect(nameInput).toHaveValue(first);
  await expect(entries).toHaveCount(3);
  await expect(entries.first()).toContainText(`Name: “${first} XL” → “${first}”`);

  const after = await api<{ data: Product & { summary: string } }>('GET', `/api/v1/site/products/${id}`);
  expect(after.body.data).toMatchObject({ name: first, summary: 'Matt finish' });
  expect(errors).toEqual([]);
});

test('variant prices are in the community currency and cannot be negative', async ({ page }) => {
  const errors = collectPageErrors(page);
  const { currency } = (await api<{ data: { currency: string } }>('GET', '/api/v1/settings/locale')).body.data;
  const symbol =
    new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
      .formatToParts(0)
      .find((p) => p.type === 'currency')?.value ?? currency;
  const { id, code } = await pricedProduct('Money tile ', 'MNY-', 41);
  // The server refuses a negative price outright.
  const negative = await api('PATCH', `/api/v1/site/products/${id}`, { variants: [{ code: `${code}-A`, price: -5 }] });
  expect(negative.status).toBe(400);

  await page.goto(`${PRODUCTS}?record=${id}`);
  const price = page.getByRole('textbox', { name: 'Price of variant 1' });
  await loaded(price).toHaveValue('41.00');
  const row = page.getByTestId('variant-row').first();
  await expect(row.getByText(symbol, { exact: true })).toBeVisible();
  await price.click();
  await price.press('ControlOrMeta+a');
  await price.pressSequentially('-12.5');
  // No minus sign gets in; the two decimals are written out when the field is left.
  await expect(price).toHaveValue('12.5');
  await price.blur();
  await expect(price).toHaveValue('12.50');
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByText('Product saved')).toBeVisible();
  const saved = await api<{ data: Product }>('GET', `/api/v1/site/products/${id}`);
  expect(saved.body.data.variants[0].price).toBe(12.5);
  expect(errors).toEqual([]);
});

base('the roles editor lists the modules that exist, by area, and grants only what the editor holds', async ({ page }) => {
  const errors = collectPageErrors(page);
  const roleName = unique('Site lead ');
  const role = await api<{ data: { id: string } }>('POST', '/api/v1/identity/roles', {
    name: roleName,
    permissions: { site: 'write', 'role-management': 'write', branding: 'read' },
  });
  expect(role.status).toBe(201);
  const email = `${unique('lead')}@demo.example`;
  const password = 'site-lead-password-1';
  const admin = await api('POST', '/api/v1/identity/admins', { name: 'Site Lead', email, password, roleId: role.body.data.id });
  expect(admin.status).toBe(201);

  // The limited admin signs in as people do.
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await loaded(page).toHaveURL(/\/admin-panel\/dashboard$/);

  await page.goto(`${ROLES}?record=new`);
  const drawer = page.getByRole('dialog');
  await loaded(drawer.getByText('You can grant only what your own role holds.')).toBeVisible();
  // Exactly the permission modules the server declares, with their declared labels.
  const modules = await api<{ data: { permissionModules: { key: string; label: string }[] }[] }>('GET', '/api/v1/meta/modules');
  const labels = modules.body.data.flatMap((m) => m.permissionModules.map((p) => p.label));
  const matrix = drawer.getByRole('table');
  // A module's row: its label and its levels (area headings are rows of their own, without levels).
  const row = (label: string) =>
    matrix
      .getByRole('row')
      .filter({ has: page.getByText(label, { exact: true }) })
      .filter({ has: page.getByRole('radio') });
  await expect(matrix.getByRole('row').filter({ has: page.getByRole('radio') })).toHaveCount(labels.length);
  for (const label of labels) await expect(row(label)).toHaveCount(1);
  // Areas that exist (the shop, billing) are listed; areas not built yet (the studio) are not.
  await expect(matrix.getByText('Shop', { exact: true })).toHaveCount(1);
  await expect(matrix.getByText('Billing', { exact: true }).first()).toBeVisible();
  await expect(matrix.getByText(/studio/i)).toHaveCount(0);
  await expect(row('Website content').getByRole('radio', { name: 'Write' })).toBeEnabled();
  await expect(row('Branding').getByRole('radio', { name: 'Read' })).toBeEnabled();
  await expect(row('Branding').getByRole('radio', { name: 'Write' })).toBeDisabled();
  await expect(row('Error Management').getByRole('radio', { name: 'Read' })).toBeDisabled();

  const newRole = unique('Site helper ');
  await drawer.getByRole('textbox', { name: /^Name/ }).fill(newRole);
  await row('Website content').getByText('Read', { exact: true }).click();
  await row('Branding').getByText('Read', { exact: true }).click();
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByText('Role created')).toBeVisible();
  const saved = await api<{ data: { name: string; permissions: Record<string, string> }[] }>(
    'GET',
    `/api/v1/identity/roles?q=${encodeURIComponent(newRole)}`,
  );
  expect(saved.body.data.map((r) => r.permissions)).toEqual([{ site: 'read', branding: 'read' }]);
  expect(errors).toEqual([]);
});

test('list search typed quickly on a slow page ends with exactly what was typed, in the URL and the list', async ({ page }) => {
  const errors = collectPageErrors(page);
  const name = unique('Bobstone ');
  const created = await api('POST', '/api/v1/site/products', { name, code: unique('SRCH-') });
  expect(created.status).toBe(201);
  await page.goto(PRODUCTS);
  const box = page.getByLabel('Search products');
  await loaded(box).toBeVisible();
  // A busy machine: the page renders the URL late while the keys keep coming.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await box.pressSequentially(name, { delay: 120 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(box).toHaveValue(name);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(name).replace(/%20/g, '(\\+|%20)')}(&|$)`));
  await loaded(page.getByTestId('resource-row')).toHaveCount(1);
  await expect(page.getByTestId('resource-row')).toContainText(name);
  expect(errors).toEqual([]);
});

test('the brand profile sets the currency every price is shown in', async ({ page }) => {
  const errors = collectPageErrors(page);
  const before = (await api<{ data: { currency: string } }>('GET', '/api/v1/settings/locale')).body.data.currency;
  const target = before === 'INR' ? 'GBP' : 'INR';
  const symbol = target === 'INR' ? '₹' : '£';
  try {
    await page.goto('/admin-panel/branding');
    const currency = page.getByRole('combobox', { name: 'Currency' });
    await loaded(currency).toBeVisible();
    await currency.click();
    await currency.fill(target);
    await page.getByRole('option', { name: new RegExp(`^${target} — `) }).click();
    await page.getByRole('button', { name: 'Save branding' }).click();
    await expect(page.getByText('Brand profile saved')).toBeVisible();
    expect((await api<{ data: { currency: string } }>('GET', '/api/v1/settings/locale')).body.data.currency).toBe(target);

    // The product editor's prices follow.
    const { id } = await pricedProduct('Currency tile ', 'CUR-', 10);
    await page.goto(`${PRODUCTS}?record=${id}`);
    await expect(page.getByTestId('variant-row').first().getByText(symbol, { exact: true })).toBeVisible();
  } finally {
    const profile = await api<{ data: { id: string }[] }>('GET', '/api/v1/settings/client-profile?limit=1');
    await api('PATCH', `/api/v1/settings/client-profile/${profile.body.data[0].id}`, { currency: before });
  }
  expect(errors).toEqual([]);
});
