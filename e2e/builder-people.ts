import type { Browser, BrowserContext, Locator, Page, Response } from '@playwright/test';
import { type Api, expect } from './fixtures';
import { signInByApi, unique } from './helpers';

// The builder specs' people: admins of the worker's community with a role of their own, each signed
// in, and a browser of their own (builder.spec.ts, builder-tracker.spec.ts).

export type Json = Record<string, any>;

/** The data of an API answer, after checking its status. */
export async function ok<T = Json>(answer: Promise<{ status: number; body: any }>, status = 200): Promise<T> {
  const res = await answer;
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body.data as T;
}

export interface Person {
  id: string;
  roleId: string;
  name: string;
  token: string;
}

/** An admin of this worker's community with `permissions` (a role of their own), signed in. */
export async function person(api: Api, role: string, permissions: Record<string, string>): Promise<Person> {
  const tag = unique('').toLowerCase();
  const made = await ok(api('POST', '/api/v1/identity/roles', { name: `Builder ${role} ${tag}`, permissions }), 201);
  const email = `${role}.${tag}@example.com`;
  const password = 'builder-e2e-password';
  const admin = await ok(api('POST', '/api/v1/identity/admins', { name: `${role} ${tag}`, email, password, roleId: made.id }), 201);
  return { id: admin.id as string, roleId: made.id as string, name: `${role} ${tag}`, token: await signInByApi(email, password) };
}

/** Removes what person made (the community's plan counts its admins). */
export async function removePerson(api: Api, who: { id: string; roleId: string }) {
  expect((await api('DELETE', `/api/v1/identity/admins/${who.id}`)).status).toBe(204);
  expect((await api('DELETE', `/api/v1/identity/roles/${who.roleId}`)).status).toBe(204);
}

/** A browser of its own, signed in with `token` (as the console keeps it). */
export async function browserAs(browser: Browser, token: string): Promise<{ context: BrowserContext; page: Page }> {
  const base = process.env.E2E_BASE_URL!;
  const context = await browser.newContext({
    baseURL: base,
    storageState: { cookies: [], origins: [{ origin: base, localStorage: [{ name: 'token', value: token }] }] },
  });
  return { context, page: await context.newPage() };
}

/**
 * dnd-kit's keyboard drag: pick `card` up, `steps` columns to the right, drop, until the server
 * answers the move (`answered`). A board that re-renders under the drag (its live stream connecting
 * reloads it) can drop the card where it was: that try is cancelled and the drag made again.
 */
export async function dragRight(page: Page, card: Locator, steps: number, answered: (r: Response) => boolean): Promise<Response> {
  let response: Response | undefined;
  await expect(async () => {
    await page.keyboard.press('Escape');
    await card.focus();
    await page.keyboard.press('Space');
    for (let i = 0; i < steps; i++) await page.keyboard.press('ArrowRight');
    const waiting = page.waitForResponse(answered, { timeout: 5_000 });
    await page.keyboard.press('Space');
    response = await waiting;
  }).toPass({ timeout: 60_000 });
  return response as Response;
}
