import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Liquid, type Template } from 'liquidjs';
import type { Db } from '../../kernel/resources';
import { tenantFilter } from '../../kernel/resources';
import { openSettings } from './channels/settings/store';
import { setConsent } from './contacts/merge';
import type { ContactIntake, ContactSource } from './contacts/sources';
import { addressOf, sendableOn, suppress } from './contacts/suppression';
import { contactIntake } from './pages';
import { audienceMembersQuery } from './segments/audiences';
import { marketingPushTemplates, marketingSmsTemplates, marketingWhatsappTemplates } from './tables/channels';
import { type Channel, marketingContacts } from './tables/contacts';
import { marketingEmailTemplates } from './tables/templates';
import { communityVariables } from './templates/check';
import { businessFields } from './templates/samples';
import { valuesFor } from './variables/engine';

// What marketing offers other areas (kernel/ports.ts): the community's contacts, and the list of
// people other modules know that the contacts sync may bring in. `sending` is what campaigns uses:
// audiences read in keyset pages, consent and suppression asked again at send time, unsubscribes
// and bounces taken in, channel settings opened for a provider call, templates and merge values.

/** The `contacts` port: how another module hands a person to the contacts (contact-us "convert to contact"), and campaigns' sending side. */
export type ContactsPort = ContactIntake & { sending?: SendingService };

declare module '../../kernel/ports' {
  interface Ports {
    contacts: ContactsPort;
  }
  interface Contributions {
    /** Records of a module that are people the community may market to (the contacts sync reads them). */
    contactSources: ContactSource;
  }
}

export const contactsPort = (app: FastifyInstance): ContactsPort => ({
  take: contactIntake.take.bind(contactIntake),
  sending: createSendingService(app),
});

export interface AudienceMember {
  contactId: string;
  address: string;
  name: string;
}

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
  whatsapp?: { name: string; language: string; status: string; variables: string[] };
}

export interface Personalizer {
  valuesFor(tx: Db, contactIds: string[]): Promise<Map<string, Record<string, string>>>;
  render(template: string, values: Record<string, string>, html: boolean): Promise<string>;
}

// The same engines as templates' (variables/engine.ts), but each template text parsed once per
// send: a campaign renders one template for many recipients.
const LIMITS = { parseLimit: 100_000, renderLimit: 200, memoryLimit: 1_000_000 };
const htmlEngine = new Liquid({ outputEscape: 'escape', ownPropertyOnly: true, strictFilters: true, ...LIMITS });
const textEngine = new Liquid({ ownPropertyOnly: true, strictFilters: true, ...LIMITS });

const c = marketingContacts;
const contactFields = {
  id: c.id,
  name: c.name,
  email: c.email,
  phone: c.phone,
  whatsapp: c.whatsapp,
  country: c.country,
  language: c.language,
  attributes: c.attributes,
};

function membersOf(
  rows: { id: string; name: string; email: string | null; phone: string | null; whatsapp: string | null }[],
  channel: Channel,
): AudienceMember[] {
  return rows.flatMap((r) => {
    const address = channel === 'push' ? r.id : addressOf(r, channel);
    return address ? [{ contactId: r.id, address, name: r.name }] : [];
  });
}

