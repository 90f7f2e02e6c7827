import { type Browser, devices, type Page } from '@playwright/test';
import type { Screen } from '../apps/web/src/config/screen-types';
import { SCREENS } from '../apps/web/src/config/screens';
import { seriousViolations } from './axe';
import { type Api, expect, test } from './fixtures';
import { collectPageErrors } from './helpers';

/**
 * Every screen of the screen table, signed in as the owner, in light and dark: it opens with a heading,
 * no page error, no developer text (a raw enum value or a zod message) and no serious or critical axe
 * violation.
 */
const SIGNED_IN = SCREENS.filter((s) => !s.public && !s.movedTo);
// A moved page (an old editor's path) is no screen of its own: it redirects to its list screen, walked
// here; its redirect is checked by the unit tests (test/screens.test.ts) and e2e/site.spec.ts.

/** Text only a developer should see: zod's messages, the generic body error, and a record's id instead of its title. */
const DEVELOPER_TEXT = [
  /expected (string|number|boolean)/i,
  /Too (small|big):/,
  /The request body is invalid/,
  /Invalid input/,
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
];

interface FieldSchema {
  enum?: unknown[];
  anyOf?: FieldSchema[];
  items?: FieldSchema;
}
interface MetaResource {
  fields: { properties?: Record<string, FieldSchema> };
  ui: { fields: Record<string, { options?: { value: string; label: string }[] }> };
}

/** Every stored enum value of every resource that reads differently from its label (e.g. in_progress, draft). */
async function rawEnumValues(api: Api): Promise<Set<string>> {
  const meta = await api<{ data: MetaResource[] }>('GET', '/api/v1/meta/resources');
  expect(meta.status).toBe(200);
  const raw = new Set<string>();
  const enumOf = (s: FieldSchema | undefined): unknown[] => [
    ...(s?.enum ?? []),
    ...(s?.anyOf ?? []).flatMap(enumOf),
    ...(s?.items ? enumOf(s.items) : []),
  ];
  for (const r of meta.body.data) {
    for (const [key, schema] of Object.entries(r.fields.properties ?? {})) {
      const options = r.ui.fields[key]?.options ?? [];
      for (const value of enumOf(schema)) {
        if (typeof value !== 'string') continue;
        const label = options.find((o) => o.value === value)?.label;
        if (label !== value) raw.add(value);
      }
    }
  }
  return raw;
}

/**
 * Texts of visible leaf elements of the main region that are developer text (a raw enum value or a zod
 * message). A list cell of a free-text field holds what a person typed (a slug "residential" is data, not
 * a raw enum), so only its developer messages count.
 */
async function developerText(page: Page, rawEnums: Set<string>) {
  const leaves = await page.locator('main').evaluate((main) =>
    [...main.querySelectorAll('*')]
      .filter((el) => el.children.length === 0 && (el as HTMLElement).offsetParent !== null)
      .map((el) => ({ text: (el.textContent ?? '').trim(), typed: el.closest('td[data-kind="text"]') !== null }))
      .filter((leaf) => leaf.text !== ''),
  );
  return leaves
    .filter(({ text, typed }) => (!typed && rawEnums.has(text)) || DEVELOPER_TEXT.some((re) => re.test(text)))
    .map(({ text }) => text);
}

/** Theme for the signed-in owner; each pass sets its own and the dark one puts light back. */
const setTheme = async (api: Api, theme: 'light' | 'dark') => expect((await api('PATCH', '/api/v1/auth/me', { theme })).status).toBe(200);

/** The screen in view opened cleanly: its heading, no error or loader left, no developer text, axe-clean. */
async function expectCleanScreen(page: Page, screen: Screen, theme: 'light' | 'dark', rawEnums: Set<string>, errors: string[]) {
  await expect(page.locator('body')).toHaveClass(new RegExp(`theme-${theme}`));
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toBeVisible();
  await expect(h1).not.toHaveText(/not found|could not be opened/i);
  await expect(page.getByRole('alert').filter({ hasText: /could not be loaded|not available/i })).toHaveCount(0);
  // Lists have loaded (no loader left) before the page is read.
  await expect(page.getByLabel('Loading')).toHaveCount(0);
  const problems = [
    ...(await developerText(page, rawEnums)).map((text) => `shows "${text}"`),
    // The whole page once (the dashboard, with the shell), then each screen's main region.
    ...(await seriousViolations(page, screen.path === '/admin-panel/dashboard' ? undefined : 'main')),
  ];
  expect(problems).toEqual([]);
  expect(errors).toEqual([]);
}

/** One signed-in page kept by a worker through a pass, with the page errors it collects. */
async function sharedPage(browser: Browser, storageState: string, errors: string[]): Promise<Page> {
  const { defaultBrowserType: _, ...desktop } = devices['Desktop Chrome'];
  const context = await browser.newContext({ ...desktop, baseURL: process.env.E2E_BASE_URL, storageState });
  const page = await context.newPage();
  page.on('pageerror', (err) => errors.push(err.message));
  return page;
}

