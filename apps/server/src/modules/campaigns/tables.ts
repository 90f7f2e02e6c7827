import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { filterIndexes, instant, ref, sortIndexes, tenantTable } from '../../kernel/resources';

// Campaigns: one message sent to an audience on one channel, and the delivery engine's rows. Contacts,
// audiences and templates live in marketing and are referred to by id only (reached through its
// `contacts` port), so these tables carry no foreign key out of the module.

export const CAMPAIGN_CHANNELS = ['email', 'sms', 'whatsapp', 'push'] as const;
export type CampaignChannel = (typeof CAMPAIGN_CHANNELS)[number];

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled', 'failed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** What a campaign changes of its template for this send (subject, preheader, body, title, url …). */
export type CampaignOverrides = Partial<Record<'subject' | 'preheader' | 'html' | 'text' | 'body' | 'title' | 'url', string>>;
/** Who it comes from: an email identity, an SMS sender id. */
export interface CampaignSender {
  fromName?: string;
  fromEmail?: string;
  replyTo?: string;
  senderId?: string;
}
/** An email A/B test: variant B's subject or content, the sample share, how the winner is chosen and when. */
export interface AbTest {
  subjectB?: string;
  htmlB?: string;
  samplePercent: number;
  metric: 'opens' | 'clicks';
  waitMinutes: number;
  winner?: 'a' | 'b' | null;
}

export const campaigns = tenantTable(
  'campaigns',
  {
    name: text('name').notNull(),
    channel: text('channel', { enum: CAMPAIGN_CHANNELS }).notNull(),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('draft'),
    /** The marketing template of the channel (email, SMS, push or WhatsApp). */
    templateId: uuid('template_id'),
    overrides: jsonb('overrides').$type<CampaignOverrides>().notNull().default({}),
    sender: jsonb('sender').$type<CampaignSender>().notNull().default({}),
    /** Marketing audiences: contacts in any of them, sendable on the channel. */
    audienceIds: uuid('audience_ids').array().notNull().default([]),
    /** When a scheduled campaign starts (an instant; entered in the community's time zone). */
    scheduledAt: instant('scheduled_at'),
    timeZone: text('time_zone').notNull().default('UTC'),
    /** This campaign's own limit, messages per second (below the channel's; null: the channel's). */
    throttlePerSecond: integer('throttle_per_second'),
    abTest: jsonb('ab_test').$type<AbTest | null>(),
    /** Why it paused or failed (auto-pause after consecutive failures names the last error). */
    statusReason: text('status_reason'),
    /** Recipients written when it launched (after consent and suppression). */
    recipientCount: integer('recipient_count').notNull().default(0),
    /** Failures in a row (auto-pause at the channel limit's `pauseAfterFailures`). */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    launchedAt: instant('launched_at'),
    finishedAt: instant('finished_at'),
    /** Last time a sender worked on it (the sweep restarts a send no process has touched for a while). */
    heartbeatAt: instant('heartbeat_at'),
    /** A drip's step: the campaign its messages go out through (sending while the drip runs, never settled as sent). */
    dripId: ref('drip_id', () => campaignDrips, 'cascade'),
  },
  (t) => [
    ...sortIndexes('campaigns', t, { name: t.name, scheduled: t.scheduledAt }),
    ...filterIndexes('campaigns', t, { status: t.status, channel: t.channel, drip: t.dripId }),
  ],
);

export const RECIPIENT_STATES = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

/**
 * One row per recipient of a launched campaign: the delivery engine's unit. Claimed in batches
 * (FOR UPDATE SKIP LOCKED) into `sending` with a lease, which commits before the message leaves;
 * the outcome is written with the state in one statement. A row left `sending` by a dead process is
 * claimed again once its lease ends and sent again with the same idempotency key (`messageKey`).
 */
export const campaignRecipients = tenantTable(
  'campaign_recipients',
  {
    campaignId: ref('campaign_id', () => campaigns, 'cascade').notNull(),
    /** The marketing contact (null: a push subscription of an unknown visitor). */
    contactId: uuid('contact_id'),
    /** Email, E.164 number, or the push subscription's id: one message per address. */
    address: text('address').notNull(),
    name: text('name').notNull().default(''),
    state: text('state', { enum: RECIPIENT_STATES }).notNull().default('queued'),
    /** A/B variant ('a', 'b'), or '' for everyone when there is no test; 'rest' waits for the winner. */
    variant: text('variant').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    leaseUntil: instant('lease_until'),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    sentAt: instant('sent_at'),
    deliveredAt: instant('delivered_at'),
    readAt: instant('read_at'),
    openedAt: instant('opened_at'),
    clickedAt: instant('clicked_at'),
    bouncedAt: instant('bounced_at'),
    unsubscribedAt: instant('unsubscribed_at'),
  },
  (t) => [
    uniqueIndex('campaign_recipients_address_uq').on(t.tenantId, t.campaignId, t.address),
    // The claim: a campaign's queued rows due now, in id order.
    index('campaign_recipients_claim_idx').on(t.tenantId, t.campaignId, t.state, t.nextAttemptAt),
    index('campaign_recipients_provider_idx').on(t.tenantId, t.providerMessageId).where(sql`${t.providerMessageId} is not null`),
    index('campaign_recipients_list_idx').on(t.tenantId, t.campaignId, t.createdAt, t.id),
    // Recipients in a state across campaigns (every failed one, say); within a campaign the claim index serves.
    index('campaign_recipients_state_idx').on(t.tenantId, t.state, t.campaignId),
    ...sortIndexes('campaign_recipients', t, { address: t.address }),
  ],
);

