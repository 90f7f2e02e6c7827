import type { FastifyInstance } from 'fastify';
import type { ModulePart } from '../../../kernel/resources';
import { adminRoutes } from './admin';
import { pagesCompat } from './compat';
import { publicRoutes } from './public';
import { landingPagesResource } from './resources/landing-pages';
import { seedPages } from './seed';

/** Landing pages, the contact sync from the community's other records, contact-us leads. */
export const pages: ModulePart = {
  resources: [landingPagesResource],
  compat: pagesCompat,
  routes: async (app: FastifyInstance) => {
    await adminRoutes(app);
    await publicRoutes(app);
  },
  seed: seedPages,
};

export { contactIntake } from './intake';