// Light: every screen opened by its address, the whole console loading each time (deep links work).
// Each test stands alone, so they spread over the workers (each in its own community, its hook runs
// in each worker that takes one). A worker keeps one browser page through the pass, so its cache
// holds the console's hashed (immutable) scripts as a returning user's would: each load is a full
// document load, without fetching and compiling the same scripts again.
test.describe('every registered screen opens cleanly, in plain words and axe-clean (light)', () => {
  test.describe.configure({ mode: 'parallel' });
  let rawEnums: Set<string>;
  let page: Page;
  const errors: string[] = [];
  test.beforeAll(async ({ browser, api, community }) => {
    await setTheme(api, 'light');
    rawEnums = await rawEnumValues(api);
    expect(rawEnums).toContain('in_progress');
    page = await sharedPage(browser, community.storageState, errors);
  });
  test.afterAll(async () => {
    await page?.context().close();
  });

  for (const screen of SIGNED_IN) {
    test(`${screen.path} (light)`, async () => {
      errors.length = 0;
      await page.goto(screen.path);
      await expect(page).toHaveURL(new RegExp(`${screen.path.replace(/[/?]/g, '\\$&')}$`));
      await expect(page.locator('main')).toHaveAttribute('data-path', screen.path);
      await expectCleanScreen(page, screen, 'light', rawEnums, errors);
    });
  }
});

// Dark: the same screens reached in-app from one loaded console, as a user moves through the
// navigation: a full load per screen is most of a screen's time, and the light pass covers it.
test.describe('every registered screen opens cleanly, in plain words and axe-clean (dark)', () => {
  let rawEnums: Set<string>;
  let page: Page;
  const errors: string[] = [];
  // A failed test ends its worker, so the next one starts from a newly loaded console.
  test.beforeAll(async ({ browser, api, community }) => {
    await setTheme(api, 'dark');
    rawEnums = await rawEnumValues(api);
    page = await sharedPage(browser, community.storageState, errors);
    await page.goto('/admin-panel/dashboard');
    await expect(page.locator('main')).toHaveAttribute('data-path', '/admin-panel/dashboard');
  });
  test.afterAll(async ({ api }) => {
    await page?.context().close();
    await setTheme(api, 'light');
  });

  for (const screen of SIGNED_IN) {
    test(`${screen.path} (dark)`, async () => {
      errors.length = 0;
      // What the router does for a link: a new history entry, then the navigation to it.
      await page.evaluate((path) => {
        history.pushState(null, '', path);
        dispatchEvent(new PopStateEvent('popstate'));
      }, screen.path);
      await expect(page.locator('main')).toHaveAttribute('data-path', screen.path);
      await expectCleanScreen(page, screen, 'dark', rawEnums, errors);
    });
  }
});

test('the developer-text check catches a raw enum value, a zod message and a raw id', async ({ page, api }) => {
  await page.goto('/admin-panel/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.locator('main').evaluate((main) => {
    for (const text of ['in_progress', 'Too small: expected string to have >=1 characters', '3f2b8c1e-9d4a-4e6b-8f0a-1c2d3e4f5a6b']) {
      const span = document.createElement('span');
      span.textContent = text;
      main.append(span);
    }
  });
  await page.locator('main').evaluate((main) => {
    // A slug typed by a person that happens to equal an enum value is data.
    const table = document.createElement('table');
    table.innerHTML = '<tbody><tr><td data-kind="text"><span>in_progress</span></td></tr></tbody>';
    main.append(table);
  });
  expect(await developerText(page, await rawEnumValues(api))).toEqual([
    'in_progress',
    'Too small: expected string to have >=1 characters',
    '3f2b8c1e-9d4a-4e6b-8f0a-1c2d3e4f5a6b',
  ]);
});

test('the axe check catches a violation, in place and with a frame on the page', async ({ page }) => {
  await page.goto('/admin-panel/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.locator('main').evaluate((main) => {
    const img = document.createElement('img');
    img.src = '/favicon.svg';
    main.append(img);
  });
  expect((await seriousViolations(page, 'main')).join('\n')).toMatch(/^image-alt \(critical\)/m);
  // A frame on the page takes the path that runs axe in every frame.
  await page.locator('main').evaluate((main) => {
    const frame = document.createElement('iframe');
    frame.title = 'A frame';
    frame.srcdoc = '<p>framed</p>';
    main.append(frame);
  });
  await expect.poll(() => page.frames().length).toBe(2);
  expect((await seriousViolations(page, 'main')).join('\n')).toMatch(/^image-alt \(critical\)/m);
});

test('the payment outcome screens open without a session and show the verified payment', async ({ browser, api, community }) => {
  const reference = `E2E-${Date.now().toString(36)}`;
  const gateway = await api<{ data: { id: string } }>('POST', '/api/v1/payments/gateways', {
    kind: 'bank_transfer',
    displayName: `Bank ${reference}`,
    currency: 'EUR',
    instructions: 'IBAN DE00 0000',
  });
  expect(gateway.status).toBe(201);
  const started = await api<{ data: { transaction: { id: string } } }>('POST', '/api/v1/payments/checkout', {
    amountMinor: 1234,
    currency: 'EUR',
    reference,
    customer: { email: 'payer@example.com' },
  });
  expect(started.status).toBe(201);
  const id = started.body.data.transaction.id;
  expect((await api('POST', `/api/v1/payments/transactions/${id}/mark-paid`, {})).status).toBe(200);
  await api('PATCH', `/api/v1/payments/gateways/${gateway.body.data.id}`, { enabled: false });

  // A payer back from a gateway has no session.
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`/admin-panel/controlcenter/settings/payment-gateway/success?community=${community.name}&transaction=${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  await expect(page.getByText(`Reference: ${reference}`)).toBeVisible();
  await expect(page.getByText('Status: Paid')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(
    `/admin-panel/controlcenter/settings/payment-gateway/failed?community=${community.name}&transaction=${id}&reason=invalid_signature`,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Payment not completed' })).toBeVisible();
  await expect(page.getByText(/could not be verified/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
