import { siteContactMessages } from '../tables';
import { inputs } from './common';
import { inboundResource } from './inbound';

/** Messages from the website's get-in-touch form. */
export const getInTouchResource = inboundResource({
  path: 'site/get-in-touch-messages',
  table: siteContactMessages,
  label: { singular: 'Get-in-touch message', plural: 'Get-in-touch messages' },
  input: {
    company: inputs.company,
    subject: (s) => s.trim().max(200),
    message: inputs.message,
    sourcePage: (s) => s.trim().max(500),
  },
  search: ['subject', 'company'],
  fields: {
    message: { widget: 'textarea' },
  },
  columns: ['createdAt', 'name', 'email', 'subject', 'status', 'assigneeId'],
  examples: [
    {
      name: 'Anita Desai',
      email: 'anita@studio-arc.example',
      phone: '+91 98200 55443',
      company: 'Studio Arc',
      subject: 'Dealer in Pune',
      message: 'Looking for a dealer for exterior WPC cladding in Pune, about 800 m².',
      sourcePage: '/contact',
    },
    {
      name: 'Tom Becker',
      email: 'tom.becker@example.com',
      subject: 'Samples',
      message: 'Can you send samples of the Terra slab in sand?',
      status: 'in_progress',
    },
  ],
});
