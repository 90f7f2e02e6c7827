import { defineResource, type FieldUi, inboundEditable, inboundUi, type ResourceConfig, type TenantTable } from '../../../kernel/resources';
import { emailSchema, phoneSchema } from '../schemas';
import { inboundAttention } from './common';

type Config = ResourceConfig<TenantTable>;

export interface InboundOptions {
  path: string;
  table: TenantTable;
  label: { singular: string; plural: string };
  /** The form's own fields, besides the sender's name, email and phone. */
  input: Config['input'];
  /** Searched besides name and email. */
  search: string[];
  /** Filters besides status and assignee. */
  filters?: string[];
  fields?: Record<string, FieldUi>;
  columns: string[];
  examples: Config['examples'];
}

/** Who sent it: the fields every website form asks for. */
const sender: Config['input'] = {
  name: (s) => s.trim().min(1).max(120),
  email: () => emailSchema,
  phone: () => phoneSchema,
};

/**
 * A list the website's forms fill (messages, requests, applications, registrations): what the
 * visitor sent is kept as sent; status, internal notes and the assignee change; new ones wait on
 * the dashboard.
 */
export function inboundResource({ path, table, label, input, search, filters = [], fields = {}, columns, examples }: InboundOptions) {
  return defineResource({
    path,
    module: 'site',
    table,
    label,
    input: { ...sender, ...input, notes: (s) => s.max(5000) },
    list: { search: ['name', 'email', ...search], filters: [...filters, 'status', 'assigneeId'], sort: ['name', 'email'] },
    editable: [...inboundEditable],
    fields: { ...inboundUi, ...fields },
    ui: { attention: inboundAttention, title: 'name', columns },
    examples,
  });
}
