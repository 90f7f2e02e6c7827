import type { FastifyInstance } from 'fastify';
import type { ContactIntake, ContactSource } from './contacts/sources';
import { contactIntake } from './pages';

// What marketing offers other areas (kernel/ports.ts): the community's contacts, and the list of
// people other modules know that the contacts sync may bring in.

/** The `contacts` port: how another module hands a person to the contacts (contact-us "convert to contact"). */
export type ContactsPort = ContactIntake;

declare module '../../kernel/ports' {
  interface Ports {
    contacts: ContactsPort;
  }
  interface Contributions {
    /** Records of a module that are people the community may market to (the contacts sync reads them). */
    contactSources: ContactSource;
  }
}

export const contactsPort = (_app: FastifyInstance): ContactsPort => contactIntake;
