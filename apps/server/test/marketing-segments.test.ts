import { type SQLWrapper, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/kernel/resources';
import { explain } from '../src/kernel/resources/resource';
import type { ContactInput } from '../src/modules/marketing/contacts/merge';
import { audienceMembersQuery } from '../src/modules/marketing/segments/audiences';
import { compileRules } from '../src/modules/marketing/segments/compile';
import { countContacts, matchingContacts, memberCursor, memberPageQuery, pageContacts } from '../src/modules/marketing/segments/matching';
import { type RuleTree, ruleTreeSchema } from '../src/modules/marketing/segments/rules';
import { apiOf, appWith, dataOf as data, refusal, type TestCommunity } from './helpers';
import { planNodes, scanNames } from './list-plans';

type Json = Record<string, any>;

/**
 * Segments and audiences: dynamic rules against hand-computed sets of contacts inserted directly,
 * static membership, audience counts honouring consent and suppression, validation, the compat
 * lines, and (at 100,000 contacts) a three-rule segment served by indexes.
 */
const [t, a, b] = await appWith(2);

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

/** A contact row as the tests insert it: the contact fields, its consent per channel as stored, and its age. */
interface Seed extends Pick<ContactInput, 'email' | 'phone' | 'whatsapp' | 'country' | 'language' | 'tags'> {
  key: string;
  name: string;
  attributes?: Record<string, unknown>;
  source?: string;
  emailConsent?: string;
  smsConsent?: string;
  whatsappConsent?: string;
  pushConsent?: string;
  createdDaysAgo: number;
  activeDaysAgo?: number | null;
}

/** Inserts contacts as they are (the owner connection: no merge, no consent events) and answers key → id. */
async function insertContacts(tenantId: string, seeds: Seed[]): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const s of seeds) {
    const [row] = await t.app.db.query<{ id: string }>(
      `insert into marketing_contacts (tenant_id, name, email, phone, whatsapp, country, language, tags, attributes, source,
         email_consent, sms_consent, whatsapp_consent, push_consent, created_at, last_activity_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8::text[], $9::jsonb, $10, $11, $12, $13, $14, $15::timestamptz, $16::timestamptz) returning id`,
      [
        tenantId,
        s.name,
        s.email ?? null,
        s.phone ?? null,
        s.whatsapp ?? null,
        s.country ?? null,
        s.language ?? null,
        s.tags ?? [],
        JSON.stringify(s.attributes ?? {}),
        s.source ?? 'console',
        s.emailConsent ?? 'unknown',
        s.smsConsent ?? 'unknown',
        s.whatsappConsent ?? 'unknown',
        s.pushConsent ?? 'unknown',
        ago(s.createdDaysAgo),
        s.activeDaysAgo == null ? null : ago(s.activeDaysAgo),
      ],
    );
    ids[s.key] = row.id;
  }
  return ids;
}

const PEOPLE: Seed[] = [
  {
    key: 'asha',
    name: 'Asha Rao',
    email: 'asha@example.in',
    country: 'IN',
    language: 'en',
    tags: ['vip', 'newsletter'],
    attributes: { plan: 'gold', spend: 25000, city: 'Pune' },
    source: 'shop',
    emailConsent: 'opted_in',
    smsConsent: 'opted_in',
    phone: '+919800000001',
    createdDaysAgo: 2,
    activeDaysAgo: 1,
  },
  {
    key: 'ben',
    name: 'Ben Carter',
    email: 'ben@example.co.uk',
    country: 'GB',
    language: 'en',
    tags: ['newsletter'],
    attributes: { plan: 'silver', spend: 800 },
    source: 'website',
    emailConsent: 'opted_in',
    createdDaysAgo: 40,
    activeDaysAgo: 100,
  },
  {
    key: 'chen',
    name: 'Chen Wei',
    email: 'chen@example.sg',
    country: 'SG',
    language: 'zh',
    attributes: { plan: 'gold', spend: '1200' },
    source: 'import',
    emailConsent: 'opted_out',
    createdDaysAgo: 400,
  },
  {
    key: 'devi',
    name: 'Devi Menon',
    phone: '+919800000004',
    whatsapp: '+919800000004',
    country: 'IN',
    language: 'hi',
    tags: ['wholesale'],
    source: 'whatsapp',
    smsConsent: 'opted_in',
    whatsappConsent: 'opted_in',
    createdDaysAgo: 10,
    activeDaysAgo: 5,
  },
  {
    key: 'eli',
    name: 'Eli Cohen',
    email: 'eli@example.org',
    tags: ['vip'],
    attributes: { spend: 100000, vip_since: '2024-01-01' },
    createdDaysAgo: 1000,
    activeDaysAgo: 400,
  },
  {
    key: 'fatima',
    name: 'Fatima Al Sayed',
    email: 'fatima@example.ae',
    country: 'AE',
    language: 'ar',
    tags: ['newsletter', 'vip', 'wholesale'],
    attributes: { plan: 'Gold Plus' },
    source: 'landing_page',
    emailConsent: 'opted_in',
    pushConsent: 'opted_in',
    createdDaysAgo: 5,
    activeDaysAgo: 2,
  },
];
let id: Record<string, string> = {};
const nameOf = (contactId: string) => Object.entries(id).find(([, v]) => v === contactId)?.[0] ?? `other:${contactId}`;

