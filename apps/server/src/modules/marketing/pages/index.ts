import type { FastifyInstance } from 'fastify';
import type { ModulePart } from '../../../kernel/resources';
import { adminRoutes } from './admin';
import { pagesCompat } from './compat';
import { landingSignupForm, publicRoutes } from './public';
import { landingPagesResource } from './resources/landing-pages';
import { seedPages } from './seed';
import { syncAllCommunities } from './sync';

export const SYNC_JOB = 'marketing.contacts-sync';

/** Landing pages, the contact sync from the community's other records, contact-us leads. */
export const pages: ModulePart = {
  resources: [landingPagesResource],
  compat: pagesCompat,
  publicForms: [landingSignupForm],
  routes: async (app: FastifyInstance) => {
    await adminRoutes(app);
    await publicRoutes(app);
  },
  // Nightly, every community's contacts take in what the other modules gathered that day.
  jobs: {
    [SYNC_JOB]: async (_data, app) => {
      await syncAllCommunities(app);
    },
  },
  schedules: { [SYNC_JOB]: '30 2 * * *' },
  seed: seedPages,
};

export { contactIntake } from './intake';
