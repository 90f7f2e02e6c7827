import { Liquid, LiquidError } from 'liquidjs';
import { errors } from '../../../kernel/resources';
import type { ContactInput } from '../contacts/merge';
import type { VariableSource } from '../tables/variables';

// Every channel's templates are Liquid (`Hello {{ first_name }}`), rendered with liquidjs: no code
// runs, only the values given are visible (own properties only), and limits stop a template that
// loops or grows without end. HTML bodies escape every value; SMS, push and WhatsApp text do not.

/** Names every template may use without declaring them (filled in by the sender). */
export const BUILT_IN_VARIABLES = ['unsubscribe_url', 'view_in_browser_url', 'current_year'] as const;

/** The contact fields a `contact` variable may name. */
export const CONTACT_FIELDS = ['name', 'first_name', 'last_name', 'email', 'phone', 'whatsapp', 'country', 'language'] as const;
/** The business-profile fields a `business` variable may name. */
export const BUSINESS_FIELDS = ['business_name', 'website', 'email', 'phone', 'address', 'logo_url'] as const;

/** A variable's name as written in templates: lower snake case, starting with a letter. */
export const VARIABLE_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/**
 * The variables every community has without declaring them (a community created at any time has
 * them: they live here, not in its rows). A community may declare one of these names itself to
 * change its label or default; its own declaration wins.
 */
export const STANDARD_VARIABLES: readonly (VariableDefinition & { label: string })[] = [
  { name: 'first_name', label: 'First name', source: 'contact', path: 'first_name', defaultValue: 'there' },
  { name: 'last_name', label: 'Last name', source: 'contact', path: 'last_name', defaultValue: '' },
  { name: 'full_name', label: 'Full name', source: 'contact', path: 'name', defaultValue: '' },
  { name: 'email', label: 'Email', source: 'contact', path: 'email', defaultValue: '' },
  { name: 'phone', label: 'Phone', source: 'contact', path: 'phone', defaultValue: '' },
  { name: 'country', label: 'Country', source: 'contact', path: 'country', defaultValue: '' },
  { name: 'business_name', label: 'Business name', source: 'business', path: 'business_name', defaultValue: '' },
  { name: 'business_address', label: 'Business address', source: 'business', path: 'address', defaultValue: '' },
  { name: 'business_email', label: 'Business email', source: 'business', path: 'email', defaultValue: '' },
  { name: 'business_phone', label: 'Business phone', source: 'business', path: 'phone', defaultValue: '' },
  { name: 'business_website', label: 'Business website', source: 'business', path: 'website', defaultValue: '' },
  { name: 'business_logo_url', label: 'Business logo', source: 'business', path: 'logo_url', defaultValue: '' },
];

/** The standard variables with the community's own declarations laid over them (same name: theirs). */
export function withStandardVariables<V extends VariableDefinition>(declared: readonly V[]): (V | (typeof STANDARD_VARIABLES)[number])[] {
  const own = new Set(declared.map((v) => v.name));
  return [...STANDARD_VARIABLES.filter((v) => !own.has(v.name)), ...declared];
}

/** Why `path` does not suit `source` (null when it does): what a variable declaration is checked with. */
export function pathProblem(source: VariableSource, path: string | null | undefined): string | null {
  const value = path ?? '';
  switch (source) {
    case 'contact':
      return (CONTACT_FIELDS as readonly string[]).includes(value) ? null : `Choose a contact field: ${CONTACT_FIELDS.join(', ')}`;
    case 'business':
      return (BUSINESS_FIELDS as readonly string[]).includes(value) ? null : `Choose a business field: ${BUSINESS_FIELDS.join(', ')}`;
    case 'attribute':
      return /^[A-Za-z0-9_.-]{1,64}$/.test(value) ? null : 'Name the custom attribute (letters, digits, _ . -)';
    case 'constant':
      return value === '' ? null : 'A constant has no path: its value is the default';
  }
}

// renderLimit is wall time: a runaway template stops within a second, and a template's first render
// in a busy process (compiling, a collection) is not refused as "too long" (200 ms was, once, in CI).
const LIMITS = { parseLimit: 100_000, renderLimit: 1_000, memoryLimit: 1_000_000 };
const html = new Liquid({ outputEscape: 'escape', ownPropertyOnly: true, strictFilters: true, ...LIMITS });
const text = new Liquid({ ownPropertyOnly: true, strictFilters: true, ...LIMITS });

