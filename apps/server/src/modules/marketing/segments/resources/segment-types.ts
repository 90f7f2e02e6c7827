import { defineResource } from '../../../../kernel/resources';
import { marketingSegmentTypes } from '../../tables/segments';

/** What segments are for (newsletter, lifecycle, event …): a label to group and filter segments by. */
export const segmentTypesResource = defineResource({
  path: 'marketing/segment-types',
  module: 'marketing-segments',
  table: marketingSegmentTypes,
  label: { singular: 'Segment type', plural: 'Segment types' },
  input: {
    name: (s) => s.trim().min(1).max(80),
    description: (s) => s.trim().max(500),
  },
  list: { search: ['name'], sort: ['name'], defaultSort: 'name' },
  fields: { description: { widget: 'textarea' } },
  ui: { title: 'name', columns: ['name', 'description', 'createdAt'] },
  examples: [
    { name: 'Newsletter', description: 'People who read the monthly newsletter' },
    { name: 'Lifecycle', description: 'Where a contact is in their journey: lead, customer, lapsed' },
  ],
});
