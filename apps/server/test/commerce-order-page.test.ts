import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceOrderLines, commerceProducts, commerceSettings, commerceVariations } from '../src/modules/commerce/tables';
import { paymentTransactions } from '../src/modules/payments/tables';
import { randomIp, signedInAdmin, startTestApp, type TestCommunity } from './helpers';

/**
 * The order page's server side (issue 26): the detail with its payments, refunds in part by amount
 * or by lines through the payments ledger (reason, idempotency, failure gives back), the invoice and
 * packing slip as PDFs, the carriers list with tracking links.
 */

type Json = Record<string, any>;

const t = await startTestApp();
let a: TestCommunity;
let b: TestCommunity;

async function variation(c: TestCommunity, title: string, price: number): Promise<string> {
  const slug = `p-${randomBytes(4).toString('hex')}`;
  return t.app.db.withTenant(c.tenantId, async (tx) => {
    const [p] = await tx
      .insert(commerceProducts)
      .values({ tenantId: c.tenantId, title, slug, status: 'active', minPrice: price, maxPrice: price })
      .returning();
    const [v] = await tx
      .insert(commerceVariations)
      .values({ tenantId: c.tenantId, productId: p.id, sku: `SKU-${slug}`, price, onHand: 50, isDefault: true })
      .returning();
    return v.id;
  });
}

const shop = (c: TestCommunity, path: string, payload: Json) =>
  t.request({ method: 'POST', url: `/public/${c.name}/shop${path}`, payload, remoteAddress: randomIp() });
const admin = (c: TestCommunity, method: InjectOptions['method'], path: string, payload?: Json, headers?: Record<string, string>) =>
  t.request({ method, url: `/api/v1/commerce/${path}`, as: c, ...(payload ? { payload } : {}), ...(headers ? { headers } : {}) });

function ok(res: { statusCode: number; body: string; json(): any }, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data;
}
function refused(res: { statusCode: number; body: string; json(): any }, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.code).toBe(code);
  return res.json().error as { code: string; message: string; fields?: Record<string, string> };
}

const shippingAddress = {
  name: 'Lena Vogel',
  line1: 'Hauptstraße 5',
  city: 'Berlin',
  postalCode: '10115',
  country: 'DE',
  phone: '+49 30 1234567',
};

/** A placed order of two lines (2 × 1500 and 1 × 900), paid when `paid`. */
async function order(c: TestCommunity, paid = true): Promise<Json> {
  const cart = ok(await shop(c, '/cart', {}));
  for (const [title, price, quantity] of [
    ['Linen shirt', 1500, 2],
    ['Cotton scarf', 900, 1],
  ] as const) {
    ok(await shop(c, '/cart/lines', { cartId: cart.id, variationId: await variation(c, title, price), quantity }));
  }
  const placed = ok(
    await shop(c, '/checkout', {
      cartId: cart.id,
      email: `buyer-${randomBytes(3).toString('hex')}@example.com`,
      name: 'Lena Vogel',
      phone: '+49 30 1234567',
      shippingAddress,
      notes: 'Leave it with the neighbour',
    }),
    201,
  );
  if (paid) ok(await admin(c, 'POST', `orders/${placed.id}/transition`, { event: 'pay', note: 'cash' }));
  return ok(await admin(c, 'GET', `orders/${placed.id}/detail`));
}

async function pdfText(res: { statusCode: number; rawPayload: Buffer; headers: Record<string, unknown> }) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), { mergePages: true });
  return text as string;
}

beforeAll(async () => {
  a = await t.signup();
  b = await t.signup();
  for (const c of [a, b]) {
    await t.app.db.withTenant(c.tenantId, (tx) =>
      tx
        .insert(commerceSettings)
        .values({ tenantId: c.tenantId, currency: 'EUR', pricesIncludeTax: true, shippingPrice: 500, country: 'DE' }),
    );
  }
});
afterAll(() => t.close());

describe('the order page', () => {
  it('shows the customer, addresses, notes and the payment on the ledger', async () => {
    const o = await order(a);
    expect(o).toMatchObject({ customerName: 'Lena Vogel', phone: '+49 30 1234567', notes: 'Leave it with the neighbour' });
    expect(o.shippingAddress).toMatchObject({ line1: 'Hauptstraße 5', city: 'Berlin', country: 'DE' });
    expect(o.payments).toEqual([
      expect.objectContaining({ kind: 'manual', gateway: 'Recorded by hand', status: 'captured', amountMinor: o.total, refundedMinor: 0 }),
    ]);
    refused(await admin(b, 'GET', `orders/${o.id}/detail`), 404, 'not_found');
  });
});

