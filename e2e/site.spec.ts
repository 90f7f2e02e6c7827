import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { collectPageErrors, sendGetInTouch, unique } from './helpers';

/** A 1 × 1 PNG: enough for the server to store it and make a thumbnail. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an editor creates a product with two images and a variant, publishes it, and the public website finds it', async ({
  browser,
  api,
  community,
}) => {
  test.setTimeout(120_000);
  // An editor: a role that writes the website content only.
  const role = await api<{ data: { id: string } }>('POST', '/api/v1/identity/roles', {
    name: unique('Website editor '),
    permissions: { site: 'write' },
  });
  expect(role.status).toBe(201);
  const email = `${unique('editor-')}@demo.example`;
  const created = await api('POST', '/api/v1/identity/admins', {
    name: 'Web Editor',
    email,
    password: 'editor-pass-123',
    roleId: role.body.data.id,
  });
  expect(created.status).toBe(201);

  const context = await browser.newContext({ storageState: undefined });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('editor-pass-123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // From the products list to the product editor.
  await page.goto('/admin-panel/productDesign');
  await expect(page.getByRole('heading', { name: 'Product pages', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'New product' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/productDesign\?record=new$/);
  await expect(page.getByRole('heading', { name: 'New product', level: 1 })).toBeVisible();

  const name = unique('E2E Basalt Tile ');
  const code = unique('E2E-BAS-').toUpperCase();
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);

  // Two images through POST /api/v1/site/uploads.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add images' }).click();
  await (await chooser).setFiles([
    { name: 'basalt-front.png', mimeType: 'image/png', buffer: PNG },
    { name: 'basalt-room.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(page.getByTestId('image-list-item')).toHaveCount(2);
  await expect(page.getByLabel('Images image 1: alt text')).toHaveValue('basalt front');

  // A variant.
  await page.getByRole('button', { name: 'Add variant' }).click();
  await page.getByLabel('Code of variant 1').fill(`${code}-M`);
  await page.getByLabel('Finish of variant 1').fill('Matt');
  await page.getByLabel('Size of variant 1').fill('600 × 600 mm');
  await expect(page.getByTestId('variant-row')).toHaveCount(1);

  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/productDesign\?record=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByTestId('image-list-item')).toHaveCount(2);
  await expect(page.getByLabel('Code of variant 1')).toHaveValue(`${code}-M`);

  // A draft is not on the website yet.
  const search = () => page.request.get(`/public/${community.name}/site/products?q=${encodeURIComponent(name)}`);
  const before = await search();
  expect(before.status()).toBe(200);
  expect(((await before.json()) as { data: unknown[] }).data).toHaveLength(0);

  // Publish.
  await choose(page, 'Status', 'Published');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Product saved')).toBeVisible();

  const after = await search();
  expect(after.status()).toBe(200);
  const found = (
    (await after.json()) as { data: { name: string; code: string; images: { url: string }[]; variants: { code: string }[] }[] }
  ).data;
  expect(found).toHaveLength(1);
  expect(found[0].code).toBe(code);
  expect(found[0].images).toHaveLength(2);
  expect(found[0].variants.map((v) => v.code)).toEqual([`${code}-M`]);
  // The uploaded image is served.
  const image = await page.request.get(found[0].images[0].url);
  expect(image.status()).toBe(200);

  expect(errors).toEqual([]);
  await context.close();
});

test("a visitor's get-in-touch message appears in the console list and is marked done", async ({ page, api }) => {
  const errors = collectPageErrors(page);
  const name = await sendGetInTouch(page, { subject: 'Dealer enquiry', message: 'Is there a dealer for basalt tiles in Pune?' });

  await page.goto('/admin-panel/getintouch');
  await expect(page.getByRole('heading', { name: 'Get in touch', level: 1 })).toBeVisible();
  await page.getByLabel('Search get-in-touch messages').fill(name);
  const row = page.getByTestId('resource-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Dealer enquiry');

  const status = row.getByTestId('status-action');
  await expect(status).toHaveText('New');
  await status.click();
  await page.getByRole('menuitem', { name: 'Done' }).click();
  await expect(status).toHaveText('Done');

  const list = await api<{ data: { name: string; status: string }[] }>(
    'GET',
    `/api/v1/site/get-in-touch-messages?q=${encodeURIComponent(name)}`,
  );
  expect(list.body.data.map((m) => m.status)).toEqual(['done']);

  // The status filter finds it among the done ones.
  await page.goto(`/admin-panel/getintouch?status=done&q=${encodeURIComponent(name)}`);
  await expect(page.getByTestId('resource-row').filter({ hasText: name })).toHaveCount(1);
  await page.goto(`/admin-panel/getintouch?status=new&q=${encodeURIComponent(name)}`);
  await expect(page.getByTestId('empty-state')).toBeVisible();
  expect(errors).toEqual([]);
});

test('an editor replies by email to a design-support request and it is marked done', async ({ page, api, community }) => {
  const errors = collectPageErrors(page);
  const name = unique('Designer ');
  const email = `${name.replace(/\W+/g, '').toLowerCase()}@example.com`;
  const sent = await page.request.post(`/public/${community.name}/site/design-support`, {
    data: { name, email, message: 'We need help choosing facade panels for a school.' },
  });
  expect(sent.status()).toBe(202);

  await page.goto(`/admin-panel/design-enquiry?q=${encodeURIComponent(name)}`);
  const row = page.getByTestId('resource-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Reply' }).click();
  const dialog = page.getByRole('dialog', { name: `Reply to ${email}` });
  // The draft answers the request and quotes what the visitor wrote.
  await expect(dialog.getByLabel('Subject')).toHaveValue('Re: your design request');
  await expect(dialog.getByLabel('Message')).toHaveValue(
    new RegExp(`${name} wrote:\\n> We need help choosing facade panels for a school\\.$`),
  );
  await dialog.getByLabel('Subject').fill('Facade panels for your school');
  await dialog.getByLabel('Message').press('ControlOrMeta+Home');
  await dialog.getByLabel('Message').pressSequentially('Our design team will call you tomorrow.');
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('status-action')).toHaveText('Done');

  const outbox = await api<{ data: { to: string; subject: string; text: string }[] }>(
    'GET',
    `/api/v1/ops/outbox?to=${encodeURIComponent(email)}`,
  );
  expect(outbox.body.data.map((m) => m.subject)).toEqual(['Facade panels for your school']);
  expect(outbox.body.data[0].text).toMatch(/^Our design team will call you tomorrow\.\n\n.* wrote:\n> We need help choosing facade panels/);
  expect(errors).toEqual([]);
});

test('the city form lists the states of the chosen country only', async ({ page }) => {
  await page.goto('/admin-panel/City?record=new');
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByLabel('State', { exact: true })).toBeDisabled();
  await drawer.getByLabel('Country', { exact: true }).click();
  await page.getByRole('option', { name: 'India', exact: true }).click();
  await drawer.getByLabel('State', { exact: true }).click();
  await expect(page.getByRole('option', { name: 'Maharashtra' })).toBeVisible();
  await drawer.getByLabel('Country', { exact: true }).click();
  await page.getByRole('option', { name: 'Singapore', exact: true }).click();
  await drawer.getByLabel('State', { exact: true }).click();
  await expect(page.getByRole('option', { name: 'Maharashtra' })).toHaveCount(0);
});

test('a banner opens in place of the list and keeps its image object when edited', async ({ page, api }) => {
  const errors = collectPageErrors(page);
  // The demo seed stores its sample pictures as uploaded files: the edit must keep the same URL.
  const before = await api<{ data: { image: { url: string } }[] }>('GET', '/api/v1/site/banners?q=Surfaces');
  const url = before.body.data[0].image.url;
  await page.goto('/admin-panel/home');
  await page.getByLabel('Search home banners').fill('Surfaces that last');
  const row = page.getByTestId('resource-row').filter({ hasText: 'Surfaces that last a lifetime' });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('img', { name: /façade panels/ })).toBeVisible();
  await row.getByText('Surfaces that last a lifetime').click();
  await expect(page).toHaveURL(/\/admin-panel\/home\?q=.*&record=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Surfaces that last a lifetime', level: 1 })).toBeVisible();
  const alt = page.getByLabel('Image: alt text');
  await expect(alt).toHaveValue(/façade panels/);
  const text = `Office tower façade ${Date.now()}`;
  await alt.fill(text);
  await page.getByRole('button', { name: 'Save changes' }).click();
  // Back to the list as it was left (its search kept).
  await expect(page).toHaveURL(/\/admin-panel\/home\?q=[^&]+$/);
  await expect(page.getByLabel('Search home banners')).toHaveValue('Surfaces that last');
  const list = await api<{ data: { image: { url: string; alt: string } }[] }>('GET', '/api/v1/site/banners?q=Surfaces');
  expect(list.body.data[0].image).toMatchObject({ url, alt: text });
  expect(errors).toEqual([]);
});

test('the blog editor writes rich text and previews the post', async ({ page }) => {
  const errors = collectPageErrors(page);
  const title = unique('E2E post ');
  await page.goto('/admin-panel/blogs');
  await page.getByRole('link', { name: 'New blog post' }).click();
  await expect(page.getByRole('heading', { name: 'New blog post', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Body' }).click();
  await page.keyboard.type('Grout lines matter.');
  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByTestId('blog-preview');
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expect(preview).toContainText('Grout lines matter.');
  await page.getByRole('tab', { name: 'Write' }).click();
  await page.getByRole('button', { name: 'Create blog post' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/blogs\?record=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  // Back to the list, where the post is.
  await page.getByRole('link', { name: 'Back to blog posts' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/blogs$/);
  await expect(page.getByTestId('resource-row').filter({ hasText: title })).toHaveCount(1);
  expect(errors).toEqual([]);
});

test("the older addresses of records still open them: an editor's page and a notice's ?id=", async ({ page, api }) => {
  const errors = collectPageErrors(page);
  const banners = await api<{ data: { id: string; title: string }[] }>('GET', '/api/v1/site/banners?q=Surfaces');
  const banner = banners.body.data[0];
  await page.goto(`/admin-panel/edit-banner?id=${banner.id}`);
  await expect(page).toHaveURL(`/admin-panel/home?record=${banner.id}`);
  await expect(page.getByRole('heading', { name: banner.title, level: 1 })).toBeVisible();
  await page.goto('/admin-panel/add-banner');
  await expect(page).toHaveURL('/admin-panel/home?record=new');
  await expect(page.getByRole('heading', { name: 'New home banner', level: 1 })).toBeVisible();

  // A notice sent before ?record= linked its message as the seed's screen did (?id=): it opens in the drawer.
  const name = await sendGetInTouch(page, { subject: 'Old link', message: 'Opened from a notice written before ?record=.' });
  const found = await api<{ data: { id: string }[] }>('GET', `/api/v1/site/get-in-touch-messages?q=${encodeURIComponent(name)}`);
  await page.goto(`/admin-panel/getintouch?id=${found.body.data[0].id}`);
  await expect(page).toHaveURL(`/admin-panel/getintouch?record=${found.body.data[0].id}`);
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  expect(errors).toEqual([]);
});
