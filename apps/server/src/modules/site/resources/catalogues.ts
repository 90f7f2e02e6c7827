import { autoSlug, defineResource, steps } from '../../../kernel/resources';
import { publishing } from '../services/hooks';
import { siteCatalogues } from '../tables';
import { adminOrder, fileInput, inputs, publishedScope, publishingAttention, ui } from './common';

/** Product catalogues (PDF) offered for download, usually behind a short form. */
export const cataloguesResource = defineResource({
  path: 'site/catalogues',
  module: 'site',
  table: siteCatalogues,
  label: { singular: 'Catalogue', plural: 'Catalogues' },
  readOnly: ['downloadCount'],
  input: {
    title: inputs.title,
    slug: inputs.slug,
    ...fileInput,
    fileSize: (s) => s.int().min(0),
    coverImage: inputs.image,
    language: (s) => s.trim().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'Use a language code such as en or en-IN'),
    sortOrder: inputs.sortOrder,
  },
  scopes: publishedScope(siteCatalogues),
  list: {
    search: ['title', { field: 'description', kind: 'fulltext' }],
    filters: ['status', 'language', 'publishAt'],
    sort: ['title', 'sortOrder', 'publishAt'],
    ...adminOrder('title'),
  },
  fields: {
    ...ui,
    fileUrl: { widget: 'file', label: 'PDF' },
    language: { widget: 'language' },
    requiresDetails: { widget: 'switch', help: 'Visitors leave their details before downloading' },
  },
  ui: { attention: publishingAttention, title: 'title', columns: ['coverImage', 'title', 'language', 'status', 'downloadCount'] },
  hooks: { beforeWrite: steps(autoSlug(siteCatalogues, 'title'), publishing) },
  examples: [
    {
      title: 'Product catalogue 2025',
      description: 'Every tile, slab and cladding system with sizes, finishes and technical data.',
      fileUrl: 'https://files.euro-building.example/catalogues/euro-catalogue-2025.pdf',
      fileName: 'euro-catalogue-2025.pdf',
      fileSize: 18_400_000,
      coverImage: { url: 'https://images.euro-building.example/catalogues/2025-cover.jpg', alt: 'Cover of the 2025 product catalogue' },
      status: 'published',
      sortOrder: 1,
    },
    {
      title: 'WPC cladding technical guide',
      fileUrl: 'https://files.euro-building.example/catalogues/wpc-technical-guide.pdf',
      fileName: 'wpc-technical-guide.pdf',
      requiresDetails: false,
      status: 'published',
      sortOrder: 2,
    },
  ],
});
