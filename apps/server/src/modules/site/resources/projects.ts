import { z } from 'zod';
import { autoSlug, defineResource, steps } from '../../../kernel/resources';
import { publishing, sanitize } from '../services/hooks';
import { siteProjects } from '../tables';
import { adminOrder, draftAttention, inputs, pageInput, pageUi, publishedScope, seoInput } from './common';

export const productIdsSchema = z
  .array(z.uuid('Not a valid product id'))
  .max(200)
  .transform((ids) => [...new Set(ids)]);

/** Reference projects: where the products were used, with a gallery and the products list. */
export const projectsResource = defineResource({
  path: 'site/projects',
  module: 'site',
  table: siteProjects,
  label: { singular: 'Project', plural: 'Projects' },
  input: {
    title: inputs.title,
    slug: inputs.slug,
    clientName: (s) => s.trim().max(200),
    architect: (s) => s.trim().max(200),
    location: (s) => s.trim().max(300),
    city: inputs.city,
    country: (s) => s.trim().max(120),
    ...pageInput,
    coverImage: inputs.image,
    images: inputs.images,
    productIds: () => productIdsSchema,
    sortOrder: inputs.sortOrder,
    ...seoInput,
  },
  scopes: publishedScope(siteProjects),
  list: {
    search: ['title', 'location', 'clientName', { field: 'description', kind: 'fulltext' }],
    filters: ['status', 'categoryId', 'featured', 'completedOn'],
    sort: ['title', 'sortOrder', 'completedOn', 'publishAt'],
    // Lower numbers first, then the latest completed.
    ...adminOrder('-completedOn'),
  },
  fields: {
    ...pageUi,
    images: { widget: 'image', label: 'Gallery' },
    completedOn: { widget: 'date', label: 'Completed' },
    categoryId: { label: 'Category' },
    productIds: { label: 'Products used' },
  },
  ui: {
    attention: draftAttention,
    title: 'title',
    columns: ['coverImage', 'title', 'categoryId', 'location', 'status', 'completedOn'],
  },
  hooks: { beforeWrite: steps(autoSlug(siteProjects, 'title'), sanitize('description'), publishing) },
  examples: [
    {
      title: 'Marina Bay Residences',
      clientName: 'Harbourfront Developers',
      architect: 'Studio Lumen',
      location: 'Marina Bay, Singapore',
      city: 'Singapore',
      country: 'Singapore',
      completedOn: '2024-03-31',
      summary: '320 apartments floored in Carrara Matt with WPC-clad balconies.',
      description: '<p>Over 42,000 m² of porcelain and 6,000 m² of exterior cladding, installed in 14 months.</p>',
      coverImage: { url: 'https://images.euro-building.example/projects/marina-bay.jpg', alt: 'Residential towers at dusk' },
      images: [
        { url: 'https://images.euro-building.example/projects/marina-bay-lobby.jpg', alt: 'Lobby with white marble-look floor' },
        { url: 'https://images.euro-building.example/projects/marina-bay-balcony.jpg', alt: 'Balcony with teak WPC cladding' },
      ],
      featured: true,
      status: 'published',
      sortOrder: 1,
    },
    {
      title: 'The Palms Resort, Goa',
      clientName: 'Palms Hospitality',
      location: 'Candolim, Goa, India',
      city: 'Goa',
      country: 'India',
      completedOn: '2023-11-15',
      summary: 'Pool decks and villas in slip-resistant slabs.',
      coverImage: {
        url: 'https://images.euro-building.example/projects/palms-goa.jpg',
        alt: 'Resort pool surrounded by sand-coloured slabs',
      },
      status: 'published',
      sortOrder: 2,
    },
    {
      title: 'Tech Park Phase 2',
      location: 'Whitefield, Bengaluru, India',
      city: 'Bengaluru',
      country: 'India',
      status: 'draft',
      sortOrder: 3,
    },
  ],
});
