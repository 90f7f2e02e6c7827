import type { Page } from '@playwright/test';
import { api, collectPageErrors, expect, ownerTest as test, unique } from './helpers';

const SCREEN = '/admin-panel/segment';

type Count = { data: { total: number; totalIsEstimate: boolean } };

/** What the server counts for these rules (the figure the editor must show). */
async function expectedCount(rules: unknown): Promise<string> {
  const res = await api<Count>('POST', '/api/v1/marketing/segments/preview-count', { rules, sample: 0 });
  expect(res.status).toBe(200);
  const { total, totalIsEstimate } = res.body.data;
  return `${totalIsEstimate ? '≈ ' : ''}${total.toLocaleString('en-US')} contacts match`;
}

/** Chooses an option of a Mantine select by the select's accessible name. */
async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Waits for the editor's next live count asking for rules that include `fragment`. */
const previewWith = (page: Page, fragment: string) =>
  page.waitForResponse(
    (res) =>
      res.url().endsWith('/api/v1/marketing/segments/preview-count') && (res.request().postData() ?? '').includes(fragment) && res.ok(),
  );

test('an admin builds a dynamic segment, sees its live count follow the rules, saves it and finds it in the list', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = collectPageErrors(page);
  const name = unique('E2E engaged Indians ');

  await page.goto(SCREEN);
  await expect(page.getByRole('heading', { name: 'Segments and audiences', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New segment' }).click();
  await expect(page.getByRole('heading', { name: 'New segment', level: 2 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);

  // No conditions: every contact.
  const live = page.getByTestId('live-count');
  await expect(live).toHaveText(await expectedCount({ op: 'and', rules: [] }));

  // First condition: email consent, opted in. The count is asked for again and shown.
  await page.getByRole('button', { name: 'Add condition', exact: true }).click();
  const consent = previewWith(page, '"consent"');
  await choose(page, 'Condition 1: field', 'Consent');
  await consent;
  const oneRule = [{ type: 'consent', channel: 'email', status: 'opted_in' }];
  await expect(live).toHaveText(await expectedCount({ op: 'and', rules: oneRule }));

  // Second condition: in India.
  await page.getByRole('button', { name: 'Add condition', exact: true }).click();
  await choose(page, 'Condition 2: field', 'Country');
  const country = previewWith(page, '"IN"');
  await page.getByRole('combobox', { name: 'Countries (ISO codes)' }).fill('in');
  await page.keyboard.press('Enter');
  await country;
  const twoRules = [...oneRule, { type: 'country', op: 'in', values: ['IN'] }];
  await expect(live).toHaveText(await expectedCount({ op: 'and', rules: twoRules }));

  await page.getByRole('button', { name: 'Create segment' }).click();
  await expect(page.getByText('Segment created')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New segment', level: 2 })).toBeHidden();

  // The list shows it, and it was saved with both rules.
  await expect(page.getByText(name)).toBeVisible();
  const saved = await api<{ data: { name: string; kind: string; rules: { rules: unknown[] } }[] }>(
    'GET',
    `/api/v1/marketing/segments?q=${encodeURIComponent(name)}`,
  );
  expect(saved.body.data).toHaveLength(1);
  expect(saved.body.data[0]).toMatchObject({ kind: 'dynamic', rules: { op: 'and', rules: twoRules } });
  expect(errors).toEqual([]);
});
