import { describe, expect, it } from 'vitest';
import { commerceOrders } from '../src/modules/commerce/tables';
import { appWith, randomIp, refusal, signedInAdmin, type TestCommunity } from './helpers';

/**
 * The dashboard's shop numbers (GET /api/v1/commerce/metrics): revenue, paid orders, average order
 * value, orders placed, storefront visitors (the kit's page-view counter) and conversion for a range
 * of days and the range before it; another community's orders and visits never count.
 */

const [t, a, b] = await appWith(2);
let number = 1000;

/** An order written straight into the table: placed at `placed`, paid at `paid` (unpaid when null). */
async function order(c: TestCommunity, total: number, placed: string, paid: string | null, refunded = 0) {
  number += 1;
  await t.app.db.withTenant(c.tenantId, (tx) =>
    tx.insert(commerceOrders).values({
      tenantId: c.tenantId,
      number,
      reference: `#${number}`,
      email: 'buyer@example.com',
      customerName: 'Buyer',
      status: paid ? 'paid' : 'pending_payment',
      currency: 'INR',
      pricesIncludeTax: true,
      subtotal: total,
      total,
      refunded,
      shippingAddress: { name: 'Buyer', line1: '1 Road', city: 'Pune', postalCode: '411001', country: 'IN' },
      createdAt: new Date(placed),
      paidAt: paid ? new Date(paid) : null,
    }),
  );
}

const metrics = (as: TestCommunity, query: string) => t.request({ method: 'GET', url: `/api/v1/commerce/metrics?${query}`, as });

describe('shop metrics for a range of days', () => {
  it('sums paid orders by the day they were paid, beside the range before, in the shop’s time zone', async () => {
    // In range (1–7 March 2026): two paid (one partly refunded), one placed and unpaid.
    await order(a, 100_000, '2026-03-02T10:00:00Z', '2026-03-02T10:05:00Z');
    await order(a, 50_000, '2026-03-05T09:00:00Z', '2026-03-05T09:01:00Z', 10_000);
    await order(a, 70_000, '2026-03-06T09:00:00Z', null);
    // Before it (22–28 February): one paid.
    await order(a, 30_000, '2026-02-25T12:00:00Z', '2026-02-25T12:00:00Z');
    // Paid at 20:00 UTC on 7 March: the 8th in India, outside the range there.
    await order(a, 9_000, '2026-03-07T20:00:00Z', '2026-03-07T20:00:00Z');
    // Another community's order on the same day.
    await order(b, 999_000, '2026-03-02T10:00:00Z', '2026-03-02T10:00:00Z');

    const utc = await metrics(a, 'from=2026-03-01&to=2026-03-07');
    expect(utc.statusCode, utc.body).toBe(200);
    const m = utc.json().data;
    expect(m.currency).toBe('INR');
    expect(m.current.totals).toMatchObject({ revenue: 149_000, orders: 3, averageOrderValue: 49_667, placed: 4 });
    expect(m.previous).toMatchObject({ from: '2026-02-22', to: '2026-02-28', totals: { revenue: 30_000, orders: 1, placed: 1 } });
    expect(m.current.days).toHaveLength(7);
    expect(m.current.days[1]).toMatchObject({ day: '2026-03-02', revenue: 100_000, orders: 1, placed: 1 });
    expect(m.current.days[4]).toMatchObject({ day: '2026-03-05', revenue: 40_000, orders: 1 });

    const india = (await metrics(a, 'from=2026-03-01&to=2026-03-07&tz=Asia/Kolkata')).json().data;
    expect(india.current.totals).toMatchObject({ revenue: 140_000, orders: 2, averageOrderValue: 70_000, placed: 3 });
    expect(india.timeZone).toBe('Asia/Kolkata');

    const other = (await metrics(b, 'from=2026-03-01&to=2026-03-07')).json().data;
    expect(other.current.totals).toMatchObject({ revenue: 999_000, orders: 1, placed: 1 });
  });

  it('counts storefront visitors from the page-view counter, and conversion as paid orders per 100 visitors', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const visit = (c: TestCommunity, ip: string, path = '/shop/products', agent = 'Mozilla/5.0 (test)') =>
      t.request({ method: 'GET', url: `/public/${c.name}${path}`, remoteAddress: ip, headers: { 'user-agent': agent } });
    const [one, two] = [randomIp(), randomIp()];
    for (const res of [await visit(a, one), await visit(a, one), await visit(a, two), await visit(b, one)])
      expect(res.statusCode).toBe(200);
    // Not page views: a crawler, a miss, a cart.
    expect((await visit(a, one, '/shop/products', 'Googlebot/2.1')).statusCode).toBe(200);
    expect((await visit(a, one, '/shop/products/no-such-product')).statusCode).toBe(404);
    await t.app.pageViews.flush();
    await order(a, 20_000, `${today}T00:00:01Z`, `${today}T00:00:02Z`);

    const m = (await metrics(a, `from=${today}&to=${today}`)).json().data;
    expect(m.current.totals).toMatchObject({ views: 3, visitors: 2, orders: 1, revenue: 20_000, conversionRate: 50 });
    expect(m.current.days).toEqual([{ day: today, revenue: 20_000, orders: 1, placed: 1, visitors: 2, views: 3 }]);
    const other = (await metrics(b, `from=${today}&to=${today}`)).json().data;
    expect(other.current.totals).toMatchObject({ views: 1, visitors: 1, orders: 0, conversionRate: 0 });
    // A range without visitors has no conversion rate (not 0 %).
    expect((await metrics(a, 'from=2020-01-01&to=2020-01-02')).json().data.current.totals.conversionRate).toBeNull();
  });

  it('refuses a range backwards, too long, a bad day or time zone (400 with the field)', async () => {
    expect(refusal(await metrics(a, 'from=2026-03-07&to=2026-03-01'), 400, 'validation_failed').fields).toHaveProperty('to');
    expect(refusal(await metrics(a, 'from=2024-01-01&to=2026-03-01'), 400, 'validation_failed').fields).toHaveProperty('from');
    expect((await metrics(a, 'from=March&to=2026-03-01')).statusCode).toBe(400);
    expect((await metrics(a, 'from=2026-03-01&to=2026-03-02&tz=Mars/Olympus')).statusCode).toBe(400);
    expect((await metrics(a, 'to=2026-03-01')).statusCode).toBe(400);
  });

  it('needs a session and the shop orders’ read permission', async () => {
    expect((await t.request({ method: 'GET', url: '/api/v1/commerce/metrics?from=2026-03-01&to=2026-03-07' })).statusCode).toBe(401);
    const editor = await signedInAdmin(t, a, { site: 'write' });
    expect((await metrics(editor, 'from=2026-03-01&to=2026-03-07')).statusCode).toBe(403);
    const reader = await signedInAdmin(t, a, { 'commerce-orders': 'read' });
    expect((await metrics(reader, 'from=2026-03-01&to=2026-03-07')).json().data.current.totals.orders).toBe(3);
  });
});
