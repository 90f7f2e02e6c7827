import { defineModule, joinParts, type ModulePart } from '../../kernel/resources';
import { channels } from './channels';
import { contacts } from './contacts';
import { pages } from './pages';
import { contactsPort } from './port';
import { segments } from './segments';
import { templates } from './templates';

/** In dependency order: contacts first (everything else points at them, and their sample data comes first). */
const PARTS: ModulePart[] = [contacts, segments, templates, channels, pages];

/**
 * Marketing audience and content: the community's contacts with their consent per channel,
 * imports, segments and audiences, merge-tag variables, templates for email, SMS, push and
 * WhatsApp, channel settings, landing pages and one-off messages. Each part declares its
 * resources, compat lines, routes, jobs and sample data in its folder; this file only joins them.
 */
export const marketingModule = defineModule({
  key: 'marketing',
  label: 'Marketing',
  area: 'marketing',
  permissionModules: [
    { key: 'marketing-contacts', label: 'Contacts and consent' },
    { key: 'marketing-segments', label: 'Segments and audiences' },
    { key: 'marketing-templates', label: 'Templates and variables' },
    { key: 'marketing-channels', label: 'Channel settings and messages' },
    { key: 'marketing-pages', label: 'Landing pages' },
  ],
  ...joinParts(PARTS),
  // Other modules hand people over through this (contact-us "convert to contact").
  provides: { contacts: contactsPort },
});
