import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Resource, Row, Scope } from '../../../kernel/resources';
import { tenantFilter } from '../../../kernel/resources';
import { marketingContacts } from '../tables/contacts';
import { marketingAudiences, marketingSegments, marketingSegmentTypes } from '../tables/segments';
import { storeAudienceCount } from './audiences';
import { addMembers, storeSegmentCount } from './membership';
import { audiencesResource } from './resources/audiences';
import { segmentTypesResource } from './resources/segment-types';
import { segmentsResource } from './resources/segments';
import type { RuleTree } from './rules';

/**
 * The demo community's segments and audiences, over whatever contacts the contacts part seeded
 * (rules are on fields every contact has; static segments take the first contacts there are).
 * Ends by counting every segment and audience, the examples included (seeded before any contact).
 */

const DYNAMIC: { name: string; type: string; description: string; rules: RuleTree }[] = [
  {
    name: 'VIP customers',
    type: 'Lifecycle',
    description: 'Tagged VIP or wholesale',
    rules: { op: 'and', rules: [{ type: 'tags', op: 'any', values: ['vip', 'wholesale'] }] },
  },
  {
    name: 'New this month',
    type: 'Lifecycle',
    description: 'Joined in the last 30 days',
    rules: { op: 'and', rules: [{ type: 'created', op: 'within_days', days: 30 }] },
  },
  {
    name: 'Lapsed contacts',
    type: 'Lifecycle',
    description: 'No activity in six months (or never)',
    rules: { op: 'and', rules: [{ type: 'last_activity', op: 'not_within_days', days: 180 }] },
  },
  {
    name: 'WhatsApp-ready in India or the Gulf',
    type: 'Customers',
    description: 'Opted in to WhatsApp, in India or a Gulf country',
    rules: {
      op: 'and',
      rules: [
        { type: 'consent', channel: 'whatsapp', status: 'opted_in' },
        {
          type: 'group',
          op: 'or',
          rules: [
            { type: 'country', op: 'in', values: ['IN'] },
            { type: 'country', op: 'in', values: ['AE', 'SA', 'QA', 'OM'] },
          ],
        },
      ],
    },
  },
  {
    name: 'Shop customers, not from imports',
    type: 'Customers',
    description: 'Came through the shop or the website',
    rules: { op: 'and', rules: [{ type: 'source', op: 'in', values: ['shop', 'website'] }] },
  },
];

const STATIC: { name: string; type: string; description: string; take: number; skip: number }[] = [
  { name: 'Design Week 2026 visitors', type: 'Events', description: 'Scanned at the stand in Mumbai', take: 40, skip: 0 },
  { name: 'Newsletter pilot group', type: 'Newsletter', description: 'Readers who tried the new format first', take: 25, skip: 30 },
];

const create = (tx: Db, scope: Scope, resource: Resource, input: Record<string, unknown>): Promise<Row> =>
  resource.createIn(tx, scope, input);

export async function seedSegments(_app: FastifyInstance, scope: Scope) {
  await scope.db.withTenant(scope.tenantId, async (tx) => {
    const types = new Map<string, string>();
    const existing = await tx.select().from(marketingSegmentTypes).where(tenantFilter(marketingSegmentTypes, scope.tenantId));
    for (const t of existing) types.set(t.name, t.id);
    for (const name of ['Customers', 'Events']) {
      types.set(name, (await create(tx, scope, segmentTypesResource, { name, description: `${name} segments` })).id);
    }
    const segment = new Map<string, string>();
    /** Creates a sample segment and notes its id under its name (the audiences name them). */
    const addSegment = async (
      s: { name: string; type: string; description: string },
      kind: { kind: 'dynamic'; rules: RuleTree } | { kind: 'static' },
    ) => {
      const row = await create(tx, scope, segmentsResource, {
        name: s.name,
        description: s.description,
        typeId: types.get(s.type),
        ...kind,
      });
      segment.set(s.name, row.id);
      return row;
    };
    for (const s of DYNAMIC) await addSegment(s, { kind: 'dynamic', rules: s.rules });
    for (const s of STATIC) {
      const row = await addSegment(s, { kind: 'static' });
      const contacts = await tx
        .select({ id: marketingContacts.id })
        .from(marketingContacts)
        .where(tenantFilter(marketingContacts, scope.tenantId))
        .orderBy(asc(marketingContacts.createdAt), asc(marketingContacts.id))
        .offset(s.skip)
        .limit(s.take);
      if (contacts.length)
        await addMembers(
          tx,
          scope.tenantId,
          row.id,
          contacts.map((c) => c.id),
        );
    }
    const audiences = [
      { name: 'VIP WhatsApp offers', channel: 'whatsapp', includeSegmentIds: [segment.get('VIP customers')] },
      {
        name: 'Win-back email',
        description: 'Lapsed contacts, without the VIPs (they get a call)',
        channel: 'email',
        includeSegmentIds: [segment.get('Lapsed contacts')],
        excludeSegmentIds: [segment.get('VIP customers')],
      },
      {
        name: 'Design Week follow-up SMS',
        channel: 'sms',
        includeSegmentIds: [segment.get('Design Week 2026 visitors'), segment.get('New this month')],
      },
    ];
    for (const a of audiences) await create(tx, scope, audiencesResource, a);
    // The examples were counted before any contact existed: count everything now.
    for (const s of await tx.select().from(marketingSegments).where(tenantFilter(marketingSegments, scope.tenantId))) {
      await storeSegmentCount(tx, scope.tenantId, s);
    }
    for (const a of await tx
      .select({ id: marketingAudiences.id })
      .from(marketingAudiences)
      .where(tenantFilter(marketingAudiences, scope.tenantId))) {
      await storeAudienceCount(tx, scope.tenantId, a.id);
    }
  });
}
