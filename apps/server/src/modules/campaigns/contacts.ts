import type { Ports } from '../../kernel/ports';

// What campaigns needs of marketing's contacts, audiences, consent, suppression, channel settings and
// templates: the `sending` side of marketing's `contacts` port (modules/marketing/port.ts), read from
// the kernel's port registry, so nothing here repeats (or can drift from) marketing's shapes.

/** The sending side of the `contacts` port. */
export type SendingContacts = NonNullable<Ports['contacts']['sending']>;

/** A sendable member of an audience on one channel: the contact, its address there, its name. */
export type AudienceMember = Awaited<ReturnType<SendingContacts['members']>>[number];

/** A template's content for one channel (email: subject/preheader/html/text; SMS: body; push: title/body/url; WhatsApp: name/language/variables). */
export type MessageContent = NonNullable<Awaited<ReturnType<SendingContacts['content']>>>;

/** Fills merge tags for one batch of recipients (variables and business fields read once). */
export type Personalizer = Awaited<ReturnType<SendingContacts['personalizer']>>;
