import { defineResource } from '../../../kernel/resources';
import { emailSchema, phoneSchema } from '../schemas';
import { siteCatalogueDownloads } from '../tables';
import { inboundAttention, inboundEditable, inboundUi } from './common';

/** Who downloaded which catalogue (the download form's leads). */
export const catalogueDownloadsResource = defineResource({
  path: 'site/catalogue-downloads',
  module: 'site',
  table: siteCatalogueDownloads,
  label: { singular: 'Catalogue download', plural: 'Catalogue downloads' },
  input: {
    name: (s) => s.trim().min(1).max(120),
    email: () => emailSchema,
    phone: () => phoneSchema,
    company: (s) => s.trim().max(200),
    city: (s) => s.trim().max(120),
    notes: (s) => s.max(5000),
  },
  list: { search: ['name', 'email', 'company'], filters: ['catalogueId', 'status', 'profession', 'assigneeId'], sort: ['name', 'email'] },
  editable: [...inboundEditable],
  fields: {
    ...inboundUi,
    catalogueId: { label: 'Catalogue' },
    email: { widget: 'email' },
  },
  ui: {
    attention: inboundAttention,
    title: 'name',
    columns: ['createdAt', 'name', 'email', 'profession', 'catalogueId', 'status', 'assigneeId'],
  },
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
