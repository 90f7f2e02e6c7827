import { siteCatalogueDownloads } from '../tables';
import { inputs } from './common';
import { inboundResource } from './inbound';

/** Who downloaded which catalogue (the download form's leads). */
export const catalogueDownloadsResource = inboundResource({
  path: 'site/catalogue-downloads',
  table: siteCatalogueDownloads,
  label: { singular: 'Catalogue download', plural: 'Catalogue downloads' },
  input: {
    company: inputs.company,
    city: inputs.city,
  },
  search: ['company'],
  filters: ['catalogueId', 'profession'],
  fields: {
    catalogueId: { label: 'Catalogue' },
  },
  columns: ['createdAt', 'name', 'email', 'profession', 'catalogueId', 'status', 'assigneeId'],
  examples: [
    {
      name: 'Nikhil Shah',
      email: 'nikhil@shah-architects.example',
      phone: '+91 98111 22334',
      company: 'Shah Architects',
      city: 'Ahmedabad',
      profession: 'architect',
    },
    { name: 'Priti Rao', email: 'priti.rao@example.com', city: 'Hyderabad', profession: 'homeowner', status: 'done' },
  ],
});
