import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { hashPassword } from '../apps/server/src/kernel/auth/passwords';
import { createCommunity, seedIfEmpty, seedSamples } from '../apps/server/src/seed';
import { workerCommunityName, workerOwnerEmail } from './community';

/**
 * Run by the end-to-end server's command before `npm start` (playwright.config.ts), with the server's
 * environment: starts the app once on the run's data directory, which migrates it and seeds the demo
 * community as a first start does, then adds one community per Playwright worker (E2E_WORKERS), each
 * seeded with the same sample data as the demo community (seed.ts's `seedSamples`) and owned by
 * `owner@e2e-w<i>.example` with the run's owner password. The server then starts on that data.
 */
const workers = Number(process.env.E2E_WORKERS);
if (!Number.isInteger(workers) || workers < 1) throw new Error(`E2E_WORKERS must be a whole number ≥ 1, not ${process.env.E2E_WORKERS}`);
const started = Date.now();
let demoReady = started;
// Seeded here rather than in the start's onReady hook, whose time limit a busy machine can pass.
const app = await buildApp(loadConfig(), { logger: false, seed: false });
try {
  await app.ready();
  await seedIfEmpty(app);
  demoReady = Date.now();
  const passwordHash = await hashPassword(process.env.ADMIN_PASSWORD!);
  // Side by side: the embedded database takes each community's statements in turn (pglite-proxy.ts),
  // while the seeding code of one runs, another's statements run in the database's thread.
  await Promise.all(
    Array.from({ length: workers }, async (_, i) => {
      const name = workerCommunityName(i);
      const [{ n }] = await app.db.query<{ n: number }>('select count(*)::int as n from communities where name = $1', [name]);
      if (n > 0) return;
      const { tenantId, ownerId } = await createCommunity(app, name, 'Euro Building Products', workerOwnerEmail(i), passwordHash);
      await seedSamples(app, { db: app.db, tenantId, actor: { id: ownerId, name: 'Owner', isOwner: true } });
    }),
  );
} finally {
  await app.close();
}
// On stderr: the run's output shows it ([WebServer] …), stdout is ignored.
const seconds = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)} s`;
console.error(
  `e2e data: migrated with the demo community in ${seconds(started, demoReady)}, ${workers} worker communities in ${seconds(demoReady, Date.now())}`,
);
