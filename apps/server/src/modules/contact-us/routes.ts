import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errors, idParams, tenantFilter, tenantRoutes } from '../../kernel/resources';
import { contactUsMessages } from './tables';

/**
 * "Convert to contact": the sender of a message becomes (or is merged into) one of the community's
 * marketing contacts through the contacts' declared intake, and the message keeps the link. The
 * message is no consent: the contact's consent stays as it was.
 */
export async function contactUsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { inTx } = tenantRoutes(app);
  r.post(
    '/api/v1/contact-us/messages/:id/convert',
    {
      config: { access: 'contact-us:write' },
      schema: {
        tags: ['contact-us'],
        summary: "Make the message's sender a marketing contact (merged by email or phone) and link the message to it",
        params: idParams,
      },
    },
    async (req) => {
      const intake = app.ports.find('contacts');
      if (!intake) throw errors.conflict('contacts_unavailable', 'No module keeps marketing contacts in this installation');
      return {
        data: await inTx(req, async (tx, scope) => {
          const t = contactUsMessages;
          const where = and(tenantFilter(t, scope.tenantId), eq(t.id, req.params.id));
          const [message] = await tx.select().from(t).where(where).for('update');
          if (!message) throw errors.notFound('Contact message');
          const { contactId, created } = await intake.take(
            tx,
            scope.tenantId,
            { name: message.name, email: message.email, phone: message.phone, tags: ['contact-us'] },
            'website',
            { source: 'contact-us message' },
          );
          await tx.update(t).set({ contactId, updatedAt: new Date() }).where(where);
          return { id: message.id, contactId, created };
        }),
      };
    },
  );
}
