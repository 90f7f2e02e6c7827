import { z } from 'zod';
import { defineResource } from '../../../kernel/resources';
import { websiteRoles } from '../tables';
import { roleNaming } from './roles';

/** Roles of the community's website members (e.g. dealer, architect). */
export const websiteRolesResource = defineResource({
  path: 'identity/website-roles',
  module: 'role-management',
  table: websiteRoles,
  label: { singular: 'Website role', plural: 'Website roles' },
  input: {
    ...roleNaming,
    permissions: () => z.array(z.string().trim().min(1).max(80)).max(100),
  },
  list: { search: ['name', 'description'], filters: ['status'], sort: ['name'], defaultSort: 'name' },
  fields: { permissions: { widget: 'tags' }, description: { widget: 'textarea' } },
  ui: { title: 'name', columns: ['name', 'status', 'description'] },
  examples: [
    { name: 'Dealer', description: 'Sees dealer price lists and downloads', permissions: ['price-lists', 'downloads'] },
    { name: 'Architect', description: 'Downloads BIM files and specifications', permissions: ['downloads', 'bim'] },
    { name: 'Member', description: 'Registered visitor', permissions: [], status: 'inactive' },
  ],
});
