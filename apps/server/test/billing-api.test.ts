import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payInvoice, platformGateways } from './billing-helpers';
import { apiOf, dataOf, refusal, startTestApp, type TestCommunity } from './helpers';
import { fakePaymentsConfig, startFakeGateways } from './payment-fakes';

type Json = Record<string, any>;

/**
 * Billing through the API: the plan catalogue priced by country (the Singapore override, from a
 * trusted header, GeoIP, or the community's country), the compat lines, a trial chosen at sign-up, an
 * upgrade invoiced with proration and GST and paid through the platform's gateway on the fake, a
 * downgrade at the period's end, gapless invoice numbers, the PDF, add-on requests, other communities.
 */
const fake = await startFakeGateways();
const t = await startTestApp({ payments: fakePaymentsConfig(fake), billingCountryHeader: 'cf-ipcountry' });
afterAll(async () => {
  await t.close();
  await fake.close();
});

let a: TestCommunity;
let b: TestCommunity;
let operator: TestCommunity;
const SG_IP = '103.6.148.1'; // in Singapore by the shipped GeoIP database
const US_IP = '8.8.8.8';

beforeAll(async () => {
  a = await t.signup();
  b = await t.signup();
  operator = await platformGateways(t, fake);
});

const pricing = async (headers: Record<string, string>, remoteAddress: string) => {
  const res = await t.request({ method: 'GET', url: '/public/platform/billing/pricing', headers, remoteAddress });
  return dataOf(res) as Json;
};
const firstPrices = (plans: Json[]) => Object.fromEntries(plans.map((p) => [p.name, [p.options[0].currency, p.options[0].priceMinor]]));

describe('plans priced by the sign-in country', () => {
  it('Singapore prices for SG (seed 001 §9), sorted by number, from the trusted header', async () => {
    const sg = await pricing({ 'cf-ipcountry': 'SG' }, US_IP);
    expect(sg).toMatchObject({ country: 'SG', source: 'header' });
    expect(sg.plans.map((p: Json) => p.name)).toEqual(['Starter', 'Prototype', 'Essential', 'Business', 'Enterprise']);
    expect(firstPrices(sg.plans)).toEqual({
      Starter: ['SGD', 1_900],
      Prototype: ['SGD', 8_900],
      Essential: ['SGD', 19_900],
      Business: ['SGD', 89_900],
      Enterprise: ['SGD', 1_200_000],
    });
    expect(sg.plans[0].options[0].period).toBe('monthly');
    expect(sg.addons.length).toBeGreaterThan(0);
  });

  it('without the header: the GeoIP database on the client address', async () => {
    expect(await pricing({}, SG_IP)).toMatchObject({ country: 'SG', source: 'geoip' });
    const us = await pricing({}, US_IP);
    expect(us).toMatchObject({ country: 'US', source: 'geoip' });
    expect(firstPrices(us.plans).Starter).toEqual(['INR', 99_900]);
  });

  it('neither: the community’s billing country (signed in), else the list prices', async () => {
    const local = { remoteAddress: '10.1.2.3' };
    const none = await pricing({}, local.remoteAddress);
    expect(none).toMatchObject({ country: null, source: 'none' });
    // The billing details are made from the owner's on first use (country IN).
    dataOf(await apiOf(t, a)('GET', 'billing/overview'));
    const account = dataOf(await apiOf(t, a)('GET', 'billing/account'));
    expect(account[0]).toMatchObject({ country: 'IN' });
    const [record] = account;
    dataOf(await apiOf(t, a)('PATCH', `billing/account/${record.id}`, { country: 'SG' }));
    const mine = dataOf(await t.request({ method: 'GET', url: '/api/v1/billing/pricing', as: a, ...local }));
    expect(mine).toMatchObject({ country: 'SG', source: 'community' });
    expect(firstPrices(mine.plans).Business).toEqual(['SGD', 89_900]);
    // The compat line prices the same way.
    const compat = await t.request({ method: 'POST', url: '/compat/content/masters/plans/get', as: a, payload: {}, ...local });
    expect(compat.statusCode, compat.body).toBe(200);
    expect(compat.json().data.map((p: Json) => [p.name, p.number, p.plans[0].priceMinor])).toEqual([
      ['Starter', 1, 1_900],
      ['Prototype', 2, 8_900],
      ['Essential', 3, 19_900],
      ['Business', 4, 89_900],
      ['Enterprise', 5, 1_200_000],
    ]);
    dataOf(await apiOf(t, a)('PATCH', `billing/account/${record.id}`, { country: 'IN' }));
  });

  it('the add-on catalogue: studio (community -), project API, and the kit list', async () => {
    const studio = await t.request({
      method: 'POST',
      url: '/compat/studio/masters/addOns/get',
      headers: { authorization: `Bearer ${a.token}`, 'community-name': '-' },
      payload: {},
    });
    expect(studio.statusCode, studio.body).toBe(200);
    const codes = studio.json().data.map((x: Json) => x.code);
    expect(codes).toContain('sms-1000');
    const project = await t.request({ method: 'POST', url: '/compat/project/addons', as: a, payload: {} });
    expect(project.json().data.map((x: Json) => x.code)).toEqual(codes);
  });

  it('only platform operators change the catalogue', async () => {
    const plans = dataOf(await apiOf(t, a)('GET', 'billing/plans'));
    refusal(await apiOf(t, a)('PATCH', `billing/plans/${plans[0].id}`, { name: 'Mine' }), 403, 'forbidden');
    const changed = dataOf(await apiOf(t, operator)('PATCH', `billing/plans/${plans[0].id}`, { description: 'For a new business' }));
    expect(changed.description).toBe('For a new business');
  });
});

