import { test as base, expect } from '@playwright/test';
import { type Api, callApi, type WorkerCommunity, workerCommunity } from './community';

/**
 * What a spec imports: `import { test, expect } from './fixtures'`. Each test starts with `page`
 * signed in as the owner of its worker's own community (seeded like the demo community), and has
 * - `community`: that community (`community.name` for `/public/${community.name}/…`, its owner's
 *   email, password, token and storage state), the same for every test of the worker;
 * - `api(method, path, body?, token?)`: the API as that owner (or with another token).
 * Both are worker-scoped, so `beforeAll`/`afterAll` hooks take them too. Workers run side by side,
 * each in its own community: a test may change its community's settings (and puts them back when a
 * later test of the same spec file depends on them), never the demo community's.
 */
export const test = base.extend<object, { community: WorkerCommunity; api: Api }>({
  community: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take a destructured first argument
    async ({}, use, workerInfo) => {
      await use(workerCommunity(workerInfo.parallelIndex));
    },
    { scope: 'worker' },
  ],
  api: [
    async ({ community }, use) => {
      await use(<T>(method: string, path: string, body?: unknown, token = community.token) => callApi<T>(token, method, path, body));
    },
    { scope: 'worker' },
  ],
  storageState: async ({ community }, use) => {
    await use(community.storageState);
  },
});

export type { Api, WorkerCommunity };
export { expect };
