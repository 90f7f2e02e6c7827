import { and, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { moduleCatalogue, roles } from '../../../kernel/access';
import { users } from '../../../kernel/auth';
import { defineResource, errors, tenantFilter } from '../../../kernel/resources';

/** Per permission module: read or write. Only modules the running app declares are accepted. */
export const permissionsSchema = z.record(z.string().max(60), z.enum(['read', 'write'])).superRefine((value, ctx) => {
  const catalogue = moduleCatalogue();
  for (const key of Object.keys(value)) {
    if (!catalogue.has(key)) ctx.addIssue({ code: 'custom', path: [key], message: 'No such permission module' });
  }
});

/** A role's name and description: admin and website roles alike. */
export const roleNaming = { name: (s: z.ZodString) => s.trim().min(1).max(80), description: (s: z.ZodString) => s.max(500) };

/** Admin roles: per-module read/write. Role management screen. */
export const rolesResource = defineResource({
  path: 'identity/roles',
  module: 'role-management',
  table: roles,
  label: { singular: 'Role', plural: 'Roles' },
  input: {
    ...roleNaming,
    permissions: () => permissionsSchema,
  },
  list: { search: ['name', 'description'], sort: ['name'], defaultSort: 'name' },
  fields: { permissions: { widget: 'json', help: 'Per module: read or write' }, description: { widget: 'textarea' } },
  ui: { title: 'name', columns: ['name', 'description', 'updatedAt'] },
  // A role grants its permissions: nobody creates, edits or deletes one beyond their own.
  privileges: { grants: 'permissions' },
  hooks: {
    async beforeDelete({ tx, scope }, role) {
      const [used] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(tenantFilter(users, scope.tenantId), eq(users.roleId, role.id)));
      if (Number(used.n) > 0) throw errors.conflict('role_in_use', `${used.n} admin(s) still have this role; give them another first`);
    },
  },
  examples: [
    {
      name: 'Content manager',
      description: 'Runs the website content and the media library',
      permissions: { site: 'write', media: 'write', notifications: 'read' },
    },
    {
      name: 'Support agent',
      description: 'Answers website messages and reads the rest of the website',
      permissions: { site: 'read', notifications: 'write' },
    },
  ],
});
