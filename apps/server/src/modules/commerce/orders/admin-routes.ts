import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../../kernel/documents';
import { idParams, requireCommunity, type Scope, tenantRoutes } from '../../../kernel/resources';
import { carriersFor } from '../domain';
import { orderInvoice, orderPackingSlip } from './documents';
import { adminOrderDetail, adminTransition, createDispatch, deleteDispatch, dispatchInput } from './order-actions';
import { orderCounts } from './order-list';
import { refundInput, refundOrder } from './refunds';
import { requestReturn, returnInput, returnTransitionInput, transitionReturnTo } from './returns';
import { deleteReview, moderateInput, moderateReview } from './reviews';
import { type Actor, type ShopTx, shopSettings } from './shop';

// Console actions beyond the kit's lists: an order's page and its actions (mark as paid, process,
// deliver, cancel, refund, dispatch and undo), review moderation, return handling. Each is one
// transaction; state changes refuse illegal moves with 409 and land on the order's timeline.

const tags = ['commerce'];
const read = { access: 'commerce-orders:read' } as const;
const write = { access: 'commerce-orders:write' } as const;

export function adminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { inTx, scope } = tenantRoutes(app);
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
      data: await run(req, (s) => adminOrderDetail(app, s, req.params.id)),
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
      return { data: await run(req, (s) => adminOrderDetail(app, s, req.params.id)) };
    },
  );
  r.post(
    '/api/v1/commerce/orders/:id/refunds',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Refund part or all of a paid order, by amount or by lines, with a reason, through its payment (needs payments write; with an Idempotency-Key a retry refunds once)',
        params: idParams,
        headers: z.object({ 'idempotency-key': z.string().min(8).max(200).optional() }).loose(),
        body: refundInput,
      },
    },
    async (req, reply) => {
      const sc = scope(req);
      await refundOrder(
        app,
        (fn) => run(req, (s) => fn(s)),
        sc,
        req.params.id,
        req.body,
        req.headers['idempotency-key'] as string | undefined,
      );
      return reply.code(201).send({ data: await run(req, (s) => adminOrderDetail(app, s, req.params.id)) });
    },
  );
  r.get(
    '/api/v1/commerce/orders/:id/invoice.pdf',
    { config: read, schema: { tags, summary: 'The order’s invoice (PDF)', params: idParams } },
    async (req, reply) => {
      const community = await requireCommunity(app.db, req.auth!.community);
      const doc = await run(req, (s) => orderInvoice(app, s, req.params.id, community.displayName));
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(`Invoice ${doc.reference}.pdf`))
        .send(doc.pdf);
    },
  );
  r.get(
    '/api/v1/commerce/orders/:id/packing-slip.pdf',
    { config: read, schema: { tags, summary: 'The order’s packing slip (PDF, no prices)', params: idParams } },
    async (req, reply) => {
      const community = await requireCommunity(app.db, req.auth!.community);
      const doc = await run(req, (s) => orderPackingSlip(app, s, req.params.id, community.displayName));
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(`Packing slip ${doc.reference}.pdf`))
        .send(doc.pdf);
    },
  );
  r.get(
    '/api/v1/commerce/carriers',
    { config: read, schema: { tags, summary: 'Carriers with their tracking links (the shop’s country first)' } },
    async (req) => ({ data: carriersFor((await run(req, (s) => shopSettings(s))).country) }),
  );
  r.post(
    '/api/v1/commerce/orders/:id/dispatches',
    {
      config: write,
      schema: { tags, summary: 'Record a dispatch (carrier, tracking number, lines shipped)', params: idParams, body: dispatchInput },
    },
    async (req, reply) => {
      await run(req, (s, sc) => createDispatch(app, s, req.params.id, req.body, actor(sc)));
      return reply.code(201).send({ data: await run(req, (s) => adminOrderDetail(app, s, req.params.id)) });
    },
  );
  r.delete(
    '/api/v1/commerce/dispatches/:id',
    { config: write, schema: { tags, summary: 'Undo a dispatch not yet delivered', params: idParams } },
    async (req) => {
      const order = await run(req, (s, sc) => deleteDispatch(s, req.params.id, actor(sc)));
      return { data: await run(req, (s) => adminOrderDetail(app, s, order.id)) };
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