describe('subscription and invoices', () => {
  let upgrade: Json;

  it('a community starts on a trial, and the plan chosen at sign-up becomes its trial', async () => {
    const overview = dataOf(await apiOf(t, a)('GET', 'billing/overview'));
    expect(overview.subscription).toMatchObject({ status: 'trial', planCode: 'enterprise' });
    const trial = dataOf(await apiOf(t, a)('POST', 'billing/subscription/trial', { planCode: 'starter' }));
    expect(trial).toMatchObject({ status: 'trial', planCode: 'starter', currency: 'INR', priceMinor: 99_900 });
    refusal(await apiOf(t, a)('POST', 'billing/subscription/trial', { planCode: 'nope' }), 400, 'validation_failed');
  });

  it('an upgrade from the trial is invoiced at the full price with GST 18%, numbered, then paid through the platform’s gateway', async () => {
    const change = dataOf(await apiOf(t, a)('POST', 'billing/subscription/change', { planCode: 'essential', period: 'monthly' }));
    expect(change.kind).toBe('upgrade');
    upgrade = change.invoice;
    expect(upgrade).toMatchObject({
      status: 'open',
      purpose: 'subscription',
      currency: 'INR',
      subtotalMinor: 999_900,
      taxName: 'GST',
      taxRatePpm: 180_000,
      taxMinor: 179_982,
      totalMinor: 1_179_882,
      reverseCharge: false,
    });
    expect(upgrade.number).toMatch(/^ATR-\d{6}$/);
    expect(upgrade.seller).toMatchObject({ name: 'Atrium Cloud Private Limited', country: 'IN' });
    expect(upgrade.buyer).toMatchObject({ country: 'IN' });
    // Not applied before it is paid.
    expect(dataOf(await apiOf(t, a)('GET', 'billing/overview')).subscription.planCode).toBe('starter');

    await payInvoice(t, fake, a, upgrade.id, operator);
    const paid = dataOf(await apiOf(t, a)('GET', `billing/invoices/${upgrade.id}`));
    expect(paid).toMatchObject({ status: 'paid' });
    // The platform ledger's transaction that paid it.
    expect(paid.paymentId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const overview = dataOf(await apiOf(t, a)('GET', 'billing/overview'));
    expect(overview.subscription).toMatchObject({ status: 'active', planCode: 'essential', priceMinor: 999_900, period: 'monthly' });
    refusal(await apiOf(t, a)('POST', `billing/invoices/${upgrade.id}/pay`), 409, 'already_paid');
  });

  it('an upgrade mid-period is prorated: credit of the unused time, the new price for what is left', async () => {
    const change = dataOf(await apiOf(t, a)('POST', 'billing/subscription/change', { planCode: 'business', period: 'monthly' }));
    expect(change.kind).toBe('upgrade');
    const invoice = change.invoice as Json;
    expect(invoice.purpose).toBe('upgrade');
    expect(invoice.lines).toHaveLength(2);
    const [charge, credit] = invoice.lines;
    // Nearly the whole month is left: the charge is just under Business's 4,999,900 and the credit under Essential's 999,900.
    expect(charge.amountMinor).toBeGreaterThan(4_990_000);
    expect(charge.amountMinor).toBeLessThanOrEqual(4_999_900);
    expect(-credit.amountMinor).toBeGreaterThan(997_000);
    expect(invoice.subtotalMinor).toBe(charge.amountMinor + credit.amountMinor);
    expect(invoice.taxMinor).toBe(Math.round((invoice.subtotalMinor * 18) / 100));
    expect(Number(invoice.number.slice(4))).toBe(Number(upgrade.number.slice(4)) + 1);
  });

  it('a downgrade waits for the period’s end and is not invoiced', async () => {
    const change = dataOf(await apiOf(t, a)('POST', 'billing/subscription/change', { planCode: 'starter', period: 'monthly' }));
    expect(change.kind).toBe('downgrade');
    expect(change.invoice).toBeUndefined();
    expect(change.subscription).toMatchObject({ planCode: 'essential', pendingPlanCode: 'starter' });
    expect(change.effectiveAt).toBe(change.subscription.periodEnd);
  });

  it('invoice numbers have no gaps: a rolled-back invoice gives its number back', async () => {
    const before = dataOf(await apiOf(t, b)('POST', 'billing/subscription/change', { planCode: 'prototype', period: 'monthly' })).invoice;
    await expect(
      t.app.db.withTenant(b.tenantId, async (tx) => {
        await tx.execute(`select billing_next_invoice_number()` as never);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const after = dataOf(await apiOf(t, b)('POST', 'billing/subscription/change', { planCode: 'essential', period: 'monthly' })).invoice;
    expect(Number(after.number.slice(4))).toBe(Number(before.number.slice(4)) + 1);
  });

  it('renders the invoice as a PDF', async () => {
    const res = await t.request({ method: 'GET', url: `/api/v1/billing/invoices/${upgrade.id}/pdf`, as: a });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(1500);
  });

  it('another community sees none of it, and cannot pay it', async () => {
    refusal(await apiOf(t, b)('GET', `billing/invoices/${upgrade.id}`), 404, 'not_found');
    refusal(await apiOf(t, b)('POST', `billing/invoices/${upgrade.id}/pay`), 404, 'not_found');
    refusal(await t.request({ method: 'GET', url: `/api/v1/billing/invoices/${upgrade.id}/pdf`, as: b }), 404, 'not_found');
    const theirs = dataOf(await apiOf(t, b)('GET', 'billing/invoices'));
    expect(theirs.every((i: Json) => i.id !== upgrade.id)).toBe(true);
  });

  it('a business buyer abroad with a tax id pays by reverse charge', async () => {
    dataOf(await apiOf(t, b)('GET', 'billing/overview'));
    const [account] = dataOf(await apiOf(t, b)('GET', 'billing/account'));
    dataOf(await apiOf(t, b)('PATCH', `billing/account/${account.id}`, { country: 'SG', taxId: '201912345K' }));
    const invoice = dataOf(await apiOf(t, b)('POST', 'billing/subscription/change', { planCode: 'business', period: 'monthly' })).invoice;
    expect(invoice).toMatchObject({ reverseCharge: true, taxMinor: 0, taxRatePpm: 0 });
    expect(invoice.totalMinor).toBe(invoice.subtotalMinor);
  });
});

describe('add-ons', () => {
  it('buys an instant add-on (an invoice; active once paid) and lists it with its usage', async () => {
    const { order, invoice } = dataOf(await apiOf(t, a)('POST', 'billing/addons/request', { addonCode: 'sms-1000', quantity: 2 }));
    expect(order).toMatchObject({ status: 'awaiting_payment', units: 2_000, quotaKey: 'messages:sms' });
    expect(invoice).toMatchObject({ purpose: 'addon', subtotalMinor: 99_800 });
    await payInvoice(t, fake, a, invoice.id, operator);
    const usage = await t.request({ method: 'POST', url: '/compat/content/miniStore/orders/getAddOnsUsage', as: a, payload: {} });
    const [active] = usage.json().data;
    expect(active).toMatchObject({ addonCode: 'sms-1000', status: 'active' });
    expect(active.usage).toMatchObject({ key: 'messages:sms', addonUnits: 2_000 });
  });

  it('asks the platform for an add-on that needs approval (requestAddOns), listed in my requests', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/compat/studio/miniStore/orders/requestAddOns',
      headers: { authorization: `Bearer ${a.token}`, 'community-name': '-' },
      payload: { code: 'admin-seat', quantity: 1, note: 'A new editor' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.order).toMatchObject({ status: 'requested', quotaKey: 'admins' });
    expect(res.json().data.invoice).toBeNull();
    const mine = await t.request({ method: 'POST', url: '/compat/content/miniStore/orders/getAddOns', as: a, payload: {} });
    expect(mine.json().data[0]).toMatchObject({ addonCode: 'admin-seat', status: 'requested' });
    const bad = await t.request({ method: 'POST', url: '/compat/content/miniStore/orders/getAddOns', as: b, payload: {} });
    expect(bad.json().data.find((o: Json) => o.addonCode === 'admin-seat')).toBeUndefined();
    refusal(await apiOf(t, a)('POST', 'billing/addons/request', { addonCode: 'nope' }), 400, 'validation_failed');
  });
});

describe('brand profile (the client profile) and its AI usage limit', () => {
  it('creates, reads and updates the one brand profile', async () => {
    const call = (path: string, payload: Json) =>
      t.request({ method: 'POST', url: `/compat/content/miniStore/brandProfile/${path}`, as: a, payload });
    expect((await call('get', {})).json().data).toBeNull();
    const created = (await call('create', { businessName: 'A Shop', primaryColor: '#123456' })).json().data;
    expect(created).toMatchObject({ businessName: 'A Shop', primaryColor: '#123456' });
    const updated = (await call('update', { primaryColor: '#654321' })).json().data;
    expect(updated).toMatchObject({ id: created.id, primaryColor: '#654321' });
    expect((await call('get', {})).json().data.id).toBe(created.id);
    expect(dataOf(await apiOf(t, a)('GET', 'settings/client-profile'))).toHaveLength(1);
    const bad = await call('update', { primaryColor: 'pink' });
    expect(bad.statusCode).toBe(400);
    const limit = (await call('Apilimit', {})).json().data;
    expect(limit).toMatchObject({ used: 0 });
    expect(limit.limit).toBeGreaterThan(0);
  });
});

describe('platform side: subscriptions and revenue', () => {
  const revenue = async () => dataOf(await apiOf(t, operator)('GET', 'billing/platform/revenue')) as Json;

  it('only platform operators read them', async () => {
    refusal(await apiOf(t, a)('GET', 'billing/platform/revenue'), 403, 'forbidden');
    refusal(await apiOf(t, a)('GET', 'billing/platform/subscriptions'), 403, 'forbidden');
  });

  it('MRR by currency from paying subscriptions (a year’s price counts a twelfth), churn over 30 days, paid invoices by month', async () => {
    // a is on Essential monthly (₹9,999.00); b's trial becomes Business yearly, paid, as a renewal would leave it.
    await t.app.db.query(
      `update billing_subscriptions set status = 'active', plan_code = 'business', period = 'yearly', currency = 'INR', price_minor = 49999000 where tenant_id = $1`,
      [b.tenantId],
    );
    const subs = dataOf(await apiOf(t, operator)('GET', 'billing/platform/subscriptions')) as Json[];
    expect(subs.find((s) => s.community === a.name)).toMatchObject({ planCode: 'essential', status: 'active', priceMinor: 999_900 });
    expect(subs.find((s) => s.community === b.name)).toMatchObject({ planCode: 'business', period: 'yearly' });
    expect(JSON.stringify(subs)).not.toContain(a.tenantId);
    const before = await revenue();
    // 999,900 + 49,999,000 ÷ 12 (4,166,583.33), rounded once.
    expect(before.mrr).toEqual([{ currency: 'INR', amountMinor: 5_166_483 }]);
    expect(before.churn).toEqual({ cancelledLast30Days: 0, rate: 0 });
    expect(before.subscriptions).toMatchObject({ active: 2 });
    // This month's paid invoices: a's (the upgrade and the SMS pack), nobody else's.
    const month = new Date().toISOString().slice(0, 7);
    const paidOfA = (dataOf(await apiOf(t, a)('GET', 'billing/invoices?limit=50')) as Json[]).filter((i) => i.status === 'paid');
    expect(paidOfA).toHaveLength(2);
    expect(before.paidByMonth).toEqual([
      { month, currency: 'INR', invoices: 2, totalMinor: paidOfA.reduce((sum, i) => sum + i.totalMinor, 0) },
    ]);

    // b's subscription ends (cancelled at the period's end): out of MRR, one churned of two.
    await t.app.db.query(`update billing_subscriptions set status = 'cancelled', updated_at = now() where tenant_id = $1`, [b.tenantId]);
    const after = await revenue();
    expect(after.mrr).toEqual([{ currency: 'INR', amountMinor: 999_900 }]);
    expect(after.churn).toEqual({ cancelledLast30Days: 1, rate: 0.5 });
    expect(after.subscriptions).toMatchObject({ active: 1, cancelled: 1 });
  });
});
