import { index, jsonb, text } from 'drizzle-orm/pg-core';
import { filterIndexes, sortIndexes, tenantTable } from '../../../kernel/resources';
import type { EmailDesign } from '../templates/email/design';

// Email templates: the design (a list of blocks, edited in the console) is what the author owns;
// the HTML (MJML, responsive) and the plain-text part are rendered from it at every save, with the
// merge tags left in place, so a send only fills in each recipient's values.

export const EMAIL_LAYOUTS = ['layout-1', 'layout-2', 'layout-3', 'layout-4'] as const;
export type EmailLayout = (typeof EMAIL_LAYOUTS)[number];

export const marketingEmailTemplates = tenantTable(
  'marketing_email_templates',
  {
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    /** The line inbox previews show after the subject. */
    preheader: text('preheader').notNull().default(''),
    /** The starter layout it began from (null: started from another template or blank). */
    layout: text('layout', { enum: EMAIL_LAYOUTS }),
    design: jsonb('design').$type<EmailDesign>().notNull(),
    /** Rendered at save (server-managed): responsive HTML and the plain-text part, merge tags intact. */
    html: text('html').notNull().default(''),
    text: text('text').notNull().default(''),
    /** The variables the template uses (server-managed, from subject, preheader and design). */
    variables: text('variables').array().notNull().default([]),
  },
  (t) => [
    index('marketing_email_templates_variables_idx').using('gin', t.variables),
    ...sortIndexes('marketing_email_templates', t, { name: t.name }),
    ...filterIndexes('marketing_email_templates', t, { layout: t.layout }),
  ],
);
