import { z } from 'zod';
import { defineResource } from '../../../kernel/resources';
import { builderLogTables, LOG_FIELD_TYPES } from '../tables';
import { projectRecord, textInput } from './common';

const key = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, 'Lowercase words joined by _');

/** A log table's field: a key, a label, a type; a `select` names its options. */
export const logFieldInput = z
  .object({
    key,
    label: z.string().trim().min(1).max(80),
    type: z.enum(LOG_FIELD_TYPES),
    required: z.boolean().optional(),
    options: z.array(z.string().trim().min(1).max(80)).max(50).optional(),
  })
  .strict()
  .refine((f) => f.type !== 'select' || (f.options?.length ?? 0) > 0, { message: 'A choice field needs options', path: ['options'] });

const record = projectRecord('builder_log_tables');

/**
 * Log tables (logs/*LogTable): categories of logs, each with its own fields (stand-up notes:
 * yesterday, today, blockers; deployments: environment, version, succeeded). Entries are written
 * against them (routes.ts, services/log-entries.ts) and checked against the fields.
 */
export const logTablesResource = defineResource({
  path: 'builder/log-tables',
  module: 'work-logs',
  table: builderLogTables,
  label: { singular: 'Log table', plural: 'Log tables' },
  readOnly: ['createdBy'],
  input: {
    name: (s) => s.trim().min(1).max(120),
    description: textInput,
    fields: () =>
      z
        .array(logFieldInput)
        .min(1, 'At least one field')
        .max(30)
        .refine((a) => new Set(a.map((f) => f.key)).size === a.length, 'Each field key once'),
  },
  access: record.access,
  hooks: record.hooks,
  list: { search: ['name'], filters: ['projectId'], sort: ['name'], defaultSort: 'name' },
  fields: { projectId: { label: 'Project' }, description: { widget: 'textarea' }, fields: { widget: 'json' } },
  ui: { title: 'name', columns: ['name', 'projectId', 'createdAt'] },
  examples: [
    {
      name: 'Stand-up notes',
      fields: [
        { key: 'yesterday', label: 'Yesterday', type: 'textarea', required: true },
        { key: 'today', label: 'Today', type: 'textarea', required: true },
        { key: 'blockers', label: 'Blockers', type: 'text' },
      ],
    },
    {
      name: 'Deployments',
      fields: [
        { key: 'environment', label: 'Environment', type: 'select', required: true, options: ['staging', 'production'] },
        { key: 'version', label: 'Version', type: 'text', required: true },
        { key: 'succeeded', label: 'Succeeded', type: 'boolean' },
      ],
    },
  ],
});
