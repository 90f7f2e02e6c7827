import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BASE, collectPageErrors, OWNER_EMAIL, ownerPassword, signInByApi, unique } from './helpers';

type Json = Record<string, any>;

/** A call to the API with the token the console keeps after signing up. */
async function consoleApi(page: Page, method: string, path: string, body?: unknown) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(body ? { data: body } : {}),
  });
  return { status: res.status(), body: (await res.json()) as Json };
}

/**
 * Billing (issue 27), end to end: a visitor compares the plans on the public pricing page and signs up
 * on /getapp with Starter (its trial); the owner's third admin is refused by the plan's limit, naming it
 * and the add-on that lifts it; the owner upgrades to Essential, pays the invoice through the platform's
 * gateway (the fake Razorpay) from the BillingIframe step, lands on billing/done with the verified
 * result, opens the invoice's PDF, and the admin refused before is now added.
 */
test('a new community on Starter hits the admin limit, upgrades, pays in the billing step, and the limit is lifted', async ({
  browser,
}) => {
  // A fresh visitor: no session (the worker community's owner is not used here).
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const errors = collectPageErrors(page);

  // The public pricing page: the five plans sorted by number, with their list prices.
  await page.goto('/admin-panel/plans-vue');
  await expect(page.getByRole('heading', { name: 'Plans and pricing', level: 1 })).toBeVisible();
  const names = page.getByRole('heading', { level: 2 });
  await expect(names).toHaveText(['Starter', 'Prototype', 'Essential', 'Business', 'Enterprise']);
  await expect(page.getByText('₹999.00 per month')).toBeVisible();
  await expect(page.getByText('₹9,999.00 per month')).toBeVisible();
  // Mantine's segmented control hides its radios: the label is what a visitor clicks.
  await page.getByRole('radiogroup', { name: 'Billing period' }).getByText('Yearly').click();
  await expect(page.getByText('₹9,990.00 per year')).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Billing period' }).getByText('Monthly').click();
  await page.getByRole('link', { name: 'Start with Starter' }).click();

  // /getapp: sign up with the plan chosen there.
  await expect(page).toHaveURL(/\/getapp\?plan=starter/);
  await expect(page.getByRole('heading', { name: 'Get started', level: 1 })).toBeVisible();
  await expect(page.getByText('14 days free, then ₹999.00 per month.')).toBeVisible();
  const community = unique('bill-').toLowerCase();
  await page.getByRole('textbox', { name: 'Community name' }).fill(community);
  await page.getByRole('textbox', { name: 'Your name' }).fill('Bina Owner');
  await page.getByRole('textbox', { name: 'Email' }).fill(`owner@${community}.example`);
  await page.getByRole('textbox', { name: 'Password' }).fill('billing-owner-pass-1');
  await page.getByRole('button', { name: 'Create my community' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/billing$/);
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Starter\s+Trial$/, level: 2 })).toBeVisible();
  await expect(page.getByText('No invoices yet.')).toBeVisible();

  // Starter allows two admins: the owner and one more.
  const first = await consoleApi(page, 'POST', '/api/v1/identity/admins', { name: 'Second Admin', email: `second@${community}.example` });
  expect(first.status, JSON.stringify(first.body)).toBe(201);
  await page.goto('/admin-panel/controlcenter/settings/admin-management');
  await page.getByRole('button', { name: 'New admin' }).click();
  const form = page.getByRole('dialog');
  await form.getByRole('textbox', { name: 'Name' }).fill('Third Admin');
  await form.getByRole('textbox', { name: 'Email' }).fill(`third@${community}.example`);
  await form.getByRole('button', { name: 'Create admin' }).click();
  await expect(form.getByText('Your Starter plan allows 2 admins; 2 used, 1 more asked.', { exact: false })).toBeVisible();
  await expect(form.getByText('The “Extra admin” add-on raises it (Add-ons), or upgrade your plan.', { exact: false })).toBeVisible();

  // Upgrade to Essential from Billing: an invoice to pay in the billing step.
  await page.goto('/admin-panel/billing');
  await page.getByRole('button', { name: 'Choose Essential' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/BillingIframe\?invoice=[0-9a-f-]{36}$/);
  const invoiceId = new URL(page.url()).searchParams.get('invoice')!;
  await expect(page.getByRole('heading', { name: 'Pay your invoice', level: 1 })).toBeVisible();
  // Essential monthly, ₹9,999.00 plus GST at 18% (₹1,799.82): ₹11,798.82.
  const pay = page.getByRole('button', { name: 'Pay ₹11,798.82' });
  await expect(pay).toBeVisible();

  // The platform's hosted pay page opens in the gateway's window; the payer pays on the fake Razorpay.
  const popupOpened = page.waitForEvent('popup');
  await pay.click();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(/\/public\/-\/payments\/transactions\/[0-9a-f-]{36}\/pay$/);
  await popup.getByRole('button', { name: /^Pay ₹/ }).click();
  await popup
    .getByRole('dialog', { name: 'Fake Razorpay checkout' })
    .getByRole('button', { name: /with fake Razorpay/ })
    .click();
  await expect(popup).toHaveURL(/\/payment-gateway\/success\?/);
  await popup.close();

  // The billing step moves on by itself once the server has verified the payment.
  await expect(page).toHaveURL(new RegExp(`/admin-panel/billing/done\\?invoice=${invoiceId}$`));
  await expect(page.getByRole('heading', { name: 'Payment received', level: 1 })).toBeVisible();
  await expect(page.getByText('the payment is verified and your invoice is paid')).toBeVisible();

  // The PDF opens in a tab of its own (fetched with the session's token, shown from a blob).
  const pdfResponse = page.waitForResponse((r) => r.url().endsWith(`/api/v1/billing/invoices/${invoiceId}/pdf`));
  const tabOpened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Invoice PDF' }).click();
  const pdf = await pdfResponse;
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await tabOpened).url()).toMatch(/^blob:/);
  // What the tab shows (the page's fetch body is not kept by the browser once read into the blob).
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const file = await page.request.get(`/api/v1/billing/invoices/${invoiceId}/pdf`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = await file.body();
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(1000);

  // Billing: Essential, active, with the paid invoice listed.
  await page.goto('/admin-panel/billing');
  await expect(page.getByRole('heading', { name: /^Essential\s+Active$/, level: 2 })).toBeVisible();
  const invoice = (await consoleApi(page, 'GET', `/api/v1/billing/invoices/${invoiceId}`)).body.data;
  expect(invoice.status).toBe('paid');
  expect(invoice.totalMinor).toBe(1_179_882);
  const row = page.getByRole('row').filter({ hasText: invoice.number });
  await expect(row).toContainText('Subscription');
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('₹11,798.82');

  // The admin refused before is added now (Essential allows five).
  await page.goto('/admin-panel/controlcenter/settings/admin-management');
  await page.getByRole('button', { name: 'New admin' }).click();
  await form.getByRole('textbox', { name: 'Name' }).fill('Third Admin');
  await form.getByRole('textbox', { name: 'Email' }).fill(`third@${community}.example`);
  await form.getByRole('button', { name: 'Create admin' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: `third@${community}.example` })).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test('the public pricing and sign-up pages need no sign-in', async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto('/getapp?plan=business');
  await expect(page.getByRole('heading', { name: 'Get started', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Plan' })).toHaveValue('Business');
  await expect(page.getByText('14 days free, then ₹49,999.00 per month.')).toBeVisible();
  await page.getByRole('link', { name: 'pricing page' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/plans-vue$/);
  await expect(page.getByRole('heading', { name: 'Enterprise', level: 2 })).toBeVisible();
  await expect(page.getByText('₹75,000.00 per month')).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test('a platform operator sees revenue and subscriptions, and decides an add-on request', async ({ browser, community }) => {
  // The demo owner also owns the platform community (-): signed in there, an operator.
  const token = await signInByApi(OWNER_EMAIL, ownerPassword(), '-');
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [{ origin: BASE(), localStorage: [{ name: 'token', value: token }] }] },
  });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto('/admin-panel/billing');
  await page.getByRole('link', { name: 'Platform billing' }).click();
  await expect(page.getByRole('heading', { name: 'Platform billing', level: 1 })).toBeVisible();
  // Every seeded community is on Business monthly (₹49,999.00): the MRR counts at least the demo's and this worker's.
  const mrr = Number((await page.getByTestId('figure-mrr-INR').textContent())!.replace(/[₹,]/g, ''));
  expect(mrr).toBeGreaterThanOrEqual(2 * 49_999);
  await expect(page.getByTestId('figure-churn')).toHaveText(/^\d+\.\d%$/);
  await expect(page.getByRole('figure', { name: 'Paid invoices per month in INR' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: community.name }).filter({ hasText: 'business' })).toBeVisible();
  // The worker community's seeded request for two extra admins: rejected, it leaves the list.
  const reject = page.getByRole('button', { name: `Reject Extra admin for ${community.name}` });
  await reject.click();
  await expect(reject).toBeHidden();
  await expect(page.getByRole('button', { name: `Approve Extra admin for ${community.name}` })).toBeHidden();
  expect(errors).toEqual([]);
  await context.close();
});
