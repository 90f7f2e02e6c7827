#!/usr/bin/env node
/**
 * Lighthouse (mobile, its default throttling) over the console's dashboard and list screens, signed in
 * as the demo owner: prints performance score, LCP, CLS and TBT per page. Printed, not gating CI.
 *
 *   npm run bench:lighthouse                       # against http://127.0.0.1:3000 (npm start)
 *   BASE_URL=http://127.0.0.1:3460 ADMIN_PASSWORD=… npm run bench:lighthouse -- /admin-panel/dashboard
 *
 * Chromium: CHROME_PATH (default /usr/bin/chromium), run with --headless=new --no-sandbox.
 * Sign-in: ADMIN_EMAIL (default admin@atrium.local), ADMIN_PASSWORD, COMMUNITY (default demo).
 * LIGHTHOUSE_JSON=<folder>: also writes each measured page's full report there (long tasks, scripts' time).
 * LH_RUNS=<n>: measured loads per page (default 1); the table shows the median run and every run's score.
 * LH_MAX_WAIT=<ms>: Lighthouse's longest wait for the load to end (default 45 s). The console's live-updates
 * stream stays open, so each load waits the whole time; 12000 makes a run four times shorter.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const base = (process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const DEFAULT_PAGES = [
  '/admin-panel/dashboard',
  '/admin-panel/controlcenter/e-commerce/myproduct',
  '/admin-panel/controlcenter/e-commerce/order-management',
  '/admin-panel/controlcenter/e-commerce/coupon-Management',
  '/admin-panel/productDesign',
  '/admin-panel/marcom/contacts',
  '/admin-panel/controlcenter/settings/admin-management',
];
const pages = process.argv.slice(2).filter((a) => a.startsWith('/'));
/** Measured loads per page (LH_RUNS, default 1): the table shows the median run and every score. */
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 1));

async function signIn() {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: process.env.ADMIN_EMAIL ?? 'admin@atrium.local',
      password: process.env.ADMIN_PASSWORD,
      community: process.env.COMMUNITY ?? 'demo',
    }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const rows = [];
try {
  const token = await signIn();
  // The console keeps its session token in localStorage: put it there once; Lighthouse keeps storage.
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const tab = await browser.newPage();
  await tab.goto(`${base}/login`);
  await tab.evaluate((t) => localStorage.setItem('token', t), token);
  await tab.close();
  browser.disconnect();
  const settings = {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    disableStorageReset: true,
    ...(process.env.LH_MAX_WAIT ? { maxWaitForLoad: Number(process.env.LH_MAX_WAIT) } : {}),
  };
  for (const path of pages.length ? pages : DEFAULT_PAGES) {
    // One warm-up load (the server's first answers, the browser's compile cache), then the measured ones.
    await lighthouse(`${base}${path}`, { ...settings, onlyCategories: ['performance'] });
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const { lhr } = await lighthouse(`${base}${path}`, { ...settings, onlyCategories: ['performance', 'seo'] });
      if (process.env.LIGHTHOUSE_JSON) {
        mkdirSync(process.env.LIGHTHOUSE_JSON, { recursive: true });
        const name = `${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${new Date().toISOString().replace(/[:.]/g, '')}.json`;
        writeFileSync(join(process.env.LIGHTHOUSE_JSON, name), JSON.stringify(lhr));
      }
      runs.push(lhr);
    }
    // The run with the median score stands for the page; every run's score is listed beside it.
    const score = (lhr) => Math.round((lhr.categories.performance.score ?? 0) * 100);
    const lhr = [...runs].sort((a, b) => score(a) - score(b))[Math.floor((runs.length - 1) / 2)];
    const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    rows.push({
      page: path,
      performance: score(lhr),
      ...(RUNS > 1 ? { runs: runs.map(score).join(' · ') } : {}),
      'LCP ms': Math.round(audit('largest-contentful-paint')),
      CLS: Number(audit('cumulative-layout-shift').toFixed(3)),
      'TBT ms': Math.round(audit('total-blocking-time')),
      'meta description': lhr.audits['meta-description']?.score === 1 ? 'yes' : 'no',
      // Lighthouse's measure of this machine's CPU (a typical desktop ~1,000–2,000+): scores scale with it.
      'CPU index': Math.round(lhr.environment.benchmarkIndex),
      landed: lhr.finalDisplayedUrl.replace(base, ''),
    });
  }
} finally {
  await chrome.kill();
}
console.table(rows);
