import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tenantRoutes } from '../../../kernel/resources';
import { aiStatus, aiWrite, aiWriteInput } from './assistant';

const tags = ['billing'];

/** AI writing assistance: whether it is on (the console hides its buttons when not), and one piece of writing, metered. */
export async function aiRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { scope } = tenantRoutes(app);

  r.get(
    '/api/v1/billing/ai',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Whether AI writing is on, its tasks, and the community’s AI credits (limit, used, remaining)' },
    },
    async (req) => ({ data: await aiStatus(app, scope(req)) }),
  );

  r.post(
    '/api/v1/billing/ai/write',
    {
      // Any admin writing content may ask; each answer takes one of the community's AI credits.
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Writing assistance (a product description, a blog summary, campaign subject lines, image alt text): one AI credit',
        body: aiWriteInput,
      },
    },
    async (req) => ({ data: await aiWrite(app, scope(req), req.body) }),
  );
}
