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
  for (const path of pages.length ? pages : DEFAULT_PAGES) {
    // One warm-up load (the server's first answers, the browser's compile cache), then the measured one.
    await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      disableStorageReset: true,
      ...(process.env.LH_MAX_WAIT ? { maxWaitForLoad: Number(process.env.LH_MAX_WAIT) } : {}),
      onlyCategories: ['performance'],
    });
    const result = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      disableStorageReset: true,
      ...(process.env.LH_MAX_WAIT ? { maxWaitForLoad: Number(process.env.LH_MAX_WAIT) } : {}),
      onlyCategories: ['performance', 'seo'],
    });
    const lhr = result.lhr;
    if (process.env.LIGHTHOUSE_JSON) {
      mkdirSync(process.env.LIGHTHOUSE_JSON, { recursive: true });
      const name = `${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${new Date().toISOString().replace(/[:.]/g, '')}.json`;
      writeFileSync(join(process.env.LIGHTHOUSE_JSON, name), JSON.stringify(lhr));
    }
    const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    rows.push({
      page: path,
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      'LCP ms': Math.round(audit('largest-contentful-paint')),
      CLS: Number(audit('cumulative-layout-shift').toFixed(3)),
      'TBT ms': Math.round(audit('total-blocking-time')),
      'meta description': lhr.audits['meta-description']?.score === 1 ? 'yes' : 'no',
      landed: lhr.finalDisplayedUrl.replace(base, ''),
    });
  }
} finally {
  await chrome.kill();
}
console.table(rows);
