import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientOf } from '../../../kernel/auth';
import { idParams, publicBaseUrl, requireCommunity } from '../../../kernel/resources';
import { CHANNELS, CONSENT_STATUS } from '../tables/contacts';
import { changeConsent, confirmEmail, requestEmailConfirmation, unsubscribe } from './consent';

const tags = ['marketing'];
const community = z.object({ community: z.string().min(1).max(63) });
const token = z.object({ token: z.string().min(20).max(2000) });

const visitor = (req: FastifyRequest) => {
  const { ip, userAgent } = clientOf(req);
  return { ip, userAgent: userAgent ?? undefined };
};

/** Consent routes: the console's consent changes and confirmation mail, and the public signed links. */
export async function contactRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/marketing/contacts/:id/consent',
    {
      config: { access: 'marketing-contacts:write' },
      schema: {
        tags,
        summary: 'Set a contact’s consent on a channel (recorded as a consent event; refused for a suppressed address)',
        params: idParams,
        body: z.object({ channel: z.enum(CHANNELS), status: z.enum(CONSENT_STATUS) }).strict(),
      },
    },
    async (req) => {
      const auth = req.auth!;
      const contact = await app.db.withTenant(auth.tenantId, (tx) =>
        changeConsent(tx, auth.tenantId, req.params.id, req.body.channel, req.body.status, {
          source: `console (${auth.userName || auth.email})`,
          ...visitor(req),
        }),
      );
      return { data: contact };
    },
  );

  r.post(
    '/api/v1/marketing/contacts/:id/confirmation',
    {
      config: { access: 'marketing-contacts:write' },
      schema: { tags, summary: 'Mail the contact a double opt-in link for email (48 h)', params: idParams },
    },
    async (req, reply) => {
      const auth = req.auth!;
      const found = await requireCommunity(app.db, auth.community);
      const sent = await app.db.withTenant(auth.tenantId, (tx) =>
        requestEmailConfirmation(app, tx, found, req.params.id, publicBaseUrl(app, req)),
      );
      return reply.code(202).send({ data: sent });
    },
  );

  r.get(
    '/public/:community/marketing/consent/confirm',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Confirm an email subscription through the signed link (double opt-in)',
        params: community,
        querystring: token,
      },
    },
    async (req) => ({ data: await confirmEmail(app, req.params.community, req.query.token, visitor(req)) }),
  );

  for (const method of ['get', 'post'] as const) {
    r[method](
      '/public/:community/marketing/consent/unsubscribe',
      {
        config: { public: true },
        schema: {
          tags,
          summary: `Unsubscribe from a channel through the signed link of a message${method === 'post' ? ' (one-click, RFC 8058)' : ''}`,
          params: community,
          querystring: token,
        },
      },
      async (req) => ({ data: await unsubscribe(app, req.params.community, req.query.token, visitor(req)) }),
    );
  }
}