describe('refunds', () => {
  it('refunds by lines with a reason: the lines’ share goes back through the ledger; the order stays open until all is refunded', async () => {
    const o = await order(a);
    const shirt = o.lines.find((l: Json) => l.title === 'Linen shirt');
    const after = ok(
      await admin(a, 'POST', `orders/${o.id}/refunds`, { lines: [{ orderLineId: shirt.id, quantity: 1 }], reason: 'Torn seam' }),
      201,
    );
    expect(after.refunded).toBe(shirt.total / 2);
    expect(after.status).toBe('paid');
    expect(after.lines.find((l: Json) => l.id === shirt.id).quantityRefunded).toBe(1);
    expect(after.payments[0]).toMatchObject({ status: 'partially_refunded', refundedMinor: shirt.total / 2 });
    const request = after.timeline.find((e: Json) => e.kind === 'refund_request');
    expect(request.data).toMatchObject({ status: 'refunded', reason: 'Torn seam', amount: shirt.total / 2 });
    expect(request.message).toContain('Torn seam');
    expect(after.timeline.some((e: Json) => e.kind === 'refunded_amount')).toBe(true);

    // The same unit twice is refused; the rest by amount refunds the order in full.
    refused(
      await admin(a, 'POST', `orders/${o.id}/refunds`, { lines: [{ orderLineId: shirt.id, quantity: 2 }], reason: 'Again' }),
      409,
      'return_exceeds_purchased',
    );
    const tooMuch = refused(await admin(a, 'POST', `orders/${o.id}/refunds`, { amount: o.total, reason: 'All' }), 400, 'validation_failed');
    expect(tooMuch.fields?.amount).toMatch(/At most/);
    const full = ok(await admin(a, 'POST', `orders/${o.id}/refunds`, { amount: o.total - after.refunded, reason: 'Goodwill' }), 201);
    expect(full).toMatchObject({ status: 'refunded', refunded: o.total });
    expect(full.payments[0]).toMatchObject({ status: 'refunded', refundedMinor: o.total });
    refused(await admin(a, 'POST', `orders/${o.id}/refunds`, { amount: 1, reason: 'More' }), 409, 'not_refundable');
  });

  it('refunds once for a repeated Idempotency-Key', async () => {
    const o = await order(a);
    const key = `refund-${randomUUID()}`;
    const first = ok(await admin(a, 'POST', `orders/${o.id}/refunds`, { amount: 700, reason: 'Late' }, { 'idempotency-key': key }), 201);
    const again = ok(await admin(a, 'POST', `orders/${o.id}/refunds`, { amount: 700, reason: 'Late' }, { 'idempotency-key': key }), 201);
    expect(first.refunded).toBe(700);
    expect(again.refunded).toBe(700);
    expect(again.payments[0].refundedMinor).toBe(700);
  });

  it('refuses bad input, unpaid orders, callers without payments write, and other communities', async () => {
    const o = await order(a);
    const line = o.lines[0];
    for (const body of [
      { amount: 100 },
      { amount: 100, reason: '' },
      { amount: 100, lines: [{ orderLineId: line.id, quantity: 1 }], reason: 'Both' },
      { reason: 'Neither' },
      { amount: -5, reason: 'Negative' },
    ]) {
      refused(await admin(a, 'POST', `orders/${o.id}/refunds`, body), 400, 'validation_failed');
    }
    refused(
      await admin(a, 'POST', `orders/${o.id}/refunds`, { lines: [{ orderLineId: randomUUID(), quantity: 1 }], reason: 'Unknown' }),
      400,
      'unknown_line',
    );
    const unpaid = await order(a, false);
    refused(await admin(a, 'POST', `orders/${unpaid.id}/refunds`, { amount: 100, reason: 'Unpaid' }), 409, 'not_refundable');
    const clerk = await signedInAdmin(t, a, { 'commerce-orders': 'write' });
    refused(await admin(clerk, 'POST', `orders/${o.id}/refunds`, { amount: 100, reason: 'Clerk' }), 403, 'forbidden');
    const viewer = await signedInAdmin(t, a, { 'commerce-orders': 'read', payments: 'write' });
    refused(await admin(viewer, 'POST', `orders/${o.id}/refunds`, { amount: 100, reason: 'Viewer' }), 403, 'forbidden');
    refused(await admin(b, 'POST', `orders/${o.id}/refunds`, { amount: 100, reason: 'Elsewhere' }), 404, 'not_found');
    expect(ok(await admin(a, 'GET', `orders/${o.id}/detail`)).refunded).toBe(0);
  });

  it('a refund the ledger refuses gives its line units back and is marked failed', async () => {
    const o = await order(a);
    const line = o.lines[0];
    // Another refund of the whole payment is in progress on the ledger.
    await t.app.db.withTenant(a.tenantId, (tx) =>
      tx
        .update(paymentTransactions)
        .set({ refunds: [{ id: 'held', key: 'held', amountMinor: o.total, status: 'reserved', at: new Date().toISOString() }] })
        .where(eq(paymentTransactions.id, o.payments[0].id)),
    );
    refused(
      await admin(a, 'POST', `orders/${o.id}/refunds`, { lines: [{ orderLineId: line.id, quantity: 1 }], reason: 'Blocked' }),
      409,
      'refund_in_progress',
    );
    const after = ok(await admin(a, 'GET', `orders/${o.id}/detail`));
    expect(after.refunded).toBe(0);
    expect(after.lines[0].quantityRefunded).toBe(0);
    const request = after.timeline.find((e: Json) => e.kind === 'refund_request');
    expect(request.data.status).toBe('failed');
    expect(request.message).toMatch(/failed/);
    const [stored] = await t.app.db.withTenant(a.tenantId, (tx) =>
      tx.select().from(commerceOrderLines).where(eq(commerceOrderLines.id, line.id)),
    );
    expect(stored.quantityRefunded).toBe(0);
  });
});

