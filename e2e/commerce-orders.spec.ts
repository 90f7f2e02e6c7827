import type { Locator, Page } from '@playwright/test';
import { type Api, expect, test, type WorkerCommunity } from './fixtures';
import { BASE, collectPageErrors, unique } from './helpers';

/**
 * Selling, end to end: a shopper adds a product to the cart in the community's shop (the storefront API
 * behind the `shopping` screen), applies a coupon and places the order; the admin marks it paid and
 * dispatches it on the order page, and the order shows dispatched. The product is one the seeded
 * catalogue has on sale.
 */

/** Fills the cart's checkout form and places the order; the placed notice and the order's reference (`#1001`, `AT-1009`: the prefix is a shop setting). */
async function placeOrder(
  page: Page,
  cart: Locator,
  shopper: { email: string; name: string; address: string; city: string; postalCode: string },
) {
  const fields: [string, string][] = [
    ['Email', shopper.email],
    ['Full name', shopper.name],
    ['Address', shopper.address],
    ['City', shopper.city],
    ['Postal code', shopper.postalCode],
  ];
  for (const [name, value] of fields) await cart.getByRole('textbox', { name, exact: true }).fill(value);
  await cart.getByRole('button', { name: 'Place order' }).click();
  const placed = page.getByRole('status').filter({ hasText: /Order \S*\d+ placed/ });
  await expect(placed).toBeVisible();
  const reference = /Order (\S*\d+) placed/.exec((await placed.textContent()) ?? '')?.[1] ?? '';
  return { placed, reference };
}

interface ShopProduct {
  id: string;
  title: string;
}

/** Adds the product to the cart in the demo shop (its first choice of each option still in stock) and opens the cart. */
async function addToCart(page: Page, product: ShopProduct) {
  await page.getByRole('button', { name: `Choose options of ${product.title}` }).click();
  const dialog = page.getByRole('dialog', { name: product.title });
  const add = dialog.getByRole('button', { name: 'Add to cart' });
  // The options come with the product's details (a skeleton until then): read the groups once shown.
  await expect(add).toBeVisible();
  for (const group of await dialog.getByRole('group').all()) {
    if (await add.isEnabled()) break;
    // Mantine's chip input is visually hidden: its label is what a shopper clicks.
    await group.locator('input:not([disabled]) + label').first().click();
  }
  // A size picked before the sizes re-rendered for the colour may be sold out in it: try the others.
  for (const label of await dialog.getByRole('group').last().locator('input:not([disabled]) + label').all()) {
    if (await add.isEnabled()) break;
    await label.click();
  }
  await add.click();
  await expect(page.getByRole('button', { name: /^Cart, \d+ items?$/ })).toBeVisible();
  await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
  const cart = page.getByRole('region', { name: 'Cart' });
  await expect(cart.getByText(product.title, { exact: true })).toBeVisible();
  return cart;
}