export function createSendingService(app: FastifyInstance) {
  return {
    async audiencePage(tx: Db, tenantId: string, audienceId: string, channel: Channel, cursor: string | null, limit: number) {
      const q = await audienceMembersQuery(tx, tenantId, audienceId, channel);
      const page = await q.page(cursor, limit);
      return { members: membersOf(page.data, channel), nextCursor: page.nextCursor };
    },

    async members(tx: Db, tenantId: string, channel: Channel, contactIds: string[]): Promise<AudienceMember[]> {
      if (contactIds.length === 0) return [];
      const rows = await tx
        .select(contactFields)
        .from(c)
        .where(and(tenantFilter(c, tenantId), inArray(c.id, contactIds)));
      return membersOf(rows, channel);
    },

    async stillSendable(tx: Db, tenantId: string, channel: Channel, contactIds: string[]): Promise<Set<string>> {
      if (contactIds.length === 0) return new Set();
      const rows = await tx
        .select({ id: c.id })
        .from(c)
        .where(and(tenantFilter(c, tenantId), inArray(c.id, contactIds), sendableOn(channel) as SQL));
      return new Set(rows.map((r) => r.id));
    },

    async optOut(
      tx: Db,
      tenantId: string,
      e: { contactId: string | null; channel: Channel; address: string; source: string; ip?: string; userAgent?: string },
    ) {
      if (e.contactId) {
        const [contact] = await tx
          .select({ id: c.id })
          .from(c)
          .where(and(tenantFilter(c, tenantId), eq(c.id, e.contactId)));
        if (contact)
          await setConsent(tx, tenantId, contact.id, { [e.channel]: 'opted_out' }, { source: e.source, ip: e.ip, userAgent: e.userAgent });
      }
      await suppress(tx, tenantId, { channel: e.channel, address: e.address, reason: 'unsubscribed', contactId: e.contactId });
    },

    async suppress(
      tx: Db,
      tenantId: string,
      e: { contactId: string | null; channel: Channel; address: string; reason: 'bounced' | 'complained'; note?: string },
    ) {
      await suppress(tx, tenantId, e);
    },

    channelSettings: (tx: Db, tenantId: string, channel: Channel) => openSettings(app.secrets, tx, tenantId, channel),

    async content(tx: Db, tenantId: string, channel: Channel, templateId: string): Promise<MessageContent | null> {
      if (channel === 'email') {
        const t = marketingEmailTemplates;
        const [row] = await tx
          .select()
          .from(t)
          .where(and(tenantFilter(t, tenantId), eq(t.id, templateId)));
        return row ? { name: row.name, subject: row.subject, preheader: row.preheader, html: row.html, text: row.text } : null;
      }
      if (channel === 'sms') {
        const t = marketingSmsTemplates;
        const [row] = await tx
          .select()
          .from(t)
          .where(and(tenantFilter(t, tenantId), eq(t.id, templateId)));
        return row ? { name: row.name, body: row.body, senderId: row.senderId, dltTemplateId: row.dltTemplateId } : null;
      }
      if (channel === 'push') {
        const t = marketingPushTemplates;
        const [row] = await tx
          .select()
          .from(t)
          .where(and(tenantFilter(t, tenantId), eq(t.id, templateId)));
        return row
          ? { name: row.name, title: row.title, body: row.body, url: row.url, iconUrl: row.iconUrl, imageUrl: row.imageUrl }
          : null;
      }
      const t = marketingWhatsappTemplates;
      const [row] = await tx
        .select()
        .from(t)
        .where(and(tenantFilter(t, tenantId), eq(t.id, templateId)));
      if (!row) return null;
      const numbers = [...row.body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => Number(m[1]));
      const ordered = [...new Set(numbers)].sort((a, b) => a - b);
      return {
        name: row.name,
        body: row.body,
        whatsapp: {
          name: row.name,
          language: row.language,
          status: row.status,
          variables: ordered.map((n) => row.variableMap[String(n)] ?? ''),
        },
      };
    },

    async templates(tx: Db, tenantId: string) {
      const pick = { id: marketingEmailTemplates.id, name: marketingEmailTemplates.name, updatedAt: marketingEmailTemplates.updatedAt };
      const email = await tx.select(pick).from(marketingEmailTemplates).where(tenantFilter(marketingEmailTemplates, tenantId));
      const sms = await tx
        .select({ id: marketingSmsTemplates.id, name: marketingSmsTemplates.name, updatedAt: marketingSmsTemplates.updatedAt })
        .from(marketingSmsTemplates)
        .where(tenantFilter(marketingSmsTemplates, tenantId));
      const push = await tx
        .select({ id: marketingPushTemplates.id, name: marketingPushTemplates.name, updatedAt: marketingPushTemplates.updatedAt })
        .from(marketingPushTemplates)
        .where(tenantFilter(marketingPushTemplates, tenantId));
      const whatsapp = await tx
        .select({
          id: marketingWhatsappTemplates.id,
          name: marketingWhatsappTemplates.name,
          updatedAt: marketingWhatsappTemplates.updatedAt,
        })
        .from(marketingWhatsappTemplates)
        .where(tenantFilter(marketingWhatsappTemplates, tenantId));
      const tag = (channel: Channel) => (r: { id: string; name: string; updatedAt: Date }) => ({ ...r, channel });
      return [...email.map(tag('email')), ...sms.map(tag('sms')), ...push.map(tag('push')), ...whatsapp.map(tag('whatsapp'))].sort(
        (a, b) => b.updatedAt.getTime() - a.updatedAt.getTime(),
      );
    },

    async personalizer(_app: FastifyInstance, tx: Db, tenantId: string): Promise<Personalizer> {
      const variables = await communityVariables(tx, tenantId);
      const business = await businessFields(app, tx, { db: app.db, tenantId, actor: { id: null, name: 'Campaign' } });
      const parsed = new Map<string, Template[]>();
      return {
        async valuesFor(tx2: Db, contactIds: string[]) {
          const out = new Map<string, Record<string, string>>();
          if (contactIds.length === 0) return out;
          const rows = await tx2
            .select(contactFields)
            .from(c)
            .where(and(tenantFilter(c, tenantId), inArray(c.id, contactIds)));
          for (const r of rows) out.set(r.id, valuesFor(variables, r, business));
          return out;
        },
        async render(template: string, values: Record<string, string>, html: boolean) {
          if (!template.includes('{')) return template;
          const key = `${html ? 'h' : 't'}${template}`;
          let tpl = parsed.get(key);
          if (!tpl) {
            tpl = (html ? htmlEngine : textEngine).parse(template);
            if (parsed.size < 50) parsed.set(key, tpl);
          }
          return (html ? htmlEngine : textEngine).render(tpl, values);
        },
      };
    },
  };
}

export type SendingService = ReturnType<typeof createSendingService>;
