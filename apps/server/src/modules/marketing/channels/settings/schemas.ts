import { z } from 'zod';
import type { SettingsChannel } from '../../tables/channels';

// What each channel's settings hold, by provider: `config` is shown as stored, `secrets` are sealed
// and only ever shown masked. Every shape is strict, so a secret cannot slip into `config` by a typo.

const httpUrl = z.url({ protocol: /^https?$/, message: 'A web address (https://…)' }).max(500);
const text = (max: number) => z.string().trim().min(1).max(max);
const secret = z.string().min(1).max(4000);

const identity = z
  .object({
    name: text(120),
    address: z.email('Enter a valid email address').max(254),
  })
  .strict();

export interface ProviderShape {
  label: string;
  config: z.ZodObject;
  secrets: z.ZodObject;
  /** Secrets that must be present once saved. */
  requiredSecrets: string[];
  /**
   * Where the server connects for this provider, and which secrets it sends there. Each address is
   * held to the kernel's outbound policy at save and again at each connection; a save that changes
   * one drops the secrets sent to it unless they are entered again (store.ts).
   */
  called?: CalledAddress[];
}

/** An address the server calls: a web address in one config key, or an SMTP server's host and port keys. */
export type CalledAddress = ({ url: string } | { smtpHost: string; smtpPort: string }) & {
  /** The secrets sent to this address (a key, a token, a password). */
  sends: string[];
};

/** The config keys that say where a called address is. */
export const addressKeys = (address: CalledAddress): string[] => ('url' in address ? [address.url] : [address.smtpHost, address.smtpPort]);

/** Email: the installation's mail (SMTP_URL or the outbox) or the community's own SMTP server. */
const email: Record<string, ProviderShape> = {
  default: {
    label: 'Installation default',
    config: z.object({ identities: z.array(identity).max(20).default([]) }).strict(),
    secrets: z.object({}).strict(),
    requiredSecrets: [],
  },
  smtp: {
    label: 'SMTP server',
    config: z
      .object({
        host: z
          .string()
          .trim()
          .min(1)
          .max(253)
          .regex(/^[A-Za-z0-9.-]+$/, 'A host name (smtp.example.com)'),
        port: z.coerce.number().int().min(1).max(65535).default(587),
        secure: z.boolean().default(false).describe('TLS from the start (port 465); otherwise STARTTLS when offered'),
        username: z.string().trim().max(254).default(''),
        identities: z.array(identity).max(20).default([]),
        dkimDomain: z.string().trim().max(253).optional(),
        dkimSelector: z.string().trim().max(63).optional(),
      })
      .strict(),
    secrets: z.object({ password: secret.optional(), dkimPrivateKey: secret.optional() }).strict(),
    requiredSecrets: [],
    // The DKIM key signs here and never leaves the server: only the password is bound to the server's address.
    called: [{ smtpHost: 'host', smtpPort: 'port', sends: ['password'] }],
  },
};

/** SMS: the development outbox (recorded, not sent) or an HTTP SMS gateway (http-sms.ts documents the call). */
const sms: Record<string, ProviderShape> = {
  outbox: {
    label: 'Outbox (development: recorded, not sent)',
    config: z.object({ senderId: z.string().trim().max(15).default('') }).strict(),
    secrets: z.object({}).strict(),
    requiredSecrets: [],
  },
  http: {
    label: 'HTTP SMS gateway',
    config: z
      .object({
        baseUrl: httpUrl,
        senderId: z.string().trim().min(1, 'The sender id messages go out with').max(15),
        username: z.string().trim().max(200).default(''),
      })
      .strict(),
    secrets: z.object({ apiKey: secret.optional() }).strict(),
    requiredSecrets: ['apiKey'],
    called: [{ url: 'baseUrl', sends: ['apiKey'] }],
  },
};

/** WhatsApp: the development outbox or Meta's WhatsApp Cloud API. */
const whatsapp: Record<string, ProviderShape> = {
  outbox: {
    label: 'Outbox (development: recorded, not sent)',
    config: z.object({}).strict(),
    secrets: z.object({}).strict(),
    requiredSecrets: [],
  },
  cloud_api: {
    label: 'WhatsApp Cloud API',
    config: z
      .object({
        phoneNumberId: z
          .string()
          .trim()
          .regex(/^[0-9]{5,30}$/, 'The phone number id (digits) from the WhatsApp manager'),
        businessAccountId: z
          .string()
          .trim()
          .regex(/^[0-9]{5,30}$/, 'The WhatsApp business account id (digits)'),
        graphUrl: httpUrl.default('https://graph.facebook.com/v21.0'),
        appId: z
          .string()
          .trim()
          .regex(/^([0-9]{5,30})?$/, 'The Meta app id (digits): media headers are uploaded to it')
          .default(''),
      })
      .strict(),
    secrets: z
      .object({
        accessToken: secret.optional(),
        webhookVerifyToken: secret.optional(),
        /** Signs the webhook's deliveries (X-Hub-Signature-256): without it the webhook takes no status updates. */
        appSecret: secret.optional(),
      })
      .strict(),
    requiredSecrets: ['accessToken', 'webhookVerifyToken'],
    // The verify token and app secret check Meta's calls to us; only the access token goes to the Graph address.
    called: [{ url: 'graphUrl', sends: ['accessToken'] }],
  },
};

/** Push: web push with the community's own VAPID keys (generated here, never typed in). */
const push: Record<string, ProviderShape> = {
  webpush: {
    label: 'Web push (VAPID)',
    config: z
      .object({
        subject: z
          .string()
          .trim()
          .regex(/^(mailto:.+@.+|https:\/\/.+)$/, 'mailto:you@example.com or https://your-site')
          .max(300),
        publicKey: z.string().optional(),
      })
      .strict(),
    secrets: z.object({}).strict(),
    requiredSecrets: [],
  },
};

export const PROVIDERS: Record<SettingsChannel, Record<string, ProviderShape>> = { email, sms, whatsapp, push };

/** The provider a channel has before anyone configures it. */
export const DEFAULT_PROVIDER: Record<SettingsChannel, string> = { email: 'default', sms: 'outbox', whatsapp: 'outbox', push: 'webpush' };

/** What a save sends: the provider, its shown settings, and the secrets that change ('' removes one). */
export const settingsInput = z
  .object({
    provider: z.string().max(40).optional(),
    config: z.record(z.string(), z.unknown()).default({}),
    secrets: z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,40}$/), z.string().max(4000)).default({}),
  })
  .strict();
export type SettingsInput = z.infer<typeof settingsInput>;
