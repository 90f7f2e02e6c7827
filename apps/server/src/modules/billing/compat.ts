import { type CompatCall, compatTable } from '../../kernel/compat';
import { errors, type Scope } from '../../kernel/resources';
import { addonOrdersOf, requestAddon, requestInput } from './addons/service';
import { aiAllowance } from './ai/allowance';
import { requestCountry } from './catalogue/country';
import { addonsList, plansFor } from './catalogue/pricing';
import { accountCountry } from './catalogue/routes';
import { quotasOf } from './quotas/port';

const scopeOf = (call: CompatCall): Scope => {
  if (!call.scope) throw errors.unauthenticated();
  return call.scope;
};

/** /masters/plans/get: the plans sorted by number, priced for the admin's sign-in country (seed 001 §9). */
const plans = async (call: CompatCall) => {
  const app = call.req.server;
  const where = await requestCountry(app, call.req, accountCountry(app, scopeOf(call).tenantId));
  return (await plansFor(app.db.owner, where.country)).map((p) => ({ ...p, plans: p.options, country: where.country }));
};

const addons = (call: CompatCall) => addonsList(call.req.server.db.owner);

/** getAddOnsUsage: my active add-ons, with what each quota allows and uses. */
const addonsUsage = async (call: CompatCall) => {
  const s = scopeOf(call);
  const app = call.req.server;
  return s.db.withTenant(s.tenantId, async (tx) => {
    const quotas = await quotasOf(app).usage(tx, s);
    const active = await addonOrdersOf(tx, s, 'active');
    return active.map((order) => ({ ...order, usage: quotas.find((q) => q.key === order.quotaKey) ?? null }));
  });
};

/** getAddOns: my add-on requests, newest first. */
const addonRequests = (call: CompatCall) => {
  const s = scopeOf(call);
  return s.db.withTenant(s.tenantId, (tx) => addonOrdersOf(tx, s));
};

const request = (call: CompatCall) => requestAddon(scopeOf(call), requestInput(call.body));

/** The brand profile is the community's client profile (identity's branding resource), reached by its path, not duplicated. */
const brandProfile = (verb: 'get' | 'save') => async (call: CompatCall) => {
  const resource = call.req.server.resources.get('settings/client-profile');
  if (!resource) throw errors.notFound('Brand profile');
  const s = scopeOf(call);
  const [current] = (await resource.list(s, { limit: 1 })).data;
  if (verb === 'get') return current ?? null;
  const { id: _id, _id: _legacy, ...patch } = call.body;
  const known = Object.fromEntries(Object.entries(patch).filter(([k]) => k in (resource.schemas.update.shape as object)));
  return current ? resource.update(s, current.id as string, known) : resource.create(s, known);
};

/** Apilimit: the brand profile's AI usage limit — the community's AI credits, used and left this period. */
const apiLimit = (call: CompatCall) => aiAllowance(call.req.server, scopeOf(call));

export const billingCompat = compatTable([
  ['content', 'POST', '/masters/plans/get', 'authenticated', plans],
  ['content', 'POST', '/miniStore/orders/getAddOnsUsage', 'billing:read', addonsUsage],
  ['content', 'POST', '/miniStore/orders/getAddOns', 'billing:read', addonRequests],
  ['content', 'POST', '/miniStore/brandProfile/get', 'branding:read', brandProfile('get')],
  ['content', 'POST', '/miniStore/brandProfile/update', 'branding:write', brandProfile('save')],
  ['content', 'POST', '/miniStore/brandProfile/create', 'branding:write', brandProfile('save')],
  ['content', 'POST', '/miniStore/brandProfile/Apilimit', 'authenticated', apiLimit],
  ['studio', 'POST', '/masters/addOns/get', 'authenticated', addons],
  ['studio', 'POST', '/miniStore/orders/getAddOnsUsage', 'billing:read', addonsUsage],
  ['studio', 'POST', '/miniStore/orders/getAddOns', 'billing:read', addonRequests],
  ['studio', 'POST', '/miniStore/orders/requestAddOns', 'billing:write', request],
  ['project', 'POST', '/addons', 'authenticated', addons],
]);
