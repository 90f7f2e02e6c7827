import { siteDesignRequests } from '../tables';
import { inputs } from './common';
import { inboundResource } from './inbound';

/** Requests for help from the design team (layouts, product selection, quantities). */
export const designSupportResource = inboundResource({
  path: 'site/design-support-requests',
  table: siteDesignRequests,
  label: { singular: 'Design-support request', plural: 'Design-support requests' },
  input: {
    company: inputs.company,
    city: inputs.city,
    projectArea: (s) => s.trim().max(60),
    message: inputs.message,
  },
  search: ['company', 'city'],
  filters: ['projectType'],
  fields: {
    message: { widget: 'textarea' },
  },
  columns: ['createdAt', 'name', 'city', 'projectType', 'status', 'assigneeId'],
  examples: [
    {
      name: 'Rohan Kapoor',
      email: 'rohan@kapoor-interiors.example',
      phone: '+91 99000 11223',
      company: 'Kapoor Interiors',
      city: 'Delhi',
      projectType: 'hospitality',
      projectArea: '2,400 m²',
      message: 'Boutique hotel lobby and 40 rooms: need a tile layout and quantities.',
    },
    {
      name: 'Sara Thomas',
      email: 'sara.thomas@example.com',
      city: 'Kochi',
      projectType: 'residential',
      message: 'Villa façade cladding options.',
    },
  ],
});
