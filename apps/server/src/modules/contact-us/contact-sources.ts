import { defineContactSource } from '../../kernel/resources';
import { contactUsMessages } from './tables';

/** The senders of contact-us messages, for the marketing contacts' sync. */
export const contactUsContactSources = [
  defineContactSource({
    key: 'contact-us.messages',
    label: 'Contact-us messages',
    kind: 'website',
    table: contactUsMessages,
    columns: { name: contactUsMessages.name, email: contactUsMessages.email, phone: contactUsMessages.phone },
  }),
];