test('a shopper orders with a coupon; the admin dispatches the order', async ({ page, api, community }) => {
  const errors = collectPageErrors(page);
  const products = (await (await fetch(`${BASE()}/public/${community.name}/shop/products?limit=5&sort=title`)).json()) as {
    data: ShopProduct[];
  };
  expect(products.data.length, 'the seeded catalogue has a product on sale').toBeGreaterThan(0);
  const product = products.data[0];

  const code = unique('E2E').toUpperCase();
  const coupon = await api('POST', '/api/v1/commerce/coupons', { code, kind: 'percentage', ratePpm: 100_000 });
  expect(coupon.status).toBe(201);

  await page.goto('/admin-panel/shopping');
  const cart = await addToCart(page, product);
  await expect(cart.getByText(/^\d+% off$/)).toBeVisible();
  await expect(cart.getByTestId('line-offer')).toHaveText(/^[1-4] offers? · Delivery by /);

  await cart.getByRole('textbox', { name: 'Coupon code', exact: true }).fill(code.toLowerCase());
  await cart.getByRole('button', { name: 'Apply coupon' }).click();
  await expect(cart.getByText(`Discount (${code})`, { exact: false })).toBeVisible();

  const shopper = {
    email: 'e2e.shopper@example.com',
    name: 'Esha Shopper',
    address: '7 Residency Road',
    city: 'Bengaluru',
    postalCode: '560025',
  };
  const { reference } = await placeOrder(page, cart, shopper);
  expect(reference).toMatch(/\d+$/);

  const listed = await api<{ data: { id: string; reference: string; couponCode: string; discount: number }[] }>(
    'GET',
    `/api/v1/commerce/orders?q=${encodeURIComponent(reference)}`,
  );
  const order = listed.body.data.find((o) => o.reference === reference);
  expect(order?.couponCode).toBe(code);
  expect(order?.discount).toBeGreaterThan(0);

  await page.goto(`/admin-panel/controlcenter/e-commerce/order-management?record=${order?.id}`);
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByLabel('Status: Awaiting payment')).toBeVisible();
  await drawer.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(drawer.getByLabel('Status: Paid')).toBeVisible();
  await drawer.getByRole('combobox', { name: 'Carrier', exact: true }).fill('Blue Dart');
  await drawer.getByRole('textbox', { name: 'Tracking number', exact: true }).fill('BD123456789');
  await drawer.getByRole('button', { name: 'Record dispatch' }).click();
  await expect(drawer.getByLabel('Status: Dispatched')).toBeVisible();
  await expect(drawer.getByText('Blue Dart · BD123456789', { exact: false })).toBeVisible();
  await expect(drawer.getByText(`Order ${reference} dispatched`)).toBeVisible();
  expect(errors).toEqual([]);
});

test('a shopper pays an order through Razorpay’s checkout (the fake gateway) and the admin sees it paid', async ({
  page,
  api,
  community,
}) => {
  const errors = collectPageErrors(page);
  const products = (await (await fetch(`${BASE()}/public/${community.name}/shop/products?limit=5&sort=title`)).json()) as {
    data: ShopProduct[];
  };
  const product = products.data[0];

  await page.goto('/admin-panel/shopping');
  const cart = await addToCart(page, product);
  const payer = { email: 'e2e.payer@example.com', name: 'Ravi Payer', address: '12 MG Road', city: 'Pune', postalCode: '411001' };
  const { placed, reference } = await placeOrder(page, cart, payer);

  // The hosted pay page opens the gateway's checkout; the shopper pays there.
  await placed.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(new RegExp(`/public/${community.name}/payments/transactions/[0-9a-f-]{36}/pay$`));
  await expect(page.getByRole('heading', { level: 1, name: /^Pay ₹/ })).toBeVisible();
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await page
    .getByRole('dialog', { name: 'Fake Razorpay checkout' })
    .getByRole('button', { name: /with fake Razorpay/ })
    .click();

  // The signature is checked on the server, then the shopper lands on the outcome screen.
  await expect(page).toHaveURL(/\/payment-gateway\/success\?/);
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await expect(page.getByText(`Reference: ${reference}`)).toBeVisible();

  const listed = await api<{ data: { id: string; reference: string; status: string }[] }>(
    'GET',
    `/api/v1/commerce/orders?q=${encodeURIComponent(reference)}`,
  );
  const order = listed.body.data.find((o) => o.reference === reference);
  expect(order?.status).toBe('paid');
  await page.goto(`/admin-panel/controlcenter/e-commerce/order-management?record=${order?.id}`);
  await expect(page.getByRole('dialog').getByLabel('Status: Paid')).toBeVisible();
  expect(errors).toEqual([]);
});

