import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { SCREENS } from '../apps/web/src/config/screens';
import { api, collectPageErrors, expect, ownerTest as test } from './helpers';

/**
 * Every screen of the screen table, signed in as the owner, in light and dark: it opens with a heading,
 * no page error, no developer text (a raw enum value or a zod message) and no serious or critical axe
 * violation.
 */
const SIGNED_IN = SCREENS.filter((s) => !s.public);

/** Text only a developer should see: zod's messages and the generic body error. */
const DEVELOPER_TEXT = [/expected (string|number|boolean)/i, /Too (small|big):/, /The request body is invalid/, /Invalid input/];

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
async function rawEnumValues(): Promise<Set<string>> {
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

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

/** Texts of visible leaf elements of the main region that are developer text (a raw enum value or a zod message). */
async function developerText(page: Page, rawEnums: Set<string>) {
  const texts = await page.locator('main').evaluate((main) =>
    [...main.querySelectorAll('*')]
      .filter((el) => el.children.length === 0 && (el as HTMLElement).offsetParent !== null)
      .map((el) => (el.textContent ?? '').trim())
      .filter(Boolean),
  );
  return texts.filter((t) => rawEnums.has(t) || DEVELOPER_TEXT.some((re) => re.test(t)));
}

for (const theme of ['light', 'dark'] as const) {
  test(`every registered screen opens cleanly, in plain words and axe-clean (${theme})`, async ({ page }) => {
    test.setTimeout(240_000);
    expect((await api('PATCH', '/api/v1/auth/me', { theme })).status).toBe(200);
    const errors = collectPageErrors(page);
    const rawEnums = await rawEnumValues();
    expect(rawEnums).toContain('in_progress');
    const problems: string[] = [];
    try {
      for (const screen of SIGNED_IN) {
        await page.goto(screen.path);
        await expect(page, screen.path).toHaveURL(new RegExp(`${screen.path.replace(/[/?]/g, '\\$&')}$`));
        await expect(page.locator('body'), screen.path).toHaveClass(new RegExp(`theme-${theme}`));
        const h1 = page.getByRole('heading', { level: 1 });
        await expect(h1, screen.path).toBeVisible();
        await expect(h1, screen.path).not.toHaveText(/not found|could not be opened/i);
        await expect(page.getByRole('alert').filter({ hasText: /could not be loaded|not available/i }), screen.path).toHaveCount(0);
        // Lists have loaded (no loader left) before the page is read.
        await expect(page.getByLabel('Loading'), screen.path).toHaveCount(0);
        for (const text of await developerText(page, rawEnums)) problems.push(`${screen.path}: shows "${text}"`);
        for (const v of await seriousViolations(page)) problems.push(`${screen.path}: ${v}`);
      }
    } finally {
      await api('PATCH', '/api/v1/auth/me', { theme: 'light' });
    }
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('the developer-text check catches a raw enum value and a zod message', async ({ page }) => {
  await page.goto('/admin-panel/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.locator('main').evaluate((main) => {
    for (const text of ['in_progress', 'Too small: expected string to have >=1 characters']) {
      const span = document.createElement('span');
      span.textContent = text;
      main.append(span);
    }
  });
  expect(await developerText(page, await rawEnumValues())).toEqual(['in_progress', 'Too small: expected string to have >=1 characters']);
});
