import type { AppModule } from '../../../kernel/resources';

/** Landing pages, the contact sync from the community's other records, contact-us leads. */
export const pages: Pick<AppModule, 'resources' | 'compat' | 'routes' | 'jobs' | 'seed'> = {};
