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
      theme: { type: 'string', enum: ['system', 'light', 'dark', 'semi-dark'] },
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
      roleId: {
        label: 'Role',
        widget: 'relation',
        type: 'relation',
        relation: { resource: 'identity/roles', many: false, onDelete: 'restrict', expand: 'role' },
      },
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
  list: { search: ['name'], filters: [], sort: ['name', 'createdAt'], defaultSort: 'name', maxLimit: 200 },
};

export const admins = [
  { id: 'a1', createdAt: '2026-01-01T00:00:00Z', email: 'ann@demo.example', name: 'Ann', roleId: 'r1', status: 'active', isOwner: true },
  { id: 'a2', createdAt: '2026-01-02T00:00:00Z', email: 'bob@demo.example', name: 'Bob', roleId: null, status: 'disabled', isOwner: false },
];

const image = {
  type: 'object',
  properties: {
    url: { type: 'string', maxLength: 1000 },
    alt: { type: 'string', maxLength: 300, default: '' },
    thumbnailUrl: { type: 'string', maxLength: 1000 },
  },
  required: ['url', 'alt'],
  additionalProperties: false,
};

/** site/projects as the server describes it: image objects, a gallery and a many-to-many list of products. */
export const projectsMeta: ResourceMeta = {
  name: 'site/projects',
  path: 'site/projects',
  module: 'site',
  label: { singular: 'Project', plural: 'Projects' },
  fields: {
    type: 'object',
    properties: {
      id: uuid,
      title: { type: 'string' },
      coverImage: { anyOf: [image, { type: 'null' }] },
      images: { type: 'array', items: image },
      productIds: { type: 'array', items: uuid },
    },
  },
  input: {
    type: 'object',
    required: ['title'],
    properties: {
      title: { type: 'string', minLength: 1, maxLength: 200 },
      coverImage: { anyOf: [image, { type: 'null' }] },
      images: { type: 'array', items: image, maxItems: 100 },
      productIds: { type: 'array', items: uuid, maxItems: 200 },
      logoUrl: { anyOf: [{ type: 'string', maxLength: 1000 }, { type: 'null' }] },
    },
  },
  ui: {
    title: 'title',
    columns: ['title'],
    fields: {
      coverImage: { widget: 'image', label: 'Cover image' },
      images: { widget: 'image', label: 'Gallery' },
      productIds: {
        label: 'Products used',
        widget: 'relation',
        type: 'relation',
        relation: { resource: 'site/products', many: true, onDelete: 'set null', expand: 'products' },
      },
      logoUrl: { widget: 'image', label: 'Logo' },
    },
  },
  list: { search: ['title'], filters: [], sort: ['title'], defaultSort: 'title', maxLimit: 200 },
  operations: { create: true, update: true, delete: true },
  permissions: { read: true, write: true },
};

export const productsMeta: ResourceMeta = {
  ...projectsMeta,
  name: 'site/products',
  path: 'site/products',
  label: { singular: 'Product', plural: 'Products' },
  fields: { type: 'object', properties: { id: uuid, name: { type: 'string' } } },
  input: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } } },
  ui: { title: 'name', columns: ['name'], fields: {} },
  list: { search: ['name'], filters: [], sort: ['name'], defaultSort: 'name', maxLimit: 200 },
};

export const products = [
  { id: 'p1', name: 'Carrara Matt' },
  { id: 'p2', name: 'Teak WPC' },
  { id: 'p3', name: 'Basalt Grey' },
];

export const project = {
  id: 'pr1',
  title: 'Marina Bay',
  coverImage: { url: 'https://img.example/marina.jpg', alt: 'Towers at dusk' },
  images: [
    { url: 'https://img.example/lobby.jpg', alt: 'Lobby' },
    { url: 'https://img.example/balcony.jpg', alt: 'Balcony' },
  ],
  productIds: ['p1'],
  logoUrl: null,
  updatedAt: '2026-01-01T00:00:00Z',
};
