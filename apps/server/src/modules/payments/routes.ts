import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consumeRateLimit, type Limit } from '../../kernel/auth';
import { AppError, errors, idParams, requestOrigin, requireCommunity, systemScope, tenantRoutes } from '../../kernel/resources';
import { kindCatalogue } from './kinds';
import type { PaymentTransaction } from './ledger';
import { DEFAULT_RAZORPAY_CHECKOUT, PAY_SCRIPT, PAY_SCRIPT_PATH, payPageHtml, payPagePolicy } from './pay-page';
import { paymentService } from './service';
import { GATEWAY_KINDS, type GatewayKind } from './tables';

const tags = ['payments'];
const read = { access: 'payments:read' } as const;
const write = { access: 'payments:write' } as const;
/** The console's outcome screens (open without a session: a returning payer may have none). */
export const SUCCESS_PATH = '/admin-panel/controlcenter/settings/payment-gateway/success';
export const FAILED_PATH = '/admin-panel/controlcenter/settings/payment-gateway/failed';
const WEBHOOK_BODY_LIMIT = 256 * 1024;
/** Anonymous payment callbacks (a payer's return, a checkout result), per address and per transaction. */
const CALLBACK_PER_ADDRESS: Limit = { max: 60, windowSeconds: 60 };
const CALLBACK_PER_TRANSACTION: Limit = { max: 10, windowSeconds: 60 };

/**
 * Counts an anonymous payment callback against the caller's address and the transaction it names
 * (each may cost a call to the gateway's API): a 429 past either limit, before anything is read.
 */
async function limitCallback(app: FastifyInstance, req: FastifyRequest, tenantId: string, transactionId: string | undefined) {
  await consumeRateLimit(app, `pay-callback:${tenantId}:${req.ip}`, CALLBACK_PER_ADDRESS);
  if (transactionId) await consumeRateLimit(app, `pay-callback-tx:${tenantId}:${transactionId}`, CALLBACK_PER_TRANSACTION);
}

const customer = z
  .object({
    name: z.string().trim().max(200).optional(),
    email: z.email().max(320).optional(),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 -]{6,20}$/, 'A phone number')
      .optional(),
  })
  .strict();

export const startBody = z
  .object({
    payable: z.object({ kind: z.string().min(1).max(63), id: z.uuid('Not a valid id') }).optional(),
    amountMinor: z.number().int().positive().max(1_000_000_000_00).optional(),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'A three-letter currency code')
      .transform((c) => c.toUpperCase())
      .optional(),
    reference: z.string().trim().min(1).max(200).optional(),
    description: z.string().trim().max(500).optional(),
    customer: customer.optional(),
    gatewayId: z.uuid('Not a valid id').optional(),
    kind: z.enum(GATEWAY_KINDS).optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.payable) return;
    for (const key of ['amountMinor', 'currency', 'reference'] as const) {
      if (b[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: 'Required without a payable' });
    }
  });
export type StartBody = z.infer<typeof startBody>;

export const razorpayVerifyBody = z
  .object({
    transactionId: z.uuid('Not a valid id').optional(),
    razorpay_order_id: z.string().max(64).optional(),
    razorpay_payment_id: z.string().min(1).max(64),
    razorpay_signature: z.string().min(1).max(256),
  })
  .strict();

/** This server's origin as the caller reached it (honouring X-Forwarded-* only from trusted proxies). */

export const startInput = (body: StartBody, req: FastifyRequest, community: string) => ({
  payable: body.payable,
  request: body.payable
    ? undefined
    : {
        amountMinor: body.amountMinor!,
        currency: body.currency!,
        reference: body.reference!,
        description: body.description,
        customer: body.customer ?? {},
      },
  gatewayId: body.gatewayId,
  kind: body.kind,
  origin: requestOrigin(req),
  community,
});

/** What a payer's browser may learn of a transaction. */
const publicView = (t: PaymentTransaction) => ({
  id: t.id,
  status: t.status,
  amountMinor: t.amountMinor,
  currency: t.currency,
  reference: t.reference,
  paid: t.status === 'captured',
});

/** Form fields of a urlencoded body (single values). */
function formFields(body: unknown): Record<string, string> {
  const text = Buffer.isBuffer(body) ? body.toString('utf8') : typeof body === 'string' ? body : '';
  return Object.fromEntries(new URLSearchParams(text));
}

/** The outcome screen a returning payer is sent to. */
function outcomeLocation(community: string, paid: boolean, transactionId: string | undefined, reason?: string) {
  const params = new URLSearchParams({ community });
  if (transactionId) params.set('transaction', transactionId);
  if (reason) params.set('reason', reason);
  return `${paid ? SUCCESS_PATH : FAILED_PATH}?${params}`;
}

