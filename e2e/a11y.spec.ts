import { test } from '@playwright/test';
import { seriousViolations } from './axe';
import { api, expect, ownerTest } from './helpers';

for (const scheme of ['light', 'dark'] as const) {
  test(`/login has no serious or critical axe violation (${scheme})`, async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: scheme });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('body')).toHaveClass(new RegExp(`theme-${scheme}`));
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
}

ownerTest.describe('dashboard', () => {
  ownerTest.afterAll(async () => {
    await api('PATCH', '/api/v1/auth/me', { theme: 'light' });
  });
  for (const theme of ['light', 'dark', 'semi-dark'] as const) {
    ownerTest(`the dashboard has no serious or critical axe violation (${theme})`, async ({ page }) => {
      expect((await api('PATCH', '/api/v1/auth/me', { theme })).status).toBe(200);
      await page.goto('/admin-panel/dashboard');
      await expect(page.locator('body')).toHaveClass(new RegExp(`theme-${theme}`));
      await expect(page.getByTestId('recent-activity')).toBeVisible();
      await expect(page.getByText('…')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
  ownerTest('the keyboard skips to the content, and the dashboard links to what waits for someone', async ({ page }) => {
    await page.goto('/admin-panel/dashboard');
    await expect(page.getByRole('heading', { name: 'Needs your attention' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();

    const inbound = page.getByTestId('attention-site/get-in-touch-messages');
    // The list shows the first few queues; the rest are behind "Show all".
    const all = page.getByRole('button', { name: /^Show all \d+ lists$/ });
    if (!(await inbound.isVisible()) && (await all.isVisible())) await all.click();
    await expect(inbound).toContainText(/to answer/);
    await inbound.getByRole('link', { name: /to answer/ }).click();
    await expect(page).toHaveURL(/\/admin-panel\/getintouch\?status=new$/);
    const rows = page.getByTestId('resource-row');
    await expect(rows.first()).toBeVisible();
    for (const row of await rows.all()) await expect(row.getByTestId('status-action')).toHaveText('New');
  });

  ownerTest('a list screen and the record form have no serious or critical axe violation', async ({ page }) => {
    await page.goto('/admin-panel/controlcenter/settings/admin-management');
    await expect(page.getByTestId('resource-row').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'New admin' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
