import type { Page } from '@playwright/test';
import { workerCommunity } from './community';
import { api, BASE, collectPageErrors, expect, ownerTest as test, unique } from './helpers';

// Three flows of several screens each: more than the default minute on a busy machine.
test.describe.configure({ timeout: 120_000 });

/**
 * The small shop owner's money screens: the demo shop sells the variation the shopper chose and
 * keeps the cart across reloads; the dashboard's sales numbers add up the orders paid in the range;
 * a payment gateway is set up as a flow (provider, keys, test, enable) against the fake Razorpay.
 */

interface Variation {
  id: string;
  title: string;
  available: number | null;
  attributeValueIds: string[];
}
interface Detail {
  id: string;
  title: string;
  variations: Variation[];
  options: { id: string; name: string; values: { id: string; value: string }[] }[];
}

const shop = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  // The shop of this worker's own community (the one the signed-in owner runs).
  const community = workerCommunity(test.info().parallelIndex).name;
  const res = await fetch(`${BASE()}/public/${community}/shop${path}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: T };
  expect(res.status, JSON.stringify(json)).toBeLessThan(300);
  return json.data;
};

test('a shopper picks a colour and size, the cart survives a reload, and the order has that variation', async ({ page }) => {
  const errors = collectPageErrors(page);
  const product = await shop<Detail>('GET', '/products/ikat-cotton-kurta');
  const colour = product.options.find((o) => o.name === 'Colour');
  const size = product.options.find((o) => o.name === 'Size');
  expect([colour?.name, size?.name], 'the kurta varies by colour and size').toEqual(['Colour', 'Size']);
  // A variation in stock that is not the first one: the cart must hold what was picked, not a default.
  const chosen = [...product.variations].reverse().find((v) => v.available === null || v.available > 0);
  expect(chosen?.attributeValueIds, 'a variation in stock').toHaveLength(2);
  const nameOf = (o: Detail['options'][number]) => o.values.find((v) => chosen?.attributeValueIds.includes(v.id))?.value ?? '';
  const [colourName, sizeName] = [nameOf(colour!), nameOf(size!)];

  await page.goto('/admin-panel/shopping');
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('atrium.demoShop')) localStorage.removeItem(key);
  });
  await page.reload();
  const card = page.getByRole('article', { name: product.title });
  // Its picture is a stored file that loads (lazily: once scrolled to).
  await card.scrollIntoViewIfNeeded({ timeout: 30_000 });
  await expect(card.getByRole('img')).toHaveJSProperty('complete', true);
  expect(await card.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await card.getByRole('button', { name: `Choose options of ${product.title}` }).click();
  const dialog = page.getByRole('dialog', { name: product.title });
  const add = dialog.getByRole('button', { name: 'Add to cart' });
  await expect(add).toBeDisabled();
  await expect(dialog.getByText('Choose colour and size to add it to the cart.')).toBeVisible();
  await dialog.getByRole('group', { name: 'Colour' }).getByText(colourName, { exact: true }).click();
  await dialog.getByRole('group', { name: 'Size' }).getByText(sizeName, { exact: true }).click();
  await add.click();
  await expect(page.getByText('Added to your cart')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();

  // The server's cart, kept by id: there after a reload, with the line's offer as it was fixed when added.
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  const cart = page.getByRole('region', { name: 'Cart' });
  await expect(cart.getByText(chosen!.title, { exact: true })).toBeVisible();
  const offer = await cart.getByTestId('line-offer').textContent();
  expect(offer).toMatch(/^[1-4] offers? · Delivery by /);
  // The tab closed and the shop opened again in a new one: the same cart, the same offer.
  const context = page.context();
  await page.close();
  const tab = await context.newPage();
  errors.push(...collectPageErrors(tab));
  await tab.goto('/admin-panel/shopping');
  await expect(tab.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible({ timeout: 30_000 });
  await tab.getByRole('button', { name: 'Cart, 1 item' }).click();
  const kept = tab.getByRole('region', { name: 'Cart' });
  await expect(kept.getByText(chosen!.title, { exact: true })).toBeVisible();
  await expect(kept.getByTestId('line-offer')).toHaveText(offer ?? '');

  // Field-level errors, then the order.
  const checkout = tab.getByRole('form', { name: 'Checkout' });
  await checkout.getByRole('button', { name: 'Place order' }).click();
  await expect(checkout.getByText('Enter the email')).toBeVisible();
  await expect(checkout.getByText('Enter the postal code')).toBeVisible();
  const fields: [string, string][] = [
    ['Email', 'variant.shopper@example.com'],
    ['Full name', 'Vani Shopper'],
    ['Address', `${unique('')} Brigade Road`],
    ['City', 'Bengaluru'],
    ['Postal code', '560001'],
  ];
  for (const [name, value] of fields) await checkout.getByRole('textbox', { name, exact: true }).fill(value);
  await expect(checkout.getByLabel('Country', { exact: true })).toHaveValue('India');
  await checkout.getByRole('button', { name: 'Place order' }).click();
  const placed = tab.getByRole('status').filter({ hasText: /Order \S*\d+ placed/ });
  await expect(placed).toBeVisible();
  const reference = /Order (\S*\d+) placed/.exec((await placed.textContent()) ?? '')?.[1] ?? '';
  await expect(tab.getByRole('button', { name: 'Cart, empty' })).toBeVisible();

  const listed = await api<{ data: { id: string; reference: string }[] }>(
    'GET',
    `/api/v1/commerce/orders?q=${encodeURIComponent(reference)}`,
  );
  const order = listed.body.data.find((o) => o.reference === reference);
  const detail = await api<{ data: { lines: { variationId: string; variationTitle: string }[] } }>(
    'GET',
    `/api/v1/commerce/orders/${order?.id}/detail`,
  );
  expect(detail.body.data.lines.map((l) => [l.variationId, l.variationTitle])).toEqual([[chosen!.id, chosen!.title]]);
  expect(errors).toEqual([]);
});

/** The dashboard's sales metrics for the last 7 days, as the card asks for them (the browser's days and zone). */
async function metricsOfLastWeek(page: Page) {
  const { from, to, tz } = await page.evaluate(() => {
    const day = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
    return { from: day(new Date(Date.now() - 6 * 86_400_000)), to: day(new Date()), tz: Intl.DateTimeFormat().resolvedOptions().timeZone };
  });
  const res = await api<{ data: { currency: string; current: { totals: { revenue: number; orders: number } } } }>(
    'GET',
    `/api/v1/commerce/metrics?from=${from}&to=${to}&tz=${encodeURIComponent(tz)}`,
  );
  expect(res.status).toBe(200);
  return res.body.data.current.totals;
}

test('the dashboard’s sales add up the orders paid in the range', async ({ page }) => {
  const errors = collectPageErrors(page);
  // Layout shifts while the dashboard loads add up to less than 0.1 (space is kept for what loads).
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) w.__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/admin-panel/dashboard');
  const sales = page.getByRole('region', { name: 'Sales' });
  // A figure tile shows its number once the metrics are in (a skeleton before).
  await expect(sales.getByTestId('metric-Revenue')).toContainText(/\d/, { timeout: 30_000 });
  // The charts are drawn: a bar per day of the 30 shown, and a line per series through them.
  await expect(sales.getByRole('figure', { name: 'Revenue per day' }).locator('rect[data-series="revenueMajor"]')).toHaveCount(30);
  await expect(sales.getByRole('figure', { name: 'Visitors and paid orders per day' }).locator('polyline[data-series]')).toHaveCount(2);
  await expect(page.getByRole('heading', { name: 'Needs your attention' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent changes' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.1);
  // Charts with axes: each names what its axes measure.
  await expect(sales.getByRole('figure', { name: 'Revenue per day' })).toContainText('Revenue (INR)');
  await expect(sales.getByRole('figure', { name: 'Visitors and paid orders per day' })).toContainText(/Day.*Count/);

  // Two orders placed at the storefront and paid.
  const before = await metricsOfLastWeek(page);
  const products = await shop<{ id: string }[]>('GET', '/products?limit=2&sort=price_asc');
  let added = 0;
  for (const [i, p] of products.entries()) {
    const cart = await shop<{ id: string }>('POST', '/cart/lines', { productId: p.id, quantity: 1 });
    const order = await shop<{ id: string; total: number }>('POST', '/checkout', {
      cartId: cart.id,
      email: `metrics${i}@example.com`,
      name: 'Metric Buyer',
      shippingAddress: { name: 'Metric Buyer', line1: `${unique('')} Park Street`, city: 'Kolkata', postalCode: '700016', country: 'IN' },
    });
    expect((await api('POST', `/api/v1/commerce/orders/${order.id}/transition`, { event: 'pay' })).status).toBe(200);
    added += order.total;
  }
  const after = await metricsOfLastWeek(page);
  expect(after).toMatchObject({ revenue: before.revenue + added, orders: before.orders + 2 });

  // The last 7 days on the card: the same numbers.
  await sales.getByText('7 days', { exact: true }).click();
  const money = await page.evaluate(
    (minor) => new Intl.NumberFormat(undefined, { style: 'currency', currency: 'INR' }).format(minor / 100),
    after.revenue,
  );
  await expect(sales.getByTestId('metric-Revenue')).toContainText(money);
  await expect(sales.getByTestId('metric-Orders').getByText(after.orders.toLocaleString('en-US'), { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a Razorpay gateway is set up as a flow: keys under their names, its own test, then enabled', async ({ page }) => {
  const errors = collectPageErrors(page);
  const name = unique('Razorpay E2E ');
  await page.goto('/admin-panel/controlcenter/settings/payment-gateway');
  await page.getByRole('button', { name: 'Add a gateway' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up a payment gateway' });
  await dialog.getByRole('button', { name: /^Razorpay:/ }).click();
  await dialog.getByRole('textbox', { name: 'Name shown to payers' }).fill(name);
  await dialog.getByRole('button', { name: 'Save and continue' }).click();
  await expect(dialog.getByText('Enter the key id')).toBeVisible();

  // A wrong secret: saved, but the test says so.
  await dialog.getByRole('textbox', { name: 'Key ID' }).fill('rzp_test_1DP5mmOlF5G5ag');
  await dialog.getByLabel('Key secret').fill('notTheRightSecret42');
  await dialog.getByRole('button', { name: 'Save and continue' }).click();
  await dialog.getByRole('button', { name: `Test ${name}` }).click();
  await expect(dialog.getByText('Not connected')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled();

  await dialog.getByRole('button', { name: 'Change keys' }).click();
  await expect(dialog.getByText(/Stored: rzp_test_.+Leave empty to keep it\./)).toBeVisible();
  await dialog.getByLabel('Key secret').fill('thisIsATestKeySecret0042');
  await dialog.getByRole('button', { name: 'Save and continue' }).click();
  await dialog.getByRole('button', { name: `Test ${name}` }).click();
  await expect(dialog.getByText('Connected', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: `Enable ${name}` }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name });
  await expect(card.getByRole('switch', { name: `${name} enabled` })).toBeChecked();
  await expect(card.getByText('Key ID')).toBeVisible();
  await expect(card.getByText(/^rzp_test_•+/)).toBeVisible();
  await expect(page.getByText('keyId')).toHaveCount(0);

  // On a phone the mode and the switch stay in view.
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByLabel('Mode: Test')).toBeVisible();
  await expect(card.getByRole('switch', { name: `${name} enabled` })).toBeVisible();

  const listed = await api<{ data: { id: string; displayName: string; enabled: boolean }[] }>(
    'GET',
    `/api/v1/payments/gateways?q=${encodeURIComponent(name)}`,
  );
  const made = listed.body.data.find((g) => g.displayName === name);
  expect(made?.enabled).toBe(true);
  expect((await api('DELETE', `/api/v1/payments/gateways/${made?.id}`)).status).toBe(204);
  expect(errors).toEqual([]);
});
