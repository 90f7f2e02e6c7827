import { compatTable, crudLines } from '../../kernel/compat';
import { defineModule } from '../../kernel/resources';
import { contactUsContactSources } from './contact-sources';
import { contactUsForm } from './form';
import { contactUsMessagesResource } from './resources/messages';
import { contactUsRoutes } from './routes';

/** Contact us: the messages of the community's contact-us forms. */
export const contactUsModule = defineModule({
  key: 'contact-us',
  label: 'Contact us',
  area: 'marketing',
  permissionModules: [{ key: 'contact-us', label: 'Contact Us' }],
  resources: [contactUsMessagesResource],
  publicForms: [contactUsForm],
  routes: contactUsRoutes,
  contributes: { contactSources: contactUsContactSources },
  compat: compatTable([crudLines('content', contactUsMessagesResource, { get: '/marcom/contactUs/get' })]),
});
