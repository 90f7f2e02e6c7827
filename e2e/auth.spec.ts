import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { collectPageErrors, expectNoSidewaysScroll, OWNER_EMAIL, ownerPassword, SIZES, signInByApi, unique } from './helpers';

// Signed out: each test signs in (or fails to) itself; `api` and `community` are the worker's.
test.use({ storageState: { cookies: [], origins: [] } });

for (const size of SIZES)
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport });

    test('the empty path goes to sign-in, and the owner picks the community from the ones the password opens', async ({ page }) => {
      const errors = collectPageErrors(page);
      await page.goto('/');
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expectNoSidewaysScroll(page, 'the sign-in page');
      await page.getByLabel('Email').fill(OWNER_EMAIL);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ownerPassword());
      await page.getByRole('button', { name: 'Sign in' }).click();
      // The same email and password open the platform and the demo community: one question, a list to pick from.
      const choices = page.getByRole('group', { name: 'Your communities' });
      await expect(choices.getByRole('button')).toHaveCount(2);
      await expect(choices).toContainText('Atrium platform');
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expectNoSidewaysScroll(page, 'the list of communities');
      await choices.getByRole('button', { name: /Euro Building Products/ }).click();
      await expect(page).toHaveURL(/\/admin-panel\/dashboard$/);
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page, 'the dashboard');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

      // Next time the community is prefilled.
      await page.evaluate(() => localStorage.removeItem('token'));
      await page.goto('/login');
      await expect(page.getByLabel('Community')).toHaveValue('demo');
      expect(errors).toEqual([]);
    });
  });

test('a wrong password says so', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Choose a community' }).click();
  await page.getByLabel('Email').fill(OWNER_EMAIL);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  await page.getByLabel('Community').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('login-error')).toHaveText(/email or password is incorrect/i);
  await expect(page).toHaveURL(/\/login/);
});

test('forgot password: the emailed code sets a new password (the outbox keeps only a redacted copy)', async ({ page, api }) => {
  const email = `${unique('forgot-')}@demo.example`;
  const created = await api('POST', '/api/v1/identity/admins', { name: 'Forgetful Editor', email, password: 'first-password-1' });
  expect(created.status).toBe(201);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByLabel('Code')).toBeVisible();

  const outbox = await api<{ data: { subject: string; text: string }[] }>(
    'GET',
    `/api/v1/ops/outbox?to=${encodeURIComponent(email)}&limit=1`,
  );
  expect(outbox.status).toBe(200);
  expect(outbox.body.data[0]?.text).not.toMatch(/\b\d{6}\b/);
  // Without SMTP the real message lands in the development mail drop, which no API reads.
  const drop = join(process.env.E2E_DATA_DIR!, 'mail-drop');
  const dropped = readdirSync(drop)
    .map((f) => JSON.parse(readFileSync(join(drop, f), 'utf8')) as { to: string; text: string; createdAt: string })
    .filter((m) => m.to === email)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const code = /\b(\d{6})\b/.exec(dropped.at(-1)?.text ?? '')?.[1];
  expect(code, 'a 6-digit code in the email').toMatch(/^\d{6}$/);

  await page.getByLabel('Code').fill(code!);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('second-password-2');
  await page.getByLabel('Repeat the new password').fill('second-password-2');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toContainText('password has been changed');

  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('second-password-2');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/dashboard$/);
});

function fakeToken(exp: number) {
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({ sub: 'x', tid: 'x', cn: 'demo', sid: 'x', exp })}.c2lnbmF0dXJl`;
}

test('an expired token goes silently to /login, remembering the page', async ({ page }) => {
  await page.addInitScript((token) => localStorage.setItem('token', token), fakeToken(Math.floor(Date.now() / 1000) - 60));
  await page.goto('/admin-panel/controlcenter/settings/version');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin-panel%2Fcontrolcenter%2Fsettings%2Fversion$/);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a token the server refuses goes to /login too', async ({ page }) => {
  await page.addInitScript(
    (token) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('token', token);
        sessionStorage.setItem('seeded', '1');
      }
    },
    fakeToken(Math.floor(Date.now() / 1000) + 3600),
  );
  await page.goto('/admin-panel/dashboard');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin-panel%2Fdashboard$/);
});

test('a 401 from any call signs out and returns to /login with the page remembered', async ({ page, api, community }) => {
  const token = await signInByApi(community.email, community.password, community.name);
  await page.addInitScript((t) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('token', t);
      sessionStorage.setItem('seeded', '1');
    }
  }, token);
  await page.goto('/admin-panel/controlcenter/settings/error-management');
  await expect(page.getByTestId('resource-row').first()).toBeVisible();
  // The session is revoked elsewhere; the next call answers 401.
  expect((await api('POST', '/api/v1/auth/logout', undefined, token)).status).toBe(204);
  // Refresh makes the next call; a call of the page's own (a refetch, the live stream) may answer 401
  // first and sign out before the click lands, which is the same behaviour: click while still there.
  const signedOut = /\/login\?next=%2Fadmin-panel%2Fcontrolcenter%2Fsettings%2Ferror-management$/;
  await expect(async () => {
    if (!signedOut.test(page.url())) await page.getByRole('button', { name: 'Refresh' }).click({ timeout: 2_000 });
    await expect(page).toHaveURL(signedOut, { timeout: 2_000 });
  }).toPass();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
