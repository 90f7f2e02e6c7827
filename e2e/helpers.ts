import { expect, type Page } from '@playwright/test';
import { callApi, currentCommunity } from './community';
import { test } from './fixtures';

export const BASE = () => process.env.E2E_BASE_URL!;

// Older specs read the owner's token and storage state from these: in a worker, its community's owner.
if (process.env.TEST_PARALLEL_INDEX !== undefined) {
  const { token, storageState } = currentCommunity();
  process.env.E2E_OWNER_TOKEN = token;
  process.env.E2E_OWNER_STATE = storageState;
}
/** The demo community's owner (ADMIN_EMAIL): also the platform's, so signing in lists both. */
export const OWNER_EMAIL = 'admin@atrium.local';
/** The e2e run's owner password: the demo owner's and every worker community owner's. */
export const ownerPassword = () => process.env.E2E_ADMIN_PASSWORD!;
/** The token of this worker's community owner (fixtures.ts: `community.token`). */
export const ownerToken = () => currentCommunity().token;

/** A call to the API as this worker's community owner (or with another token); fixtures.ts's `api` is the same. */
export async function api<T = unknown>(method: string, path: string, body?: unknown, token = ownerToken()) {
  return callApi<T>(token, method, path, body);
}

/** Signs in through the API (in this worker's community unless another is named); the token. */
export async function signInByApi(email: string, password: string, community = currentCommunity().name): Promise<string> {
  const res = await fetch(`${BASE()}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, community }),
  });
  expect(res.status, 'sign-in through the API').toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Fails the test on any uncaught error in the page. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** A visitor's message sent through this worker's community website's get-in-touch form (as its page posts it); its sender is a new name, answered. */
export async function sendGetInTouch(page: Page, message: { subject: string; message: string }) {
  const name = unique('Visitor ');
  const sent = await page.request.post(`/public/${currentCommunity().name}/site/get-in-touch`, {
    data: { name, email: 'visitor@example.com', ...message },
  });
  expect(sent.status()).toBe(202);
  return name;
}

/**
 * Opens a navigation group's menu (hover or click opens it); `item` must then be visible in it.
 * Under load, runs have seen the menu closed again right after the click (the cause is not pinned
 * down: Mantine 9's click on an open click-hover menu only opens it), so the click is repeated
 * until the item shows, as a user would click again.
 */
export async function openNavMenu(page: Page, group: string, item: string) {
  const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: group });
  const entry = page.getByRole('menuitem', { name: item });
  await expect(async () => {
    if (!(await entry.isVisible())) await button.click();
    await expect(entry).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  return entry;
}

/**
 * The two sizes a flow is run at (issue 26: the job done in Chromium at desktop and phone size): a
 * spec wraps a flow in `for (const size of SIZES) test.describe(size.name, () => { test.use({ viewport: size.viewport }); … })`.
 */
export const SIZES = [
  { name: 'at desktop size', phone: false, viewport: { width: 1280, height: 720 } },
  { name: 'at phone size (390×844)', phone: true, viewport: { width: 390, height: 844 } },
] as const;

/** The page is no wider than the window: nothing scrolls sideways (read when the screen has loaded). */
export async function expectNoSidewaysScroll(page: Page, what: string) {
  // Once nothing is loading any more, so the widths are the real content's.
  await expect(page.getByLabel(/^Loading/)).toHaveCount(0, { timeout: 30_000 });
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll, `${what} is ${widths.scroll}px wide in a ${widths.inner}px window`).toBeLessThanOrEqual(widths.inner);
}

export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/**
 * Tests that start signed in as this worker's community owner: fixtures.ts's `test` (new specs import
 * `{ test, expect }` from './fixtures' and take `community` and `api` from it).
 */
export { expect, test as ownerTest, test };
