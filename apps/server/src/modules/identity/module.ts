import { defineModule } from '../../kernel/resources';
import { identityCompat } from './compat';
import { adminsResource } from './resources/admins';
import { clientProfileResource } from './resources/client-profile';
import { errorCodesResource } from './resources/error-codes';
import { rolesResource } from './resources/roles';
import { websiteRolesResource } from './resources/website-roles';
import { identityRoutes } from './routes';
import { brandProfileOrigins } from './services/website-origins';

/** Identity and settings: admins, roles, ownership transfer, website roles, error codes, brand profile. */
export const identityModule = defineModule({
  key: 'identity',
  label: 'Administration',
  area: 'settings',
  permissionModules: [
    { key: 'role-management', label: 'Role Management' },
    { key: 'error-management', label: 'Error Management' },
    { key: 'branding', label: 'Branding' },
  ],
  // Roles before admins: an admin's role must exist.
  resources: [rolesResource, adminsResource, websiteRolesResource, errorCodesResource, clientProfileResource],
  // The brand profile names the website origins that may call the public endpoints (CORS).
  routes: async (app) => {
    await identityRoutes(app);
    app.publicOriginSources.push(brandProfileOrigins);
  },
  compat: identityCompat,
});
