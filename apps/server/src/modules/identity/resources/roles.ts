import { and, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { MODULE_KEYS } from '../../../kernel/access/modules';
import { roles } from '../../../kernel/access/tables';
import { users } from '../../../kernel/auth/tables';
import { errors } from '../../../kernel/errors/app-error';
import { defineResource } from '../../../kernel/resources/resource';

export const permissionsSchema = z.partialRecord(z.enum(MODULE_KEYS as [string, ...string[]]), z.enum(['read', 'write']));

/** Admin roles: per-module read/write. Role management screen. */
export const rolesResource = defineResource({
  path: 'identity/roles',
  module: 'role-management',
  table: roles,
  label: { singular: 'Role', plural: 'Roles' },
  input: {
    name: (s) => s.trim().min(1).max(80),
    description: (s) => s.max(500),
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
        .where(and(eq(users.tenantId, scope.tenantId), eq(users.roleId, role.id)));
      if (Number(used.n) > 0) throw errors.conflict('role_in_use', `${used.n} admin(s) still have this role; give them another first`);
    },
  },
  examples: [
    {
      name: 'Marketing manager',
      description: 'Runs campaigns and landing pages',
      permissions: { marcom: 'write', 'landing-page': 'write', 'email-templates': 'write', 'sms-templates': 'write', site: 'read' },
    },
    {
      name: 'Support agent',
      description: 'Answers chats and reads the website',
      permissions: { support: 'write', 'contact-us': 'write', site: 'read' },
    },
  ],
});
