import type { AppModule } from '../../kernel/module';
import { identityCompat } from './compat';
import { adminsResource } from './resources/admins';
import { clientProfileResource } from './resources/client-profile';
import { errorCodesResource } from './resources/error-codes';
import { rolesResource } from './resources/roles';
import { websiteRolesResource } from './resources/website-roles';
import { identityRoutes } from './routes';

/** Identity and settings: admins, roles, ownership transfer, website roles, error codes, brand profile. */
export const identityModule: AppModule = {
  name: 'identity',
  // Roles before admins: an admin's role must exist.
  resources: [rolesResource, adminsResource, websiteRolesResource, errorCodesResource, clientProfileResource],
  routes: identityRoutes,
  compat: identityCompat,
};
