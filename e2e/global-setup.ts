import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';

/** Signs the demo owner in once through the API and keeps the token for the tests (sign-in is rate limited). */
export default async function globalSetup(_config: FullConfig) {
  const base = process.env.E2E_BASE_URL!;
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@atrium.local', password: process.env.E2E_ADMIN_PASSWORD, community: 'demo' }),
  });
  if (!res.ok) throw new Error(`owner sign-in failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  process.env.E2E_OWNER_TOKEN = token;
  const state = {
    cookies: [],
    origins: [{ origin: base, localStorage: [{ name: 'token', value: token }] }],
  };
  const file = join(process.env.E2E_DATA_DIR!, 'owner-state.json');
  writeFileSync(file, JSON.stringify(state));
  process.env.E2E_OWNER_STATE = file;
}
