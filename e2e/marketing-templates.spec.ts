import { api, collectPageErrors, expect, ownerTest as test, unique } from './helpers';

type Json = Record<string, any>;

test('an admin composes an email from a layout with a variable, previews it on desktop and mobile, saves it and finds it in the list', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const name = unique('E2E Samples ready ');

  await page.goto('/admin-panel/templates');
  await expect(page.getByRole('heading', { name: 'Email templates', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'New email' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a layout', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Use this layout: Simple letter' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/templatelayout-1$/);
  await expect(page.getByRole('heading', { name: 'New email: Simple letter', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Template name' }).fill(name);

  // The intro text block: a sentence with {{ first_name }} inserted from the picker.
  const intro = page.getByRole('region', { name: 'Block 2. Text' });
  await intro.getByRole('textbox', { name: 'Text' }).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Your samples are ready, ');
  await intro.getByRole('button', { name: 'Insert variable' }).click();
  await page.getByRole('menuitem', { name: /First name/ }).click();
  await page.keyboard.type('!');
  await expect(intro.getByRole('textbox', { name: 'Text' })).toContainText('Your samples are ready, {{ first_name }}!');

  // The preview renders the unsaved design with sample values, at desktop and phone widths.
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByTestId('preview-subject')).toHaveText(/^A note from /);
  for (const frame of ['Desktop preview', 'Mobile preview']) {
    await expect(page.frameLocator(`iframe[title="${frame}"]`).getByText('Your samples are ready, Priya!')).toBeVisible();
  }
  const mobile = await page.locator('iframe[title="Mobile preview"]').boundingBox();
  const desktop = await page.locator('iframe[title="Desktop preview"]').boundingBox();
  expect(mobile!.width).toBeLessThanOrEqual(376);
  expect(desktop!.width).toBeGreaterThan(500);

  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText(`Saved “${name}”`)).toBeVisible();
  await expect(page).toHaveURL(/templatelayout-1\?record=[0-9a-f-]{36}$/);
  const id = new URL(page.url()).searchParams.get('record')!;
  const stored = await api<{ data: Json }>('GET', `/api/v1/marketing/email-templates/${id}`);
  expect(stored.body.data).toMatchObject({ name, layout: 'layout-1' });
  expect(stored.body.data.variables).toContain('first_name');
  expect(stored.body.data.html).toContain('Your samples are ready, {{ first_name }}!');

  await page.getByRole('link', { name: 'Back to email templates' }).click();
  await page.getByLabel('Search email templates').fill(name);
  await expect(page.getByText(name, { exact: true })).toBeVisible();

  // Links of old name the template by ?id= (now ?record=) and a copy by ?from= (now ?copy=): they lead there.
  await page.goto(`/admin-panel/templatelayout-1?id=${id}`);
  await expect(page).toHaveURL(`/admin-panel/templatelayout-1?record=${id}`);
  await expect(page.getByRole('textbox', { name: 'Template name' })).toHaveValue(name);
  await page.goto(`/admin-panel/templatelayout-1?from=${id}`);
  await expect(page).toHaveURL(`/admin-panel/templatelayout-1?copy=${id}`);
  await expect(page.getByRole('textbox', { name: 'Template name' })).toHaveValue(`Copy of ${name}`);
  expect(errors).toEqual([]);
});

test('an unknown variable is refused at save, naming the block and the variable', async ({ page }) => {
  await page.goto('/admin-panel/templatelayout-1');
  // The editor's first open loads its chunk (tiptap) and the layouts: allow a busy machine more time.
  await expect(page.getByRole('heading', { name: 'New email: Simple letter', level: 1 })).toBeVisible({ timeout: 30_000 });
  const intro = page.getByRole('region', { name: 'Block 2. Text' });
  await intro.getByRole('textbox', { name: 'Text' }).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' {{ coupon_code }}');
  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(intro.getByText('Unknown variable: coupon_code')).toBeVisible();
});
