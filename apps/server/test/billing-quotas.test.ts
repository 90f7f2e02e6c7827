import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payInvoice, platformGateways } from './billing-helpers';
import { emailContacts, emailTemplate } from './campaign-fakes';
import { apiOf, dataOf, multipart, refusal, startTestApp, type TestCommunity, waitFor } from './helpers';
import { fakePaymentsConfig, startFakeGateways } from './payment-fakes';
import { exampleInput, insertMany } from './resource-fixtures';

type Json = Record<string, any>;

/**
 * Quotas at the point of use: admins, shop products, contacts and uploads over the plan's limit are
 * refused (402 naming the limit and the add-on that lifts it) by every way of making them; counters
 * stay exact under concurrent writes; deletes give back; an add-on or an upgrade lifts the limit.
 */
const fake = await startFakeGateways();
const t = await startTestApp({ payments: fakePaymentsConfig(fake) });
afterAll(async () => {
  await t.close();
  await fake.close();
});

let a: TestCommunity;
let b: TestCommunity;
let operator: TestCommunity;
const products = () => t.app.resources.get('commerce/products')!;
const usageOf = async (who: TestCommunity, key: string) =>
  (dataOf(await apiOf(t, who)('GET', 'billing/overview')).usage as Json[]).find((u) => u.key === key)!;

/** The Starter plan's limits for this app's catalogue (the platform operator edits it). */
async function starterLimits(limits: Record<string, number>) {
  const [starter] = dataOf(await apiOf(t, operator)('GET', 'billing/plans?q=starter'));
  dataOf(await apiOf(t, operator)('PATCH', `billing/plans/${starter.id}`, { limits: { ...starter.limits, ...limits } }));
}

beforeAll(async () => {
  operator = await platformGateways(t, fake);
  await starterLimits({ admins: 2, products: 5, storage: 12_000 });
  a = await t.signup();
  b = await t.signup();
  for (const who of [a, b]) dataOf(await apiOf(t, who)('POST', 'billing/subscription/trial', { planCode: 'starter' }));
});

