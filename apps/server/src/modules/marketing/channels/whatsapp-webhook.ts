import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consumeRateLimit, type Limit } from '../../../kernel/auth';
import { AppError, type Db, errors, requireCommunity, tenantFilter } from '../../../kernel/resources';
import { marketingWhatsappTemplates } from '../tables/channels';
import { knownStatusOf, reasonOf } from './providers/whatsapp-cloud';
import { openSettings } from './settings/store';

// Meta's webhook for the WhatsApp Business Account, at /public/<community>/marketing/whatsapp/webhook:
// GET answers Meta's subscription check (hub.verify_token against the community's verify token),
// POST takes `message_template_status_update` events, signed with the app secret (X-Hub-Signature-256:
// an HMAC-SHA256 of the raw body), and sets the templates' approval status.

export const WHATSAPP_WEBHOOK_PATH = '/public/:community/marketing/whatsapp/webhook';
const BODY_LIMIT = 256 * 1024;
/** Subscription checks per address and community (a wrong verify token cannot be guessed at speed). */
export const VERIFY_LIMIT: Limit = { max: 20, windowSeconds: 600 };

const params = z.object({ community: z.string().min(1).max(63) });

const statusUpdate = z.object({
  event: z.string().max(40),
  message_template_id: z.union([z.string().max(40), z.number()]),
  reason: z.string().max(500).nullish(),
});

const delivery = z.object({
  object: z.string().max(60).optional(),
  entry: z
    .array(
      z.object({
        id: z.string().max(40).optional(),
        time: z.number().optional(),
        changes: z.array(z.object({ field: z.string().max(80), value: z.unknown() })).default([]),
      }),
    )
    .max(100)
    .default([]),
});

/** Same text, compared in constant time (false for different lengths). */
function same(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The signature Meta sends: `sha256=` and the hex HMAC-SHA256 of the raw body under the app secret. */
export const hubSignature = (appSecret: string, body: Buffer | string) =>
  `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;

async function whatsappSettingsOf(app: FastifyInstance, tenantId: string) {
  const settings = await app.db.withTenant(tenantId, (tx) => openSettings(app.secrets, tx, tenantId, 'whatsapp'));
  return settings.provider === 'cloud_api' ? settings : null;
}

/**
 * One status update: the template Meta names (by its id) takes the status, unless it was synced
 * after the event happened (a late delivery does not undo a newer status). Returns whether it changed.
 */
async function applyUpdate(tx: Db, tenantId: string, update: z.infer<typeof statusUpdate>, happened: Date): Promise<boolean> {
  const status = knownStatusOf(update.event);
  if (!status) return false;
  const t = marketingWhatsappTemplates;
  const rows = await tx
    .update(t)
    .set({ status, rejectionReason: status === 'rejected' ? reasonOf(update.reason) : null, syncedAt: happened, updatedAt: new Date() })
    .where(
      and(
        tenantFilter(t, tenantId),
        eq(t.providerTemplateId, String(update.message_template_id)),
        or(isNull(t.syncedAt), lte(t.syncedAt, happened)),
      ),
    )
    .returning({ id: t.id });
  return rows.length > 0;
}

export async function whatsappWebhookRoutes(app: FastifyInstance) {
  // Signatures are over the exact bytes: this scope reads bodies raw.
  await app.register(async (pub) => {
    pub.removeAllContentTypeParsers();
    pub.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));
    const p = pub.withTypeProvider<ZodTypeProvider>();

    p.get(
      WHATSAPP_WEBHOOK_PATH,
      {
        config: { public: true },
        schema: {
          tags: ['public'],
          summary: "Meta's webhook subscription check: answers hub.challenge when hub.verify_token is the community's verify token",
          params,
          querystring: z.object({
            'hub.mode': z.string().max(40).optional(),
            'hub.verify_token': z.string().max(4000).optional(),
            'hub.challenge': z
              .string()
              .regex(/^[A-Za-z0-9_-]{1,200}$/, 'Not a challenge')
              .optional(),
          }),
        },
      },
      async (req, reply) => {
        const community = await requireCommunity(app.db, req.params.community);
        await consumeRateLimit(app, `whatsapp-webhook-verify:${community.id}:${req.ip}`, VERIFY_LIMIT);
        const settings = await whatsappSettingsOf(app, community.id);
        const expected = settings?.secrets.webhookVerifyToken;
        const given = req.query['hub.verify_token'] ?? '';
        if (req.query['hub.mode'] !== 'subscribe' || !expected || !same(expected, given) || !req.query['hub.challenge'])
          throw errors.forbidden("The verify token is not this community's WhatsApp webhook verify token");
        return reply.type('text/plain; charset=utf-8').send(req.query['hub.challenge']);
      },
    );

    p.post(
      WHATSAPP_WEBHOOK_PATH,
      {
        config: { public: true },
        bodyLimit: BODY_LIMIT,
        schema: {
          tags: ['public'],
          summary:
            "Meta's webhook deliveries (signed with the app secret, X-Hub-Signature-256): message_template_status_update sets a template's approval status",
          params,
        },
      },
      async (req) => {
        const community = await requireCommunity(app.db, req.params.community);
        const settings = await whatsappSettingsOf(app, community.id);
        const appSecret = settings?.secrets.appSecret;
        if (!settings || !appSecret)
          throw errors.conflict('webhook_not_configured', 'Add the app secret in the WhatsApp settings to receive status updates');
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const signature = String(req.headers['x-hub-signature-256'] ?? '').toLowerCase();
        if (!same(hubSignature(appSecret, body), signature))
          throw new AppError(401, 'invalid_signature', 'The delivery is not signed with the app secret of these WhatsApp settings');
        let json: unknown;
        try {
          json = JSON.parse(body.toString('utf8'));
        } catch {
          throw errors.badRequest('invalid_json', 'The delivery is not JSON');
        }
        const parsed = delivery.safeParse(json);
        if (!parsed.success) throw errors.badRequest('invalid_delivery', 'The delivery is not a WhatsApp Business Account webhook');
        const account = String(settings.config.businessAccountId ?? '');
        let updated = 0;
        await app.db.withTenant(community.id, async (tx) => {
          for (const entry of parsed.data.entry) {
            // Another business account's events (an app subscribed for several) are not this community's.
            if (entry.id && account && entry.id !== account) continue;
            const happened = entry.time ? new Date(entry.time * 1000) : new Date();
            for (const change of entry.changes) {
              if (change.field !== 'message_template_status_update') continue;
              const update = statusUpdate.safeParse(change.value);
              if (update.success && (await applyUpdate(tx, community.id, update.data, happened))) updated++;
            }
          }
        });
        return { received: true, updated };
      },
    );
  });
}
