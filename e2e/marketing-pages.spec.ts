import { expect, test } from './fixtures';
import { collectPageErrors, unique } from './helpers';

/**
 * A landing page, end to end: the admin starts one from a template, publishes it, a visitor opens
 * its public address (the page's own script counts the open), and back in the console the page's
 * opens went up.
 */
test('build a landing page from a template, publish it and see a visit counted', async ({ page, context, api, community }) => {
  const errors = collectPageErrors(page);
  const name = unique('Guide ');

  await page.goto('/admin-panel/landing-page/templates');
  await page.getByRole('button', { name: 'Use Lead capture' }).click();
  const dialog = page.getByRole('dialog', { name: 'Name the landing page' });
  await dialog.getByRole('textbox', { name: 'Page name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create page' }).click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('landing-block')).toHaveCount(4);
  // Edit the hero's heading, then publish (publishing saves the blocks too).
  await page.getByTestId('landing-block').first().getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Heading' }).first().fill(`Welcome to ${name}`);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('page-status')).toHaveText('Published');

  await page.getByRole('tab', { name: 'Traffic' }).click();
  await expect(page.getByTestId('metric-opens')).toHaveText('0');

  const link = page.getByRole('link', { name: `/public/${community.name}/p/` });
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(new RegExp(`^/public/${community.name}/p/guide-`));

  const visitor = await context.newPage();
  const counted = visitor.waitForResponse((res) => res.url().endsWith(`${href}/open`) && res.request().method() === 'POST');
  await visitor.goto(href);
  await expect(visitor.getByRole('heading', { level: 1, name: `Welcome to ${name}` })).toBeVisible();
  expect((await counted).status()).toBe(204);
  await visitor.close();

  await page.reload();
  await page.getByRole('tab', { name: 'Traffic' }).click();
  await expect(page.getByTestId('metric-opens')).toHaveText('1');

  // The list shows it too, with its conversion.
  const listed = await api<{ data: { name: string; opens: number }[] }>(
    'GET',
    `/api/v1/marketing/landing-pages?q=${encodeURIComponent(name)}`,
  );
  expect(listed.body.data.map((p) => [p.name, p.opens])).toEqual([[name, 1]]);
  expect(errors).toEqual([]);
});
