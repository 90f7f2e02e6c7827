import { defineResource } from '../../../kernel/resources';
import { emailSchema, phoneSchema } from '../schemas';
import { siteEventRegistrations } from '../tables';
import { inboundAttention, inboundEditable, inboundUi } from './common';

/** Visitors who registered for an event on the website. */
export const eventRegistrationsResource = defineResource({
  path: 'site/event-registrations',
  module: 'site',
  table: siteEventRegistrations,
  label: { singular: 'Event registration', plural: 'Event registrations' },
  input: {
    name: (s) => s.trim().min(1).max(120),
    email: () => emailSchema,
    phone: () => phoneSchema,
    company: (s) => s.trim().max(200),
    attendees: (s) => s.int().min(1).max(50),
    message: (s) => s.trim().max(2000),
    notes: (s) => s.max(5000),
  },
  list: { search: ['name', 'email', 'company'], filters: ['eventId', 'status', 'assigneeId'], sort: ['name', 'email'] },
  editable: [...inboundEditable],
  fields: {
    ...inboundUi,
    eventId: { label: 'Event' },
    email: { widget: 'email' },
    message: { widget: 'textarea' },
  },
  ui: {
    attention: inboundAttention,
    title: 'name',
    columns: ['createdAt', 'name', 'email', 'company', 'eventId', 'attendees', 'status', 'assigneeId'],
  },
  examples: [
    {
      name: 'Arjun Pillai',
      email: 'arjun@pillai-associates.example',
      phone: '+91 98450 12345',
      company: 'Pillai Associates',
      attendees: 2,
    },
    { name: 'Meera Iyer', email: 'meera.iyer@example.com', attendees: 1, status: 'done' },
  ],
});
