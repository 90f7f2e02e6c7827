import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { hashPassword, users } from '../../../kernel/auth';
import { defineResource, errors } from '../../../kernel/resources';

/** The community's console users (admins and editors). Admin management screen. */
export const adminsResource = defineResource({
  path: 'identity/admins',
  module: 'admin-management',
  table: users,
  label: { singular: 'Admin', plural: 'Admins' },
  // Counts toward the plan's admin limit (the quotas port).
  meter: 'admins',
  hidden: ['passwordHash', 'starred'],
  readOnly: ['isOwner', 'lastLoginAt'],
  input: {
    email: () =>
      z
        .email()
        .max(254)
        .transform((v) => v.toLowerCase()),
    name: (s) => s.trim().min(1).max(120),
    phone: (s) => s.trim().max(40),
    roleId: () => z.uuid().nullable(),
  },
  extraInput: { password: z.string().min(8, 'Use at least 8 characters').max(200).optional() },
  list: { search: ['name', 'email'], filters: ['roleId', 'status'], sort: ['name', 'email'], defaultSort: 'name' },
  fields: {
    roleId: { label: 'Role' },
    password: { widget: 'password' },
    email: { widget: 'email' },
  },
  ui: { setup: { label: 'Invite a colleague', atLeast: 2 }, title: 'name', columns: ['name', 'email', 'roleId', 'status', 'lastLoginAt'] },
  // An account: roles assigned stay within the writer's own permissions, the owner account is the
  // owner's alone, and a changed password, email, role or status revokes the account's sessions.
  privileges: { account: { role: 'roleId', owner: 'isOwner', credentials: ['passwordHash', 'email', 'roleId', 'status'] } },
  hooks: {
    async beforeWrite({ op, existing, scope }, data) {
      const { password, ...rest } = data as { password?: string } & Record<string, unknown>;
      if (op === 'update' && existing?.id === scope.actor.id && rest.status === 'disabled') {
        throw errors.validation({ status: 'You cannot disable yourself' });
      }
      if (password) return { ...rest, passwordHash: await hashPassword(password) };
      // A new admin without a password gets a random one; they set theirs with "forgot password".
      if (op === 'create') return { ...rest, passwordHash: await hashPassword(randomBytes(24).toString('base64url')) };
      return rest;
    },
    beforeDelete({ scope }, record) {
      if (record.id === scope.actor.id) throw errors.conflict('self_delete', 'You cannot delete yourself');
    },
  },
  examples: [
    { name: 'Priya Raman', email: 'priya.raman@demo.example', phone: '+65 8123 4567', password: 'editor-demo-1' },
    { name: 'Marco Rossi', email: 'marco.rossi@demo.example', password: 'editor-demo-2', status: 'disabled' },
  ],
});