export const TRACKING_KINDS = ['delivered', 'read', 'open', 'click', 'unsubscribe', 'bounce', 'complaint', 'failed'] as const;
export type TrackingKind = (typeof TRACKING_KINDS)[number];

/** What happened to a sent message: opens, clicks, unsubscribes, bounces, delivery reports. */
export const campaignEvents = tenantTable(
  'campaign_events',
  {
    campaignId: ref('campaign_id', () => campaigns, 'cascade').notNull(),
    recipientId: ref('recipient_id', () => campaignRecipients, 'cascade'),
    kind: text('kind', { enum: TRACKING_KINDS }).notNull(),
    url: text('url'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('campaign_events_campaign_idx').on(t.tenantId, t.campaignId, t.kind, t.createdAt),
    index('campaign_events_recipient_idx').on(t.tenantId, t.recipientId),
    ...filterIndexes('campaign_events', t, { kind: t.kind }),
  ],
);

/** A community's sending limits per channel (absent: the defaults in engine/limits.ts). */
export const campaignChannelLimits = tenantTable(
  'campaign_channel_limits',
  {
    channel: text('channel', { enum: CAMPAIGN_CHANNELS }).notNull(),
    /** The provider it limits (its name: smtp, http-sms, whatsapp-cloud, webpush, outbox); '' every provider of the channel. */
    provider: text('provider').notNull().default(''),
    perSecond: integer('per_second').notNull(),
    /** At most `windowMax` messages in any `windowSeconds` (a provider's hourly or daily cap). */
    windowSeconds: integer('window_seconds').notNull().default(3600),
    windowMax: integer('window_max').notNull().default(1_000_000),
    maxAttempts: integer('max_attempts').notNull().default(4),
    pauseAfterFailures: integer('pause_after_failures').notNull().default(50),
  },
  (t) => [uniqueIndex('campaign_channel_limits_channel_uq').on(t.tenantId, t.channel, t.provider)],
);

/**
 * The shared rate limiter's state per community and key (channel:provider): a token bucket refilled
 * at the rate, and two fixed windows weighted into a sliding one. Every process takes tokens with
 * one locked update, so the limit holds across processes.
 */
export const campaignThrottles = tenantTable(
  'campaign_throttles',
  {
    key: text('key').notNull(),
    tokens: doublePrecision('tokens').notNull().default(0),
    refilledAt: instant('refilled_at').notNull().defaultNow(),
    windowStart: instant('window_start').notNull().defaultNow(),
    windowCount: integer('window_count').notNull().default(0),
    previousCount: integer('previous_count').notNull().default(0),
  },
  (t) => [uniqueIndex('campaign_throttles_key_uq').on(t.tenantId, t.key)],
);

/** A browser that agreed to the community's web push (registered by the public endpoint). */
export const campaignPushSubscriptions = tenantTable(
  'campaign_push_subscriptions',
  {
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The marketing contact it belongs to, when the site knows the visitor. */
    contactId: uuid('contact_id'),
    userAgent: text('user_agent'),
    lastSeenAt: instant('last_seen_at'),
  },
  (t) => [
    uniqueIndex('campaign_push_subscriptions_endpoint_uq').on(t.tenantId, t.endpoint),
    index('campaign_push_subscriptions_contact_idx').on(t.tenantId, t.contactId),
  ],
);

export const DRIP_STATUSES = ['draft', 'active', 'paused'] as const;
export type DripStatus = (typeof DRIP_STATUSES)[number];
/** When a contact leaves a drip early: a goal reached on any of its messages. */
export const DRIP_STOPS = ['none', 'opened', 'clicked'] as const;
export type DripStop = (typeof DRIP_STOPS)[number];

/** One message of a drip: sent `delayMinutes` after the previous one (the first: after entering). */
export interface DripStep {
  channel: CampaignChannel;
  templateId: string;
  delayMinutes: number;
  /** The campaign it is sent through (made when the drip is activated). */
  campaignId?: string | null;
}

/**
 * What starts a contact on a drip: entering a marketing audience (its members sendable on `channel`,
 * the audience's own), or submitting one of the community's public forms (`form`: the kit's form id,
 * `<module>.<form>` or `<module>.<form>/<instance>`; the submitter enters when they may be sent to
 * on `channel`, with the consent the form gave).
 */
export type DripTrigger =
  | { kind: 'segment'; audienceId: string; channel: CampaignChannel }
  | { kind: 'form'; form: string; channel: CampaignChannel };

/**
 * A drip: a sequence of messages (any channel) each contact who enters its audience goes through
 * once, with delays between them, until the last one or its stop condition.
 */
export const campaignDrips = tenantTable(
  'campaign_drips',
  {
    name: text('name').notNull(),
    status: text('status', { enum: DRIP_STATUSES }).notNull().default('draft'),
    trigger: jsonb('trigger').$type<DripTrigger>().notNull(),
    stopWhen: text('stop_when', { enum: DRIP_STOPS }).notNull().default('none'),
    steps: jsonb('steps').$type<DripStep[]>().notNull().default([]),
    /** Contacts that entered (each once). */
    enrolledCount: integer('enrolled_count').notNull().default(0),
    activatedAt: instant('activated_at'),
  },
  (t) => [...sortIndexes('campaign_drips', t, { name: t.name }), ...filterIndexes('campaign_drips', t, { status: t.status })],
);

export const ENROLMENT_STATES = ['active', 'completed', 'stopped'] as const;

/** A contact's way through a drip: one row per drip and contact (so nobody goes through twice). */
export const campaignDripEnrolments = tenantTable(
  'campaign_drip_enrolments',
  {
    dripId: ref('drip_id', () => campaignDrips, 'cascade').notNull(),
    contactId: uuid('contact_id').notNull(),
    state: text('state', { enum: ENROLMENT_STATES }).notNull().default('active'),
    /** The next step to send (its index); steps.length once done. */
    step: integer('step').notNull().default(0),
    /** When the next step is due. */
    nextAt: instant('next_at').notNull().defaultNow(),
    /** Why it stopped early (the stop condition met). */
    reason: text('reason'),
    finishedAt: instant('finished_at'),
  },
  (t) => [
    uniqueIndex('campaign_drip_enrolments_contact_uq').on(t.tenantId, t.dripId, t.contactId),
    index('campaign_drip_enrolments_due_idx').on(t.tenantId, t.state, t.nextAt),
    ...filterIndexes('campaign_drip_enrolments', t, { state: t.state, contactId: t.contactId }),
  ],
);

export const BOT_MATCHES = ['word', 'exact', 'contains'] as const;

/**
 * A WhatsApp bot rule: an inbound message matching one of its keywords gets its reply; a hand-off
 * rule also passes the conversation to a person (the bot is silent there until it is handed back).
 */
export const campaignBotRules = tenantTable(
  'campaign_bot_rules',
  {
    name: text('name').notNull(),
    /** Matched case-insensitively: as a whole word, the whole message, or anywhere in it. */
    keywords: text('keywords').array().notNull().default([]),
    match: text('match', { enum: BOT_MATCHES }).notNull().default('word'),
    reply: text('reply').notNull().default(''),
    handOff: boolean('hand_off').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** Lower first when several rules match. */
    priority: integer('priority').notNull().default(100),
  },
  (t) => [
    ...sortIndexes('campaign_bot_rules', t, { name: t.name, priority: t.priority }),
    ...filterIndexes('campaign_bot_rules', t, { active: t.active, handOff: t.handOff }),
  ],
);

export const CONVERSATION_STATES = ['bot', 'handed_off', 'closed'] as const;

/** A WhatsApp conversation with one number: who answers it (the bot or a person) and its last message. */
export const campaignBotConversations = tenantTable(
  'campaign_bot_conversations',
  {
    /** The sender's WhatsApp number (E.164 digits, as Meta sends it). */
    waId: text('wa_id').notNull(),
    name: text('name').notNull().default(''),
    state: text('state', { enum: CONVERSATION_STATES }).notNull().default('bot'),
    /** Why the person took it over (the rule or the admin that handed it off). */
    handOffReason: text('hand_off_reason'),
    lastMessage: text('last_message').notNull().default(''),
    lastMessageAt: instant('last_message_at'),
    /** Inbound messages since a person last answered. */
    unread: integer('unread').notNull().default(0),
  },
  (t) => [
    uniqueIndex('campaign_bot_conversations_wa_uq').on(t.tenantId, t.waId),
    ...sortIndexes('campaign_bot_conversations', t, { last: t.lastMessageAt }),
    ...filterIndexes('campaign_bot_conversations', t, { state: t.state }),
  ],
);

/** One message of a bot conversation, inbound or outbound (auto-reply or a person's). */
export const campaignBotMessages = tenantTable(
  'campaign_bot_messages',
  {
    conversationId: ref('conversation_id', () => campaignBotConversations, 'cascade').notNull(),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    text: text('text').notNull(),
    /** Who answered: 'bot' (ruleId names the rule) or 'person'. */
    author: text('author', { enum: ['contact', 'bot', 'person'] }).notNull(),
    ruleId: uuid('rule_id'),
    status: text('status', { enum: ['received', 'queued', 'sent', 'failed'] }).notNull(),
    /** Meta's message id (inbound: unique, so a webhook delivered twice is taken once). */
    providerMessageId: text('provider_message_id'),
    error: text('error'),
  },
  (t) => [
    index('campaign_bot_messages_conversation_idx').on(t.tenantId, t.conversationId, t.createdAt),
    uniqueIndex('campaign_bot_messages_provider_uq').on(t.tenantId, t.providerMessageId),
    ...filterIndexes('campaign_bot_messages', t, { direction: t.direction, status: t.status }),
  ],
);
