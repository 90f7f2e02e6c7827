import { expect, test } from './fixtures';
import { collectPageErrors, unique } from './helpers';

interface AiStatus {
  enabled: boolean;
  credits: { limit: number | null; used: number; remaining: number | null };
}

/**
 * AI writing assistance (issue 27 item 6), end to end against the fake chat-completions API of the
 * run (e2e/fake-gateways.ts): billing's "Write with AI" beside the shop product's description (a
 * field assist the kit's form shows) fills it from the answer, the product is saved with it, and
 * the community's AI credits count the one answer.
 */
test('an admin writes a product description with AI, saves it, and one AI credit is used', async ({ page, api }) => {
  const errors = collectPageErrors(page);
  const status = async () => (await api<{ data: AiStatus }>('GET', '/api/v1/billing/ai')).body.data;
  const before = await status();
  expect(before.enabled).toBe(true);
  const title = unique('E2E Oak Table ');

  await page.goto('/admin-panel/controlcenter/e-commerce/myproduct?record=new');
  await expect(page.getByRole('heading', { name: 'New shop product', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  const description = page.getByRole('textbox', { name: 'Description', exact: true });
  await description.fill('Solid oak, seats six');
  await page.getByRole('button', { name: 'Write with AI' }).click();
  const written = `${title}, written by the fake AI: well made and built to last.`;
  await expect(description).toHaveValue(written);
  await expect(page.getByText('Written by AI: read it through before saving.')).toBeVisible();
  expect((await status()).credits.used).toBe(before.credits.used + 1);

  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page).toHaveURL(/myproduct\?record=[0-9a-f-]{36}$/);
  const id = new URL(page.url()).searchParams.get('record')!;
  const saved = await api<{ data: { description: string } }>('GET', `/api/v1/commerce/products/${id}`);
  expect(saved.body.data.description).toBe(written);
  expect(errors).toEqual([]);
});
