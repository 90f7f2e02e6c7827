import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantFilter, tenantRoutes } from '../../../kernel/resources';
import { billingAccounts } from '../tables';
import { requestCountry } from './country';
import { addonsList, plansFor } from './pricing';

const tags = ['billing'];

/** The signed-in community's billing country (the last fallback of the sign-in country). */
export const accountCountry = (app: FastifyInstance, tenantId: string) => async () => {
  const [row] = await app.db.withTenant(tenantId, (tx) =>
    tx.select({ country: billingAccounts.country }).from(billingAccounts).where(tenantFilter(billingAccounts, tenantId)),
  );
  return row?.country;
};

/**
 * The price lists: for a signed-in admin (their sign-in country, else their community's billing
 * country) and for the public pricing page (the visitor's country: trusted header or GeoIP).
 */
export async function catalogueRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { scope } = tenantRoutes(app);
  r.get(
    '/api/v1/billing/pricing',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Plans priced for the admin’s country (Singapore prices when it is SG), sorted by number' },
    },
    async (req) => {
      const s = scope(req);
      const where = await requestCountry(app, req, accountCountry(app, s.tenantId));
      return { data: { ...where, plans: await plansFor(app.db.owner, where.country) } };
    },
  );
  r.get(
    '/public/platform/billing/pricing',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The public pricing page: plans priced for the visitor’s country, and the add-ons',
        querystring: z.object({}),
      },
    },
    async (req) => {
      const where = await requestCountry(app, req);
      const db = app.db.owner;
      return { data: { ...where, plans: await plansFor(db, where.country), addons: await addonsList(db) } };
    },
  );
}