describe('documents', () => {
  it('the invoice and the packing slip are PDFs of the order (the slip without prices); other communities get 404', async () => {
    await t.app.db.withTenant(a.tenantId, (tx) =>
      tx
        .update(commerceSettings)
        .set({
          businessName: 'Vogel Textil GmbH',
          businessAddress: 'Torstraße 1\n10119 Berlin',
          taxId: 'DE123456789',
          invoiceFooter: 'Amtsgericht Berlin HRB 1',
        })
        .where(eq(commerceSettings.tenantId, a.tenantId)),
    );
    const o = await order(a);
    const invoice = await t.request({ method: 'GET', url: `/api/v1/commerce/orders/${o.id}/invoice.pdf`, as: a });
    expect(invoice.headers['content-disposition']).toContain(`Invoice ${o.reference}.pdf`);
    const text = await pdfText(invoice);
    for (const expected of [
      'Invoice',
      o.reference,
      'Vogel Textil GmbH',
      'Tax id DE123456789',
      'Hauptstraße 5',
      'Berlin, 10115',
      'Germany',
      'Linen shirt',
      '€15.00',
      'Amtsgericht Berlin HRB 1',
      'Leave it with the neighbour',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain(new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(o.total / 100));

    const slip = await pdfText(await t.request({ method: 'GET', url: `/api/v1/commerce/orders/${o.id}/packing-slip.pdf`, as: a }));
    expect(slip).toContain('Packing slip');
    expect(slip).toContain('Cotton scarf');
    expect(slip).not.toContain('€');

    refused(await t.request({ method: 'GET', url: `/api/v1/commerce/orders/${o.id}/invoice.pdf`, as: b }), 404, 'not_found');
    refused(await t.request({ method: 'GET', url: `/api/v1/commerce/orders/${randomUUID()}/packing-slip.pdf`, as: a }), 404, 'not_found');
  });
});

describe('carriers', () => {
  it('lists carriers (the shop’s country first); a listed carrier’s dispatch gets its tracking link', async () => {
    const carriers = ok(await admin(a, 'GET', 'carriers')) as Json[];
    expect(carriers[0].countries).toContain('DE');
    expect(carriers.map((c) => c.name)).toContain('Blue Dart');
    const o = await order(a);
    const dispatched = ok(await admin(a, 'POST', `orders/${o.id}/dispatches`, { carrier: 'blue dart', trackingNumber: 'BD 42' }), 201);
    expect(dispatched.dispatches[0]).toMatchObject({
      carrier: 'Blue Dart',
      trackingUrl: 'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=BD%2042',
    });
    const other = await order(a);
    const local = ok(await admin(a, 'POST', `orders/${other.id}/dispatches`, { carrier: 'Kiez Kurier', trackingNumber: 'K1' }), 201);
    expect(local.dispatches[0]).toMatchObject({ carrier: 'Kiez Kurier', trackingUrl: null });
  });
});

describe('catalogue CSV', () => {
  const csvOf = async (c: TestCommunity) => {
    const res = await t.request({ method: 'GET', url: '/api/v1/commerce/catalogue/export.csv', as: c });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    return res.body.replace(/^\ufeff/, '');
  };
  const importCsv = (c: TestCommunity, csv: string) =>
    t.request({ method: 'POST', url: '/api/v1/commerce/catalogue/import', as: c, payload: { csv } });

  it('exports one row per variation in the currency’s units and imports prices and stock back by SKU', async () => {
    const id = await variation(a, 'Wool hat', 1999);
    const [{ sku }] = await t.app.db.withTenant(a.tenantId, (tx) =>
      tx.select().from(commerceVariations).where(eq(commerceVariations.id, id)),
    );
    const csv = await csvOf(a);
    const [heading, ...rows] = csv.trim().split('\r\n');
    expect(heading).toBe(
      'Product,Product slug,Status,Variation,SKU,Price (EUR),Compare-at price (EUR),Stock,Reserved,Rating (stars),Reviews',
    );
    const row = rows.find((r) => r.includes(sku))!;
    expect(row).toMatch(new RegExp(`^Wool hat,p-[0-9a-f]+,active,,${sku},19\\.99,,50,0,,0$`));
    // The other community's catalogue is not in it.
    expect(await csvOf(b)).not.toContain(sku);

    const edited = csv.replace(row, row.replace(',19.99,,50,', ',24.50,29.00,7,'));
    expect(ok(await importCsv(a, edited))).toMatchObject({ updated: expect.any(Number) });
    const [after] = await t.app.db.withTenant(a.tenantId, (tx) =>
      tx.select().from(commerceVariations).where(eq(commerceVariations.id, id)),
    );
    expect(after).toMatchObject({ price: 2450, compareAtPrice: 2900, onHand: 7 });
    const [product] = await t.app.db.withTenant(a.tenantId, (tx) =>
      tx.select().from(commerceProducts).where(eq(commerceProducts.id, after.productId)),
    );
    expect(product.minPrice).toBe(2450);
  });

  it('checks every row first: an unknown SKU or a bad amount changes nothing; another community’s SKU is unknown', async () => {
    const id = await variation(a, 'Silk tie', 3000);
    const [{ sku }] = await t.app.db.withTenant(a.tenantId, (tx) =>
      tx.select().from(commerceVariations).where(eq(commerceVariations.id, id)),
    );
    const sheet = (...lines: string[]) => ['SKU,Price (EUR),Stock', ...lines].join('\n');
    const bad = refused(await importCsv(a, sheet(`${sku},12.00,3`, 'NO-SUCH-SKU,1.00,1', `${sku}x,abc,1`)), 400, 'validation_failed');
    expect(bad.fields).toMatchObject({ 'rows.3.sku': expect.stringContaining('NO-SUCH-SKU') });
    refused(await importCsv(a, sheet(`${sku},12.00,-1`)), 400, 'validation_failed');
    refused(await importCsv(a, sheet(`${sku},twelve,1`)), 400, 'validation_failed');
    refused(await importCsv(a, 'Name,Colour\nx,y'), 400, 'validation_failed');
    refused(await importCsv(b, sheet(`${sku},1.00,1`)), 400, 'validation_failed');
    const [after] = await t.app.db.withTenant(a.tenantId, (tx) =>
      tx.select().from(commerceVariations).where(eq(commerceVariations.id, id)),
    );
    expect(after).toMatchObject({ price: 3000, onHand: 50 });
    const viewer = await signedInAdmin(t, a, { 'commerce-catalogue': 'read' });
    refused(await importCsv(viewer, sheet(`${sku},1.00,1`)), 403, 'forbidden');
  });
});
