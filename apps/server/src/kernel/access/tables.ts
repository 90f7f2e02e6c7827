import { index, jsonb, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantTable } from '../db/tenant-table';
import type { Permissions } from './modules';

/** A community's admin roles: per-module permissions (read or write); anything unnamed is denied. */
export const roles = tenantTable(
  'roles',
  {
    name: text('name').notNull(),
    description: text('description'),
    permissions: jsonb('permissions').$type<Permissions>().notNull().default({}),
  },
  (t) => [uniqueIndex('roles_name_uq').on(t.tenantId, t.name), index('roles_name_idx').on(t.tenantId, t.name, t.id)],
);