/** Payments' v1 routes (payments:read / payments:write) and the gateways' public callbacks. */
export async function paymentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { scope } = tenantRoutes(app);

  r.get('/api/v1/payments/kinds', { config: read, schema: { tags, summary: 'The kinds of payment gateways supported' } }, async () => ({
    data: kindCatalogue(),
  }));

  r.post(
    '/api/v1/payments/gateways/:id/test',
    { config: write, schema: { tags, summary: 'Test a gateway’s credentials against its API', params: idParams } },
    async (req) => ({ data: await paymentService(app).testConnection(scope(req), req.params.id) }),
  );

  r.post(
    '/api/v1/payments/checkout',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Start a payment for a payable ({ kind, id }) or an amount; an Idempotency-Key header makes a retry return the same payment',
        body: startBody,
        headers: z.object({ 'idempotency-key': z.string().min(8).max(200).optional() }).loose(),
      },
    },
    async (req, reply) => {
      const key = req.headers['idempotency-key'] as string | undefined;
      // A key is the caller's own, on this route: another caller's same key is another payment.
      const idempotency = key ? { key, scope: `payments/checkout:${req.auth!.userId}` } : undefined;
      const started = await paymentService(app).start(scope(req), { ...startInput(req.body, req, req.auth!.community), idempotency });
      return reply.code(201).send({ data: started });
    },
  );

  r.post(
    '/api/v1/payments/razorpay/verify',
    {
      config: write,
      schema: { tags, summary: 'Verify a Razorpay checkout (signature, then the payment’s amount)', body: razorpayVerifyBody },
    },
    async (req) => {
      const { transactionId, ...params } = req.body;
      return { data: await paymentService(app).verifyRazorpay(scope(req), params as Record<string, string>, transactionId) };
    },
  );

  r.post(
    '/api/v1/payments/transactions/:id/refund',
    {
      config: write,
      schema: {
        tags,
        summary: 'Refund a paid transaction, fully or in part, through its gateway',
        params: idParams,
        body: z.object({ amountMinor: z.number().int().positive().optional() }).strict(),
      },
    },
    async (req) => ({ data: await paymentService(app).refund(scope(req), req.params.id, req.body.amountMinor) }),
  );

  r.post(
    '/api/v1/payments/transactions/:id/mark-paid',
    {
      config: write,
      schema: {
        tags,
        summary: 'Record that an offline payment (cash on delivery, bank transfer) arrived',
        params: idParams,
        body: z.object({ note: z.string().trim().max(500).optional() }).strict(),
      },
    },
    async (req) => ({ data: await paymentService(app).markPaid(scope(req), req.params.id, req.body.note) }),
  );

  r.post(
    '/api/v1/payments/transactions/:id/reconcile',
    { config: write, schema: { tags, summary: 'Ask the gateway about a transaction now', params: idParams } },
    async (req) => ({ data: await paymentService(app).reconcile(scope(req), req.params.id) }),
  );

  // The gateways' callbacks read their bodies raw: signatures are over the exact bytes.
  await app.register(async (pub) => {
    pub.removeAllContentTypeParsers();
    pub.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));
    const p = pub.withTypeProvider<ZodTypeProvider>();
    const community = z.object({ community: z.string().min(1).max(63) });
    const transactionParams = community.extend({ id: z.uuid('Not a valid id') });
    /** A payer's or a gateway's route: no sign-in, listed under "public" in the API docs. */
    const open = <P extends z.ZodObject>(summary: string, params: P) => ({
      config: { public: true },
      schema: { tags: ['public'], summary, params },
    });

    p.post(
      '/public/:community/payments/webhooks/:kind',
      {
        ...open(
          'A gateway’s webhook (signature checked over the raw body; replays are no-ops)',
          community.extend({ kind: z.enum(['razorpay', 'stripe']) }),
        ),
        bodyLimit: WEBHOOK_BODY_LIMIT,
      },
      async (req) => {
        const c = await requireCommunity(app.db, req.params.community);
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const result = await paymentService(app).webhook(c.id, req.params.kind, { body, headers: req.headers });
        return { received: true, duplicate: result.duplicate, outcome: result.outcome };
      },
    );

    p.post(
      '/public/:community/payments/razorpay/verify',
      open('The payer’s Razorpay checkout result (JSON answers JSON; a form post is redirected to the outcome screen)', community),
      async (req, reply) => {
        const c = await requireCommunity(app.db, req.params.community);
        const isForm = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
        const raw = isForm ? formFields(req.body) : jsonOf(req.body);
        const parsed = razorpayVerifyBody.safeParse({
          ...raw,
          transactionId: raw.transactionId ?? (req.query as { transaction?: string }).transaction,
        });
        if (!parsed.success) throw errors.validation({ razorpay_signature: 'The checkout result is incomplete' });
        const { transactionId, ...params } = parsed.data;
        await limitCallback(app, req, c.id, transactionId ?? params.razorpay_order_id);
        const s = systemScope(app.db, c.id, 'Razorpay checkout');
        if (!isForm)
          return {
            data: publicView((await paymentService(app).verifyRazorpay(s, params as Record<string, string>, transactionId)).transaction),
          };
        return redirectOutcome(c.name, reply, transactionId, () =>
          paymentService(app).verifyRazorpay(s, params as Record<string, string>, transactionId),
        );
      },
    );

    p.get(
      '/public/:community/payments/transactions/:id',
      open('What the payer may see of a payment: status, amount, reference (the outcome screens)', transactionParams),
      async (req) => {
        const c = await requireCommunity(app.db, req.params.community);
        return { data: publicView(await paymentService(app).transaction(c.id, req.params.id)) };
      },
    );

    p.get(
      '/public/:community/payments/transactions/:id/pay',
      open('The hosted pay page of a started payment (Razorpay checkout, or offline instructions), as HTML', transactionParams),
      async (req, reply) => {
        const c = await requireCommunity(app.db, req.params.community);
        const { transaction, checkout } = await paymentService(app).resumable(c.id, req.params.id, {
          origin: requestOrigin(req),
          community: c.name,
        });
        const page = {
          community: c.name,
          transaction,
          checkout,
          razorpayCheckoutUrl: app.config.payments.razorpayCheckoutUrl ?? DEFAULT_RAZORPAY_CHECKOUT,
          razorpayApiUrl: app.config.payments.razorpayUrl ?? 'https://api.razorpay.com',
        };
        return reply
          .header('content-security-policy', payPagePolicy(page))
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(payPageHtml(page));
      },
    );

    p.get(PAY_SCRIPT_PATH, { config: { public: true }, schema: { hide: true } }, async (_req, reply) =>
      reply.header('cache-control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(PAY_SCRIPT),
    );

    p.route({
      method: ['GET', 'POST'],
      url: '/public/:community/payments/:kind/return',
      config: { public: true },
      schema: {
        tags: ['public'],
        summary: 'Where a gateway sends the payer back (PayU posts a form, Stripe redirects): verified, then the outcome screen',
        params: community.extend({ kind: z.enum(['payu', 'stripe']) }),
        querystring: z.object({ transaction: z.uuid(), outcome: z.enum(['success', 'failure']) }),
      },
      handler: async (req, reply) => {
        const { community: name, kind } = req.params as { community: string; kind: GatewayKind };
        const { transaction } = req.query as { transaction: string };
        const c = await requireCommunity(app.db, name);
        await limitCallback(app, req, c.id, transaction);
        const s = systemScope(app.db, c.id, `${kind === 'payu' ? 'PayU' : 'Stripe'} return`);
        if (kind === 'payu') {
          return redirectOutcome(c.name, reply, transaction, () =>
            paymentService(app).verifyReturn(s, 'payu', transaction, formFields(req.body)),
          );
        }
        // Stripe's redirect carries nothing signed: the gateway is asked what happened.
        return redirectOutcome(c.name, reply, transaction, async () => {
          const t = await paymentService(app).reconcile(s, transaction, 'stripe');
          return { transaction: t, paid: t.status === 'captured' };
        });
      },
    });
  });
}

function jsonOf(body: unknown): Record<string, string> {
  if (!Buffer.isBuffer(body) || body.length === 0) return {};
  try {
    const value = JSON.parse(body.toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : {};
  } catch {
    throw errors.badRequest('invalid_json', 'The body is not valid JSON');
  }
}

/** Runs a verification and sends the payer to the outcome screen; a refusal names its reason there. */
async function redirectOutcome(
  community: string,
  reply: FastifyReply,
  transactionId: string | undefined,
  verify: () => Promise<{ transaction: PaymentTransaction; paid: boolean }>,
) {
  try {
    const { transaction, paid } = await verify();
    // The screen reads the transaction by id; the address carries only a code-like reason.
    return reply.redirect(outcomeLocation(community, paid, transaction.id, paid ? undefined : transaction.status), 303);
  } catch (err) {
    if (!(err instanceof AppError) || (err.status >= 500 && err.status !== 502 && err.status !== 504)) throw err;
    return reply.redirect(outcomeLocation(community, false, transactionId, err.code), 303);
  }
}