beforeAll(async () => {
  id = await insertContacts(a.tenantId, PEOPLE);
  // The other community's look-alike: never counted, never listed.
  await insertContacts(b.tenantId, [{ ...PEOPLE[0], key: 'other' }]);
}, 60_000);

const call = apiOf(t, a);
const compat = (path: string, payload: Json, as: TestCommunity = a) =>
  t.request({ method: 'POST', url: `/compat/content${path}`, payload, as });
const refused = (res: LightMyRequestResponse, status: number, code = 'validation_failed') => refusal(res, status, code);

/** Who the rules match (names, sorted), through preview-count with a sample large enough for everyone. */
async function matches(rules: Json): Promise<string[]> {
  const res = data(await call('POST', 'marketing/segments/preview-count', { rules, sample: 20 }));
  const names = (res.sample as Json[]).map((m) => nameOf(m.id)).sort();
  expect(res.total).toBe(names.length);
  expect(res.totalIsEstimate).toBe(false);
  return names;
}
const one = (rule: Json) => matches({ op: 'and', rules: [rule] });

describe('dynamic rules against hand-computed sets', () => {
  it('tags: any, all, none', async () => {
    expect(await one({ type: 'tags', op: 'any', values: ['vip'] })).toEqual(['asha', 'eli', 'fatima']);
    expect(await one({ type: 'tags', op: 'all', values: ['vip', 'newsletter'] })).toEqual(['asha', 'fatima']);
    expect(await one({ type: 'tags', op: 'none', values: ['newsletter'] })).toEqual(['chen', 'devi', 'eli']);
  });

  it('custom attributes: equals, not equals, contains, greater, less, exists (numbers and text)', async () => {
    const attr = (op: string, value?: unknown, key = 'plan') =>
      one({ type: 'attribute', key, op, ...(value === undefined ? {} : { value }) });
    expect(await attr('equals', 'gold')).toEqual(['asha', 'chen']);
    expect(await attr('not_equals', 'gold')).toEqual(['ben', 'devi', 'eli', 'fatima']);
    expect(await attr('contains', 'GOLD')).toEqual(['asha', 'chen', 'fatima']);
    // Numbers compare with numbers: Chen's "1200" is text, so not greater than 1000.
    expect(await attr('greater', 1000, 'spend')).toEqual(['asha', 'eli']);
    expect(await attr('less', 1000, 'spend')).toEqual(['ben']);
    expect(await attr('equals', 800, 'spend')).toEqual(['ben']);
    expect(await attr('equals', '1200', 'spend')).toEqual(['chen']);
    // Text compares with text.
    expect(await attr('greater', 'h', 'plan')).toEqual(['ben']);
    expect(await attr('exists', undefined, 'spend')).toEqual(['asha', 'ben', 'chen', 'eli']);
    expect(await attr('not_exists', undefined, 'spend')).toEqual(['devi', 'fatima']);
  });

  it('consent per channel, country, language, source', async () => {
    expect(await one({ type: 'consent', channel: 'email', status: 'opted_in' })).toEqual(['asha', 'ben', 'fatima']);
    expect(await one({ type: 'consent', channel: 'email', status: 'unknown' })).toEqual(['devi', 'eli']);
    expect(await one({ type: 'consent', channel: 'whatsapp', status: 'opted_in' })).toEqual(['devi']);
    expect(await one({ type: 'country', op: 'in', values: ['in'] })).toEqual(['asha', 'devi']);
    expect(await one({ type: 'country', op: 'not_in', values: ['IN'] })).toEqual(['ben', 'chen', 'eli', 'fatima']);
    expect(await one({ type: 'language', op: 'in', values: ['hi', 'ar'] })).toEqual(['devi', 'fatima']);
    expect(await one({ type: 'source', op: 'in', values: ['shop', 'website'] })).toEqual(['asha', 'ben']);
  });

  it('created and last-activity windows: last N days, not in them, before and after a date', async () => {
    expect(await one({ type: 'created', op: 'within_days', days: 30 })).toEqual(['asha', 'devi', 'fatima']);
    expect(await one({ type: 'created', op: 'not_within_days', days: 30 })).toEqual(['ben', 'chen', 'eli']);
    expect(await one({ type: 'created', op: 'before', date: ago(100).slice(0, 10) })).toEqual(['chen', 'eli']);
    expect(await one({ type: 'created', op: 'after', date: ago(100) })).toEqual(['asha', 'ben', 'devi', 'fatima']);
    expect(await one({ type: 'last_activity', op: 'within_days', days: 30 })).toEqual(['asha', 'devi', 'fatima']);
    // Never active (Chen) counts as not active lately.
    expect(await one({ type: 'last_activity', op: 'not_within_days', days: 30 })).toEqual(['ben', 'chen', 'eli']);
    expect(await one({ type: 'last_activity', op: 'before', date: ago(200) })).toEqual(['eli']);
  });

  it('AND, OR and a group', async () => {
    expect(
      await matches({
        op: 'and',
        rules: [
          { type: 'country', op: 'in', values: ['IN'] },
          { type: 'consent', channel: 'sms', status: 'opted_in' },
        ],
      }),
    ).toEqual(['asha', 'devi']);
    expect(
      await matches({
        op: 'or',
        rules: [
          { type: 'tags', op: 'any', values: ['wholesale'] },
          { type: 'language', op: 'in', values: ['zh'] },
        ],
      }),
    ).toEqual(['chen', 'devi', 'fatima']);
    expect(
      await matches({
        op: 'and',
        rules: [
          { type: 'consent', channel: 'email', status: 'opted_in' },
          {
            type: 'group',
            op: 'or',
            rules: [
              { type: 'country', op: 'in', values: ['IN'] },
              { type: 'country', op: 'in', values: ['AE'] },
            ],
          },
        ],
      }),
    ).toEqual(['asha', 'fatima']);
    // No conditions: everyone in this community (not the other's look-alike).
    expect(await matches({ op: 'and', rules: [] })).toEqual(['asha', 'ben', 'chen', 'devi', 'eli', 'fatima']);
  });

  it('a saved dynamic segment lists exactly its matches, by cursor, with its stored count', async () => {
    const segment = data(
      await call('POST', 'marketing/segments', {
        name: 'Newsletter or VIP',
        kind: 'dynamic',
        rules: { op: 'or', rules: [{ type: 'tags', op: 'any', values: ['newsletter', 'vip'] }] },
      }),
      201,
    );
    expect(segment).toMatchObject({ contactCount: 4, countIsEstimate: false });
    // Newest first (created 2, 5, 40 and 1000 days ago), by cursor.
    const first = await call('GET', `marketing/segments/${segment.id}/members?limit=3`);
    expect(first.statusCode, first.body).toBe(200);
    const second = await call('GET', `marketing/segments/${segment.id}/members?limit=3&cursor=${first.json().nextCursor}`);
    expect(second.json().nextCursor).toBeNull();
    expect(first.json().data.map((m: Json) => nameOf(m.id))).toEqual(['asha', 'fatima', 'ben']);
    expect(second.json().data.map((m: Json) => nameOf(m.id))).toEqual(['eli']);
    // A cursor is what a page gave back, nothing else.
    for (const bad of [id.asha, 'bm90IGpzb24', Buffer.from(JSON.stringify(['2026-01-01', id.asha])).toString('base64url')]) {
      const error = refused(await call('GET', `marketing/segments/${segment.id}/members?cursor=${bad}`), 400);
      expect(error.fields).toHaveProperty('cursor');
    }
    // Changing the rules re-counts.
    const changed = data(
      await call('PATCH', `marketing/segments/${segment.id}`, {
        rules: { op: 'and', rules: [{ type: 'tags', op: 'any', values: ['wholesale'] }] },
      }),
    );
    expect(changed.contactCount).toBe(2);
    // The other community sees neither the segment nor its members.
    refused(await call('GET', `marketing/segments/${segment.id}/members`, undefined, b), 404, 'not_found');
  });
});

