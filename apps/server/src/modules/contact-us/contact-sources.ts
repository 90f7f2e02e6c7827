import type { Contributions } from '../../kernel/ports';
import { contactUsMessages } from './tables';

/** The senders of contact-us messages, for the marketing contacts' sync. */
export const contactUsContactSources: Contributions['contactSources'][] = [
  {
    key: 'contact-us.messages',
    label: 'Contact-us messages',
    kind: 'website',
    table: contactUsMessages,
    columns: { name: contactUsMessages.name, email: contactUsMessages.email, phone: contactUsMessages.phone },
  },
];
