import type { AppModule } from '../../../kernel/resources';

/** Contacts, consent and suppression, imports, the /users/* and opt-in calls. */
export const contacts: Pick<AppModule, 'resources' | 'compat' | 'routes' | 'jobs' | 'seed'> = {};
