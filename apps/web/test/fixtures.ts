import type { ResourceMeta } from '../src/api/get-resources-meta';

const uuid = { type: 'string', format: 'uuid' };

/** identity/admins as the server describes it, with a few extra field types for the kit's tests. */
export const adminsMeta: ResourceMeta = {
  name: 'identity/admins',
  path: 'identity/admins',
  module: 'admin-management',
  label: { singular: 'Admin', plural: 'Admins' },
  fields: {
    type: 'object',
    properties: {
      id: uuid,
      createdAt: { type: 'string', format: 'date-time' },
      email: { type: 'string' },
      name: { type: 'string' },
      roleId: { anyOf: [uuid, { type: 'null' }] },
      status: { type: 'string', enum: ['active', 'disabled'] },
      isOwner: { type: 'boolean' },
    },
  },
  input: {
    type: 'object',
    required: ['email', 'name'],
    properties: {
      email: { type: 'string', format: 'email', maxLength: 254 },
      name: { type: 'string', minLength: 1, maxLength: 120 },
      phone: { anyOf: [{ type: 'string', maxLength: 40 }, { type: 'null' }] },
      roleId: { anyOf: [{ anyOf: [uuid, { type: 'null' }] }, { type: 'null' }] },
      status: { type: 'string', enum: ['active', 'disabled'] },
      theme: { type: 'string', enum: ['light', 'dark', 'semi-dark'] },
      password: { type: 'string', minLength: 8, maxLength: 200 },
      score: { anyOf: [{ type: 'integer', minimum: 0, maximum: 100 }, { type: 'null' }] },
      notes: { type: 'string' },
      avatar: { anyOf: [{ type: 'string', maxLength: 500 }, { type: 'null' }] },
      active: { type: 'boolean' },
    },
  },
  ui: {
    title: 'name',
    columns: ['name', 'email', 'roleId', 'status'],
    fields: {
      roleId: { ref: 'identity/roles', widget: 'relation', label: 'Role' },
      password: { widget: 'password' },
      email: { widget: 'email' },
      notes: { widget: 'richtext' },
      avatar: { widget: 'image' },
    },
  },
  list: { search: ['name', 'email'], filters: ['status'], sort: ['name', 'email', 'createdAt'], defaultSort: 'name', maxLimit: 200 },
  operations: { create: true, update: true, delete: true },
  permissions: { read: true, write: true },
};

export const rolesMeta: ResourceMeta = {
  ...adminsMeta,
  name: 'identity/roles',
  path: 'identity/roles',
  label: { singular: 'Role', plural: 'Roles' },
  fields: { type: 'object', properties: { id: uuid, name: { type: 'string' } } },
  input: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } } },
  ui: { title: 'name', columns: ['name'], fields: {} },
};

export const admins = [
  { id: 'a1', createdAt: '2026-01-01T00:00:00Z', email: 'ann@demo.example', name: 'Ann', roleId: 'r1', status: 'active', isOwner: true },
  { id: 'a2', createdAt: '2026-01-02T00:00:00Z', email: 'bob@demo.example', name: 'Bob', roleId: null, status: 'disabled', isOwner: false },
];
