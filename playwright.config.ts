import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests of the console against the real server (`npm start`, which builds the console when
 * it is stale) on a fresh embedded database, in Debian's Chromium (/usr/bin/chromium).
 */
const port = Number(process.env.E2E_PORT ?? 3391);
/** The fake payment gateways (e2e/fake-gateways.ts): Razorpay's API and checkout script. */
const gatewaysPort = port + 100;
process.env.E2E_GATEWAYS_URL ??= `http://127.0.0.1:${gatewaysPort}`;
// The config is read again by each worker: keep the data dir made by the first read.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'atrium-e2e-'));
process.env.E2E_BASE_URL ??= `http://127.0.0.1:${port}`;
process.env.E2E_ADMIN_PASSWORD ??= 'e2e-owner-password';

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
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
      command: 'npm start',
      url: `${process.env.E2E_BASE_URL}/api/health`,
      timeout: 240_000,
      reuseExistingServer: Boolean(process.env.E2E_REUSE),
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
        JOBS: 'off',
        NODE_ENV: 'development',
        PAYMENTS_RAZORPAY_URL: process.env.E2E_GATEWAYS_URL,
        PAYMENTS_RAZORPAY_CHECKOUT_URL: `${process.env.E2E_GATEWAYS_URL}/checkout.js`,
      },
    },
  ],
});
