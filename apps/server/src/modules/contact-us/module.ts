import { compatTable, crudLines } from '../../kernel/compat';
import { defineModule } from '../../kernel/resources';
import { contactUsMessagesResource } from './resources/messages';

/** Contact us: the messages of the community's contact-us forms. */
export const contactUsModule = defineModule({
  key: 'contact-us',
  label: 'Contact us',
  area: 'marketing',
  permissionModules: [{ key: 'contact-us', label: 'Contact Us' }],
  resources: [contactUsMessagesResource],
  compat: compatTable([crudLines('content', contactUsMessagesResource, { get: '/marcom/contactUs/get' })]),
});
