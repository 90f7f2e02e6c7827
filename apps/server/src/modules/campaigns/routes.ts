import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Db, errors, idParams, inCommunity, queryRows, type Scope, tenantRoutes } from '../../kernel/resources';
import { botRoutes } from './bot/routes';
import { actionsFrom } from './domain/states';
import { dripRoutes } from './drips/routes';
import { compose } from './engine/compose';
import { communityName, publicAddress } from './engine/jobs';
import { contactsOf, launch, lockCampaign, move, schedule } from './engine/lifecycle';
import { openProvider } from './providers/open';
import { SendFailure } from './providers/types';
import { calendar, calendarEntry } from './reports/calendar';
import { campaignReport, overview } from './reports/service';
import { campaignsResource } from './resources/campaigns';
import { CAMPAIGN_CHANNELS, type CampaignStatus } from './tables';
import { track } from './tracking/record';
import { trackingRoutes } from './tracking/routes';

const tags = ['campaigns'];
const read = { access: 'campaigns:read' } as const;
const write = { access: 'campaigns:write' } as const;
const record = () => campaignsResource.schemas.record;
const withActions = <R extends { status: CampaignStatus }>(row: R) => ({ ...row, actions: actionsFrom(row.status) });

/** A test send: the campaign's message to each chosen contact now (marked [Test], not throttled, not counted). */
async function testSend(app: FastifyInstance, tx: Db, scope: Scope, id: string, contactIds: string[], community: string) {
  const c = await lockCampaign(tx, scope.tenantId, id);
  const contacts = contactsOf(app);
  if (!c.templateId) throw errors.validation({ templateId: 'Choose a template' }, 'The campaign has no template');
  const content = await contacts.content(tx, scope.tenantId, c.channel, c.templateId);
  if (!content) throw errors.validation({ templateId: `No ${c.channel} template with this id` });
  const members = await contacts.members(tx, scope.tenantId, c.channel, contactIds);
  const baseUrl = publicAddress(app);
  const provider = await openProvider({ app, tx, tenantId: scope.tenantId, community, contacts, channel: c.channel, baseUrl });
  const personalizer = await contacts.personalizer(app, tx, scope.tenantId);
  const values = await personalizer.valuesFor(
    tx,
    members.map((m) => m.contactId),
  );
  const results: { contactId: string; address: string | null; status: 'sent' | 'failed'; error?: string }[] = [];
  try {
    for (const contactId of contactIds) {
      const m = members.find((x) => x.contactId === contactId);
      if (!m) {
        results.push({ contactId, address: null, status: 'failed', error: `No ${c.channel} address for this contact` });
        continue;
      }
      const message = await compose(
        { campaign: c, content, personalizer, community, secret: app.config.jwtSecret, baseUrl },
        { id: randomUUID(), contactId, address: m.address, name: m.name, variant: '' },
        values.get(contactId) ?? {},
      );
      if (message.subject !== undefined) message.subject = `[Test] ${message.subject}`;
      try {
        await provider.prepare?.([m.address]);
        await provider.send(message);
        results.push({ contactId, address: m.address, status: 'sent' });
      } catch (error) {
        results.push({ contactId, address: m.address, status: 'failed', error: error instanceof SendFailure ? error.message : 'Not sent' });
      }
    }
  } finally {
    await provider.close();
  }
  return results;
}

