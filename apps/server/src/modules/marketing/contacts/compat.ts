import { and, eq, or } from 'drizzle-orm';
import { z } from 'zod';
import { type CompatCall, compatCrud, compatScope, compatTable, crudLines, Envelope } from '../../../kernel/compat';
import { errors, type ImportRow, parseInput, tenantFilter } from '../../../kernel/resources';
import { CHANNELS, marketingContacts } from '../tables/contacts';
import { contactImportOptions, importContacts } from './import';
import { mergeContact, normalizeEmail, normalizePhone } from './merge';
import { contactsResource } from './resources';

// The seeds' /users/* calls act on contacts (console admins are /users/addAdmin, editAdmin, kept by
// identity); GET /optin/getAllOptinUser lists the contacts opted in on a channel (WhatsApp by default).

const scopeOf = compatScope;

/** The body parsed with `schema`, or a 400 naming each refused field. */
function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw errors.validation(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || '_', i.message])));
  return parsed.data;
}

const phoneLike = z.string().trim().min(3).max(40);

const findUserBody = z
  .object({
    email: z.string().trim().max(254).optional(),
    phone: phoneLike.optional(),
    mobile: phoneLike.optional(),
    whatsapp: phoneLike.optional(),
  })
  .refine((b) => b.email || b.phone || b.mobile || b.whatsapp, { message: 'Give an email, phone or whatsapp number', path: ['email'] });

/** POST /users/findUser {email | phone | whatsapp}: the contact with that address (normalised), or 404. */
async function findUser(call: CompatCall) {
  const scope = scopeOf(call);
  const body = parseBody(findUserBody, call.body);
  const email = normalizeEmail(body.email);
  const phone = normalizePhone(body.phone ?? body.mobile);
  const whatsapp = normalizePhone(body.whatsapp, null, 'whatsapp');
  const c = marketingContacts;
  const match = [
    ...(email ? [eq(c.email, email)] : []),
    ...(phone ? [eq(c.phone, phone)] : []),
    ...(whatsapp ? [eq(c.whatsapp, whatsapp), eq(c.phone, whatsapp)] : []),
  ];
  const [found] = await scope.db.readAsTenant(scope.tenantId, (db) =>
    db
      .select({ id: c.id })
      .from(c)
      .where(and(tenantFilter(c, scope.tenantId), or(...match)))
      .limit(1),
  );
  if (!found) throw errors.notFound('Contact');
  return contactsResource.get(scope, found.id);
}

const whatsappUserBody = z
  .object({
    name: z.string().trim().max(200).optional(),
    whatsapp: phoneLike.optional(),
    phone: phoneLike.optional(),
    waId: phoneLike.optional(),
    email: z.email().max(254).optional(),
    country: z.string().trim().length(2).optional(),
    language: z.string().trim().max(20).optional(),
    optIn: z.boolean().optional(),
  })
  .refine((b) => b.whatsapp || b.phone || b.waId, { message: 'Give the WhatsApp number', path: ['whatsapp'] });

/** POST /users/addUserFromWhatsapp {name, phone|whatsapp|waId, optIn?}: merges a WhatsApp user into the contacts. */
async function addUserFromWhatsapp(call: CompatCall) {
  const scope = scopeOf(call);
  const b = parseBody(whatsappUserBody, call.body);
  // A WhatsApp id is the number without its +.
  const raw = b.whatsapp ?? b.phone ?? b.waId!;
  const number = /^\d+$/.test(raw) && !b.country ? `+${raw}` : raw;
  const { contact, created } = await scope.db.withTenant(scope.tenantId, (tx) =>
    mergeContact(
      tx,
      scope.tenantId,
      {
        name: b.name,
        email: b.email,
        phone: number,
        whatsapp: number,
        country: b.country,
        language: b.language,
        tags: ['whatsapp'],
        consent: b.optIn === undefined ? undefined : { whatsapp: b.optIn ? 'opted_in' : 'opted_out' },
      },
      'whatsapp',
      { source: 'whatsapp', ip: call.req.ip },
    ),
  );
  return { ...(await contactsResource.get(scope, contact.id)), created };
}

/**
 * POST /users/uploadInBulk {users: [...], existing?, addTags?, consent?}: the import's batch (same
 * normalisation, merge rules and consent events) on up to 5,000 contacts sent as JSON; refused rows
 * are reported by index, the others land.
 */
async function uploadInBulk(call: CompatCall) {
  const scope = scopeOf(call);
  const { users, ...options } = parseBody(
    z.object({ users: z.array(z.record(z.string(), z.unknown())).min(1).max(5_000) }).extend(contactImportOptions.shape),
    { ...call.body, users: call.body.users ?? call.body.items ?? call.body.data },
  );
  const rowErrors: { row: number; fields: Record<string, string> }[] = [];
  const rows: ImportRow[] = [];
  const shape = contactsResource.schemas.create.shape as Record<string, unknown>;
  for (const [i, user] of users.entries()) {
    const given = { ...user, phone: user.phone ?? user.mobile };
    const data = Object.fromEntries(Object.entries(given).filter(([k, v]) => k in shape && v !== undefined && v !== null && v !== ''));
    try {
      const valid = parseInput(contactsResource.schemas.create, data);
      // Only what was sent: a default of the create schema must not overwrite an existing contact's value.
      rows.push({ row: i, data: Object.fromEntries(Object.keys(data).map((k) => [k, valid[k]])) });
    } catch (err) {
      rowErrors.push({ row: i, fields: (err as { fields?: Record<string, string> }).fields ?? { _: (err as Error).message } });
    }
  }
  const result = await scope.db.withTenant(scope.tenantId, (tx) => importContacts(tx, scope, rows, options));
  const refused = [...rowErrors, ...result.errors].sort((a, b) => a.row - b.row);
  return { created: result.created, updated: result.updated, unchanged: result.unchanged, failed: refused.length, errors: refused };
}

const optinQuery = z.object({
  channel: z.enum(CHANNELS).default('whatsapp'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(25),
});

/** GET /optin/getAllOptinUser?channel=&page=&limit=: contacts opted in on a channel, newest first, paged. */
async function getAllOptinUser(call: CompatCall) {
  const scope = scopeOf(call);
  const { channel, page, limit } = parseBody(optinQuery, call.body);
  const result = await contactsResource.list(scope, {
    limit,
    offset: (page - 1) * limit,
    withTotal: 'true',
    [`${channel}Consent`]: 'opted_in',
  });
  return new Envelope(result.data, { total: result.total, limit, page, channel });
}

const read = 'marketing-contacts:read' as const;
const write = 'marketing-contacts:write' as const;
const ops = compatCrud(contactsResource);

export const contactsCompat = compatTable([
  crudLines('content', contactsResource, { get: '/users/all', add: '/users/addUser' }),
  ['content', 'POST', '/users/getUsers', read, ops.list, { resource: contactsResource, verb: 'get' }],
  ['content', 'POST', '/users/findUser', read, findUser],
  ['content', 'POST', '/users/addUserFromWhatsapp', write, addUserFromWhatsapp],
  ['content', 'POST', '/users/uploadInBulk', write, uploadInBulk],
  ['core', 'GET', '/optin/getAllOptinUser', read, getAllOptinUser],
]);
