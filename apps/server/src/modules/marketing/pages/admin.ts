import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCommunity, tenantRoutes } from '../../../kernel/resources';
import { designSchema } from './design';
import { renderLandingPage } from './render';
import { landingPagesResource } from './resources/landing-pages';
import { pageStats, trafficStats } from './stats';
import { syncContacts } from './sync';
import { LANDING_TEMPLATES } from './templates';

const tags = ['marketing'];
const read = { access: 'marketing-pages:read' } as const;

/** Console routes beyond the kit's CRUD: templates, stats, preview, the contacts sync. */
export async function adminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { scope, reading } = tenantRoutes(app);

  r.get(
    '/api/v1/marketing/landing-page-templates',
    { config: read, schema: { tags, summary: 'The starter templates of landing pages (the same in every community)' } },
    async () => ({ data: LANDING_TEMPLATES }),
  );

  r.get(
    '/api/v1/marketing/landing-pages/traffic',
    {
      config: read,
      schema: {
        tags,
        summary: 'Opens, clicks and signups of every landing page per day, with the pages opened most (the dashboard card)',
        querystring: z.object({ days: z.coerce.number().int().min(1).max(366).default(30) }),
      },
    },
    async (req) => ({ data: await reading(req, (db, sc) => trafficStats(db, sc.tenantId, req.query.days)) }),
  );

  r.get(
    '/api/v1/marketing/landing-pages/:id/stats',
    {
      config: read,
      schema: {
        tags,
        summary: 'Opens, clicks and signups of a page per day and per block, with the conversion rate',
        params: z.object({ id: z.uuid() }),
        querystring: z.object({ days: z.coerce.number().int().min(1).max(366).default(30) }),
      },
    },
    async (req) => {
      const sc = scope(req);
      const page = await landingPagesResource.get(sc, req.params.id);
      return { data: { page, ...(await reading(req, (db) => pageStats(db, sc.tenantId, String(page.id), req.query.days))) } };
    },
  );

  r.post(
    '/api/v1/marketing/landing-pages/preview',
    {
      config: read,
      schema: {
        tags,
        summary: 'The HTML of a page as it would be published (nothing stored, nothing counted)',
        body: z.object({
          name: z.string().trim().max(200).default('Preview'),
          slug: z.string().trim().max(80).default('preview'),
          seoTitle: z.string().trim().max(70).nullish(),
          seoDescription: z.string().trim().max(160).nullish(),
          design: designSchema,
        }),
      },
    },
    async (req) => {
      const community = await requireCommunity(app.db, req.auth!.community);
      return {
        data: {
          html: renderLandingPage(
            { ...req.body, slug: req.body.slug || 'preview' },
            { community: community.name, communityLabel: community.displayName, preview: true },
          ),
        },
      };
    },
  );

  r.post(
    '/api/v1/marketing/contacts/sync',
    {
      config: { access: 'marketing-contacts:write' },
      schema: {
        tags,
        summary: "Bring the community's subscribers, form senders, customers and event guests into the contacts (idempotent)",
      },
    },
    async (req) => ({ data: await syncContacts(app, scope(req).tenantId) }),
  );
}
