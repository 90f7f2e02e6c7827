import { type AreaDeclaration, recordHref } from '../../config/screen-types';

const MESSAGES = '/admin-panel/contactUs';

/** Contact us (Marketing → Contact us): the contact-us messages, each convertible to a marketing contact. */
export const contactUsArea: AreaDeclaration = {
  screens: [
    {
      path: MESSAGES,
      label: 'Contact messages',
      description: 'Messages sent through your contact-us forms.',
      group: 'marketing',
      section: 'Contact us',
      modules: ['contact-us'],
      nav: true,
      keywords: ['contact us', 'enquiries', 'messages'],
      component: () => import('./messages-page'),
      records: [{ resource: 'contact-us/messages', href: recordHref(MESSAGES) }],
    },
  ],
};
