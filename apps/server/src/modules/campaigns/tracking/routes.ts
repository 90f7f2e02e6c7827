import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, type Db, errors, requireCommunity } from '../../../kernel/resources';
import { type Inbound, receiveInbound } from '../bot/inbound';
import { contactsOf } from '../engine/lifecycle';
import { campaignPushSubscriptions } from '../tables';
import { verify } from './links';
import { recipientByProviderId, track } from './record';

// The public side of tracking: the open pixel, click redirects and unsubscribe (signed links in
// each email, RFC 8058 one-click POST), SMS delivery reports, WhatsApp status webhooks (signed by
// Meta's app secret), and web push: the subscribe endpoint, the service worker and its reports.

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const tags = ['public'];
const community = z.object({ community: z.string().min(1).max(63) });
const withRecipient = community.extend({ rid: z.uuid() });
const forged = () => new AppError(403, 'invalid_signature', 'This link is not valid');

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

async function inCommunity<T>(app: FastifyInstance, name: string, fn: (tx: Db, tenantId: string, community: string) => Promise<T>) {
  const c = await requireCommunity(app.db, name);
  return app.db.withTenant(c.id, (tx) => fn(tx, c.id, c.name));
}

const page = (reply: FastifyReply, title: string, body: string) =>
  reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head><body style="font-family:system-ui;max-width:32rem;margin:4rem auto;padding:0 1rem">${body}</body></html>`,
    );

export async function trackingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secret = app.config.jwtSecret;
  const client = (req: { ip: string; headers: Record<string, unknown> }) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
  });

  r.get(
    '/public/:community/campaigns/t/o/:file',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "An email's open pixel (signed): records the open",
        params: community.extend({ file: z.string().regex(/^[0-9a-f-]{36}\.gif$/, 'Not a pixel') }),
        querystring: z.object({ s: z.string().max(64) }),
      },
    },
    async (req, reply) => {
      const rid = req.params.file.slice(0, 36);
      if (!verify(secret, 'o', req.params.community, rid, req.query.s)) throw forged();
      await inCommunity(app, req.params.community, (tx, tenantId) => track(tx, tenantId, rid, 'open', client(req)));
      return reply.type('image/gif').header('cache-control', 'no-store, private').send(PIXEL);
    },
  );

  r.get(
    '/public/:community/campaigns/t/c/:rid',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "An email link's redirect (signed over the target): records the click and sends the reader on",
        params: withRecipient,
        querystring: z.object({ u: z.url({ protocol: /^https?$/ }).max(4000), s: z.string().max(64) }),
      },
    },
    async (req, reply) => {
      if (!verify(secret, 'c', req.params.community, req.params.rid, req.query.s, req.query.u)) throw forged();
      await inCommunity(app, req.params.community, (tx, tenantId) =>
        track(tx, tenantId, req.params.rid, 'click', { url: req.query.u, ...client(req) }),
      );
      return reply.redirect(req.query.u, 302);
    },
  );

  const unsubscribeQuery = z.object({ s: z.string().max(64) });
  r.get(
    '/public/:community/campaigns/t/u/:rid',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The unsubscribe link: a page asking to confirm (mail scanners follow links)',
        params: withRecipient,
        querystring: unsubscribeQuery,
      },
    },
    async (req, reply) => {
      if (!verify(secret, 'u', req.params.community, req.params.rid, req.query.s)) throw forged();
      return page(
        reply,
        'Unsubscribe',
        `<h1>Unsubscribe?</h1><p>You will get no more messages like this one.</p><form method="post"><button type="submit" style="font-size:1rem;padding:.5rem 1rem">Unsubscribe</button></form>`,
      );
    },
  );

  r.post(
    '/public/:community/campaigns/t/u/:rid',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "Unsubscribes (the page's button, or RFC 8058 one-click: List-Unsubscribe-Post): opts out and suppresses the address",
        params: withRecipient,
        querystring: unsubscribeQuery,
      },
    },
    async (req, reply) => {
      if (!verify(secret, 'u', req.params.community, req.params.rid, req.query.s)) throw forged();
      await inCommunity(app, req.params.community, async (tx, tenantId) => {
        const row = await track(tx, tenantId, req.params.rid, 'unsubscribe', client(req));
        if (!row) throw errors.notFound('Message');
        await contactsOf(app).optOut(tx, tenantId, {
          contactId: row.contactId,
          channel: row.channel as 'email',
          address: row.address,
          source: 'campaign unsubscribe link',
          ...client(req),
        });
      });
      return page(reply, 'Unsubscribed', '<h1>You are unsubscribed</h1><p>You will get no more of these messages.</p>');
    },
  );

  // Push: the service worker's report of a shown or clicked notification (signed in the payload).
  r.post(
    '/public/:community/campaigns/push/report',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Web push: the service worker reports a notification shown (delivered) or clicked',
        params: community,
        body: z.object({ recipientId: z.uuid(), s: z.string().max(64), kind: z.enum(['delivered', 'click']) }).strict(),
      },
    },
    async (req) => {
      const { recipientId, s, kind } = req.body;
      if (!verify(secret, 'o', req.params.community, recipientId, s)) throw forged();
      await inCommunity(app, req.params.community, (tx, tenantId) => track(tx, tenantId, recipientId, kind, client(req)));
      return { data: { recorded: true } };
    },
  );

  r.post(
    '/public/:community/campaigns/push/subscribe',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "Registers a browser's push subscription for the community (the service worker snippet calls it)",
        params: community,
        body: z
          .object({
            subscription: z.object({
              endpoint: z.url({ protocol: /^https$/ }).max(1000),
              keys: z.object({ p256dh: z.string().min(20).max(200), auth: z.string().min(8).max(100) }),
            }),
            contactId: z.uuid().optional(),
          })
          .strict(),
      },
    },
    async (req, reply) => {
      const { subscription, contactId } = req.body;
      const id = await inCommunity(app, req.params.community, async (tx, tenantId) => {
        const [row] = await tx
          .insert(campaignPushSubscriptions)
          .values({
            tenantId,
            endpoint: subscription.endpoint,
            p256dh: subscription.keys.p256dh,
            auth: subscription.keys.auth,
            contactId: contactId ?? null,
            userAgent: client(req).userAgent?.slice(0, 400) ?? null,
            lastSeenAt: new Date(),
          })
          .onConflictDoUpdate({
            target: [campaignPushSubscriptions.tenantId, campaignPushSubscriptions.endpoint],
            set: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, lastSeenAt: new Date(), updatedAt: new Date() },
          })
          .returning({ id: campaignPushSubscriptions.id });
        return row.id;
      });
      return reply.status(201).send({ data: { id } });
    },
  );

  r.get(
    '/public/:community/campaigns/push/sw.js',
    { config: { public: true }, schema: { tags, summary: 'The service worker a website installs for web push', params: community } },
    async (req, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(serviceWorker(`/public/${encodeURIComponent(req.params.community)}/campaigns/push/report`)),
  );

  // SMS delivery reports: { id | reference, status, error? }, signed with the gateway's API key.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
    const p = raw.withTypeProvider<ZodTypeProvider>();

    p.post(
      '/public/:community/campaigns/sms/reports',
      {
        config: { public: true },
        schema: {
          tags,
          summary: "An SMS gateway's delivery report (X-Signature: sha256=HMAC of the body under the API key)",
          params: community,
        },
      },
      async (req) => {
        const body = req.body as Buffer;
        const report = z
          .object({
            id: z.string().max(200).optional(),
            reference: z.string().max(200).optional(),
            status: z.string().max(40),
            error: z.string().max(500).optional(),
          })
          .safeParse(safeJson(body));
        if (!report.success) throw errors.validation({ body: 'Expected { id | reference, status }' });
        await inCommunity(app, req.params.community, async (tx, tenantId) => {
          const settings = await contactsOf(app).channelSettings(tx, tenantId, 'sms');
          const key = settings.secrets.apiKey;
          const given = String(req.headers['x-signature'] ?? '');
          if (!key || !same(`sha256=${createHmac('sha256', key).update(body).digest('hex')}`, given)) throw forged();
          const rid = report.data.reference ?? (report.data.id ? await recipientByProviderId(tx, tenantId, report.data.id) : null);
          if (!rid || !z.uuid().safeParse(rid).success) return;
          const status = report.data.status.toLowerCase();
          if (status === 'delivered') await track(tx, tenantId, rid, 'delivered');
          else if (['failed', 'undelivered', 'rejected', 'expired'].includes(status))
            await track(tx, tenantId, rid, 'failed', { error: report.data.error ?? status });
        });
        return { data: { received: true } };
      },
    );

    p.get(
      '/public/:community/campaigns/whatsapp/webhook',
      {
        config: { public: true },
        schema: {
          tags,
          summary: "Meta's subscription check for campaign status webhooks",
          params: community,
          querystring: z.object({
            'hub.mode': z.string().max(40).optional(),
            'hub.verify_token': z.string().max(4000).optional(),
            'hub.challenge': z
              .string()
              .regex(/^[A-Za-z0-9_-]{1,200}$/)
              .optional(),
          }),
        },
      },
      async (req, reply) => {
        const expected = await inCommunity(app, req.params.community, async (tx, tenantId) => {
          const settings = await contactsOf(app).channelSettings(tx, tenantId, 'whatsapp');
          return settings.secrets.webhookVerifyToken;
        });
        if (
          req.query['hub.mode'] !== 'subscribe' ||
          !expected ||
          !same(expected, req.query['hub.verify_token'] ?? '') ||
          !req.query['hub.challenge']
        )
          throw errors.forbidden("The verify token is not this community's WhatsApp webhook verify token");
        return reply.type('text/plain; charset=utf-8').send(req.query['hub.challenge']);
      },
    );

    p.post(
      '/public/:community/campaigns/whatsapp/webhook',
      {
        config: { public: true },
        schema: {
          tags,
          summary:
            'WhatsApp Cloud API message statuses (sent, delivered, read, failed) and inbound messages (the bot), signed X-Hub-Signature-256',
          params: community,
        },
      },
      async (req) => {
        const body = req.body as Buffer;
        await inCommunity(app, req.params.community, async (tx, tenantId) => {
          const settings = await contactsOf(app).channelSettings(tx, tenantId, 'whatsapp');
          const appSecret = settings.secrets.appSecret;
          const given = String(req.headers['x-hub-signature-256'] ?? '');
          if (!appSecret || !same(`sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`, given)) throw forged();
          const parsed = whatsappDelivery.safeParse(safeJson(body));
          if (!parsed.success) throw errors.validation({ body: 'Not a WhatsApp webhook delivery' });
          for (const entry of parsed.data.entry) {
            for (const change of entry.changes) {
              for (const message of inboundOf(change.value)) await receiveInbound(app, tx, tenantId, message);
              for (const s of change.value?.statuses ?? []) {
                const rid = s.biz_opaque_callback_data ?? (await recipientByProviderId(tx, tenantId, s.id));
                if (!rid || !z.uuid().safeParse(rid).success) continue;
                const kind = ({ delivered: 'delivered', read: 'read', failed: 'failed' } as const)[s.status as 'delivered'];
                if (kind) await track(tx, tenantId, rid, kind, { error: s.errors?.[0]?.title });
              }
            }
          }
        });
        return { data: { received: true } };
      },
    );
  });
}

const whatsappDelivery = z.object({
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              field: z.string().max(80),
              value: z
                .object({
                  statuses: z
                    .array(
                      z.object({
                        id: z.string().max(200),
                        status: z.string().max(40),
                        biz_opaque_callback_data: z.string().max(200).optional(),
                        errors: z.array(z.object({ title: z.string().max(500).optional() })).optional(),
                      }),
                    )
                    .max(1000)
                    .optional(),
                  // Inbound messages (the WhatsApp bot): text, and the buttons a contact may tap.
                  contacts: z
                    .array(
                      z.object({
                        wa_id: z.string().max(32),
                        profile: z
                          .object({ name: z.string().max(200) })
                          .partial()
                          .optional(),
                      }),
                    )
                    .max(1000)
                    .optional(),
                  messages: z
                    .array(
                      z.object({
                        id: z.string().max(200),
                        from: z.string().regex(/^\d{4,20}$/),
                        type: z.string().max(40),
                        text: z.object({ body: z.string().max(4096) }).optional(),
                        button: z.object({ text: z.string().max(256) }).optional(),
                        interactive: z
                          .object({
                            button_reply: z.object({ title: z.string().max(256) }).optional(),
                            list_reply: z.object({ title: z.string().max(256) }).optional(),
                          })
                          .optional(),
                      }),
                    )
                    .max(1000)
                    .optional(),
                })
                .passthrough()
                .optional(),
            }),
          )
          .default([]),
      }),
    )
    .max(100)
    .default([]),
});

type DeliveryValue = NonNullable<z.infer<typeof whatsappDelivery>['entry'][number]['changes'][number]['value']>;

/** The inbound messages of a change with their text (a tapped button's title counts as text), and the sender's profile name. */
function inboundOf(value: DeliveryValue | undefined): Inbound[] {
  if (!value?.messages) return [];
  return value.messages.flatMap((m) => {
    const text = m.text?.body ?? m.button?.text ?? m.interactive?.button_reply?.title ?? m.interactive?.list_reply?.title;
    if (text === undefined) return [];
    const name = value.contacts?.find((c) => c.wa_id === m.from)?.profile?.name ?? '';
    return [{ id: m.id, from: m.from, name, text }];
  });
}

function safeJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
}

/** The service worker: shows each notification, reports it shown and clicked, opens its link. */
function serviceWorker(reportPath: string): string {
  return `// Atrium web push service worker
const REPORT = ${JSON.stringify(reportPath)};
function report(data, kind) {
  if (!data || !data.recipientId || !data.s) return Promise.resolve();
  return fetch(REPORT, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ recipientId: data.recipientId, s: data.s, kind }) }).catch(() => {});
}
self.addEventListener('push', (event) => {
  const data = event.data ? event.data.json() : {};
  event.waitUntil(Promise.all([
    self.registration.showNotification(data.title || '', { body: data.body, icon: data.icon, image: data.image, tag: data.tag, data }),
    report(data, 'delivered'),
  ]));
});
self.addEventListener('notificationclick', (event) => {
  const data = event.notification.data || {};
  event.notification.close();
  event.waitUntil(Promise.all([report(data, 'click'), data.url ? clients.openWindow(data.url) : Promise.resolve()]));
});
`;
}
