import type { ModulePart } from '../../../kernel/resources';
import { contactsCompat } from './compat';
import { consentEventsResource, contactsResource, suppressionsResource } from './resources';
import { contactRoutes } from './routes';
import { seedContacts } from './seed';

/** Contacts, consent and suppression, imports, the /users/* and opt-in calls. */
export const contacts: ModulePart = {
  resources: [contactsResource, consentEventsResource, suppressionsResource],
  compat: contactsCompat,
  routes: contactRoutes,
  seed: seedContacts,
};

// What the other parts (segments, templates, channels, pages) use from contacts:
// - sendableOn(channel): SQL over marketing_contacts, "opted in on the channel and its address not
//   suppressed" — the audience count and every send filter with it.
// - suppressionReason / suppress / addressOf: the suppression list per channel and address.
// - unsubscribeUrl / unsubscribePath: the signed unsubscribe link of a contact on a channel
//   (the `unsubscribe_url` built-in of templates); following it opts out and suppresses.
// - requestEmailConfirmation: mails the double opt-in link (a landing page's signup block).
// - mergeContact / setConsent: the one way a contact comes in or changes consent, with proof.
export { requestEmailConfirmation } from './consent';
export { unsubscribePath, unsubscribeUrl } from './links';
export { mergeContact, normalizeEmail, normalizePhone, setConsent } from './merge';
export { contactsResource, suppressionsResource } from './resources';
export { addressColumn, addressOf, sendableOn, suppress, suppressionReason } from './suppression';