/** A paid order of the worker community's shop placed through the storefront API: its id and reference. */
async function paidOrder(community: WorkerCommunity, api: Api): Promise<{ id: string; reference: string }> {
  const shopApi = async (path: string, body?: unknown) => {
    const res = await fetch(`${BASE()}/public/${community.name}/shop${path}`, {
      method: body ? 'POST' : 'GET',
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(res.ok, `${path}: ${res.status}`).toBe(true);
    return ((await res.json()) as { data: any }).data;
  };
  const products = (await shopApi('/products?limit=10&sort=title')) as ShopProduct[];
  const cart = await shopApi('/cart', {});
  let added = 0;
  for (const p of products) {
    const detail = await shopApi(`/products/${p.id}`);
    const variation = (detail.variations as { id: string; available?: number; inStock?: boolean }[])[0];
    const res = await fetch(`${BASE()}/public/${community.name}/shop/cart/lines`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cartId: cart.id, variationId: variation.id, quantity: 2 }),
    });
    if (res.ok && ++added === 2) break;
  }
  expect(added, 'two products in stock').toBe(2);
  const order = await shopApi('/checkout', {
    cartId: cart.id,
    email: `e2e.refund.${Date.now()}@example.com`,
    name: 'Meera Refund',
    phone: '+91 98450 12345',
    shippingAddress: { name: 'Meera Refund', line1: '42 Lake View Road', city: 'Kochi', postalCode: '682001', country: 'IN' },
    notes: 'Ring the bell twice',
  });
  const paid = await api('POST', `/api/v1/commerce/orders/${order.id}/transition`, { event: 'pay' });
  expect(paid.status).toBe(200);
  return { id: order.id, reference: order.reference };
}

test('the order page shows the customer and addresses, refunds part of an order by items with a reason, and offers the invoice', async ({
  page,
  community,
  api,
}) => {
  const errors = collectPageErrors(page);
  const order = await paidOrder(community, api);
  await page.goto(`/admin-panel/controlcenter/e-commerce/order-management?record=${order.id}`);
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByLabel('Status: Paid')).toBeVisible();
  const shipping = drawer.getByRole('region', { name: 'Shipping address' });
  await expect(shipping).toContainText('42 Lake View Road');
  await expect(shipping).toContainText('Kochi, 682001');
  await expect(drawer.getByRole('region', { name: 'Customer' })).toContainText('+91 98450 12345');
  await expect(drawer.getByRole('region', { name: 'Notes' })).toContainText('Ring the bell twice');
  await expect(drawer.getByRole('region', { name: 'Payment' })).toContainText('Recorded by hand');

  await drawer.getByRole('button', { name: 'Refund', exact: true }).click();
  const refund = page.getByRole('dialog', { name: `Refund order ${order.reference}` });
  await refund
    .getByRole('textbox', { name: /units to refund/ })
    .first()
    .fill('1');
  await refund.getByRole('textbox', { name: 'Reason' }).fill('One arrived damaged');
  const submit = refund.getByRole('button', { name: /^Refund ₹/ });
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(refund).toBeHidden();
  await expect(drawer.getByText(/requested: One arrived damaged/)).toBeVisible();
  await expect(drawer.getByText(/^Refunded ₹/)).toBeVisible();
  await expect(drawer.getByLabel('Status: Paid')).toBeVisible();

  const download = page.waitForEvent('download');
  await drawer.getByRole('button', { name: 'Print' }).click();
  await page.getByRole('menuitem', { name: 'Invoice (PDF)' }).click();
  expect((await download).suggestedFilename()).toBe(`Invoice ${order.reference}.pdf`);
  expect(errors).toEqual([]);
});

test('on a phone (390×844) the orders list and an order page do not scroll sideways', async ({ page, community, api }) => {
  const order = await paidOrder(community, api);
  await page.setViewportSize({ width: 390, height: 844 });
  const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  await page.goto('/admin-panel/controlcenter/e-commerce/order-management');
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  expect(await noSidewaysScroll()).toBe(true);
  await page.goto(`/admin-panel/controlcenter/e-commerce/order-management?record=${order.id}`);
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByLabel('Status: Paid')).toBeVisible();
  await expect(drawer.getByRole('list', { name: 'Order lines' })).toBeVisible();
  expect(await noSidewaysScroll()).toBe(true);
  const overflow = await drawer.evaluate((el) => {
    const body = el.querySelector('.mantine-Drawer-body') ?? el;
    return body.scrollWidth - body.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(1);
});
