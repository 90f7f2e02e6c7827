import { text, uniqueIndex } from 'drizzle-orm/pg-core';
import { filterIndexes, sortIndexes, tenantTable } from '../../../kernel/resources';

// Merge tags: `{{ first_name }}` in any template of any channel. A variable says where its value
// comes from for one recipient (a field of the contact, one of its custom attributes, a field of
// the community's business profile, or a constant) and what to write when that value is empty.

export const VARIABLE_SOURCES = ['contact', 'attribute', 'business', 'constant'] as const;
export type VariableSource = (typeof VARIABLE_SOURCES)[number];

export const marketingVariables = tenantTable(
  'marketing_variables',
  {
    /** The merge tag's name as written in templates: lower snake case (first_name). */
    name: text('name').notNull(),
    label: text('label').notNull(),
    source: text('source', { enum: VARIABLE_SOURCES }).notNull(),
    /** contact: a contact field (name, first_name, email …); attribute: the attribute's key; business: a profile field. */
    path: text('path'),
    /** Written when the value is empty (for a constant: the value). */
    defaultValue: text('default_value').notNull().default(''),
  },
  (t) => [
    uniqueIndex('marketing_variables_name_uq').on(t.tenantId, t.name),
    ...sortIndexes('marketing_variables', t, { label: t.label }),
    ...filterIndexes('marketing_variables', t, { source: t.source }),
  ],
);
