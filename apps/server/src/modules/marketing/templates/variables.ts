import type { z } from 'zod';
import { defineResource, errors } from '../../../kernel/resources';
import { marketingVariables, type VariableSource } from '../tables/variables';
import { BUILT_IN_VARIABLES, pathProblem, VARIABLE_NAME } from '../variables/engine';
import { assertVariableUnused } from './variable-usage';

/**
 * The community's merge tags (`{{ company }}` in any template): where each value comes from for a
 * recipient and what to write when it is empty. The standard ones (first_name, business_name …)
 * need no record (variables/engine.ts); declaring one of their names changes its label or default.
 */
export const variablesResource = defineResource({
  path: 'marketing/variables',
  module: 'marketing-templates',
  table: marketingVariables,
  label: { singular: 'Variable', plural: 'Variables' },
  input: {
    name: (s: z.ZodString) =>
      s
        .trim()
        .regex(VARIABLE_NAME, 'Use lower snake case: a letter, then letters, digits or _ (first_name)')
        .refine(
          (name) => !(BUILT_IN_VARIABLES as readonly string[]).includes(name),
          'This name is filled in by the sender: choose another',
        ),
    label: (s: z.ZodString) => s.trim().min(1).max(80),
    path: (s: z.ZodString) => s.trim().max(64),
    defaultValue: (s: z.ZodString) => s.max(500),
  },
  list: { search: ['name', 'label'], filters: ['source'], sort: ['name', 'label'], defaultSort: 'name' },
  fields: {
    name: { help: 'Written in templates as {{ name }}: lower snake case' },
    source: {
      options: {
        contact: { label: 'Contact field', color: 'blue' },
        attribute: { label: 'Custom attribute', color: 'yellow' },
        business: { label: 'Business profile', color: 'green' },
        constant: { label: 'Constant', color: 'gray' },
      },
    },
    path: { help: 'Contact field (first_name, email …), the attribute’s key, or a business field (address …); empty for a constant' },
    defaultValue: { label: 'Default', help: 'Written when the recipient has no value (for a constant: the value)' },
  },
  ui: { title: 'label', columns: ['name', 'label', 'source', 'path', 'defaultValue'] },
  hooks: {
    // The path must suit the source, whichever of the two a change names; a name templates use stays.
    beforeWrite: async ({ existing, tx, scope }, data) => {
      if (existing && typeof data.name === 'string' && data.name !== existing.name)
        await assertVariableUnused(tx, scope.tenantId, existing, 'renamed');
      const source = (data.source ?? existing?.source) as VariableSource;
      const touched = 'source' in data || 'path' in data;
      if (!touched) return data;
      const path = (('path' in data ? data.path : existing?.path) as string | null | undefined)?.trim() || null;
      const problem = pathProblem(source, path);
      if (problem) throw errors.validation({ path: problem }, problem);
      return { ...data, path };
    },
    // Templates of any channel that use it keep it: refused (409) naming them.
    beforeDelete: ({ tx, scope }, record) => assertVariableUnused(tx, scope.tenantId, record, 'deleted'),
  },
  examples: [
    { name: 'company', label: 'Company', source: 'attribute', path: 'company', defaultValue: 'your company' },
    { name: 'city', label: 'City', source: 'attribute', path: 'city', defaultValue: 'your city' },
    { name: 'showroom_hours', label: 'Showroom hours', source: 'constant', defaultValue: 'Mon–Sat, 9:00–18:00' },
    { name: 'support_phone', label: 'Support phone', source: 'business', path: 'phone', defaultValue: '+91 80 4000 1234' },
  ],
});
