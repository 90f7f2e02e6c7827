import type { ModulePart } from '../../../kernel/resources';
import { templatesCompat } from './compat';
import { emailTemplatesResource } from './email/resource';
import { templatesRoutes } from './routes';
import { seedTemplates } from './seed';
import { variablesResource } from './variables';

/** Variables and email templates (block designs rendered with MJML), the template library. */
export const templates: ModulePart = {
  // Variables first: the email templates' examples may use them.
  resources: [variablesResource, emailTemplatesResource],
  compat: templatesCompat,
  routes: templatesRoutes,
  seed: seedTemplates,
};

export { assertTemplateVariables, type CommunityVariable, communityVariables } from './check';
