import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { transferOwnership } from '../../kernel/access';
import { userOut } from '../../kernel/auth';

const transferBody = z
  .object({
    toAdminId: z.uuid({ message: 'Choose the admin who becomes the owner' }),
    currentPassword: z.string().min(1, 'Enter your current password').max(200),
    roleId: z.uuid().optional().describe('The role you keep; by default the role the new owner had'),
  })
  .strict();

/** Identity routes beside the resources: ownership transfer. */
export async function identityRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
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