describe('quotas enforced where the work happens', () => {
  it('admins: the second one fits, the third is a 402 naming the limit and the add-on', async () => {
    dataOf(
      await apiOf(t, a)('POST', 'identity/admins', { name: 'Second', email: `second@${a.name}.example`, password: 'second-pass-1' }),
      201,
    );
    const refused = refusal(
      await apiOf(t, a)('POST', 'identity/admins', { name: 'Third', email: `third@${a.name}.example`, password: 'third-pass-1' }),
      402,
      'quota_exceeded',
    );
    expect(refused.message).toContain('Starter plan allows 2 admins');
    expect(refused.message).toContain('Extra admin');
    expect(refused.fields).toMatchObject({ quota: 'admins', limit: '2', used: '2', addon: 'admin-seat' });
    // The compat line is the same operation: refused too, nothing made.
    const compat = await t.request({
      method: 'POST',
      url: '/compat/content/users/addAdmin',
      as: a,
      payload: { name: 'Third', email: `third@${a.name}.example`, password: 'third-pass-1' },
    });
    expect(compat.statusCode).toBe(402);
    expect(dataOf(await apiOf(t, a)('GET', 'identity/admins'))).toHaveLength(2);
  });

  it('products: counted from the records made before, exact under concurrent creates, given back on delete', async () => {
    // Two products made before billing counted anything (straight in the table).
    await insertMany(t.app, products(), a.tenantId, 2);
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        apiOf(t, a)('POST', 'commerce/products', { ...exampleInput(products()), title: `Concurrent ${i}`, slug: undefined }),
      ),
    );
    const codes = attempts.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 402)).toHaveLength(5);
    for (const refused of attempts.filter((r) => r.statusCode === 402)) expect(refused.json().error.fields.quota).toBe('products');
    const listed = await apiOf(t, a)('GET', 'commerce/products?limit=50');
    expect(listed.json().total).toBe(5);
    expect(await usageOf(a, 'products')).toMatchObject({ used: 5, limit: 5 });
    // A delete gives one back; the next create fits again, then the one after is refused.
    const made = attempts.find((r) => r.statusCode === 201)!.json().data;
    expect((await apiOf(t, a)('DELETE', `commerce/products/${made.id}`)).statusCode).toBe(204);
    expect(await usageOf(a, 'products')).toMatchObject({ used: 4 });
    dataOf(await apiOf(t, a)('POST', 'commerce/products', { ...exampleInput(products()), title: 'After delete' }), 201);
    refusal(await apiOf(t, a)('POST', 'commerce/products', { ...exampleInput(products()), title: 'One too many' }), 402, 'quota_exceeded');
  });

  it('contacts: exact under concurrent creates, the refusal names the limit (no add-on lifts it: upgrade)', async () => {
    const before = (await usageOf(b, 'contacts')).used as number;
    await starterLimits({ contacts: before + 3 });
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        apiOf(t, b)('POST', 'marketing/contacts', { name: `Reader ${i}`, email: `reader${i}@${b.name}.example` }),
      ),
    );
    const codes = attempts.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 402)).toHaveLength(5);
    const refused = attempts.find((r) => r.statusCode === 402)!.json().error;
    expect(refused.message).toBe(
      `Your Starter plan allows ${before + 3} contacts; ${before + 3} used, 1 more asked. Upgrade your plan to raise it.`,
    );
    expect(refused.fields).toMatchObject({ quota: 'contacts', limit: String(before + 3), used: String(before + 3) });
    expect(refused.fields.addon).toBeUndefined();
    expect(await usageOf(b, 'contacts')).toMatchObject({ used: before + 3, limit: before + 3 });
    const listed = await apiOf(t, b)('GET', `marketing/contacts?q=${encodeURIComponent(`@${b.name}.example`)}&limit=50`);
    expect(listed.json().total).toBe(3);
  });

  it('campaign sends: credits taken per message; a send beyond them pauses the campaign naming the limit, nothing sent', async () => {
    const v1 = apiOf(t, b);
    await starterLimits({ contacts: 1_000, 'messages:email': 4 });
    // Only this test's three readers are sendable in the "everyone" audience.
    await t.app.db.query(`update marketing_contacts set email_consent = 'opted_out' where tenant_id = $1`, [b.tenantId]);
    await emailContacts(t, b, 3, 'credit', 'credits.example.com');
    const templateId = await emailTemplate(t, b);
    const audienceId = dataOf(await v1('POST', 'marketing/audiences', { name: 'Credits', channel: 'email' }), 201).id;
    const send = async (name: string) => {
      const c = dataOf(await v1('POST', 'campaigns/campaigns', { name, channel: 'email', templateId, audienceIds: [audienceId] }), 201);
      dataOf(await v1('POST', `campaigns/campaigns/${c.id}/launch`));
      return waitFor(
        `${name} done`,
        async () => {
          const now = dataOf(await v1('GET', `campaigns/campaigns/${c.id}`));
          return now.status === 'sent' || now.status === 'paused' ? now : undefined;
        },
        60_000,
      );
    };
    const first = await send('Within credits');
    expect(first.status).toBe('sent');
    expect(await usageOf(b, 'messages:email')).toMatchObject({ used: 3, limit: 4 });
    const second = await send('Beyond credits');
    expect(second.status).toBe('paused');
    expect(second.statusReason).toContain('Your Starter plan allows 4 campaign emails this period; 3 used, 3 more asked.');
    expect(second.statusReason).toContain('“Email pack');
    expect(await usageOf(b, 'messages:email')).toMatchObject({ used: 3 });
    const [{ n }] = await t.app.db.query<{ n: number }>(
      `select count(*)::int as n from campaign_recipients where campaign_id = $1 and state = 'sent'`,
      [second.id],
    );
    expect(n).toBe(0);
  });

  it('another community’s counters are its own', async () => {
    dataOf(await apiOf(t, b)('POST', 'commerce/products', { ...exampleInput(products()), title: 'B’s first' }), 201);
    expect(await usageOf(b, 'products')).toMatchObject({ used: 1 });
  });

  it('uploads: bytes over the storage limit are refused and nothing is kept; deleting a file gives its bytes back', async () => {
    const file = (n: number, name: string) =>
      multipart([{ field: 'file', filename: name, type: 'text/plain', data: Buffer.alloc(n, 'a') }]);
    const upload = (n: number, name: string) => {
      const body = file(n, name);
      return t.request({ method: 'POST', url: '/api/v1/media/files', payload: body.payload, headers: body.headers, as: a });
    };
    const first = await upload(8_000, 'first.txt');
    expect(first.statusCode, first.body).toBe(201);
    const stored = first.json().data[0];
    const second = await upload(8_000, 'second.txt');
    expect(second.statusCode, second.body).toBe(402);
    expect(second.json().error.message).toContain('Cloud storage');
    const listed = dataOf(await apiOf(t, a)('GET', 'media/files'));
    expect(listed.map((f: Json) => f.filename)).toEqual(['first.txt']);
    expect(await usageOf(a, 'storage')).toMatchObject({ used: 8_000 });
    expect((await apiOf(t, a)('DELETE', `media/files/${stored.id}`)).statusCode).toBe(204);
    expect(await usageOf(a, 'storage')).toMatchObject({ used: 0 });
    expect((await upload(8_000, 'third.txt')).statusCode).toBe(201);
  });

  it('an upgrade lifts the limit once paid: refused before, allowed after', async () => {
    const email = `after@${a.name}.example`;
    refusal(await apiOf(t, a)('POST', 'identity/admins', { name: 'After', email, password: 'after-pass-1' }), 402, 'quota_exceeded');
    const { invoice } = dataOf(await apiOf(t, a)('POST', 'billing/subscription/change', { planCode: 'essential', period: 'monthly' }));
    // Until it is paid, still refused.
    refusal(await apiOf(t, a)('POST', 'identity/admins', { name: 'After', email, password: 'after-pass-1' }), 402, 'quota_exceeded');
    await payInvoice(t, fake, a, invoice.id, operator);
    dataOf(await apiOf(t, a)('POST', 'identity/admins', { name: 'After', email, password: 'after-pass-1' }), 201);
  });

  it('an approved add-on raises the limit by its units', async () => {
    await starterLimits({ admins: 1 });
    refusal(
      await apiOf(t, b)('POST', 'identity/admins', { name: 'Helper', email: `helper@${b.name}.example`, password: 'helper-pass-1' }),
      402,
      'quota_exceeded',
    );
    const { order } = dataOf(await apiOf(t, b)('POST', 'billing/addons/request', { addonCode: 'admin-seat' }));
    expect(order.status).toBe('requested');
    const decided = dataOf(
      await apiOf(t, operator)('POST', `billing/platform/addon-requests/${b.name}/${order.id}/decide`, { approve: true }),
    );
    expect(decided.order.status).toBe('awaiting_payment');
    await payInvoice(t, fake, b, decided.invoice.id, operator);
    dataOf(
      await apiOf(t, b)('POST', 'identity/admins', { name: 'Helper', email: `helper@${b.name}.example`, password: 'helper-pass-1' }),
      201,
    );
    expect(await usageOf(b, 'admins')).toMatchObject({ used: 2, limit: 2, planLimit: 1, addonUnits: 1 });
  });
});
