import { expect, test } from './fixtures';
import { collectPageErrors, unique } from './helpers';

test('create, edit and delete a record through the generic screens', async ({ page }) => {
  const errors = collectPageErrors(page);
  const code = unique('e2e_code_').toLowerCase();
  await page.goto('/admin-panel/controlcenter/settings/error-management');
  await expect(page.getByRole('heading', { name: 'Error messages', level: 1 })).toBeVisible();

  // Create, with validation on the way.
  await page.getByRole('button', { name: 'New error code' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Code').fill('Bad Code');
  await drawer.getByLabel('Code').blur();
  await expect(drawer.getByText('This value has the wrong format')).toBeVisible();
  await drawer.getByLabel('Code').fill(code);
  await drawer.getByLabel('Message').fill('Something went wrong, created by e2e');
  await drawer.getByLabel('HTTP status').fill('418');
  await drawer.getByRole('button', { name: 'Create error code' }).click();
  await expect(drawer).toBeHidden();
  await page.getByLabel('Search error codes').fill(code);
  const row = page.getByTestId('resource-row').filter({ hasText: code });
  await expect(row).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`q=${code}`));

  // Edit; leaving with unsaved changes asks first.
  await row.getByRole('button', { name: code, exact: true }).click();
  await expect(drawer.getByLabel('Message')).toHaveValue('Something went wrong, created by e2e');
  await drawer.getByLabel('Message').fill('Edited by e2e');
  // The form's own Cancel closes it (the sticky bar's Cancel only reverts the changes).
  await drawer.getByRole('button', { name: 'Cancel' }).last().click();
  await expect(page.getByText('Discard unsaved changes?')).toBeVisible();
  await page.getByRole('button', { name: 'Keep editing' }).click();
  await drawer.getByRole('button', { name: 'Save changes' }).click();
  await expect(drawer).toBeHidden();
  await expect(row).toContainText('Edited by e2e');

  // Delete.
  await row.getByRole('button', { name: code, exact: true }).click();
  await drawer.getByRole('button', { name: 'Delete error code' }).click();
  await drawer.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('empty-state')).toBeVisible();
  expect(errors).toEqual([]);
});

test('list: sort and page size in the URL, selection with bulk delete, CSV export', async ({ page }) => {
  const prefix = unique('bulk_').toLowerCase();
  await page.goto('/admin-panel/controlcenter/settings/error-management');
  for (const n of [1, 2]) {
    await page.getByRole('button', { name: 'New error code' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Code').fill(`${prefix}_${n}`);
    await drawer.getByLabel('Message').fill(`Bulk ${n}`);
    await drawer.getByRole('button', { name: 'Create error code' }).click();
    await expect(drawer).toBeHidden();
  }
  await page.getByRole('button', { name: 'Code', exact: true }).click();
  await expect(page).toHaveURL(/sort=-code/);
  await page.getByLabel('Search error codes').fill(prefix);
  await expect(page.getByTestId('resource-row')).toHaveCount(2);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Error codes \d{4}-\d{2}-\d{2}\.csv$/);

  await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  await page.getByRole('button', { name: 'Delete 2' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('empty-state')).toBeVisible();
});

test('roles: the permission matrix edits a role', async ({ page }) => {
  const name = unique('Matrix role ');
  await page.goto('/admin-panel/user-role');
  await page.getByRole('button', { name: 'New role' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Name').fill(name);
  await drawer.getByRole('radiogroup', { name: 'Version' }).getByText('Read').click();
  await drawer.getByRole('radiogroup', { name: 'Branding' }).getByText('Write').click();
  await drawer.getByRole('button', { name: 'Create role' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('resource-row').filter({ hasText: name })).toContainText('1 write · 1 read');
});

test('branding: the primary colour re-themes the console live', async ({ page }) => {
  await page.goto('/admin-panel/branding');
  const input = page.getByLabel('Primary color');
  await expect(input).toHaveValue(/#cd3197/i);
  await input.fill('#1c7ed6');
  await expect(page.getByTestId('brand-colour')).toHaveText('#1c7ed6');
  const primary = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
  );
  expect(primary.toLowerCase()).toContain('#1c7ed6');
  // Not saved: leaving puts the saved colour back.
  await page
    .getByRole('link', { name: /dashboard/i })
    .first()
    .click();
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(/dashboard$/);
  await expect
    .poll(() =>
      page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim().toLowerCase(),
      ),
    )
    .toContain('#cd3197');
});

/** A 2×2 PNG, enough for the server's type sniffing. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4azgdiBggFAAtMgZVQG6JqwAAAABJRU5ErkJggg==', 'base64');

test('branding: a logo uploads through the media library and shows in the console', async ({ page, community }) => {
  await page.goto('/admin-panel/branding');
  await expect(page.getByRole('button', { name: 'Upload logo' })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload logo' }).click();
  await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Logo preview' })).toHaveAttribute(
    'src',
    new RegExp(`^/public/${community.name}/files/[0-9a-f-]{36}$`),
  );
  await page.getByRole('button', { name: 'Save branding' }).click();
  await expect(page.getByText('Brand profile saved')).toBeVisible();
  const src = await page.getByRole('img', { name: 'Logo preview' }).getAttribute('src');
  // The header shows the community's logo, and the file is public.
  await expect(page.locator('header img')).toHaveAttribute('src', src!);
  const file = await page.request.get(src!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('image/png');
});
