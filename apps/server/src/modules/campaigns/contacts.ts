import type { FastifyInstance } from 'fastify';
import type { Db } from '../../kernel/resources';
import type { CampaignChannel } from './tables';

// What campaigns needs of marketing's contacts, audiences, consent, suppression, channel settings and
// templates: the `sending` part of marketing's `contacts` port (modules/marketing/port.ts). Nothing
// here imports marketing; the shapes are repeated so the two sides are checked against each other
// where the port is wired (module.ts).

export interface AudienceMember {
  contactId: string;
  address: string;
  name: string;
}

/** A template's content for one channel (email: subject/preheader/html/text; SMS: body; push: title/body/url; WhatsApp: name/language/variables). */
export interface MessageContent {
  name: string;
  subject?: string;
  preheader?: string;
  html?: string;
  text?: string;
  body?: string;
  title?: string;
  url?: string | null;
  iconUrl?: string | null;
  imageUrl?: string | null;
  senderId?: string | null;
  dltTemplateId?: string | null;
  /** WhatsApp: the approved template's name and language, and the variable filling each {{n}} in order. */
  whatsapp?: { name: string; language: string; status: string; variables: string[] };
}

/** Fills merge tags for one batch of recipients (variables and business fields read once). */
export interface Personalizer {
  /** The values of every variable for these contacts (their fields read in one query), plus built-ins. */
  valuesFor(tx: Db, contactIds: string[]): Promise<Map<string, Record<string, string>>>;
  /** Renders a template with values; `html`: escape values (an HTML body). Parsed once per template text. */
  render(template: string, values: Record<string, string>, html: boolean): Promise<string>;
}

export interface SendingContacts {
  /** Keyset pages of an audience's members sendable on `channel` (consent and suppression as of the read). */
  audiencePage(
    tx: Db,
    tenantId: string,
    audienceId: string,
    channel: CampaignChannel,
    cursor: string | null,
    limit: number,
  ): Promise<{ members: AudienceMember[]; nextCursor: string | null }>;
  /** These contacts' addresses on `channel` (consent not asked: a test send to chosen people). */
  members(tx: Db, tenantId: string, channel: CampaignChannel, contactIds: string[]): Promise<AudienceMember[]>;
  /** Of these contacts, those still sendable on `channel` now (at send time). */
  stillSendable(tx: Db, tenantId: string, channel: CampaignChannel, contactIds: string[]): Promise<Set<string>>;
  /** An unsubscribe from a message: the contact opts out on the channel and the address is suppressed. */
  optOut(
    tx: Db,
    tenantId: string,
    entry: { contactId: string | null; channel: CampaignChannel; address: string; source: string; ip?: string; userAgent?: string },
  ): Promise<void>;
  /** A bounce or complaint: the address is suppressed on the channel. */
  suppress(
    tx: Db,
    tenantId: string,
    entry: { contactId: string | null; channel: CampaignChannel; address: string; reason: 'bounced' | 'complained'; note?: string },
  ): Promise<void>;
  /** The channel's settings with secrets opened, for a provider call (never for a client). */
  channelSettings(
    tx: Db,
    tenantId: string,
    channel: CampaignChannel,
  ): Promise<{ provider: string; config: Record<string, unknown>; secrets: Record<string, string> }>;
  /** A template of the channel, or null when there is none with that id. */
  content(tx: Db, tenantId: string, channel: CampaignChannel, templateId: string): Promise<MessageContent | null>;
  /** Every channel's templates in one list (the composer's picker). */
  templates(tx: Db, tenantId: string): Promise<{ id: string; channel: CampaignChannel; name: string; updatedAt: Date }[]>;
  personalizer(app: FastifyInstance, tx: Db, tenantId: string): Promise<Personalizer>;
}
