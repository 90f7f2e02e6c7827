import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, inCommunity, queryRows, tenantRoutes } from '../../../kernel/resources';
import { activate, pause, readDrip } from './engine';
import { dripsResource } from './resource';

const tags = ['campaigns'];
const record = () => dripsResource.schemas.record;

const stepReport = z.object({
  index: z.number(),
  channel: z.string(),
  campaignId: z.string().nullable(),
  queued: z.number(),
  sent: z.number(),
  failed: z.number(),
  skipped: z.number(),
  opened: z.number(),
  clicked: z.number(),
});

/** A drip's moves (activate, pause) and its report: contacts by state, and each step's messages. */
export async function dripRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { inTx, reading } = tenantRoutes(app);

  r.post(
    '/api/v1/campaigns/drips/:id/activate',
    {
      config: { access: 'campaigns:write' },
      schema: {
        tags,
        summary: 'Starts a draft or paused drip: contacts who enter its audience go through its steps, each once',
        params: idParams,
        response: { 200: z.object({ data: record() }) },
      },
    },
    async (req) => ({ data: await inTx(req, (tx, s) => activate(app, tx, s, req.params.id)) }),
  );

  r.post(
    '/api/v1/campaigns/drips/:id/pause',
    {
      config: { access: 'campaigns:write' },
      schema: {
        tags,
        summary: 'Pauses an active drip: nobody enters or moves on until it is activated again',
        params: idParams,
        response: { 200: z.object({ data: record() }) },
      },
    },
    async (req) => ({ data: await inTx(req, (tx, s) => pause(tx, s, req.params.id)) }),
  );

  r.get(
    '/api/v1/campaigns/drips/:id/report',
    {
      config: { access: 'campaigns:read' },
      schema: {
        tags,
        summary: "A drip's contacts by state and each step's messages (queued, sent, failed, skipped, opened, clicked)",
        params: idParams,
        response: {
          200: z.object({
            data: z.object({
              contacts: z.object({ active: z.number(), completed: z.number(), stopped: z.number() }),
              steps: z.array(stepReport),
            }),
          }),
        },
      },
    },
    async (req) => ({
      data: await reading(req, async (tx, s) => {
        const d = await readDrip(tx, s.tenantId, req.params.id);
        const states = await queryRows<{ state: string; n: number }>(
          tx,
          sql`
            select state, count(*)::int as n from campaign_drip_enrolments where ${inCommunity(s.tenantId)} and drip_id = ${d.id} group by state`,
        );
        const counts = await queryRows<Record<string, number | string>>(
          tx,
          sql`
            select campaign_id, count(*) filter (where state in ('queued', 'sending'))::int as queued,
                   count(*) filter (where state = 'sent')::int as sent, count(*) filter (where state = 'failed')::int as failed,
                   count(*) filter (where state = 'skipped')::int as skipped, count(opened_at)::int as opened, count(clicked_at)::int as clicked
              from campaign_recipients where ${inCommunity(s.tenantId)} and campaign_id in (select id from campaigns where ${inCommunity(s.tenantId)} and drip_id = ${d.id})
             group by campaign_id`,
        );
        const of = (state: string) => states.find((x) => x.state === state)?.n ?? 0;
        return {
          contacts: { active: of('active'), completed: of('completed'), stopped: of('stopped') },
          steps: d.steps.map((step, index) => {
            const c = counts.find((x) => x.campaign_id === step.campaignId);
            const n = (k: string) => Number(c?.[k] ?? 0);
            return {
              index,
              channel: step.channel,
              campaignId: step.campaignId ?? null,
              queued: n('queued'),
              sent: n('sent'),
              failed: n('failed'),
              skipped: n('skipped'),
              opened: n('opened'),
              clicked: n('clicked'),
            };
          }),
        };
      }),
    }),
  );
}
