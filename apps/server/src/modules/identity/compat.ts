import { and, sql } from 'drizzle-orm';
import { z } from 'zod';
import { can, moduleCatalogue } from '../../kernel/access';
import { clientOf, communityName, email, otpCode, password, users, withDeviceCookie } from '../../kernel/auth';
import { type CompatCall, type CompatEntry, compatCrud, compatTable, crudLines, crudPathsUnder, Envelope } from '../../kernel/compat';
import { logsResource } from '../../kernel/events';
import { errors, parseInput, type Scope, tenantFilter } from '../../kernel/resources';
import type { StoredFile } from '../../kernel/storage';
import { adminsResource } from './resources/admins';
import { errorCodesResource } from './resources/error-codes';
import { rolesResource } from './resources/roles';
import { websiteRolesResource } from './resources/website-roles';
import { clientProfileService } from './services/client-profile';

const logs = compatCrud(logsResource);

/** The community a public call names: community-name header, else `community` in the body. */
function namedCommunity(call: CompatCall): string | undefined {
  const header = call.req.headers['community-name'];
  const value = (typeof header === 'string' && header) || (typeof call.body.community === 'string' && call.body.community) || undefined;
  return value ? value.toLowerCase() : undefined;
}

const pick = (body: Record<string, unknown>, ...keys: string[]) => keys.map((k) => body[k]).find((v) => v !== undefined && v !== '');

const signup = (call: CompatCall) => {
  const input = parseInput(
    z.object({
      community: communityName,
      name: z.string().trim().min(1).max(120),
      email,
      password,
      displayName: z.string().max(120).optional(),
    }),
    { ...call.body, community: namedCommunity(call), name: pick(call.body, 'name', 'fullName', 'displayName') },
  );
  return call.req.server.auth.signup(input, clientOf(call.req));
};

const login = async (call: CompatCall) => {
  const input = parseInput(z.object({ email, password: z.string().min(1).max(200), community: communityName.optional() }), {
    email: call.body.email,
    password: call.body.password,
    community: namedCommunity(call),
  });
  const result = await call.req.server.auth.login(input, clientOf(call.req));
  return withDeviceCookie(call.reply, result, call.req.server.config.env === 'production');
};

const sendOtp = (purpose: 'login' | 'reset') => async (call: CompatCall) => {
  const input = parseInput(z.object({ email, community: communityName.optional() }), {
    email: call.body.email,
    community: namedCommunity(call),
  });
  await call.req.server.auth.issueOtp({ ...input, purpose }, clientOf(call.req));
  return { sent: true };
};

const resetPassword = async (call: CompatCall) => {
  const input = parseInput(z.object({ email, community: communityName.optional(), code: otpCode, password }), {
    email: call.body.email,
    community: namedCommunity(call),
    code: pick(call.body, 'otp', 'code'),
    password: pick(call.body, 'password', 'newPassword'),
  });
  await call.req.server.auth.resetPassword(input, clientOf(call.req));
  return { reset: true };
};

const verifyOtp = async (call: CompatCall) => {
  const input = parseInput(z.object({ email, community: communityName.optional(), code: otpCode }), {
    email: call.body.email,
    community: namedCommunity(call),
    code: pick(call.body, 'otp', 'code'),
  });
  const result = (await call.req.server.auth.verifyOtp({ ...input, purpose: 'login' }, clientOf(call.req))) as {
    token: string;
    expiresAt: string;
    user: unknown;
  };
  return { token: result.token, expiresAt: result.expiresAt, user: result.user };
};

const changePassword = async (call: CompatCall) => {
  const input = parseInput(z.object({ currentPassword: z.string().min(1).max(200), newPassword: password }), {
    currentPassword: pick(call.body, 'oldPassword', 'currentPassword'),
    newPassword: pick(call.body, 'newPassword', 'password'),
  });
  await call.req.server.auth.changePassword(call.auth!, input);
  return { changed: true };
};

const updateMe = (call: CompatCall) => {
  const input = parseInput(
    z
      .object({
        name: z.string().trim().min(1).max(120),
        phone: z.string().trim().max(40).nullable(),
        theme: z.enum(['light', 'dark', 'semi-dark']),
      })
      .partial(),
    Object.fromEntries(
      Object.entries({ name: call.body.name, phone: call.body.phone, theme: call.body.theme }).filter(([, v]) => v !== undefined),
    ),
  );
  return call.req.server.auth.updateMe(call.auth!, input);
};

/** The admin with exactly this email (a search would also match addresses that contain it). */
async function adminByEmail(scope: Scope, address: string) {
  const [row] = await scope.db.withTenant(scope.tenantId, (tx) =>
    tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(tenantFilter(users, scope.tenantId), sql`lower(${users.email}) = lower(${address})`))
      .limit(1),
  );
  return row;
}

