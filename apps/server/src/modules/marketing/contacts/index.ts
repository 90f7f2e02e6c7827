import type { AppModule } from '../../../kernel/resources';
import { contactsCompat } from './compat';
import { consentEventsResource, contactsResource, suppressionsResource } from './resources';
import { contactRoutes } from './routes';
import { seedContacts } from './seed';

/** Contacts, consent and suppression, imports, the /users/* and opt-in calls. */
export const contacts: Pick<AppModule, 'resources' | 'compat' | 'routes' | 'jobs' | 'seed'> = {
  resources: [contactsResource, consentEventsResource, suppressionsResource],
  compat: contactsCompat,
  routes: contactRoutes,
  seed: seedContacts,
};
