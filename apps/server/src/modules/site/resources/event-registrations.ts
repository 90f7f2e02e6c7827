import { siteEventRegistrations } from '../tables';
import { inputs } from './common';
import { inboundResource } from './inbound';

/** Visitors who registered for an event on the website. */
export const eventRegistrationsResource = inboundResource({
  path: 'site/event-registrations',
  table: siteEventRegistrations,
  label: { singular: 'Event registration', plural: 'Event registrations' },
  input: {
    company: inputs.company,
    attendees: (s) => s.int().min(1).max(50),
    message: (s) => s.trim().max(2000),
  },
  search: ['company'],
  filters: ['eventId'],
  fields: {
    eventId: { label: 'Event' },
    message: { widget: 'textarea' },
  },
  columns: ['createdAt', 'name', 'email', 'company', 'eventId', 'attendees', 'status', 'assigneeId'],
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
