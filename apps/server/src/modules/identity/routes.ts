import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { transferOwnership } from '../../kernel/access';
import { userOut } from '../../kernel/auth';
import { scopeOf } from '../../kernel/resources';
import { clientProfileService } from './services/client-profile';

const transferBody = z
  .object({
    toAdminId: z.uuid({ message: 'Choose the admin who becomes the owner' }),
    currentPassword: z.string().min(1, 'Enter your current password').max(200),
    roleId: z.uuid().optional().describe('The role you keep; by default the role the new owner had'),
  })
  .strict();

/** Identity routes beside the resources: ownership transfer, the community's locale. */
export async function identityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/settings/locale',
    {
      // Every signed-in user formats money the same way, whether or not they may read the brand profile.
      config: { access: 'authenticated' },
      schema: {
        tags: ['settings'],
        summary: "The community's currency (from the brand profile; USD until one is set)",
        response: { 200: z.object({ data: z.object({ currency: z.string() }) }) },
      },
    },
    async (req) => {
      const profile = await clientProfileService.get(scopeOf(app.db, req.auth!), req.auth!.community);
      return { data: { currency: String(profile.currency ?? 'USD') } };
    },
  );
  r.post(
    '/api/v1/identity/ownership/transfer',
    {
      // Any signed-in user reaches it; only the owner gets past the check (403 owner_only otherwise).
      config: { access: 'authenticated' },
      schema: {
        tags: ['identity'],
        summary: 'Transfer ownership of the community to another admin (owner only, with the current password)',
        body: transferBody,
        response: { 200: z.object({ data: z.object({ owner: userOut, previousOwner: userOut }) }) },
      },
    },
    async (req) => ({ data: await transferOwnership(app, req.auth!, req.body) }),
  );
}