/** The variables a template reads (top-level names, each once), or a 400 naming `field` if it does not parse. */
export function variablesIn(template: string, field = 'body'): string[] {
  try {
    return [...new Set(text.globalVariablesSync(template))];
  } catch (error) {
    throw errors.validation({ [field]: templateProblem(error) }, 'The template cannot be read');
  }
}

/**
 * Refuses (400, naming the field and the variable) a template that does not parse or that uses a
 * variable the community has not declared. `known` are the declared names; built-ins are allowed.
 */
export function assertKnownVariables(templates: Record<string, string | null | undefined>, known: Iterable<string>) {
  const allowed = new Set<string>([...known, ...BUILT_IN_VARIABLES]);
  const problems: Record<string, string> = {};
  for (const [field, template] of Object.entries(templates)) {
    if (!template) continue;
    const unknown = variablesIn(template, field).filter((name) => !allowed.has(name));
    if (unknown.length > 0) problems[field] = `Unknown variable${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`;
  }
  if (Object.keys(problems).length > 0) throw errors.validation(problems, Object.values(problems)[0]);
}

/** Renders a template with the values of one recipient; `escape` for HTML bodies. */
export async function renderTemplate(template: string, values: Record<string, string>, options: { escape: boolean }): Promise<string> {
  try {
    // Synchronously: the render limit is wall time from the render's start, so an async render that
    // waits behind other requests (a busy server, four layouts at once) would be refused as "too long".
    return (options.escape ? html : text).parseAndRenderSync(template, values);
  } catch (error) {
    throw errors.badRequest('template_render_failed', templateProblem(error));
  }
}

/** A variable as declared by the community. */
export interface VariableDefinition {
  name: string;
  source: VariableSource;
  path: string | null;
  defaultValue: string;
}

/** What a recipient is made of, for `contact` and `attribute` variables. */
export type RecipientFields = Pick<ContactInput, 'name' | 'email' | 'phone' | 'whatsapp' | 'country' | 'language' | 'attributes'>;

/** The business profile's fields, for `business` variables. */
export type BusinessFields = Partial<Record<(typeof BUSINESS_FIELDS)[number], string | null>>;

/** The value of every declared variable for one recipient (the default where the value is empty). */
export function valuesFor(
  variables: readonly VariableDefinition[],
  recipient: RecipientFields,
  business: BusinessFields,
  builtIns: Partial<Record<(typeof BUILT_IN_VARIABLES)[number], string>> = {},
): Record<string, string> {
  const values: Record<string, string> = { current_year: String(new Date().getUTCFullYear()), ...builtIns };
  for (const variable of variables) {
    const raw = rawValue(variable, recipient, business);
    values[variable.name] = raw === null || raw === undefined || raw === '' ? variable.defaultValue : String(raw);
  }
  return values;
}

function rawValue(variable: VariableDefinition, recipient: RecipientFields, business: BusinessFields) {
  const path = variable.path ?? '';
  switch (variable.source) {
    case 'constant':
      return variable.defaultValue;
    case 'attribute':
      return Object.hasOwn(recipient.attributes ?? {}, path) ? recipient.attributes?.[path] : null;
    case 'business':
      return Object.hasOwn(business, path) ? business[path as keyof BusinessFields] : null;
    case 'contact':
      return contactField(recipient, path);
  }
}

function contactField(recipient: RecipientFields, path: string) {
  const name = (recipient.name ?? '').trim();
  if (path === 'first_name') return name.split(/\s+/)[0] ?? '';
  if (path === 'last_name') return name.split(/\s+/).slice(1).join(' ');
  if ((CONTACT_FIELDS as readonly string[]).includes(path)) return recipient[path as keyof RecipientFields] as string | null;
  return null;
}

function templateProblem(error: unknown): string {
  if (error instanceof Error && /limit exceeded/i.test(error.message)) return 'The template takes too long to render or is too large';
  if (error instanceof LiquidError) return error.message.split('\n')[0] ?? 'The template is not valid';
  return 'The template is not valid';
}
