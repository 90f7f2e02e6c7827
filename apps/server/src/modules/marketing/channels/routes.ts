import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, tenantRoutes } from '../../../kernel/resources';
import { SETTINGS_CHANNELS } from '../tables/channels';
import { ccMessageInput, sendCcMessage } from './cc-send';
import { bindChannelSender } from './providers/sender';
import { ccMessagesResource } from './resources/cc-messages';
import { whatsappTemplatesResource } from './resources/whatsapp-templates';
import { settingsInput } from './settings/schemas';
import { generateVapidKeys, readSettings, saveSettings } from './settings/store';
import { submitWhatsappTemplate, syncWhatsappTemplates } from './whatsapp-sync';
import { whatsappWebhookRoutes } from './whatsapp-webhook';

const tags = ['marketing'];
const read = { access: 'marketing-channels:read' } as const;
const write = { access: 'marketing-channels:write' } as const;

/** What the API shows of a channel's settings (secrets only masked). */
export const settingsView = z.object({
  channel: z.enum(SETTINGS_CHANNELS),
  provider: z.string(),
  providers: z.array(z.object({ key: z.string(), label: z.string(), secrets: z.array(z.string()) })),
  config: z.record(z.string(), z.unknown()),
  secrets: z.record(z.string(), z.string()).describe('Masks of the stored secrets (never the secrets)'),
  configured: z.boolean(),
  updatedAt: z.string().nullable(),
});

/** Channel settings (per channel, secrets write-only), VAPID keys, WhatsApp template approval (on demand, a job, Meta's webhook). */
export async function channelsRoutes(app: FastifyInstance) {
  bindChannelSender(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { scope, inTx } = tenantRoutes(app);
  const channelParams = z.object({ channel: z.enum(SETTINGS_CHANNELS) });
  const template = whatsappTemplatesResource.schemas.record;

  r.get(
    '/api/v1/marketing/channel-settings/:channel',
    {
      config: read,
      schema: {
        tags,
        summary: "A channel's settings (secrets masked)",
        params: channelParams,
        response: { 200: z.object({ data: settingsView }) },
      },
    },
    async (req) => ({ data: await inTx(req, (tx, s) => readSettings(tx, s.tenantId, req.params.channel)) }),
  );

  r.patch(
    '/api/v1/marketing/channel-settings/:channel',
    {
      config: write,
      schema: {
        tags,
        summary: "Saves a channel's settings: secrets are sealed and never returned (send only those that change; '' removes one)",
        params: channelParams,
        body: settingsInput,
        response: { 200: z.object({ data: settingsView }) },
      },
    },
    async (req) => ({ data: await inTx(req, (tx, s) => saveSettings(app.secrets, tx, s, req.params.channel, req.body)) }),
  );

  r.post(
    '/api/v1/marketing/channel-settings/push/vapid',
    {
      config: write,
      schema: {
        tags,
        summary: 'Generates new VAPID keys for web push (subscribers must subscribe again); the private key is sealed',
        body: z
          .object({
            subject: z
              .string()
              .trim()
              .regex(/^(mailto:.+@.+|https:\/\/.+)$/)
              .max(300)
              .optional(),
          })
          .strict(),
        response: { 200: z.object({ data: settingsView }) },
      },
    },
    async (req) => ({ data: await inTx(req, (tx, s) => generateVapidKeys(app.secrets, tx, s, req.body.subject)) }),
  );

  r.post(
    '/api/v1/marketing/cc-messages/send',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Sends a one-off email or SMS to a contact or an address (409 when suppressed or opted out); answers with the outcome: sent, outbox or failed',
        body: ccMessageInput,
        response: { 201: z.object({ data: ccMessagesResource.schemas.record }) },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return { data: await sendCcMessage(scope(req), req.body) };
    },
  );

  r.post(
    '/api/v1/marketing/whatsapp-templates/:id/submit',
    {
      config: write,
      schema: {
        tags,
        summary: 'Submits a WhatsApp template to the Cloud API for approval',
        params: idParams,
        response: { 200: z.object({ data: template }) },
      },
    },
    async (req) => ({ data: await submitWhatsappTemplate(scope(req), req.params.id) }),
  );

  r.post(
    '/api/v1/marketing/whatsapp-templates/sync',
    {
      config: write,
      schema: {
        tags,
        summary: 'Reads the approval status of submitted WhatsApp templates from the Cloud API (all, or `id`)',
        body: z.object({ id: z.uuid().optional() }).strict(),
        response: { 200: z.object({ data: z.array(template) }) },
      },
    },
    async (req) => ({ data: await syncWhatsappTemplates(scope(req), req.body.id) }),
  );

  await whatsappWebhookRoutes(app);
}
