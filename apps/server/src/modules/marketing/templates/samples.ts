import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Scope } from '../../../kernel/resources';
import { tenantFilter } from '../../../kernel/resources';
import { marketingContacts } from '../tables/contacts';
import { type BusinessFields, type RecipientFields, valuesFor } from '../variables/engine';
import { type CommunityVariable, communityVariables } from './check';

// What a preview shows in place of merge tags: the community's real business profile for business
// variables, a sample person for contact fields, and the declared default (or the label in
// brackets) for attributes. A test send to someone who is a contact uses that contact instead.

/** The person previews are written to. */
export const SAMPLE_RECIPIENT: RecipientFields = {
  name: 'Priya Raman',
  email: 'priya.raman@example.com',
  phone: '+919845012345',
  whatsapp: '+919845012345',
  country: 'IN',
  language: 'en',
  attributes: {},
};

/** Built-in links in a preview or a test: they go nowhere (the sender fills in the real ones). */
const PREVIEW_LINKS = { unsubscribe_url: '#unsubscribe', view_in_browser_url: '#view-in-browser' };

/** The community's business profile (the brand profile of the settings), as `business` variables read it. */
export async function businessFields(app: FastifyInstance, tx: Db, scope: Scope): Promise<BusinessFields> {
  const profiles = app.resources.get('settings/client-profile');
  if (!profiles) return {};
  const [profile] = (await profiles.listIn(tx, scope, { limit: 1, offset: 0, withTotal: 'false' })).data;
  if (!profile) return {};
  const text = (key: string) => (typeof profile[key] === 'string' ? (profile[key] as string) : null);
  return {
    business_name: text('businessName'),
    website: text('website'),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    logo_url: text('logoUrl'),
  };
}

/** A variable with what a preview shows for it. */
export type VariableExample = CommunityVariable & { example: string };

/** Every variable of the community with its example value (what getAllDropDown and previews show). */
export async function variableExamples(app: FastifyInstance, tx: Db, scope: Scope): Promise<VariableExample[]> {
  const variables = await communityVariables(tx, scope.tenantId);
  const business = await businessFields(app, tx, scope);
  const values = valuesFor(variables, SAMPLE_RECIPIENT, business);
  return variables.map((v) => ({ ...v, example: values[v.name] || `[${v.label}]` }));
}

/** The values of a preview: each variable's example, and the built-in links. */
export async function previewValues(app: FastifyInstance, tx: Db, scope: Scope): Promise<Record<string, string>> {
  const examples = await variableExamples(app, tx, scope);
  return {
    current_year: String(new Date().getUTCFullYear()),
    ...PREVIEW_LINKS,
    ...Object.fromEntries(examples.map((v) => [v.name, v.example])),
  };
}

/** The values for a test send to `to`: that contact's own when `to` is a contact, else the preview's. */
export async function testValues(app: FastifyInstance, tx: Db, scope: Scope, to: string): Promise<Record<string, string>> {
  const [contact] = await tx
    .select()
    .from(marketingContacts)
    .where(and(tenantFilter(marketingContacts, scope.tenantId), eq(marketingContacts.email, to.toLowerCase())))
    .limit(1);
  if (!contact) return previewValues(app, tx, scope);
  const variables = await communityVariables(tx, scope.tenantId);
  const business = await businessFields(app, tx, scope);
  return valuesFor(variables, contact, business, PREVIEW_LINKS);
}
