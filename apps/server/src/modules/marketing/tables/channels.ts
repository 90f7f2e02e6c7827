import { index, integer, jsonb, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { filterIndexes, instant, ref, sortIndexes, tenantTable } from '../../../kernel/resources';
import { marketingContacts } from './contacts';

// Channels: the SMS, push and WhatsApp templates, each community's channel settings (credentials
// sealed with the kernel secret box, shown only masked) and the control center's one-off messages.

export const SMS_ENCODINGS = ['gsm7', 'ucs2'] as const;

/** An SMS template: Liquid body, its counted length and segments, the sender id and the DLT registration. */
export const marketingSmsTemplates = tenantTable(
  'marketing_sms_templates',
  {
    name: text('name').notNull(),
    body: text('body').notNull(),
    /** Alphanumeric sender id (up to 11 characters) or a number; empty = the channel settings' sender id. */
    senderId: text('sender_id'),
    /** The template id registered with the regulator (India's DLT), sent with every message. */
    dltTemplateId: text('dlt_template_id'),
    /** Counted by sms-counter.ts at save (the body as written, before merge tags are filled). */
    encoding: text('encoding', { enum: SMS_ENCODINGS }).notNull().default('gsm7'),
    characters: integer('characters').notNull().default(0),
    segments: integer('segments').notNull().default(0),
  },
  (t) => [
    ...sortIndexes('marketing_sms_templates', t, { name: t.name }),
    ...filterIndexes('marketing_sms_templates', t, { encoding: t.encoding }),
  ],
);

/** A web push template: what the notification shows and where a click goes. */
export const marketingPushTemplates = tenantTable(
  'marketing_push_templates',
  {
    name: text('name').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    iconUrl: text('icon_url'),
    imageUrl: text('image_url'),
    /** The action button's text ("Shop now"). */
    urlText: text('url_text'),
    url: text('url'),
  },
  (t) => [index('marketing_push_templates_name_idx').on(t.tenantId, t.name, t.id)],
);

export const WHATSAPP_CATEGORIES = ['marketing', 'utility', 'authentication'] as const;
/** A header: none, text, or a media file (uploaded to Meta as the example when the template is submitted). */
export const WHATSAPP_HEADERS = ['none', 'text', 'image', 'video', 'document'] as const;
export type WhatsappHeader = (typeof WHATSAPP_HEADERS)[number];
/** Draft until submitted; then what the provider says (Meta's statuses, lower-cased). */
export const WHATSAPP_STATUSES = ['draft', 'pending', 'approved', 'rejected', 'paused', 'disabled'] as const;
export type WhatsappStatus = (typeof WHATSAPP_STATUSES)[number];

export type WhatsappButton =
  | { type: 'quick_reply'; text: string }
  | { type: 'url'; text: string; url: string }
  | { type: 'phone'; text: string; phone: string };

/** A WhatsApp message template as Meta's Cloud API knows it, with the mapping of `{{1}}` to merge variables. */
export const marketingWhatsappTemplates = tenantTable(
  'marketing_whatsapp_templates',
  {
    /** The provider's name for it: lower case, digits and underscores (unique per language). */
    name: text('name').notNull(),
    category: text('category', { enum: WHATSAPP_CATEGORIES }).notNull(),
    /** Meta's language code: en, en_US, hi, pt_BR. */
    language: text('language').notNull().default('en'),
    headerType: text('header_type', { enum: WHATSAPP_HEADERS }).notNull().default('none'),
    headerText: text('header_text'),
    /** The https address of a media header's image, video or document. */
    headerImageUrl: text('header_image_url'),
    /** With numbered variables `{{1}}`, `{{2}}` … in order. */
    body: text('body').notNull(),
    footer: text('footer'),
    buttons: jsonb('buttons').$type<WhatsappButton[]>().notNull().default([]),
    /** `{ "1": "first_name" }`: the community's merge variable that fills each numbered variable. */
    variableMap: jsonb('variable_map').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: WHATSAPP_STATUSES }).notNull().default('draft'),
    providerTemplateId: text('provider_template_id'),
    /** Why the provider rejected it (its words). */
    rejectionReason: text('rejection_reason'),
    syncedAt: instant('synced_at'),
  },
  (t) => [
    uniqueIndex('marketing_whatsapp_templates_name_uq').on(t.tenantId, t.name, t.language),
    ...filterIndexes('marketing_whatsapp_templates', t, { status: t.status, category: t.category, language: t.language }),
  ],
);

export const SETTINGS_CHANNELS = ['email', 'sms', 'whatsapp', 'push'] as const;
export type SettingsChannel = (typeof SETTINGS_CHANNELS)[number];

/**
 * One row per community and channel. `config` holds what may be shown (host, sender id, phone number
 * id, VAPID public key); the secrets (passwords, tokens, private keys) are sealed in `secrets_sealed`
 * and only `secrets_masked` is ever read back.
 */
export const marketingChannelSettings = tenantTable(
  'marketing_channel_settings',
  {
    channel: text('channel', { enum: SETTINGS_CHANNELS }).notNull(),
    provider: text('provider').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    secretsSealed: text('secrets_sealed'),
    secretsMasked: jsonb('secrets_masked').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [uniqueIndex('marketing_channel_settings_channel_uq').on(t.tenantId, t.channel)],
);

export const CC_CHANNELS = ['email', 'sms'] as const;
export const CC_STATUSES = ['queued', 'sent', 'outbox', 'failed'] as const;

/** The control center's one-off messages to one contact or address, with what the provider answered. */
export const marketingCcMessages = tenantTable(
  'marketing_cc_messages',
  {
    channel: text('channel', { enum: CC_CHANNELS }).notNull(),
    contactId: ref('contact_id', () => marketingContacts, 'set null'),
    /** Lower-cased email or E.164 number. */
    to: text('to').notNull(),
    subject: text('subject'),
    /** As sent (merge tags filled). */
    body: text('body').notNull(),
    smsTemplateId: ref('sms_template_id', () => marketingSmsTemplates, 'set null'),
    /** queued until the send after the commit; outbox = recorded by the development provider, not sent. */
    status: text('status', { enum: CC_STATUSES }).notNull().default('queued'),
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    sentAt: instant('sent_at'),
  },
  (t) => [
    index('marketing_cc_messages_channel_idx').on(t.tenantId, t.channel, t.createdAt),
    ...filterIndexes('marketing_cc_messages', t, { status: t.status, to: t.to, contact: t.contactId, template: t.smsTemplateId }),
  ],
);