describe('static segments', () => {
  it('adds one or many members, keeps duplicates out, removes, and follows deleted contacts', async () => {
    const segment = data(await call('POST', 'marketing/segments', { name: 'Stand visitors', kind: 'static' }), 201);
    expect(segment).toMatchObject({ kind: 'static', rules: null, contactCount: 0 });
    expect(data(await call('POST', `marketing/segments/${segment.id}/members`, { contactIds: [id.asha, id.ben] }))).toMatchObject({
      added: 2,
      alreadyMembers: 0,
      contactCount: 2,
    });
    expect(data(await call('POST', `marketing/segments/${segment.id}/members`, { contactIds: [id.ben, id.chen, id.chen] }))).toMatchObject({
      added: 1,
      alreadyMembers: 1,
      contactCount: 3,
    });
    expect(data(await call('POST', `marketing/segments/${segment.id}/members/remove`, { contactIds: [id.ben] }))).toMatchObject({
      removed: 1,
      contactCount: 2,
    });
    const members = await call('GET', `marketing/segments/${segment.id}/members`);
    expect(
      members
        .json()
        .data.map((m: Json) => nameOf(m.id))
        .sort(),
    ).toEqual(['asha', 'chen']);
    // Another community's contact is "no such contact"; so is an unknown id.
    const [theirs] = await t.app.db.query<{ id: string }>('select id from marketing_contacts where tenant_id = $1', [b.tenantId]);
    expect(refused(await call('POST', `marketing/segments/${segment.id}/members`, { contactIds: [theirs.id] }), 400).fields).toHaveProperty(
      'contactIds',
    );
    // A contact deleted is no longer a member.
    const [gone] = await insertContacts(a.tenantId, [{ key: 'gone', name: 'Temp', email: 'temp@example.com', createdDaysAgo: 1 }]).then(
      (r) => [r.gone],
    );
    data(await call('POST', `marketing/segments/${segment.id}/members`, { contactIds: [gone] }));
    await t.app.db.query('delete from marketing_contacts where id = $1', [gone]);
    const after = await t.app.db.query<{ n: number }>('select count(*)::int as n from marketing_segment_members where segment_id = $1', [
      segment.id,
    ]);
    expect(after[0].n).toBe(2);
  });

  it('refuses members on a dynamic segment, rules on a static one, and a change of kind', async () => {
    const dynamic = data(
      await call('POST', 'marketing/segments', {
        name: 'Has plan',
        rules: { op: 'and', rules: [{ type: 'attribute', key: 'plan', op: 'exists' }] },
      }),
      201,
    );
    expect(dynamic.kind).toBe('dynamic');
    refused(await call('POST', `marketing/segments/${dynamic.id}/members`, { contactIds: [id.asha] }), 400);
    refused(await call('POST', 'marketing/segments', { name: 'Odd', kind: 'static', rules: { op: 'and', rules: [] } }), 400);
    refused(await call('PATCH', `marketing/segments/${dynamic.id}`, { kind: 'static' }), 400);
  });
});

