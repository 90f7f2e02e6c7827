import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Db, idParams, tenantRoutes } from '../../../kernel/resources';
import { CHANNELS, marketingContacts } from '../tables/contacts';
import { audienceMembersQuery, countAudience, storeAudienceCount } from './audiences';
import { compileRules, escapeLike } from './compile';
import { segmentsOfContact } from './contact-segments';
import { type Count, countContacts, MAX_PAGE, type MemberRow, memberCursor, pageContacts, segmentCondition } from './matching';
import { addMembers, contactIdsInput, removeMembers, segmentIn, storeSegmentCount } from './membership';
import { segmentIds } from './resources/audiences';
import { type RuleTree, ruleTreeSchema } from './rules';

const tags = ['marketing'];
const read = { access: 'marketing-segments:read' } as const;
const write = { access: 'marketing-segments:write' } as const;

const countSchema = z.object({ total: z.number(), totalIsEstimate: z.boolean() });
const memberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  whatsapp: z.string().nullable(),
  country: z.string().nullable(),
  language: z.string().nullable(),
  tags: z.array(z.string()),
  source: z.string(),
  emailConsent: z.string(),
  smsConsent: z.string(),
  whatsappConsent: z.string(),
  pushConsent: z.string(),
  lastActivityAt: z.string().nullable(),
  createdAt: z.string(),
});
const pageQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(MAX_PAGE).default(50),
    cursor: memberCursor.optional(),
  })
  .strict();
const pageSchema = z.object({ data: z.array(memberSchema), nextCursor: z.string().nullable() });

/** Member rows as JSON (dates as ISO strings). */
export const memberJson = (r: MemberRow) => ({
  ...r,
  lastActivityAt: r.lastActivityAt ? new Date(r.lastActivityAt).toISOString() : null,
  createdAt: new Date(r.createdAt).toISOString(),
});

const SAMPLE_MAX = 20;

/**
 * Segment and audience routes beyond CRUD: live counts while rules are edited (nothing saved), the
 * members of a segment or audience by keyset cursor, static membership, and stored-count refreshes.
 */
