import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { type WorkerCommunity, workerCommunityFile, workerCommunityName, workerOwnerEmail } from './community';

/**
 * Signs each worker community's owner in once through the API (sign-in is rate limited) and writes
 * what the worker's fixtures read (e2e/community.ts): the community, the owner's token and a storage
 * state that starts a browser signed in. The communities were made before the server started
 * (e2e/prepare-data.ts), one per worker.
 */
export default async function globalSetup(config: FullConfig) {
  const base = process.env.E2E_BASE_URL!;
  const password = process.env.E2E_ADMIN_PASSWORD!;
  await Promise.all(
    Array.from({ length: config.workers }, async (_, i) => {
      const name = workerCommunityName(i);
      const email = workerOwnerEmail(i);
      const res = await fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, community: name }),
      });
      if (!res.ok) {
        throw new Error(
          `the owner of worker ${i}'s community ${name} could not sign in (${res.status} ${await res.text()}): ` +
            'was the server started with fewer worker communities (E2E_REUSE)?',
        );
      }
      const { token } = (await res.json()) as { token: string };
      const storageState = join(process.env.E2E_DATA_DIR!, `worker-${i}-state.json`);
      writeFileSync(
        storageState,
        JSON.stringify({ cookies: [], origins: [{ origin: base, localStorage: [{ name: 'token', value: token }] }] }),
      );
      const community: WorkerCommunity = { name, email, password, token, storageState };
      writeFileSync(workerCommunityFile(i), JSON.stringify(community));
    }),
  );
}