describe('segments of a contact', () => {
  it('lists the static and dynamic segments one contact is in now', async () => {
    const stat = data(await call('POST', 'marketing/segments', { name: 'Picked by hand', kind: 'static' }), 201);
    data(await call('POST', `marketing/segments/${stat.id}/members`, { contactIds: [id.devi] }));
    const whatsapp = data(
      await call('POST', 'marketing/segments', {
        name: 'On WhatsApp',
        rules: { op: 'and', rules: [{ type: 'consent', channel: 'whatsapp', status: 'opted_in' }] },
      }),
      201,
    );
    const names = data(await call('GET', `marketing/segments/of-contact/${id.devi}`)).map((s: Json) => s.name);
    expect(names).toContain('Picked by hand');
    expect(names).toContain(whatsapp.name);
    const ashas = data(await call('GET', `marketing/segments/of-contact/${id.asha}`)).map((s: Json) => s.name);
    expect(ashas).not.toContain('Picked by hand');
    expect(ashas).not.toContain(whatsapp.name);
    expect(data(await call('GET', `marketing/segments/of-contact/${id.devi}`, undefined, b))).toEqual([]);
  });
});

describe('validation', () => {
  it('names what is wrong with rules, and refuses engagement rules until engagement is recorded', async () => {
    const bad = refused(
      await call('POST', 'marketing/segments/preview-count', {
        rules: {
          op: 'and',
          rules: [
            { type: 'attribute', key: 'plan', op: 'greater' },
            { type: 'tags', op: 'any', values: [] },
          ],
        },
      }),
      400,
    );
    expect(Object.keys(bad.fields ?? {}).join()).toMatch(/rules\.rules\.0\.value/);
    refused(await call('POST', 'marketing/segments/preview-count', { rules: { op: 'and', rules: [{ type: 'nope' }] } }), 400);
    refused(
      await call('POST', 'marketing/segments/preview-count', {
        rules: { op: 'and', rules: [{ type: 'attribute', key: 'a"b', op: 'exists' }] },
      }),
      400,
    );
    const engagement = { op: 'and', rules: [{ type: 'engagement', event: 'opened', channel: 'email', days: 30 }] };
    expect(refused(await call('POST', 'marketing/segments/preview-count', { rules: engagement }), 400).fields?.rules).toMatch(/campaigns/);
    expect(refused(await call('POST', 'marketing/segments', { name: 'Openers', rules: engagement }), 400).fields?.rules).toMatch(
      /campaigns/,
    );
    // A dynamic segment needs at least one rule.
    expect(refused(await call('POST', 'marketing/segments', { name: 'Everyone', kind: 'dynamic' }), 400).fields?.rules).toBe(
      'Add at least one rule',
    );
    // Two segments of one name are a conflict.
    data(await call('POST', 'marketing/segments', { name: 'Twice', kind: 'static' }), 201);
    expect(refused(await call('POST', 'marketing/segments', { name: 'Twice', kind: 'static' }), 409, 'already_exists').code).toBe(
      'already_exists',
    );
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'past the time budget a count is estimated from a sample, flagged, and the transaction goes on (PostgreSQL)',
    async () => {
      const { count, after, timeout } = await t.app.db.withTenant(a.tenantId, async (tx) => {
        const count = await countContacts(tx, a.tenantId, sql`(select pg_sleep(0.5)) is not null`);
        const after = await countContacts(tx, a.tenantId, sql`true`);
        const shown = (await tx.execute(sql`show statement_timeout`)) as unknown as { rows: { statement_timeout: string }[] };
        return { count, after, timeout: shown.rows[0].statement_timeout };
      });
      expect(count.totalIsEstimate).toBe(true);
      expect(count.total).toBeGreaterThanOrEqual(1);
      expect(after).toEqual({ total: PEOPLE.length, totalIsEstimate: false });
      expect(timeout).toBe('0');
    },
  );

  it('rules are values, not SQL: quotes and operators in values match literally', () => {
    const tree = ruleTreeSchema.parse({
      op: 'and',
      rules: [{ type: 'attribute', key: 'plan', op: 'contains', value: "'; drop table x; --" }],
    }) as RuleTree;
    const query = matchingContacts(t.app.db.owner, a.tenantId, compileRules(tree)).toSQL();
    expect(query.sql).not.toContain('drop table');
    expect(query.params).toContain("%'; drop table x; --%");
  });
});

describe('audiences', () => {
  it('counts after consent and suppression on the chosen channel, with exclusions', async () => {
    const vip = data(
      await call('POST', 'marketing/segments', {
        name: 'VIPs',
        rules: { op: 'and', rules: [{ type: 'tags', op: 'any', values: ['vip'] }] },
      }),
      201,
    );
    const india = data(
      await call('POST', 'marketing/segments', {
        name: 'India',
        rules: { op: 'and', rules: [{ type: 'country', op: 'in', values: ['IN'] }] },
      }),
      201,
    );
    // VIPs on email: Asha and Fatima opted in (Eli has not).
    const audience = data(
      await call('POST', 'marketing/audiences', { name: 'VIP email', channel: 'email', includeSegmentIds: [vip.id] }),
      201,
    );
    expect(audience).toMatchObject({ contactCount: 2, countIsEstimate: false });
    // Fatima's address suppressed: out, whatever her consent says.
    await t.app.db.query(
      `insert into marketing_suppressions (tenant_id, channel, address, reason) values ($1, 'email', 'fatima@example.ae', 'bounced')`,
      [a.tenantId],
    );
    const members = await call('GET', `marketing/audiences/${audience.id}/members`);
    expect(members.json().data.map((m: Json) => nameOf(m.id))).toEqual(['asha']);
    expect(data(await call('POST', `marketing/audiences/${audience.id}/count`))).toEqual({ total: 1, totalIsEstimate: false });
    // Excluding India leaves no one on email; on SMS, VIPs or India minus VIPs is Devi.
    expect(
      data(
        await call('POST', 'marketing/audiences/preview-count', {
          channel: 'email',
          includeSegmentIds: [vip.id],
          excludeSegmentIds: [india.id],
        }),
      ),
    ).toEqual({
      total: 0,
      totalIsEstimate: false,
    });
    expect(
      data(
        await call('POST', 'marketing/audiences/preview-count', {
          channel: 'sms',
          includeSegmentIds: [vip.id, india.id],
          excludeSegmentIds: [vip.id],
        }),
      ).total,
    ).toBe(1);
    // WhatsApp goes to the WhatsApp number; a suppressed number is out.
    expect(
      data(await call('POST', 'marketing/audiences/preview-count', { channel: 'whatsapp', includeSegmentIds: [india.id] })).total,
    ).toBe(1);
    await t.app.db.query(
      `insert into marketing_suppressions (tenant_id, channel, address, reason) values ($1, 'whatsapp', '+919800000004', 'unsubscribed')`,
      [a.tenantId],
    );
    expect(
      data(await call('POST', 'marketing/audiences/preview-count', { channel: 'whatsapp', includeSegmentIds: [india.id] })).total,
    ).toBe(0);
    // A segment an audience uses cannot be deleted.
    refused(await call('DELETE', `marketing/segments/${vip.id}`), 409, 'in_use');
    // Another community's segment is not a segment here.
    refused(await call('POST', 'marketing/audiences', { name: 'Theirs', channel: 'email', includeSegmentIds: [vip.id] }, b), 400);
  });

  it('never counts a contact who is not opted in, or whose address is suppressed (property)', async () => {
    const c = await t.signup();
    const channels = ['email', 'sms', 'whatsapp', 'push'] as const;
    const consent = fc.constantFrom('unknown', 'opted_in', 'opted_out');
    const person = fc.record({
      hasEmail: fc.boolean(),
      hasPhone: fc.boolean(),
      vip: fc.boolean(),
      email: consent,
      sms: consent,
      whatsapp: consent,
      push: consent,
      suppressEmail: fc.boolean(),
      suppressPhone: fc.boolean(),
    });
    const segment = data(
      await call(
        'POST',
        'marketing/segments',
        { name: 'VIP', rules: { op: 'and', rules: [{ type: 'tags', op: 'any', values: ['vip'] }] } },
        c,
      ),
      201,
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(person, { minLength: 1, maxLength: 8 }),
        fc.constantFrom(...channels),
        fc.boolean(),
        async (people, channel, onlyVip) => {
          run++;
          await t.app.db.query('delete from marketing_contacts where tenant_id = $1', [c.tenantId]);
          await t.app.db.query('delete from marketing_suppressions where tenant_id = $1', [c.tenantId]);
          const seeds = people.map((p, i) => ({
            key: `p${i}`,
            name: `P${i}`,
            email: p.hasEmail ? `p${run}-${i}@example.com` : null,
            phone: p.hasPhone ? `+9198${String(run).padStart(4, '0')}${String(i).padStart(4, '0')}` : null,
            tags: p.vip ? ['vip'] : [],
            emailConsent: p.email,
            smsConsent: p.sms,
            whatsappConsent: p.whatsapp,
            pushConsent: p.push,
            createdDaysAgo: 1,
          }));
          const ids = await insertContacts(c.tenantId, seeds);
          for (const [i, p] of people.entries()) {
            const s = seeds[i];
            if (p.suppressEmail && s.email)
              await t.app.db.query(
                `insert into marketing_suppressions (tenant_id, channel, address, reason) values ($1, 'email', $2, 'unsubscribed')`,
                [c.tenantId, s.email],
              );
            if (p.suppressPhone && s.phone) {
              for (const ch of ['sms', 'whatsapp']) {
                await t.app.db.query(
                  `insert into marketing_suppressions (tenant_id, channel, address, reason) values ($1, $2, $3, 'complained')`,
                  [c.tenantId, ch, s.phone],
                );
              }
            }
            if (p.suppressPhone)
              await t.app.db.query(
                `insert into marketing_suppressions (tenant_id, channel, address, reason) values ($1, 'push', $2, 'manual')`,
                [c.tenantId, ids[s.key]],
              );
          }
          const expected = people.filter((p) => {
            if (onlyVip && !p.vip) return false;
            if (p[channel] !== 'opted_in') return false;
            if (channel === 'email') return p.hasEmail && !p.suppressEmail;
            if (channel === 'push') return !p.suppressPhone;
            return p.hasPhone && !p.suppressPhone;
          }).length;
          const body = { channel, includeSegmentIds: onlyVip ? [segment.id] : [] };
          expect(data(await call('POST', 'marketing/audiences/preview-count', body, c)).total).toBe(expected);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('compat lines', () => {
  it('serves /marcom/segment/* and /marcom/audience/*', async () => {
    const type = data(await compat('/marcom/segment/segmentType', { name: 'Events', description: 'Trade shows' }));
    expect(type).toMatchObject({ name: 'Events' });
    expect(data(await compat('/marcom/segment/getAllSegmentType', {})).map((x: Json) => x.name)).toContain('Events');
    // A static segment with its first members, in the old names.
    const stand = data(
      await compat('/marcom/segment/create', { segmentName: 'Expo 2026', segmentType: type.id, users: [id.asha, { _id: id.ben }] }),
    );
    expect(stand).toMatchObject({ name: 'Expo 2026', kind: 'static', typeId: type.id, contactCount: 2 });
    expect(data(await compat('/marcom/segment/addMember', { segmentId: stand.id, userId: id.chen }))).toMatchObject({
      added: 1,
      contactCount: 3,
    });
    expect(data(await compat('/marcom/segment/removeMember', { segmentId: stand.id, userIds: [id.asha] }))).toMatchObject({ removed: 1 });
    const page = await compat('/marcom/segment/getAllSegmentUser', { segmentId: stand.id, limit: 1 });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ total: 2, totalIsEstimate: false });
    const next = await compat('/marcom/segment/getAllSegmentUser', { segmentId: stand.id, limit: 1, cursor: page.json().nextCursor });
    expect([...page.json().data, ...next.json().data].map((m: Json) => nameOf(m.id)).sort()).toEqual(['ben', 'chen']);
    // A dynamic one from rules.
    const gulf = data(
      await compat('/marcom/segment/create', {
        name: 'Gulf',
        rules: { op: 'and', rules: [{ type: 'country', op: 'in', values: ['AE'] }] },
      }),
    );
    expect(gulf).toMatchObject({ kind: 'dynamic', contactCount: 1 });
    expect(data(await compat('/marcom/segment/getAll', { kind: 'dynamic', limit: 100 })).map((s: Json) => s.name)).toContain('Gulf');
    refused(await compat('/marcom/segment/addMember', { segmentId: gulf.id, contactIds: [id.asha] }), 400);
    refused(await compat('/marcom/segment/addMember', { segmentId: stand.id }), 400);

    const audience = data(
      await compat('/marcom/audience/addAudience', { audienceName: 'Expo email', channel: 'email', segmentIds: [stand.id] }),
    );
    expect(audience).toMatchObject({ name: 'Expo email', includeSegmentIds: [stand.id], contactCount: 1 });
    expect(
      data(await compat('/marcom/audience/update', { _id: audience.id, excludedSegmentIds: [gulf.id], channel: 'sms' })),
    ).toMatchObject({
      channel: 'sms',
      excludeSegmentIds: [gulf.id],
    });
    const many = data(
      await compat('/marcom/audience/addMultipleAudience', {
        audiences: [
          { name: 'Gulf push', channel: 'push', segmentIds: [gulf.id] },
          { name: 'Everyone on WhatsApp', channel: 'whatsapp' },
        ],
      }),
    );
    expect(many.map((x: Json) => x.name)).toEqual(['Gulf push', 'Everyone on WhatsApp']);
    // All or none: one bad item, nothing created, the item named.
    const bad = refused(
      await compat('/marcom/audience/addMultipleAudience', {
        audiences: [
          { name: 'Fine', channel: 'sms' },
          { name: 'Bad', channel: 'fax' },
        ],
      }),
      400,
    );
    expect(bad.fields).toHaveProperty('audiences.1.channel');
    expect(data(await call('GET', 'marketing/audiences?q=Fine')).length).toBe(0);
    expect(data(await compat('/marcom/audience/delete', { id: audience.id }))).toMatchObject({ deleted: true });
    expect(data(await compat('/marcom/segment/delete', { id: stand.id }))).toMatchObject({ deleted: true });
    // Another community cannot see or change these.
    refused(await compat('/marcom/segment/getAllSegmentUser', { segmentId: gulf.id }, b), 404, 'not_found');
    refused(await compat('/marcom/segment/addMember', { segmentId: gulf.id, contactIds: [id.asha] }, b), 404, 'not_found');
  });
});

describe('at 100,000 contacts', () => {
  let big: TestCommunity;
  const N = 100_000;
  // g: the row number. Country IN for g % 10 < 3, VIP for g % 100 = 0, plan gold for g % 3 = 2,
  // email opted in for g % 3 = 0; created g % 1000 days ago (so 100 contacts share each instant:
  // the cursor's id breaks the ties).
  const is = {
    india: (g: number) => g % 10 < 3,
    vip: (g: number) => g % 100 === 0,
    gold: (g: number) => g % 3 === 2,
    optedIn: (g: number) => g % 3 === 0,
    newsletter: (g: number) => g % 100 === 0 || g % 7 === 0,
  };
  const rows = Array.from({ length: N }, (_, i) => i + 1);
  const rule = {
    vip: { type: 'tags', op: 'any', values: ['vip'] },
    india: { type: 'country', op: 'in', values: ['IN'] },
    gold: { type: 'attribute', key: 'plan', op: 'equals', value: 'gold' },
    optedIn: { type: 'consent', channel: 'email', status: 'opted_in' },
    newsletter: { type: 'tags', op: 'any', values: ['newsletter'] },
  };
  const tree = (...rules: Json[]) => ruleTreeSchema.parse({ op: 'and', rules }) as RuleTree;

  beforeAll(async () => {
    big = await t.signup();
    await t.app.db.query(
      `insert into marketing_contacts (tenant_id, name, email, country, tags, attributes, email_consent, created_at, last_activity_at)
       select $1::uuid, 'Contact ' || g, 'c' || g || '@example.com',
              (array['IN','IN','IN','AE','GB','US','SG','DE','FR','AU'])[g % 10 + 1],
              case when g % 100 = 0 then array['vip','newsletter'] when g % 7 = 0 then array['newsletter'] else array[]::text[] end,
              jsonb_build_object('plan', (array['free','silver','gold'])[g % 3 + 1], 'spend', g % 5000),
              (array['opted_in','unknown','opted_out'])[g % 3 + 1],
              now() - (g % 1000) * interval '1 day', now() - (g % 400) * interval '1 day'
         from generate_series(1, ${N}) g`,
      [big.tenantId],
    );
    // What autovacuum does after a bulk insert (hint bits, visibility map, statistics).
    await t.app.db.query('vacuum (analyze) marketing_contacts');
  }, 120_000);

  /** The plan's scans of the contacts table: "Bitmap Index Scan marketing_contacts_tags_idx", "Seq Scan" … */
  async function scansOf(tx: Db, query: SQLWrapper): Promise<string[]> {
    const [plan] = await explain(tx, query);
    return scanNames(
      planNodes(plan.Plan).filter((n) => n['Relation Name'] === 'marketing_contacts' || n['Index Name'] || n['Node Type'] === 'Sort'),
    );
  }

  /** As the community (row-level security): one connection on the embedded engine, so never nested. */
  const asBig = <T>(fn: (tx: Db) => Promise<T>) => t.app.db.readAsTenant(big.tenantId, fn);

  /** Every member of a saved segment or audience, page after page through the API. */
  async function everyMember(path: string, limit: number): Promise<{ ids: string[]; pages: number }> {
    const ids: string[] = [];
    let pages = 0;
    for (let cursor: string | null = null; ; ) {
      const res = await call('GET', `${path}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, undefined, big);
      expect(res.statusCode, res.body).toBe(200);
      pages++;
      ids.push(...res.json().data.map((m: Json) => m.id));
      cursor = res.json().nextCursor;
      if (!cursor) return { ids, pages };
    }
  }

  /** The ids of contacts whose row number passes `keep`, newest first (created_at, then id, descending). */
  async function expectedIds(keep: (g: number) => boolean): Promise<string[]> {
    const wanted = rows.filter(keep).map((g) => `Contact ${g}`);
    const found = await t.app.db.query<{ id: string }>(
      'select id from marketing_contacts where tenant_id = $1 and name = any($2) order by created_at desc, id desc',
      [big.tenantId, wanted],
    );
    return found.map((r) => r.id);
  }

  it('a three-rule segment is counted through its indexes (tags and attributes too, under row-level security)', async () => {
    const rules = tree(rule.vip, rule.india, rule.gold);
    const scans = await asBig((tx) => scansOf(tx, matchingContacts(tx, big.tenantId, compileRules(rules))));
    expect(scans.length).toBeGreaterThan(0);
    expect(
      scans.filter((s) => s.startsWith('Seq Scan')),
      scans.join(', '),
    ).toEqual([]);
    // The GIN index of tags serves `&&` under the tenant policy only because the comparison is leakproof.
    expect(scans, scans.join(', ')).toContain('Bitmap Index Scan marketing_contacts_tags_idx');
    // The count through the API is exact here (few matches) and right.
    const expected = rows.filter((g) => is.vip(g) && is.india(g) && is.gold(g)).length;
    expect(data(await call('POST', 'marketing/segments/preview-count', { rules, sample: 0 }, big))).toMatchObject({
      total: expected,
      totalIsEstimate: false,
    });
  }, 120_000);

  it('a rare segment: one bitmap of its matches (tags, country with email consent), pages newest first through all of them once', async () => {
    const rules = tree(rule.vip, rule.india, rule.optedIn);
    const condition = compileRules(rules);
    const keep = (g: number) => is.vip(g) && is.india(g) && is.optedIn(g);
    const scans = await asBig(async (tx) => {
      const page = await memberPageQuery(tx, big.tenantId, condition, { limit: 50 });
      expect(page.readsAll).toBe(true);
      return scansOf(tx, page.query);
    });
    expect(scans, scans.join(', ')).toEqual(
      expect.arrayContaining([
        'Bitmap Index Scan marketing_contacts_tags_idx',
        'Bitmap Index Scan marketing_contacts_country_email_idx',
        'Sort',
      ]),
    );
    expect(scans.filter((s) => s.startsWith('Seq Scan'))).toEqual([]);
    // Through the API: every match once, in order (100 contacts share each created_at: the id decides).
    const segment = data(await call('POST', 'marketing/segments', { name: 'VIP India email', rules }, big), 201);
    expect(segment).toMatchObject({ contactCount: rows.filter(keep).length, countIsEstimate: false });
    const members = await everyMember(`marketing/segments/${segment.id}/members`, 50);
    expect(members.ids).toEqual(await expectedIds(keep));
    expect(members.pages).toBe(Math.ceil(members.ids.length / 50));
  }, 120_000);

  it('a broad segment: a page walks an index in (created_at, id) order from the cursor and stops when it is full', async () => {
    const condition = compileRules(tree(rule.india, rule.gold));
    const keep = (g: number) => is.india(g) && is.gold(g);
    const {
      first,
      next,
      rows: page,
    } = await asBig(async (tx) => {
      const page = await pageContacts(tx, big.tenantId, condition, { limit: 50 });
      const cursor = memberCursor.parse(page.nextCursor);
      const walk = (c?: typeof cursor) => memberPageQuery(tx, big.tenantId, condition, { limit: 50, cursor: c }, false);
      const second = await pageContacts(tx, big.tenantId, condition, { limit: 50, cursor });
      return {
        first: await scansOf(tx, (await walk()).query),
        next: await scansOf(tx, (await walk(cursor)).query),
        rows: [...page.data, ...second.data],
      };
    });
    for (const scans of [first, next]) {
      // An index whose order is the page's: no sort, no scan of the table.
      expect(scans, scans.join(', ')).toEqual([expect.stringMatching(/^Index Scan( Backward)? marketing_contacts_(country|created)_idx$/)]);
    }
    expect(page.map((r) => r.id)).toEqual((await expectedIds(keep)).slice(0, 100));
  }, 120_000);

  it('counts: exact while cheap, else from a sample and flagged', async () => {
    // A third of the contacts: sampled (20 % of the table's pages here), within a few percent.
    const india = data(await call('POST', 'marketing/segments/preview-count', { rules: tree(rule.india), sample: 0 }, big));
    expect(india.totalIsEstimate).toBe(true);
    expect(Math.abs(india.total - rows.filter(is.india).length)).toBeLessThan(0.1 * rows.filter(is.india).length);
    const rare = data(await call('POST', 'marketing/segments/preview-count', { rules: tree(rule.vip, rule.optedIn), sample: 0 }, big));
    expect(rare).toEqual({ total: rows.filter((g) => is.vip(g) && is.optedIn(g)).length, totalIsEstimate: false, sample: [] });
  }, 120_000);

  it('an audience over two segments on email: counted and paged through indexes, every sendable member once', async () => {
    const ids = [];
    for (const [name, rules] of [
      ['India newsletter', tree(rule.india, rule.newsletter)],
      ['VIP India email', tree(rule.vip, rule.india, rule.optedIn)],
    ] as const) {
      const existing = data(await call('GET', `marketing/segments?q=${encodeURIComponent(name)}`, undefined, big));
      ids.push(existing[0]?.id ?? data(await call('POST', 'marketing/segments', { name, rules }, big), 201).id);
    }
    // Every 200th address bounced (half the VIPs among them).
    await t.app.db.query(
      `insert into marketing_suppressions (tenant_id, channel, address, reason)
       select $1, 'email', 'c' || g || '@example.com', 'bounced' from generate_series(200, ${N}, 200) g`,
      [big.tenantId],
    );
    await t.app.db.query('vacuum (analyze) marketing_suppressions');
    const keep = (g: number) => (is.india(g) && is.newsletter(g)) || (is.vip(g) && is.india(g) && is.optedIn(g));
    const sendable = (g: number) => keep(g) && is.optedIn(g) && g % 200 !== 0;
    const audience = data(
      await call('POST', 'marketing/audiences', { name: 'India email', channel: 'email', includeSegmentIds: ids }, big),
      201,
    );
    const scans = await asBig(async (tx) => {
      const { condition } = await audienceMembersQuery(tx, big.tenantId, audience.id);
      return {
        count: await scansOf(tx, matchingContacts(tx, big.tenantId, condition)),
        readAll: await scansOf(tx, (await memberPageQuery(tx, big.tenantId, condition, { limit: 50 }, true)).query),
        walk: await scansOf(tx, (await memberPageQuery(tx, big.tenantId, condition, { limit: 50 }, false)).query),
      };
    });
    for (const plan of Object.values(scans)) {
      expect(
        plan.filter((s) => s.startsWith('Seq Scan')),
        plan.join(', '),
      ).toEqual([]);
    }
    // Walking, the contacts of India opted in to email, newest first: no sort.
    expect(scans.walk, scans.walk.join(', ')).toContain('Index Scan marketing_contacts_country_email_created_idx');
    expect(scans.walk).not.toContain('Sort');
    expect(audience).toMatchObject({ contactCount: rows.filter(sendable).length, countIsEstimate: false });
    expect((await everyMember(`marketing/audiences/${audience.id}/members`, 200)).ids).toEqual(await expectedIds(sendable));
  }, 120_000);
});
