import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Each Playwright worker has a community of its own on the one server: seeded like the demo community
 * before the server starts (e2e/prepare-data.ts), its owner signed in once by the global setup
 * (e2e/global-setup.ts), so tests in different workers never see each other's data or settings.
 */
export interface WorkerCommunity {
  /** The community's name: `/public/<name>/…`, the login form's Community field. */
  name: string;
  /** Its owner's email and password. */
  email: string;
  password: string;
  /** The owner's token (the global setup's sign-in: sign-in is rate limited). */
  token: string;
  /** A storage state file that starts a browser context signed in as the owner. */
  storageState: string;
}

/** The name and owner of worker `index`'s community (`parallelIndex`: 0 … workers − 1). */
export const workerCommunityName = (index: number) => `e2e-w${index}`;
export const workerOwnerEmail = (index: number) => `owner@${workerCommunityName(index)}.example`;

/** Where the global setup writes worker `index`'s community (its sign-in). */
export const workerCommunityFile = (index: number) => join(process.env.E2E_DATA_DIR!, `worker-${index}.json`);

/** Worker `index`'s community, with a clear failure when the run prepared none for it. */
export function workerCommunity(index: number): WorkerCommunity {
  const file = workerCommunityFile(index);
  if (!existsSync(file)) {
    throw new Error(
      `No community for Playwright worker ${index}: the run prepared ${process.env.E2E_WORKERS ?? '?'} ` +
        '(one per worker, playwright.config.ts). Choose the worker count with --workers=N or E2E_WORKERS=N; ' +
        'with E2E_REUSE, restart the server with as many.',
    );
  }
  return JSON.parse(readFileSync(file, 'utf8')) as WorkerCommunity;
}

/**
 * The community of the worker this code runs in (Playwright sets TEST_PARALLEL_INDEX in each worker):
 * what `api()`, `signInByApi()` and `ownerTest` in helpers.ts default to.
 */
export function currentCommunity(): WorkerCommunity {
  const index = process.env.TEST_PARALLEL_INDEX;
  if (index === undefined) throw new Error('currentCommunity() runs in a Playwright worker only (in a test, hook or fixture)');
  return workerCommunity(Number(index));
}

export type ApiAnswer<T> = { status: number; body: T };
/** A call to the API with a bearer token; the body parsed as JSON. */
export type Api = <T = unknown>(method: string, path: string, body?: unknown, token?: string) => Promise<ApiAnswer<T>>;

export async function callApi<T>(token: string, method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
  const res = await fetch(`${process.env.E2E_BASE_URL}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}