export async function segmentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { inTx, reading } = tenantRoutes(app);
  /** A page of the contacts a segment's or an audience's condition matches, by keyset cursor. */
  const membersRoute = (path: string, summary: string, conditionOf: (tx: Db, tenantId: string, id: string) => Promise<SQL>) =>
    r.get(
      path,
      { config: read, schema: { tags, summary, params: idParams, querystring: pageQuery, response: { 200: pageSchema } } },
      async (req) =>
        reading(req, async (tx, s) => {
          const page = await pageContacts(tx, s.tenantId, await conditionOf(tx, s.tenantId, req.params.id), req.query);
          return { data: page.data.map(memberJson), nextCursor: page.nextCursor };
        }),
    );
  /** Counts a segment or an audience now and stores the figure. */
  const countRoute = (path: string, summary: string, store: (tx: Db, tenantId: string, id: string) => Promise<Count>) =>
    r.post(
      path,
      { config: write, schema: { tags, summary, params: idParams, response: { 200: z.object({ data: countSchema }) } } },
      async (req) => ({ data: await inTx(req, (tx, s) => store(tx, s.tenantId, req.params.id)) }),
    );

  r.post(
    '/api/v1/marketing/segments/preview-count',
    {
      config: read,
      schema: {
        tags,
        summary: 'How many contacts rules match, with a sample of them (nothing is saved)',
        body: z.object({ rules: ruleTreeSchema, sample: z.number().int().min(0).max(SAMPLE_MAX).default(5) }).strict(),
        response: { 200: z.object({ data: countSchema.extend({ sample: z.array(memberSchema) }) }) },
      },
    },
    async (req) => {
      const condition = compileRules(req.body.rules as RuleTree);
      // In a transaction: the count runs under a time budget (matching.ts).
      return inTx(req, async (tx, s) => {
        const count = await countContacts(tx, s.tenantId, condition);
        const sample = req.body.sample ? await pageContacts(tx, s.tenantId, condition, { limit: req.body.sample }) : { data: [] };
        return { data: { ...count, sample: sample.data.map(memberJson) } };
      });
    },
  );

  r.get(
    '/api/v1/marketing/segments/contact-search',
    {
      config: read,
      schema: {
        tags,
        summary: 'Contacts whose name or email contains `q` (at most 10): the picker of a static segment',
        querystring: z.object({ q: z.string().trim().min(1).max(100) }).strict(),
        response: { 200: z.object({ data: z.array(memberSchema) }) },
      },
    },
    async (req) => {
      const like = `%${escapeLike(req.query.q)}%`;
      const condition = sql`(${marketingContacts.name} ilike ${like} or ${marketingContacts.email} ilike ${like})`;
      return reading(req, async (tx, s) => ({ data: (await pageContacts(tx, s.tenantId, condition, { limit: 10 })).data.map(memberJson) }));
    },
  );

  r.get(
    '/api/v1/marketing/segments/of-contact/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'The segments a contact is in now (static and dynamic)',
        params: idParams,
        response: { 200: z.object({ data: z.array(z.object({ id: z.string(), name: z.string(), kind: z.string() })) }) },
      },
    },
    async (req) => ({ data: await reading(req, (tx, s) => segmentsOfContact(tx, s.tenantId, req.params.id)) }),
  );

  membersRoute(
    '/api/v1/marketing/segments/:id/members',
    'A page of the contacts in a segment, newest first (keyset cursor: nextCursor)',
    async (tx, tenantId, id) => segmentCondition(await segmentIn(tx, tenantId, id)),
  );

  // Static membership: adding and removing take the same body and answer the segment's new count.
  const membersBody = z.object({ contactIds: contactIdsInput }).strict();
  const membershipChanges = [
    {
      path: '/api/v1/marketing/segments/:id/members',
      summary: 'Adds contacts to a static segment (those already in it are kept)',
      change: addMembers,
      data: z.object({ segmentId: z.string(), added: z.number(), alreadyMembers: z.number(), contactCount: z.number() }),
    },
    {
      path: '/api/v1/marketing/segments/:id/members/remove',
      summary: 'Removes contacts from a static segment',
      change: removeMembers,
      data: z.object({ segmentId: z.string(), removed: z.number(), contactCount: z.number() }),
    },
  ];
  for (const { path, summary, change, data } of membershipChanges) {
    r.post(
      path,
      { config: write, schema: { tags, summary, params: idParams, body: membersBody, response: { 200: z.object({ data }) } } },
      async (req) => ({
        data: await inTx<Awaited<ReturnType<typeof change>>>(req, (tx, s) => change(tx, s.tenantId, req.params.id, req.body.contactIds)),
      }),
    );
  }

  countRoute('/api/v1/marketing/segments/:id/count', 'Counts a segment now and stores the figure', async (tx, tenantId, id) =>
    storeSegmentCount(tx, tenantId, await segmentIn(tx, tenantId, id)),
  );

  r.post(
    '/api/v1/marketing/audiences/preview-count',
    {
      config: read,
      schema: {
        tags,
        summary: 'How many contacts an audience would reach on a channel: opted in and not suppressed (nothing is saved)',
        body: z
          .object({
            channel: z.enum(CHANNELS),
            includeSegmentIds: segmentIds().default([]),
            excludeSegmentIds: segmentIds().default([]),
          })
          .strict(),
        response: { 200: z.object({ data: countSchema }) },
      },
    },
    async (req) => ({ data: await inTx(req, (tx, s) => countAudience(tx, s.tenantId, req.body)) }),
  );

  membersRoute(
    '/api/v1/marketing/audiences/:id/members',
    'A page of the contacts an audience reaches on its channel, newest first (keyset cursor: nextCursor)',
    async (tx, tenantId, id) => (await audienceMembersQuery(tx, tenantId, id)).condition,
  );

  countRoute('/api/v1/marketing/audiences/:id/count', 'Counts an audience now and stores the figure', storeAudienceCount);
}
