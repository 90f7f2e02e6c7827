import { mkdtempSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { useFastTmpdir } from './apps/server/test/fast-tmpdir';

/**
 * End-to-end tests of the console against the real server (`npm start`, which builds the console when
 * it is stale) on a fresh embedded database, in Debian's Chromium (/usr/bin/chromium).
 */
const port = Number(process.env.E2E_PORT ?? 3391);
/** The fake payment gateways (e2e/fake-gateways.ts): Razorpay's API and checkout script; a chat-completions API under /ai/v1. */
const gatewaysPort = port + 100;
process.env.E2E_GATEWAYS_URL ??= `http://127.0.0.1:${gatewaysPort}`;
// The server's embedded database and files in shared memory when there is room (fast-tmpdir.ts).
useFastTmpdir();
/** The SMTP sink a spec starts itself (e2e/campaigns.spec.ts): the server may call it as a community's mail server. */
process.env.E2E_SMTP_PORT ??= String(port + 101);
// The config is read again by each worker: keep the data dir made by the first read.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'atrium-e2e-'));
process.env.E2E_BASE_URL ??= `http://127.0.0.1:${port}`;
process.env.E2E_ADMIN_PASSWORD ??= 'e2e-owner-password';

/**
 * Workers side by side on the one server, each in a community of its own (e2e/fixtures.ts): as many
 * communities are prepared before the server starts (e2e/prepare-data.ts) as workers run, so the
 * count is read here from `--workers`/`-j` (or E2E_WORKERS), not left to Playwright alone.
 * Two on the 2-core machine (README "Testing" says what is measured and what is not yet).
 */
const DEFAULT_WORKERS = 2;
function workerCount(): number {
  const argv = process.argv;
  const at = argv.findIndex((a) => /^(--workers|-j)(=|$)/.test(a));
  const given = at < 0 ? process.env.E2E_WORKERS : argv[at].includes('=') ? argv[at].split('=')[1] : argv[at + 1];
  if (!given) return DEFAULT_WORKERS;
  // Playwright's own reading of a percentage: of the machine's cores.
  const n = given.endsWith('%') ? Math.floor((cpus().length * Number.parseInt(given, 10)) / 100) : Number.parseInt(given, 10);
  return Math.max(1, Number.isNaN(n) ? DEFAULT_WORKERS : n);
}
process.env.E2E_WORKERS = String(workerCount());

/**
 * E2E_SLOWDOWN=3 multiplies the test, expect and server-start timeouts on a development machine busy
 * with other work. In CI it is 2: the timeouts say how long a screen may take to appear, not how fast
 * it must be (speed is measured by bench/ and by the timed tests' own limits), and on the 2-core CI
 * machine of 2026-11-28 evening a quiet console load spent 5 s of browser main-thread work before its
 * first API call, so a 10 s wait for a form failed where the same code passed hours before.
 */
const slowdown = Math.max(1, Number(process.env.E2E_SLOWDOWN ?? (process.env.CI ? 2 : 1)) || 1);

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000 * slowdown,
  expect: { timeout: 10_000 * slowdown },
  // The list, then every test that needed its retry and the ten slowest spec files (e2e/run-report.ts).
  reporter: [['list'], ['./e2e/run-report.ts']],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'node node_modules/tsx/dist/cli.mjs e2e/fake-gateways.ts',
      url: `${process.env.E2E_GATEWAYS_URL}/checkout.js`,
      timeout: 60_000,
      reuseExistingServer: Boolean(process.env.E2E_REUSE),
      stdout: 'ignore',
      stderr: 'pipe',
      env: { FAKE_GATEWAYS_PORT: String(gatewaysPort) },
    },
    {
      // The data first (migrated, the demo community and one community per worker), then the server.
      command: 'node node_modules/tsx/dist/cli.mjs e2e/prepare-data.ts && npm start',
      url: `${process.env.E2E_BASE_URL}/api/health`,
      timeout: 480_000 * slowdown,
      reuseExistingServer: Boolean(process.env.E2E_REUSE),
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        E2E_WORKERS: process.env.E2E_WORKERS,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
        JOBS: 'off',
        NODE_ENV: 'development',
        PAYMENTS_RAZORPAY_URL: process.env.E2E_GATEWAYS_URL,
        PAYMENTS_RAZORPAY_CHECKOUT_URL: `${process.env.E2E_GATEWAYS_URL}/checkout.js`,
        // AI writing assistance against the fake chat-completions API on the gateways' port (only that port is let through).
        AI_BASE_URL: `${process.env.E2E_GATEWAYS_URL}/ai/v1`,
        AI_API_KEY: 'sk-e2e-fake-ai-0001',
        AI_MODEL: 'fake-e2e-model',
        OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${gatewaysPort},127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      },
    },
  ],
});
