import { api, collectPageErrors, expect, ownerTest as test } from './helpers';

const unreadCount = async () => (await api<{ total: number }>('GET', '/api/v1/ops/notifications?read=false&limit=1')).body.total;
const bellName = (unread: number) => (unread > 0 ? `Notifications, ${unread > 99 ? '99+' : unread} unread` : 'Notifications');

// Issue 25 item 11: the bell's count is loaded once and kept current by the live stream only (it is
// never stale by time, and nothing here reloads the page), so a change made through the API shows at once.
test('the notification bell counts a notification made elsewhere at once, and uncounts it when it goes', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/admin-panel/dashboard');
  const bell = page.locator('header').getByRole('button', { name: /^Notifications/ });
  const before = await unreadCount();
  await expect(bell).toHaveAccessibleName(bellName(before));
  const created = await api<{ data: { id: string } }>('POST', '/api/v1/ops/notifications', { title: 'Live bell check' });
  expect(created.status).toBe(201);
  try {
    await expect(bell).toHaveAccessibleName(bellName(before + 1), { timeout: 3_000 });
    await bell.click();
    await expect(page.getByText('Live bell check')).toBeVisible();
  } finally {
    expect((await api('DELETE', `/api/v1/ops/notifications/${created.body.data.id}`)).status).toBe(204);
  }
  await expect(bell).toHaveAccessibleName(bellName(before), { timeout: 3_000 });
  expect(errors).toEqual([]);
});
