import { expect, test } from '@playwright/test';

test('the sign-in page loads at most 200 KB of JavaScript over the wire', async ({ page }) => {
  const scripts: { url: string; bytes: number; encoding: string }[] = [];
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const response = await request.response();
    const sizes = await request.sizes();
    scripts.push({
      url: request.url(),
      bytes: sizes.responseBodySize,
      encoding: (await response?.allHeaders())?.['content-encoding'] ?? '',
    });
  });
  await page.goto('/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
  console.log(`sign-in page: ${scripts.length} scripts, ${(total / 1024).toFixed(1)} KB compressed`);
  expect(scripts.length).toBeGreaterThan(0);
  for (const s of scripts) expect(s.encoding, s.url).toMatch(/br|gzip/);
  expect(total).toBeLessThanOrEqual(200 * 1024);
});
