import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, type Scope, tenantRoutes } from '../../../kernel/resources';
import { adminTransition, createDispatch, deleteDispatch, dispatchInput, orderDetail } from './order-actions';
import { orderCounts } from './order-list';
import { requestReturn, returnInput, returnTransitionInput, transitionReturnTo } from './returns';
import { deleteReview, moderateInput, moderateReview } from './reviews';
import type { Actor, ShopTx } from './shop';

// Console actions beyond the kit's lists: an order's page and its actions (mark as paid, process,
// deliver, cancel, refund, dispatch and undo), review moderation, return handling. Each is one
// transaction; state changes refuse illegal moves with 409 and land on the order's timeline.

const tags = ['commerce'];
const read = { access: 'commerce-orders:read' } as const;
const write = { access: 'commerce-orders:write' } as const;

export function adminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { inTx } = tenantRoutes(app);
  const actor = (sc: Scope): Actor => ({ kind: 'admin', id: sc.actor.id, name: sc.actor.name });
  /** The caller's community transaction. */
  const run = <T>(req: FastifyRequest, fn: (s: ShopTx, sc: Scope) => Promise<T>) =>
    inTx(req, (tx, sc) => fn({ tx, tenantId: sc.tenantId }, sc));

  r.get(
    '/api/v1/commerce/orders/counts',
    { config: read, schema: { tags, summary: 'Orders per status (the list tabs)' } },
    async (req) => ({
      data: await run(req, (s) => orderCounts(s)),
    }),
  );
  r.get(
    '/api/v1/commerce/orders/:id/detail',
    { config: read, schema: { tags, summary: 'An order with its lines, dispatches and timeline', params: idParams } },
    async (req) => ({
      data: await run(req, (s) => orderDetail(s, req.params.id)),
    }),
  );
  r.post(
    '/api/v1/commerce/orders/:id/transition',
    {
      config: write,
      schema: {
        tags,
        summary: 'Mark as paid, process, deliver, cancel or refund (409 when the order is not in a state that allows it)',
        params: idParams,
        body: z
          .object({ event: z.enum(['pay', 'process', 'deliver', 'cancel', 'refund']), note: z.string().trim().max(500).optional() })
          .strict(),
      },
    },
    async (req) => {
      await run(req, (s, sc) => adminTransition(app, s, sc, req.params.id, req.body.event, req.body.note));
      return { data: await run(req, (s) => orderDetail(s, req.params.id)) };
    },
  );
  r.post(
    '/api/v1/commerce/orders/:id/dispatches',
    {
      config: write,
      schema: { tags, summary: 'Record a dispatch (carrier, tracking number, lines shipped)', params: idParams, body: dispatchInput },
    },
    async (req, reply) => {
      await run(req, (s, sc) => createDispatch(app, s, req.params.id, req.body, actor(sc)));
      return reply.code(201).send({ data: await run(req, (s) => orderDetail(s, req.params.id)) });
    },
  );
  r.delete(
    '/api/v1/commerce/dispatches/:id',
    { config: write, schema: { tags, summary: 'Undo a dispatch not yet delivered', params: idParams } },
    async (req) => {
      const order = await run(req, (s, sc) => deleteDispatch(s, req.params.id, actor(sc)));
      return { data: await run(req, (s) => orderDetail(s, order.id)) };
    },
  );

  r.patch(
    '/api/v1/commerce/reviews/:id/moderation',
    {
      config: write,
      schema: { tags, summary: 'Approve or reject a review (the product rating follows)', params: idParams, body: moderateInput },
    },
    async (req) => ({ data: await run(req, async (s) => strip(await moderateReview(s, req.params.id, req.body.status))) }),
  );
  r.delete(
    '/api/v1/commerce/reviews/:id/moderation',
    { config: write, schema: { tags, summary: 'Delete a review', params: idParams } },
    async (req) => ({
      data: await run(req, async (s) => strip(await deleteReview(s, req.params.id))),
    }),
  );

  r.post(
    '/api/v1/commerce/returns/request',
    { config: write, schema: { tags, summary: 'Open a return for a customer', body: returnInput } },
    async (req, reply) =>
      reply.code(201).send({ data: await run(req, async (s, sc) => strip(await requestReturn(s, req.body, actor(sc), null))) }),
  );
  r.post(
    '/api/v1/commerce/returns/:id/transition',
    {
      config: write,
      schema: { tags, summary: 'Approve, reject, receive (restocks) or refund a return', params: idParams, body: returnTransitionInput },
    },
    async (req) => ({
      data: await run(req, async (s, sc) => strip(await transitionReturnTo(s, req.params.id, req.body.event, actor(sc), req.body.notes))),
    }),
  );
}

/** A row without its tenant id. */
export const strip = <T extends { tenantId: string }>({ tenantId: _t, ...row }: T) => row;