/** Emails an admin of this community (e.g. their sign-in details or a note). */
const emailAdmin = async (call: CompatCall) => {
  const input = parseInput(
    z
      .object({
        id: z.uuid().optional(),
        email: email.optional(),
        subject: z.string().trim().min(1).max(200),
        message: z.string().trim().min(1).max(20_000),
      })
      .refine((v) => v.id || v.email, { message: 'Name the admin by id or email', path: ['id'] }),
    { id: call.body.id, email: call.body.email, subject: call.body.subject, message: pick(call.body, 'message', 'text', 'body') },
  ) as { id?: string; email?: string; subject: string; message: string };
  const scope = call.scope!;
  const target = input.id ? await adminsResource.get(scope, input.id) : await adminByEmail(scope, input.email!);
  if (!target) throw errors.notFound('Admin');
  const outboxId = await call.req.server.mailer.send(scope.tenantId, {
    to: String(target.email),
    subject: input.subject,
    text: input.message,
  });
  return { sent: true, outboxId, to: target.email };
};

const logsOf = (kind: 'application' | 'error') => (call: CompatCall) => logs.list({ ...call, body: { ...call.body, kind } });

const modules = (call: CompatCall) =>
  moduleCatalogue().permissionModules.map((m) => ({
    id: m.key,
    key: m.key,
    name: m.label,
    area: m.area,
    read: can(call.auth!, m.key, 'read'),
    write: can(call.auth!, m.key, 'write'),
  }));

const profileName = (call: CompatCall) => call.auth!.community;
const getProfile = (call: CompatCall) => clientProfileService.get(call.scope!, profileName(call));
const editProfile = (call: CompatCall) => {
  const { id: _id, files: _files, ...patch } = call.body;
  return clientProfileService.upsert(call.scope!, profileName(call), patch);
};
const uploadImage = (field: 'logoUrl' | 'faviconUrl') => (call: CompatCall) => {
  const [file] = (call.body.files as StoredFile[]) ?? [];
  if (!file) throw errors.validation({ file: 'Attach an image' });
  if (!file.contentType.startsWith('image/')) throw errors.unsupportedMedia('The logo and favicon must be images');
  return clientProfileService.upsert(call.scope!, profileName(call), { [field]: file.url });
};
const uploadFiles = async (call: CompatCall) => {
  const stored = (call.body.files as StoredFile[]) ?? [];
  if (stored.length === 0) throw errors.validation({ files: 'Attach at least one file' });
  return stored;
};

export const identityCompat: CompatEntry[] = compatTable([
  // content: admin session and administration
  ['content', 'POST', '/marcom/admin/signup', 'public', signup],
  ['content', 'POST', '/marcom/admin/login', 'public', login],
  ['content', 'POST', '/marcom/admin/createNewPassword', 'authenticated', changePassword],
  crudLines('content', adminsResource, {
    get: '/marcom/admin/getAdmins',
    delete: '/marcom/admin/deleteAdmins',
    add: '/users/addAdmin',
    update: '/users/editAdmin',
  }),
  ['content', 'POST', '/marcom/admin/sendEmail', 'admin-management:write', emailAdmin],
  ['content', 'POST', '/marcom/admin/resetPasswordOTP', 'public', sendOtp('reset')],
  ['content', 'POST', '/marcom/admin/resetPassword', 'public', resetPassword],
  ['content', 'POST', '/marcom/admin/update', 'authenticated', updateMe],
  crudLines('content', rolesResource, { get: '/admin/roles/get', add: '/admin/roles/add', delete: '/admin/roles/remove' }),
  ['content', 'POST', '/admin/modules/get', 'authenticated', async (call) => modules(call)],
  crudLines('content', errorCodesResource, crudPathsUnder('/admin/errorcodes', { update: 'edit', delete: 'remove' })),
  crudLines('content', websiteRolesResource, {
    add: '/websiteRoles/create',
    get: '/websiteRoles/getWebsiteRole',
    delete: '/websiteRoles/deleteWebsiteRole',
    update: '/websiteRoles/updateWebsiteRole',
  }),
  // core: auth, client profile, uploads, logs, error management
  ['core', 'POST', '/auth/signupWithPassword', 'public', signup],
  ['core', 'POST', '/auth/GenerateOTP', 'public', sendOtp('login')],
  ['core', 'POST', '/auth/VerifyOTP', 'public', verifyOtp],
  ['core', 'POST', '/auth/loginWithPassword', 'public', login],
  [
    'core',
    'POST',
    '/auth/logout',
    'authenticated',
    async (call) => {
      await call.req.server.auth.logout(call.auth!);
      return { loggedOut: true };
    },
  ],
  [
    'core',
    'POST',
    '/auth/forgotPassword',
    'public',
    (call) => (pick(call.body, 'otp', 'code') ? resetPassword(call) : sendOtp('reset')(call)),
  ],
  ['core', 'POST', '/auth/updateUserDetails', 'authenticated', updateMe],
  ['core', 'POST', '/auth/getapplicationlog', 'performance:read', logsOf('application')],
  ['core', 'POST', '/auth/errorlog', 'performance:read', logsOf('error')],
  ['core', 'GET', '/client/', 'branding:read', getProfile],
  ['core', 'POST', '/client/edit', 'branding:write', editProfile],
  ['core', 'POST', '/client/upload-logo', 'branding:write', uploadImage('logoUrl')],
  ['core', 'POST', '/client/upload-favicon', 'branding:write', uploadImage('faviconUrl')],
  ['core', 'POST', '/utilities/upload-files', 'media:write', uploadFiles],
  crudLines('core', errorCodesResource, { get: '/errormanagment/get', add: '/errormanagment/create', update: '/errormanagment/update' }),
]);
export { Envelope };