export async function campaignRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { inTx, scope } = tenantRoutes(app);
  const actionReply = z.object({ data: record() });

  r.post(
    '/api/v1/campaigns/campaigns/:id/launch',
    {
      config: write,
      schema: {
        tags,
        summary: 'Sends a draft or scheduled campaign now (409 from any other status)',
        params: idParams,
        response: { 200: actionReply },
      },
    },
    async (req) => ({ data: withActions(await inTx(req, (tx, s) => launch(app, tx, s, req.params.id))) }),
  );

  r.post(
    '/api/v1/campaigns/campaigns/:id/schedule',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Schedules a draft (or moves a scheduled campaign) to a time (an instant; the console enters it in the community time zone)',
        params: idParams,
        body: z.object({ scheduledAt: z.iso.datetime({ offset: true }) }).strict(),
        response: { 200: actionReply },
      },
    },
    async (req) => ({ data: withActions(await inTx(req, (tx, s) => schedule(app, tx, s, req.params.id, new Date(req.body.scheduledAt)))) }),
  );

  for (const action of ['pause', 'resume', 'cancel', 'unschedule'] as const) {
    r.post(
      `/api/v1/campaigns/campaigns/:id/${action}`,
      {
        config: write,
        schema: {
          tags,
          summary: {
            pause: 'Pauses a sending campaign: no batch is claimed any more (what is in flight finishes)',
            resume: 'Resumes a paused campaign where it stopped',
            cancel: 'Cancels a campaign: what was not sent is skipped',
            unschedule: 'Takes a scheduled campaign back to draft',
          }[action],
          params: idParams,
          response: { 200: actionReply },
        },
      },
      async (req) => ({ data: withActions(await inTx(req, (tx, s) => move(app, tx, s, req.params.id, action))) }),
    );
  }

  r.post(
    '/api/v1/campaigns/campaigns/:id/test',
    {
      config: write,
      schema: {
        tags,
        summary: "Sends the campaign's message to chosen contacts now, marked [Test] (not counted in its report)",
        params: idParams,
        body: z.object({ contactIds: z.array(z.uuid()).min(1).max(10) }).strict(),
        response: {
          200: z.object({
            data: z.array(
              z.object({
                contactId: z.string(),
                address: z.string().nullable(),
                status: z.enum(['sent', 'failed']),
                error: z.string().optional(),
              }),
            ),
          }),
        },
      },
    },
    async (req) => {
      // Read before the transaction: a query beside an open transaction waits for it on the embedded
      // database's one connection (the test send hung on PGlite).
      const community = await communityName(app, scope(req).tenantId);
      return { data: await inTx(req, (tx, s) => testSend(app, tx, s, req.params.id, req.body.contactIds, community)) };
    },
  );

  const countsShape = z.record(z.string(), z.number());
  r.get(
    '/api/v1/campaigns/campaigns/:id/report',
    {
      config: read,
      schema: {
        tags,
        summary: "A campaign's report: counts, rates, a timeline, top links and the A/B variants",
        params: idParams,
        response: {
          200: z.object({
            data: z.object({
              campaign: record(),
              counts: countsShape,
              rates: countsShape,
              unit: z.string(),
              timeline: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
              topLinks: z.array(z.object({ url: z.string(), clicks: z.number(), unique: z.number() })),
              abTest: z.unknown().nullable(),
            }),
          }),
        },
      },
    },
    async (req) => ({
      data: await inTx(req, async (tx, s) => {
        const c = await campaignsResource.getIn(tx, s, req.params.id);
        const report = await campaignReport(tx, s.tenantId, {
          id: req.params.id,
          launchedAt: c.launchedAt,
          abTest: c.abTest,
        });
        return { campaign: withActions(c), ...report };
      }),
    }),
  );

  r.get(
    '/api/v1/campaigns/overview',
    {
      config: read,
      schema: {
        tags,
        summary: 'The marketing hub: figures per channel over the last days, recent campaigns, campaigns per status',
        querystring: z.object({ days: z.coerce.number().int().min(1).max(365).default(90) }),
        response: {
          200: z.object({
            data: z.object({
              days: z.number(),
              channels: z.array(z.record(z.string(), z.unknown())),
              recent: z.array(z.record(z.string(), z.unknown())),
              statuses: z.record(z.string(), z.number()),
            }),
          }),
        },
      },
    },
    async (req) => ({ data: await inTx(req, (tx, s) => overview(tx, s.tenantId, req.query.days)) }),
  );

  r.get(
    '/api/v1/campaigns/calendar',
    {
      config: read,
      schema: {
        tags,
        summary: 'The calendar: campaigns scheduled or sent, and the marketing events, between two instants',
        querystring: z.object({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) }),
        response: { 200: z.object({ data: z.array(calendarEntry) }) },
      },
    },
    async (req) => ({ data: await calendar(app, scope(req), new Date(req.query.from), new Date(req.query.to)) }),
  );

  r.get(
    '/api/v1/campaigns/templates',
    {
      config: read,
      schema: {
        tags,
        summary: "Every channel's templates in one list (the composer's picker)",
        querystring: z.object({ channel: z.enum(CAMPAIGN_CHANNELS).optional() }),
        response: {
          200: z.object({
            data: z.array(z.object({ id: z.string(), channel: z.enum(CAMPAIGN_CHANNELS), name: z.string(), updatedAt: z.date() })),
          }),
        },
      },
    },
    async (req) => ({
      data: await inTx(req, async (tx, s) =>
        (await contactsOf(app).templates(tx, s.tenantId)).filter((t) => !req.query.channel || t.channel === req.query.channel),
      ),
    }),
  );

  r.post(
    '/api/v1/campaigns/bounces',
    {
      config: write,
      schema: {
        tags,
        summary:
          'A bounce or complaint for a sent message (a bounce processor posts it): a hard bounce or complaint suppresses the address',
        body: z
          .object({
            recipientId: z.uuid().optional(),
            messageId: z.string().max(300).optional(),
            type: z.enum(['hard', 'soft', 'complaint']),
            reason: z.string().max(500).optional(),
          })
          .strict()
          .refine((b) => b.recipientId || b.messageId, { message: 'Give recipientId or messageId', path: ['recipientId'] }),
        response: { 200: z.object({ data: z.object({ recorded: z.boolean(), suppressed: z.boolean() }) }) },
      },
    },
    async (req) => ({
      data: await inTx(req, async (tx, s) => {
        let rid = req.body.recipientId ?? null;
        if (!rid && req.body.messageId) {
          const [row] = await queryRows<{ id: string }>(
            tx,
            sql`select id from campaign_recipients where ${inCommunity(s.tenantId)} and provider_message_id = ${req.body.messageId} limit 1`,
          );
          rid = row?.id ?? null;
        }
        if (!rid) throw errors.notFound('Message');
        if (req.body.type === 'soft') {
          const row = await track(tx, s.tenantId, rid, 'failed', { error: req.body.reason ?? 'soft bounce' });
          if (!row) throw errors.notFound('Message');
          return { recorded: true, suppressed: false };
        }
        const row = await track(tx, s.tenantId, rid, req.body.type === 'complaint' ? 'complaint' : 'bounce', { error: req.body.reason });
        if (!row) throw errors.notFound('Message');
        await contactsOf(app).suppress(tx, s.tenantId, {
          contactId: row.contactId,
          channel: row.channel as 'email',
          address: row.address,
          reason: req.body.type === 'complaint' ? 'complained' : 'bounced',
          note: req.body.reason,
        });
        return { recorded: true, suppressed: true };
      }),
    }),
  );

  await trackingRoutes(app);
  await dripRoutes(app);
  await botRoutes(app);
}
