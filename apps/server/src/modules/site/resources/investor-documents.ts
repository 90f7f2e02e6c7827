import { defineResource, steps } from '../../../kernel/resources';
import { publishing, subcategoryOfCategory } from '../services/hooks';
import { siteInvestorDocuments, siteInvestorSubcategories } from '../tables';
import { draftAttention, fileInput, inputs, publishedScope, ui } from './common';

export const investorDocumentsResource = defineResource({
  path: 'site/investor-documents',
  module: 'site',
  table: siteInvestorDocuments,
  label: { singular: 'Investor document', plural: 'Investor documents' },
  input: {
    title: inputs.title,
    ...fileInput,
    financialYear: (s) => s.trim().regex(/^[0-9]{4}(-[0-9]{2,4})?$/, 'e.g. 2024-25'),
    sortOrder: inputs.sortOrder,
  },
  scopes: publishedScope(siteInvestorDocuments),
  list: {
    search: ['title', 'fileName'],
    filters: ['categoryId', 'subcategoryId', 'status', 'financialYear', 'publishedOn'],
    sort: ['title', 'publishedOn', 'sortOrder'],
    // Newest first (as -publishedOn), then lower numbers.
    orderings: { publishedOn: ['publishedOn', '-sortOrder'] },
    defaultSort: '-publishedOn',
  },
  fields: {
    ...ui,
    fileUrl: { widget: 'file', label: 'File' },
    publishedOn: { widget: 'date', label: 'Date' },
    categoryId: { label: 'Category' },
    subcategoryId: { label: 'Subcategory' },
  },
  ui: {
    attention: draftAttention,
    title: 'title',
    columns: ['title', 'categoryId', 'subcategoryId', 'financialYear', 'publishedOn', 'status'],
  },
  hooks: { beforeWrite: steps(subcategoryOfCategory(siteInvestorSubcategories), publishing) },
  examples: [
    {
      title: 'Results for the quarter ended 30 June 2025',
      fileUrl: 'https://files.euro-building.example/investors/q1-fy26-results.pdf',
      fileName: 'q1-fy26-results.pdf',
      financialYear: '2025-26',
      publishedOn: '2025-08-08',
      status: 'published',
    },
    {
      title: 'Annual report 2024-25',
      fileUrl: 'https://files.euro-building.example/investors/annual-report-2024-25.pdf',
      fileName: 'annual-report-2024-25.pdf',
      financialYear: '2024-25',
      publishedOn: '2025-07-15',
      status: 'published',
    },
  ],
});
