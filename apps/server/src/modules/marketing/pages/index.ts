import type { FastifyInstance } from 'fastify';
import type { AppModule } from '../../../kernel/resources';
import { adminRoutes } from './admin';
import { pagesCompat } from './compat';
import { publicRoutes } from './public';
import { landingPagesResource } from './resources/landing-pages';
import { seedPages } from './seed';

/** Landing pages, the contact sync from the community's other records, contact-us leads. */
export const pages: Pick<AppModule, 'resources' | 'compat' | 'routes' | 'jobs' | 'seed'> = {
  resources: [landingPagesResource],
  compat: pagesCompat,
  routes: async (app: FastifyInstance) => {
    await adminRoutes(app);
    await publicRoutes(app);
  },
  seed: seedPages,
};

export { contactIntake } from './intake';
