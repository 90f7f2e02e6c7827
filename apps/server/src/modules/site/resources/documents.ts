import { eq } from 'drizzle-orm';
import { defineResource } from '../../../kernel/resources';
import { publishing } from '../services/hooks';
import { siteDocuments } from '../tables';
import { adminOrder, bothScopes, draftAttention, fileInput, inputs, publishedScope, ui } from './common';

/** Downloadable documents: datasheets, certificates, installation guides, warranties. */
export const documentsResource = defineResource({
  path: 'site/documents',
  module: 'site',
  table: siteDocuments,
  label: { singular: 'Document', plural: 'Documents' },
  readOnly: ['downloadCount'],
  input: {
    title: inputs.title,
    ...fileInput,
    sortOrder: inputs.sortOrder,
  },
  scopes: {
    ...publishedScope(siteDocuments),
    /** Published and offered for download on the website. */
    downloadable: (now) => bothScopes(publishedScope(siteDocuments).published(now), eq(siteDocuments.downloadable, true)),
  },
  list: {
    search: ['title', 'fileName'],
    filters: ['status', 'type', 'downloadable', 'productId'],
    sort: ['title', 'sortOrder'],
    ...adminOrder('title'),
  },
  fields: {
    ...ui,
    fileUrl: { widget: 'file', label: 'File' },
    downloadable: { widget: 'switch', help: 'Offer a download button on the website' },
    productId: { label: 'Product' },
  },
  ui: { attention: draftAttention, title: 'title', columns: ['title', 'type', 'downloadable', 'status', 'downloadCount'] },
  hooks: { beforeWrite: publishing },
  examples: [
    {
      title: 'ISO 9001:2015 certificate',
      fileUrl: 'https://files.euro-building.example/documents/iso-9001.pdf',
      fileName: 'iso-9001-certificate.pdf',
      type: 'certificate',
      status: 'published',
      sortOrder: 1,
    },
    {
      title: 'Porcelain tile installation guide',
      description: 'Substrate preparation, adhesives, spacing and grouting.',
      fileUrl: 'https://files.euro-building.example/documents/tile-installation.pdf',
      fileName: 'tile-installation-guide.pdf',
      type: 'installation_guide',
      status: 'published',
      sortOrder: 2,
    },
    {
      title: 'Dealer price list (internal)',
      fileUrl: 'https://files.euro-building.example/documents/dealer-prices.xlsx',
      fileName: 'dealer-price-list.xlsx',
      type: 'price_list',
      downloadable: false,
      status: 'draft',
      sortOrder: 3,
    },
  ],
});
