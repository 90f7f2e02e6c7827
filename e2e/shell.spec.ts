import { api, collectPageErrors, expect, openNavMenu, ownerTest as test } from './helpers';

test('/admin-panel goes to the dashboard; an area not built yet is the not-found screen', async ({ page }) => {
  await page.goto('/admin-panel');
  await expect(page).toHaveURL(/\/admin-panel\/dashboard$/);
  await page.goto('/admin-panel/studio');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the theme switches at once, is a body class, and is remembered for the user', async ({ page }) => {
  await page.goto('/admin-panel/dashboard');
  await expect(page.locator('body')).toHaveClass(/theme-light/);
  try {
    await page.getByTestId('user-menu').click();
    await page.getByTestId('theme-dark').click();
    await expect(page.locator('body')).toHaveClass(/theme-dark/);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect.poll(async () => (await api<{ data: { theme: string } }>('GET', '/api/v1/auth/me')).body.data.theme).toBe('dark');
    await page.reload();
    await expect(page.locator('body')).toHaveClass(/theme-dark/);

    await page.getByTestId('user-menu').click();
    await page.getByTestId('theme-semi-dark').click();
    await expect(page.locator('body')).toHaveClass(/theme-semi-dark/);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await expect(page.locator('header')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  } finally {
    await api('PATCH', '/api/v1/auth/me', { theme: 'light' });
  }
});

test('"Follow system" follows the system preference as it changes, and is remembered', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/admin-panel/dashboard');
  try {
    await page.getByTestId('user-menu').click();
    await page.getByTestId('theme-system').click();
    await expect(page.locator('body')).toHaveClass(/theme-dark/);
    await expect.poll(async () => (await api<{ data: { theme: string } }>('GET', '/api/v1/auth/me')).body.data.theme).toBe('system');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('body')).toHaveClass(/theme-light/);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(page.locator('body')).toHaveClass(/theme-dark/);
  } finally {
    await api('PATCH', '/api/v1/auth/me', { theme: 'light' });
  }
});

test('the command palette (Ctrl+K) jumps to a screen', async ({ page }) => {
  await page.goto('/admin-panel/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.keyboard.press('Control+k');
  const search = page.getByPlaceholder('Jump to a screen or record…');
  await expect(search).toBeVisible();
  await search.fill('version');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/controlcenter\/settings\/version$/);
  await expect(page.getByTestId('server-version')).toHaveText(/\d+\.\d+\.\d+/);
});

test('on a 360 px phone the navigation is a menu', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const errors = collectPageErrors(page);
  await page.goto('/admin-panel/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Open the navigation' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Error messages' }).click();
  await expect(page).toHaveURL(/error-management$/);
  await expect(page.getByRole('heading', { name: 'Error messages', level: 1 })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no horizontal scroll of the page').toBeLessThanOrEqual(1);
  expect(errors).toEqual([]);
});

test('the navigation shows only what the role may read', async ({ browser }) => {
  // A role that reads error codes only, and an admin with it.
  const role = await api<{ data: { id: string } }>('POST', '/api/v1/identity/roles', {
    name: `Errors only ${Date.now()}`,
    permissions: { 'error-management': 'read' },
  });
  expect(role.status).toBe(201);
  const email = `limited-${Date.now()}@demo.example`;
  expect(
    (await api('POST', '/api/v1/identity/admins', { name: 'Limited', email, password: 'limited-pass-1', roleId: role.body.data.id }))
      .status,
  ).toBe(201);
  const context = await browser.newContext({ storageState: undefined });
  const limited = await context.newPage();
  await limited.goto('/login');
  await limited.getByLabel('Email').fill(email);
  await limited.getByRole('textbox', { name: 'Password', exact: true }).fill('limited-pass-1');
  await limited.getByRole('button', { name: 'Sign in' }).click();
  await expect(limited.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const nav = limited.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'Settings' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Website' })).toHaveCount(0);
  await openNavMenu(limited, 'Settings', 'Error messages');
  await expect(limited.getByRole('menuitem', { name: 'Branding' })).toHaveCount(0);
  await expect(limited.getByRole('menuitem', { name: 'Admins' })).toHaveCount(0);
  await expect(limited.getByRole('menuitem', { name: 'Sent messages' })).toHaveCount(0);
  await context.close();
});

test('a screen whose chunk cannot load says "reload to update" instead of going blank', async ({ page }) => {
  await page.route(/\/assets\/version-page-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto('/admin-panel/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await (await openNavMenu(page, 'Settings', 'Version')).click();
  await expect(page.getByRole('heading', { name: 'A new version is available' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload to update' })).toBeVisible();
  // The navigation stays usable.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('a navigation menu opened by hover stays open when its button is then clicked; a click outside closes it', async ({ page }) => {
  await page.goto('/admin-panel/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' });
  const entry = page.getByRole('menuitem', { name: 'Version' });
  await button.hover();
  await expect(entry).toBeVisible();
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(entry).toBeVisible();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).click();
  await expect(entry).toBeHidden();
});
