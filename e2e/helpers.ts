import { test as base, expect, type Page } from '@playwright/test';

export const BASE = () => process.env.E2E_BASE_URL!;
export const OWNER_EMAIL = 'admin@atrium.local';
export const ownerPassword = () => process.env.E2E_ADMIN_PASSWORD!;
export const ownerToken = () => process.env.E2E_OWNER_TOKEN!;

/** A call to the API as the demo owner (or with another token). */
export async function api<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  token = ownerToken(),
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${BASE()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

export async function signInByApi(email: string, password: string, community = 'demo'): Promise<string> {
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

export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Tests that start signed in as the demo owner. */
export const ownerTest = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take a destructured first argument
  storageState: async ({}, use) => {
    await use(process.env.E2E_OWNER_STATE!);
  },
});

export { expect };
