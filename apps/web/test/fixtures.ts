import { metaFixture } from './meta-fixture';

/** identity/admins as the server serves it, with a few extra field kinds for the kit's tests. */
export const adminsMeta = metaFixture('identity/admins', {
  input: {
    properties: {
      score: { anyOf: [{ type: 'integer', minimum: 0, maximum: 100 }, { type: 'null' }] },
      notes: { type: 'string' },
      avatar: { anyOf: [{ type: 'string', maxLength: 500 }, { type: 'null' }] },
      active: { type: 'boolean' },
    },
  },
  ui: { fields: { notes: { widget: 'richtext' }, avatar: { widget: 'image' } } },
});

export const rolesMeta = metaFixture('identity/roles');

export const admins = [
  { id: 'a1', createdAt: '2026-01-01T00:00:00Z', email: 'ann@demo.example', name: 'Ann', roleId: 'r1', status: 'active', isOwner: true },
  { id: 'a2', createdAt: '2026-01-02T00:00:00Z', email: 'bob@demo.example', name: 'Bob', roleId: null, status: 'disabled', isOwner: false },
];

/** site/projects as the server serves it (image objects, a gallery, a many-to-many list of products), and a logo field. */
export const projectsMeta = metaFixture('site/projects', {
  input: { properties: { logoUrl: { anyOf: [{ type: 'string', maxLength: 1000 }, { type: 'null' }] } } },
  ui: { fields: { logoUrl: { widget: 'image', label: 'Logo' } } },
});

export const productsMeta = metaFixture('site/products');

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

/** site/get-in-touch-messages as served: what the visitor sent is kept, status, notes and assignee change. */
export const messagesMeta = metaFixture('site/get-in-touch-messages');

/** site/career-applications as served (its CV a private file), with a public file field beside it. */
export const applicationsMeta = metaFixture('site/career-applications', {
  input: { properties: { brochureUrl: { anyOf: [{ type: 'string', maxLength: 1000 }, { type: 'null' }] } } },
  ui: { fields: { brochureUrl: { widget: 'file', label: 'Brochure' } } },
});
