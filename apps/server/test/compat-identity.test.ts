import { randomBytes, randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { droppedMail, type Part, randomIp, startTestApp, type TestApp, type TestCommunity, upload as uploadTo } from './helpers';

type Json = Record<string, any>;

describe('compat: identity and settings lines', () => {
  let t: TestApp;
  let png: Buffer;
  beforeAll(async () => {
    t = await startTestApp();
    png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#cd3197' } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  /** POST /compat/<service><path> with a JSON body, signed in as `as` (token + community-name header). */
  const call = (path: string, body: Json = {}, as?: TestCommunity | string, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url: `/compat${path}`, payload: body, as, headers, remoteAddress: randomIp() });
  const upload = (path: string, parts: Part[], as?: TestCommunity) => uploadTo(t, `/compat${path}`, parts, as);
  const ok = (res: Awaited<ReturnType<typeof call>>, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json();
    expect(body).toHaveProperty('data');
    return body.data;
  };
  const refused = (res: Awaited<ReturnType<typeof call>>, status: number, code?: string) => {
    expect(res.statusCode, res.body).toBe(status);
    const { error } = res.json();
    expect(error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    if (code) expect(error.code).toBe(code);
    return error;
  };
  const asToken = (c: TestCommunity, token: string): TestCommunity => ({
    ...c,
    token,
    headers: { authorization: `Bearer ${token}`, 'community-name': c.name },
  });

  /** The newest email to `to` in the community's outbox. */
  async function lastEmail(c: TestCommunity, to: string) {
    const [row] = await t.app.db.query<{ subject: string; text: string }>(
      'select subject, text from outbox where tenant_id = $1 and "to" = $2 order by created_at desc limit 1',
      [c.tenantId, to],
    );
    return row;
  }
  const codeIn = (subject: string) => /\b(\d{6})\b/.exec(subject)![1];

  async function addAdmin(c: TestCommunity, body: Json) {
    return ok(await call('/content/users/addAdmin', body, c)) as Json;
  }

  describe('conventions', () => {
    it('refuses calls without a token with 401, and a community-name naming another community with 403', async () => {
      const a = await t.signup();
      const b = await t.signup();
      refused(await call('/content/marcom/admin/getAdmins', {}), 401, 'unauthenticated');
      refused(await call('/content/marcom/admin/getAdmins', {}, undefined, { 'community-name': a.name }), 401, 'unauthenticated');
      refused(await call('/content/admin/roles/get', {}, a.token, { 'community-name': b.name }), 403, 'community_mismatch');
      refused(await t.request({ method: 'GET', url: '/compat/core/client/', as: a.token, headers: { 'community-name': b.name } }), 403);
      // Without the header the token alone names the community.
      ok(await call('/content/admin/roles/get', {}, a.token));
      ok(await call('/content/admin/roles/get', {}, a));
    });

    it('answers { data } with _id beside every id, recursively', async () => {
      const c = await t.signup();
      const data = ok(
        await call('/content/marcom/admin/login', { email: c.email, password: c.password }, undefined, { 'community-name': c.name }),
      );
      expect(data.user._id).toBe(data.user.id);
      expect(data.community._id).toBe(data.community.id);
      const roles = ok(await call('/content/admin/roles/get', {}, c)) as Json[];
      expect(roles.length).toBeGreaterThan(0);
      for (const role of roles) expect(role._id).toBe(role.id);
    });

    it('refuses a JSON body that is neither an object nor an array', async () => {
      const c = await t.signup();
      for (const payload of ['"text"', '42', 'true']) {
        const res = await t.request({
          method: 'POST',
          url: '/compat/content/admin/roles/get',
          payload,
          headers: { 'content-type': 'application/json' },
          as: c,
        });
        refused(res, 400, 'invalid_body');
      }
    });
  });

  describe('content: admin session', () => {
    it('marcom/admin/signup creates a community named by the header; its token works', async () => {
      const name = `sg${randomBytes(4).toString('hex')}`;
      const data = ok(
        await call(
          '/content/marcom/admin/signup',
          { fullName: 'Sam Signup', email: `sam@${name}.example`, password: 'sams-password-1' },
          undefined,
          {
            'community-name': name,
          },
        ),
      );
      expect(data.community).toMatchObject({ name });
      expect(data.user).toMatchObject({ name: 'Sam Signup', isOwner: true });
      const roles = ok(await call('/content/admin/roles/get', {}, data.token, { 'community-name': name }));
      expect(roles.length).toBe(2);
      refused(
        await call('/content/marcom/admin/signup', { name: 'Other', email: 'other@x.example', password: 'others-password' }, undefined, {
          'community-name': name,
        }),
        409,
        'community_taken',
      );
      const bad = refused(await call('/content/marcom/admin/signup', { name: 'X', email: 'x@x.example', password: 'short' }), 400);
      expect(bad.fields).toHaveProperty('password');
      expect(bad.fields).toHaveProperty('community');
    });

    it('marcom/admin/login answers data.token usable on later calls; wrong password 401', async () => {
      const c = await t.signup();
      const data = ok(
        await call('/content/marcom/admin/login', { email: c.email, password: c.password }, undefined, { 'community-name': c.name }),
      );
      expect(decodeJwt(data.token)).toMatchObject({ sub: c.userId, tid: c.tenantId });
      const admins = ok(await call('/content/marcom/admin/getAdmins', {}, data.token, { 'community-name': c.name }));
      expect(admins.map((a: Json) => a.email)).toContain(c.email);
      // The community may also be named in the body.
      ok(await call('/content/marcom/admin/login', { email: c.email, password: c.password, community: c.name }));
      refused(
        await call('/content/marcom/admin/login', { email: c.email, password: 'wrong-password' }, undefined, { 'community-name': c.name }),
        401,
        'invalid_credentials',
      );
      refused(await call('/content/marcom/admin/login', { email: c.email }), 400, 'validation_failed');
    });

    it('marcom/admin/createNewPassword changes the password and signs out other sessions', async () => {
      const c = await t.signup();
      const other = ok(await call('/content/marcom/admin/login', { email: c.email, password: c.password, community: c.name })).token;
      const wrong = refused(
        await call('/content/marcom/admin/createNewPassword', { oldPassword: 'nope-nope', newPassword: 'new-password-1' }, c),
        400,
      );
      expect(wrong.fields).toHaveProperty('currentPassword');
      const data = ok(await call('/content/marcom/admin/createNewPassword', { oldPassword: c.password, newPassword: 'new-password-1' }, c));
      expect(data).toEqual({ changed: true });
      ok(await call('/content/admin/roles/get', {}, c));
      refused(await call('/content/admin/roles/get', {}, other), 401);
      refused(await call('/content/marcom/admin/login', { email: c.email, password: c.password, community: c.name }), 401);
      ok(await call('/content/marcom/admin/login', { email: c.email, password: 'new-password-1', community: c.name }));
      refused(await call('/content/marcom/admin/createNewPassword', { oldPassword: 'x', newPassword: 'new-password-2' }), 401);
    });

    it('marcom/admin/resetPasswordOTP + resetPassword reset with the emailed code', async () => {
      const c = await t.signup();
      const sent = ok(await call('/content/marcom/admin/resetPasswordOTP', { email: c.email }, undefined, { 'community-name': c.name }));
      expect(sent).toEqual({ sent: true });
      const otp = codeIn(droppedMail(t, c.email).subject);
      refused(
        await call(
          '/content/marcom/admin/resetPassword',
          { email: c.email, otp: String((Number(otp) + 1) % 1_000_000).padStart(6, '0'), password: 'reset-password-1' },
          undefined,
          {
            'community-name': c.name,
          },
        ),
        400,
        'otp_invalid',
      );
      const data = ok(
        await call('/content/marcom/admin/resetPassword', { email: c.email, otp, newPassword: 'reset-password-1' }, undefined, {
          'community-name': c.name,
        }),
      );
      expect(data).toEqual({ reset: true });
      refused(await call('/content/admin/roles/get', {}, c), 401);
      ok(await call('/content/marcom/admin/login', { email: c.email, password: 'reset-password-1', community: c.name }));
      // Unknown email: same answer, nothing sent.
      expect(ok(await call('/content/marcom/admin/resetPasswordOTP', { email: `ghost@${c.name}.example`, community: c.name }))).toEqual({
        sent: true,
      });
      expect(await lastEmail(c, `ghost@${c.name}.example`)).toBeUndefined();
    });

    it('marcom/admin/update changes own name and theme', async () => {
      const c = await t.signup();
      const data = ok(await call('/content/marcom/admin/update', { name: 'Renamed Owner', theme: 'dark', ignored: 'x' }, c));
      expect(data).toMatchObject({ id: c.userId, _id: c.userId, name: 'Renamed Owner', theme: 'dark' });
      expect(data).not.toHaveProperty('passwordHash');
      refused(await call('/content/marcom/admin/update', { theme: 'neon' }, c), 400);
      const me = await t.request({ method: 'GET', url: '/api/v1/auth/me', as: c });
      expect(me.json().data).toMatchObject({ name: 'Renamed Owner', theme: 'dark' });
    });
  });

  describe('content: admins', () => {
    it('users/addAdmin, getAdmins (paging, by _id), users/editAdmin (_id), deleteAdmins (_id and ids)', async () => {
      const c = await t.signup();
      const role = ok(await call('/content/admin/roles/add', { name: 'Editors', permissions: { site: 'write' } }, c));
      const added: Json[] = [];
      for (const name of ['Bea', 'Cal', 'Dee']) {
        added.push(
          await addAdmin(c, {
            name,
            email: `${name.toLowerCase()}@${c.name}.example`,
            password: 'admin-password-1',
            roleId: role._id,
            extra: 'ignored',
          }),
        );
      }
      expect(added[0]).toMatchObject({ name: 'Bea', roleId: role.id, isOwner: false, status: 'active' });
      expect(added[0]._id).toBe(added[0].id);
      expect(added[0]).not.toHaveProperty('passwordHash');
      const dup = refused(await call('/content/users/addAdmin', { name: 'Dup', email: `BEA@${c.name}.example` }, c), 409, 'already_exists');
      expect(dup.fields).toEqual({ email: 'Already in use' });
      refused(await call('/content/users/addAdmin', { name: 'Bad', email: 'not-an-email' }, c), 400);
      refused(await call('/content/users/addAdmin', { name: 'NoRole', email: `nr@${c.name}.example`, roleId: randomUUID() }, c), 400);

      // Four admins sorted by name: Bea, Cal, Dee, Owner of …
      const first = await call('/content/marcom/admin/getAdmins', { page: 1, limit: 2 }, c);
      expect(first.json()).toMatchObject({ total: 4, page: 1, limit: 2 });
      expect(first.json().data.map((a: Json) => a.name)).toEqual(['Bea', 'Cal']);
      const second = await call('/content/marcom/admin/getAdmins', { page: '2', limit: '2' }, c);
      expect(second.json()).toMatchObject({ total: 4, page: 2 });
      expect(second.json().data.map((a: Json) => a.name)).toEqual(['Dee', `Owner of ${c.name}`]);
      expect((await call('/content/marcom/admin/getAdmins', { page: 3, limit: 2 }, c)).json().data).toEqual([]);
      expect(ok(await call('/content/marcom/admin/getAdmins', { search: 'cal' }, c)).map((a: Json) => a.name)).toEqual(['Cal']);
      refused(await call('/content/marcom/admin/getAdmins', { limit: 0 }, c), 400);
      const one = ok(await call('/content/marcom/admin/getAdmins', { _id: added[1]._id }, c));
      expect(one).toMatchObject({ _id: added[1].id, name: 'Cal' });

      const edited = ok(await call('/content/users/editAdmin', { _id: added[0]._id, name: 'Beatrice', status: 'disabled', unknown: 1 }, c));
      expect(edited).toMatchObject({ id: added[0].id, name: 'Beatrice', status: 'disabled' });
      refused(await call('/content/users/editAdmin', { name: 'No id' }, c), 400);
      refused(await call('/content/users/editAdmin', { _id: randomUUID(), name: 'Missing' }, c), 404, 'not_found');
      refused(await call('/content/users/editAdmin', { _id: c.userId, status: 'disabled' }, c), 400);

      expect(ok(await call('/content/marcom/admin/deleteAdmins', { _id: added[0]._id }, c))).toMatchObject({
        id: added[0].id,
        deleted: true,
      });
      expect(ok(await call('/content/marcom/admin/deleteAdmins', { ids: [added[1].id, added[2].id] }, c))).toMatchObject({ deleted: 2 });
      refused(await call('/content/marcom/admin/deleteAdmins', { _id: c.userId }, c), 409);
      refused(await call('/content/marcom/admin/deleteAdmins', { _id: added[0]._id }, c), 404);
      expect((await call('/content/marcom/admin/getAdmins', {}, c)).json().total).toBe(1);
    });

    it('keeps admins of other communities out of reach', async () => {
      const a = await t.signup();
      const b = await t.signup();
      const admin = await addAdmin(a, { name: 'Private', email: `private@${a.name}.example` });
      refused(await call('/content/marcom/admin/getAdmins', { _id: admin._id }, b), 404);
      refused(await call('/content/users/editAdmin', { _id: admin._id, name: 'Hijacked' }, b), 404);
      refused(await call('/content/marcom/admin/deleteAdmins', { _id: admin._id }, b), 404);
      expect(ok(await call('/content/marcom/admin/getAdmins', { _id: admin._id }, a)).name).toBe('Private');
    });

    it('marcom/admin/sendEmail emails an admin by _id or by exact email', async () => {
      const c = await t.signup();
      const ann = await addAdmin(c, { name: 'Zed Ann', email: `ann@${c.name}.example` });
      // Sorts first by name and contains ann's address: a search must not pick her instead.
      await addAdmin(c, { name: 'Aaron Joann', email: `joann@${c.name}.example` });
      const byId = ok(
        await call('/content/marcom/admin/sendEmail', { _id: ann._id, subject: 'Hello', message: 'Your account is ready.' }, c),
      );
      expect(byId).toMatchObject({ sent: true, to: ann.email, outboxId: expect.any(String) });
      expect(await lastEmail(c, ann.email)).toMatchObject({ subject: 'Hello', text: 'Your account is ready.' });
      const byEmail = ok(
        await call('/content/marcom/admin/sendEmail', { email: `ANN@${c.name}.example`, subject: 'Again', text: 'Second note.' }, c),
      );
      expect(byEmail).toMatchObject({ sent: true, to: ann.email });
      expect(await lastEmail(c, ann.email)).toMatchObject({ subject: 'Again', text: 'Second note.' });
      expect(await lastEmail(c, `joann@${c.name}.example`)).toBeUndefined();
      refused(await call('/content/marcom/admin/sendEmail', { email: `nobody@${c.name}.example`, subject: 'x', message: 'y' }, c), 404);
      const missing = refused(await call('/content/marcom/admin/sendEmail', { subject: 'x', message: 'y' }, c), 400);
      expect(missing.fields).toHaveProperty('id');
      refused(await call('/content/marcom/admin/sendEmail', { _id: ann._id, message: 'no subject' }, c), 400);
    });

    it('enforces the role permissions of a signed-in admin', async () => {
      const c = await t.signup();
      const role = ok(await call('/content/admin/roles/add', { name: 'Readers', permissions: { 'admin-management': 'read' } }, c));
      const reader = await addAdmin(c, { name: 'Reader', email: `reader@${c.name}.example`, password: 'reader-password', roleId: role.id });
      const token = ok(
        await call('/content/marcom/admin/login', { email: reader.email, password: 'reader-password', community: c.name }),
      ).token;
      const as = asToken(c, token);
      ok(await call('/content/marcom/admin/getAdmins', {}, as));
      refused(await call('/content/users/addAdmin', { name: 'Nope', email: `nope@${c.name}.example` }, as), 403, 'forbidden');
      refused(await call('/content/marcom/admin/deleteAdmins', { _id: c.userId }, as), 403, 'forbidden');
      refused(await call('/content/admin/roles/get', {}, as), 403, 'forbidden');
      refused(await call('/content/admin/errorcodes/get', {}, as), 403, 'forbidden');
      refused(await t.request({ method: 'GET', url: '/compat/core/client/', as }), 403, 'forbidden');
      // Own details need no module permission.
      expect(ok(await call('/core/auth/updateUserDetails', { name: 'Reader Two' }, as)).name).toBe('Reader Two');

      const modules = ok(await call('/content/admin/modules/get', {}, as)) as Json[];
      const byKey = Object.fromEntries(modules.map((m) => [m.key, m]));
      expect(byKey['admin-management']).toMatchObject({ read: true, write: false });
      expect(byKey['role-management']).toMatchObject({ read: false, write: false });
    });
  });

  describe('content: roles, modules, error codes, website roles', () => {
    it('admin/roles/get, add, remove', async () => {
      const c = await t.signup();
      const added = ok(
        await call(
          '/content/admin/roles/add',
          { name: 'Sales', description: 'Sells', permissions: { 'contact-us': 'write', site: 'read' }, x: 1 },
          c,
        ),
      );
      expect(added).toMatchObject({ name: 'Sales', permissions: { 'contact-us': 'write', site: 'read' } });
      expect(added._id).toBe(added.id);
      refused(await call('/content/admin/roles/add', { name: 'Bad', permissions: { nowhere: 'write' } }, c), 400);
      // A permission module no module declares (an area not built yet) is refused too.
      refused(await call('/content/admin/roles/add', { name: 'Bad', permissions: { commerce: 'write' } }, c), 400);
      refused(await call('/content/admin/roles/add', { name: 'Bad', permissions: { site: 'admin' } }, c), 400);
      refused(await call('/content/admin/roles/add', { name: 'Sales' }, c), 409);

      const list = await call('/content/admin/roles/get', { limit: 2, page: 1 }, c);
      expect(list.json()).toMatchObject({ total: 3, page: 1 });
      expect(list.json().data.map((r: Json) => r.name)).toEqual(['Editor', 'Sales']);
      expect((await call('/content/admin/roles/get', { limit: 2, page: 2 }, c)).json().data.map((r: Json) => r.name)).toEqual(['Viewer']);
      expect(ok(await call('/content/admin/roles/get', { _id: added._id }, c)).name).toBe('Sales');

      // A role in use cannot be removed.
      const admin = await addAdmin(c, { name: 'Seller', email: `seller@${c.name}.example`, roleId: added.id });
      refused(await call('/content/admin/roles/remove', { _id: added._id }, c), 409, 'role_in_use');
      ok(await call('/content/users/editAdmin', { _id: admin._id, roleId: null }, c));
      expect(ok(await call('/content/admin/roles/remove', { _id: added._id }, c))).toMatchObject({ id: added.id, deleted: true });
      refused(await call('/content/admin/roles/get', { _id: added._id }, c), 404);
      refused(await call('/content/admin/roles/remove', { _id: 'not-a-uuid' }, c), 400);
    });

    it('admin/modules/get lists every declared permission module with what the caller holds', async () => {
      const c = await t.signup();
      const modules = ok(await call('/content/admin/modules/get', {}, c)) as Json[];
      expect(modules.map((m) => m.key)).toEqual(t.app.catalogue.permissionModules.map((p) => p.key));
      for (const m of modules) {
        expect(m).toMatchObject({ key: expect.any(String), name: expect.any(String), read: true, write: true });
        expect(m._id).toBe(m.key);
      }
      expect(modules.map((m) => m.key)).toEqual(
        expect.arrayContaining(['admin-management', 'role-management', 'error-management', 'branding', 'site', 'contact-us']),
      );
      expect(modules.map((m) => m.key)).not.toContain('marcom');
    });

    it('admin/errorcodes/get, add, edit, remove', async () => {
      const c = await t.signup();
      const added = ok(
        await call(
          '/content/admin/errorcodes/add',
          { code: 'payment_declined', message: 'Card declined', httpStatus: 402, module: 'billing' },
          c,
        ),
      );
      expect(added).toMatchObject({ code: 'payment_declined', message: 'Card declined', httpStatus: 402 });
      refused(await call('/content/admin/errorcodes/add', { code: 'Bad Code', message: 'x' }, c), 400);
      refused(await call('/content/admin/errorcodes/add', { code: 'payment_declined', message: 'again' }, c), 409);
      ok(await call('/content/admin/errorcodes/add', { code: 'out_of_stock', message: 'Sold out', module: 'commerce' }, c));

      const list = await call('/content/admin/errorcodes/get', { page: 1, limit: 1 }, c);
      expect(list.json()).toMatchObject({ total: 2, page: 1 });
      expect(list.json().data.map((e: Json) => e.code)).toEqual(['out_of_stock']);
      expect(ok(await call('/content/admin/errorcodes/get', { module: 'billing' }, c)).map((e: Json) => e.code)).toEqual([
        'payment_declined',
      ]);

      const edited = ok(await call('/content/admin/errorcodes/edit', { _id: added._id, message: 'Your card was declined' }, c));
      expect(edited).toMatchObject({ id: added.id, code: 'payment_declined', message: 'Your card was declined' });
      expect(ok(await call('/content/admin/errorcodes/remove', { _id: added._id }, c))).toMatchObject({ deleted: true });
      expect((await call('/content/admin/errorcodes/get', {}, c)).json().total).toBe(1);
    });

    it("an error code added for a community overrides that code's message for that community only", async () => {
      const a = await t.signup();
      const b = await t.signup();
      ok(await call('/content/admin/errorcodes/add', { code: 'not_found', message: 'We looked everywhere, it is not here.' }, a));
      const missing = randomUUID();
      expect(refused(await call('/content/admin/roles/get', { _id: missing }, a), 404, 'not_found').message).toBe(
        'We looked everywhere, it is not here.',
      );
      const v1 = await t.request({ method: 'GET', url: `/api/v1/identity/roles/${missing}`, as: a });
      expect(refused(v1, 404, 'not_found').message).toBe('We looked everywhere, it is not here.');
      expect(refused(await call('/content/admin/roles/get', { _id: missing }, b), 404, 'not_found').message).toBe('Role not found');

      const created = ok(await call('/core/errormanagment/create', { code: 'validation_failed', message: 'Please check the form.' }, b));
      expect(refused(await call('/content/admin/roles/add', { name: '' }, b), 400, 'validation_failed').message).toBe(
        'Please check the form.',
      );
      expect(refused(await call('/content/admin/roles/add', { name: '' }, a), 400, 'validation_failed').message).not.toBe(
        'Please check the form.',
      );
      ok(await call('/core/errormanagment/update', { _id: created._id, message: 'Some fields need attention.' }, b));
      expect(refused(await call('/content/admin/roles/add', { name: '' }, b), 400).message).toBe('Some fields need attention.');
    });

    it('websiteRoles/create, getWebsiteRole, updateWebsiteRole, deleteWebsiteRole', async () => {
      const c = await t.signup();
      const dealer = ok(
        await call(
          '/content/websiteRoles/create',
          { name: 'Dealer', description: 'Dealers', permissions: ['price-lists'], legacy: true },
          c,
        ),
      );
      expect(dealer).toMatchObject({ name: 'Dealer', permissions: ['price-lists'], status: 'active' });
      expect(dealer._id).toBe(dealer.id);
      ok(await call('/content/websiteRoles/create', { name: 'Architect', status: 'inactive' }, c));
      refused(await call('/content/websiteRoles/create', { name: 'Dealer' }, c), 409);
      refused(await call('/content/websiteRoles/create', { name: '' }, c), 400);

      const page = await call('/content/websiteRoles/getWebsiteRole', { page: 1, limit: 10 }, c);
      expect(page.json()).toMatchObject({ total: 2 });
      expect(page.json().data.map((r: Json) => r.name)).toEqual(['Architect', 'Dealer']);
      expect(ok(await call('/content/websiteRoles/getWebsiteRole', { status: 'inactive' }, c)).map((r: Json) => r.name)).toEqual([
        'Architect',
      ]);
      expect(ok(await call('/content/websiteRoles/getWebsiteRole', { _id: dealer._id }, c)).name).toBe('Dealer');

      const updated = ok(
        await call('/content/websiteRoles/updateWebsiteRole', { _id: dealer._id, permissions: ['price-lists', 'downloads'] }, c),
      );
      expect(updated).toMatchObject({ name: 'Dealer', permissions: ['price-lists', 'downloads'] });
      expect(ok(await call('/content/websiteRoles/deleteWebsiteRole', { _id: dealer._id }, c))).toMatchObject({
        id: dealer.id,
        deleted: true,
      });
      refused(await call('/content/websiteRoles/getWebsiteRole', { _id: dealer._id }, c), 404);
      expect((await call('/content/websiteRoles/getWebsiteRole', {}, c)).json().total).toBe(1);
    });
  });

  describe('core: auth', () => {
    it('auth/signupWithPassword, loginWithPassword, logout', async () => {
      const name = `cs${randomBytes(4).toString('hex')}`;
      const signed = ok(
        await call('/core/auth/signupWithPassword', {
          community: name,
          name: 'Core Owner',
          email: `o@${name}.example`,
          password: 'core-password-1',
        }),
      );
      expect(signed).toMatchObject({ token: expect.any(String), community: { name } });
      const c: TestCommunity = {
        name,
        token: signed.token,
        tenantId: signed.community.id,
        userId: signed.user.id,
        email: `o@${name}.example`,
        password: 'core-password-1',
        headers: { authorization: `Bearer ${signed.token}`, 'community-name': name },
      };
      const logged = ok(
        await call('/core/auth/loginWithPassword', { email: c.email, password: c.password }, undefined, { 'community-name': name }),
      );
      const session = asToken(c, logged.token);
      ok(await call('/core/auth/updateUserDetails', { theme: 'dark' }, session));
      expect(ok(await call('/core/auth/logout', {}, session))).toEqual({ loggedOut: true });
      refused(await call('/core/auth/updateUserDetails', { theme: 'light' }, session), 401);
      refused(await call('/core/auth/logout', {}, session), 401);
      // The signup session is another one and still works.
      ok(await call('/core/auth/updateUserDetails', { theme: 'light' }, c));
      refused(
        await call('/core/auth/loginWithPassword', { email: c.email, password: 'wrong-password' }, undefined, { 'community-name': name }),
        401,
      );
    });

    it('auth/GenerateOTP + VerifyOTP sign in with the emailed code', async () => {
      const c = await t.signup();
      expect(ok(await call('/core/auth/GenerateOTP', { email: c.email }, undefined, { 'community-name': c.name }))).toEqual({ sent: true });
      const otp = codeIn(droppedMail(t, c.email).subject);
      refused(await call('/core/auth/VerifyOTP', { email: c.email, otp: '12345' }, undefined, { 'community-name': c.name }), 400);
      const data = ok(await call('/core/auth/VerifyOTP', { email: c.email, otp }, undefined, { 'community-name': c.name }));
      expect(data).toMatchObject({ token: expect.any(String), user: { id: c.userId, _id: c.userId } });
      ok(await call('/content/admin/roles/get', {}, asToken(c, data.token)));
      refused(await call('/core/auth/VerifyOTP', { email: c.email, otp }, undefined, { 'community-name': c.name }), 400, 'otp_invalid');
    });

    it('auth/forgotPassword sends a code, then with the code resets the password', async () => {
      const c = await t.signup();
      expect(ok(await call('/core/auth/forgotPassword', { email: c.email }, undefined, { 'community-name': c.name }))).toEqual({
        sent: true,
      });
      const otp = codeIn(droppedMail(t, c.email).subject);
      const data = ok(
        await call('/core/auth/forgotPassword', { email: c.email, otp, newPassword: 'forgot-password-1' }, undefined, {
          'community-name': c.name,
        }),
      );
      expect(data).toEqual({ reset: true });
      refused(await call('/core/auth/loginWithPassword', { email: c.email, password: c.password, community: c.name }), 401);
      ok(await call('/core/auth/loginWithPassword', { email: c.email, password: 'forgot-password-1', community: c.name }));
    });

    it('auth/updateUserDetails updates own name, phone and theme', async () => {
      const c = await t.signup();
      const data = ok(await call('/core/auth/updateUserDetails', { name: 'Core Name', phone: '+1 555 0100', theme: 'semi-dark' }, c));
      expect(data).toMatchObject({ name: 'Core Name', phone: '+1 555 0100', theme: 'semi-dark', email: c.email });
      refused(await call('/core/auth/updateUserDetails', { name: '' }, c), 400);
      refused(await call('/core/auth/updateUserDetails', { name: 'x' }), 401);
    });

    it('auth/getapplicationlog and auth/errorlog list the community logs by kind, with paging', async () => {
      const c = await t.signup();
      for (let i = 0; i < 2; i++)
        ok(await call('/core/auth/loginWithPassword', { email: c.email, password: c.password, community: c.name }));
      await t.app.appLog(c.tenantId, 'Catalogue imported');
      await t.app.db.query(
        `insert into app_logs (tenant_id, kind, level, message, code) values ($1, 'error', 'error', 'Email failed', 'email_failed')`,
        [c.tenantId],
      );
      const apps = await call('/core/auth/getapplicationlog', { page: 1, limit: 2 }, c);
      expect(apps.json()).toMatchObject({ total: 3, page: 1 });
      expect(apps.json().data).toHaveLength(2);
      const all = ok(await call('/core/auth/getapplicationlog', { limit: 50 }, c)) as Json[];
      expect(all.every((l) => l.kind === 'application')).toBe(true);
      expect(all.map((l) => l.message)).toEqual(expect.arrayContaining([`${c.email} signed in`, 'Catalogue imported']));
      const errs = await call('/core/auth/errorlog', {}, c);
      expect(errs.json()).toMatchObject({ total: 1 });
      expect(errs.json().data[0]).toMatchObject({ kind: 'error', message: 'Email failed', code: 'email_failed' });
      // Another community sees none of it.
      const other = await t.signup();
      expect((await call('/core/auth/errorlog', {}, other)).json().total).toBe(0);
    });
  });

  describe('core: brand profile and uploads', () => {
    it('GET client/ answers defaults, client/edit saves the profile', async () => {
      const c = await t.signup();
      const initial = await t.request({ method: 'GET', url: '/compat/core/client/', as: c });
      expect(ok(initial)).toMatchObject({ businessName: c.name, primaryColor: '#cd3197', logoUrl: null });
      refused(await t.request({ method: 'GET', url: '/compat/core/client/' }), 401);

      const edited = ok(
        await call(
          '/core/client/edit',
          { businessName: 'Acme Ltd', primaryColor: '#112233', website: 'https://acme.example', legacy: 1 },
          c,
        ),
      );
      expect(edited).toMatchObject({ businessName: 'Acme Ltd', primaryColor: '#112233', website: 'https://acme.example' });
      expect(edited._id).toBe(edited.id);
      const again = ok(await call('/core/client/edit', { phone: '+65 6000 0000' }, c));
      expect(again).toMatchObject({ id: edited.id, businessName: 'Acme Ltd', phone: '+65 6000 0000' });
      const bad = refused(await call('/core/client/edit', { primaryColor: 'pink' }, c), 400);
      expect(bad.fields).toHaveProperty('primaryColor');
      expect(ok(await t.request({ method: 'GET', url: '/compat/core/client/', as: c }))).toMatchObject({
        id: edited.id,
        businessName: 'Acme Ltd',
        primaryColor: '#112233',
      });
      // Each community has its own profile.
      const other = await t.signup();
      expect(ok(await t.request({ method: 'GET', url: '/compat/core/client/', as: other }))).toMatchObject({ businessName: other.name });
    });

    it('client/upload-logo and upload-favicon store a public image served with its type and a long cache', async () => {
      const c = await t.signup();
      const logo = ok(await upload('/core/client/upload-logo', [{ field: 'file', filename: 'logo.png', type: 'image/png', data: png }], c));
      expect(logo.logoUrl).toMatch(new RegExp(`^/public/${c.name}/files/[0-9a-f-]{36}$`));
      const served = await t.request({ method: 'GET', url: logo.logoUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toContain('max-age=31536000');
      expect(served.headers['cache-control']).toContain('public');
      expect(served.rawPayload.equals(png)).toBe(true);

      const favicon = ok(
        await upload('/core/client/upload-favicon', [{ field: 'favicon', filename: 'favicon.png', type: 'image/png', data: png }], c),
      );
      expect(favicon.faviconUrl).toMatch(new RegExp(`^/public/${c.name}/files/`));
      expect(favicon.faviconUrl).not.toBe(logo.logoUrl);
      expect(favicon.logoUrl).toBe(logo.logoUrl);
      expect((await t.request({ method: 'GET', url: favicon.faviconUrl })).headers['content-type']).toBe('image/png');
      expect(ok(await t.request({ method: 'GET', url: '/compat/core/client/', as: c }))).toMatchObject({
        logoUrl: logo.logoUrl,
        faviconUrl: favicon.faviconUrl,
      });

      // Another community's path does not serve the file.
      const other = await t.signup();
      const id = logo.logoUrl.split('/').pop();
      expect((await t.request({ method: 'GET', url: `/public/${other.name}/files/${id}` })).statusCode).toBe(404);
    });

    it('refuses uploads that are not images, empty or not multipart', async () => {
      const c = await t.signup();
      refused(
        await upload(
          '/core/client/upload-logo',
          [{ field: 'file', filename: 'notes.txt', type: 'image/png', data: 'plain text, not an image' }],
          c,
        ),
        415,
      );
      refused(
        await upload(
          '/core/client/upload-logo',
          [{ field: 'file', filename: 'script.html', type: 'image/png', data: '<script>alert(1)</script>' }],
          c,
        ),
        415,
      );
      refused(await upload('/core/client/upload-logo', [{ field: 'note', data: 'no file here' }], c), 400);
      refused(await call('/core/client/upload-logo', { logo: 'https://evil.example/x.png' }, c), 415);
      refused(await upload('/core/client/upload-logo', [{ field: 'file', filename: 'logo.png', type: 'image/png', data: png }]), 401);
      expect(ok(await t.request({ method: 'GET', url: '/compat/core/client/', as: c })).logoUrl).toBeNull();
    });

    it('utilities/upload-files stores every attached file', async () => {
      const c = await t.signup();
      const files = ok(
        await upload(
          '/core/utilities/upload-files',
          [
            { field: 'files', filename: 'pixel.png', type: 'image/png', data: png },
            { field: 'files', filename: 'readme.txt', type: 'text/plain', data: 'hello world' },
            { field: 'folder', data: 'docs' },
          ],
          c,
        ),
      ) as Json[];
      expect(files).toHaveLength(2);
      expect(files[0]).toMatchObject({ filename: 'pixel.png', contentType: 'image/png', size: png.length });
      expect(files[1]).toMatchObject({ filename: 'readme.txt', contentType: 'text/plain', size: 11 });
      for (const f of files) expect(f._id).toBe(f.id);
      const text = await t.request({ method: 'GET', url: files[1].url });
      expect(text.statusCode).toBe(200);
      expect(text.body).toBe('hello world');
      const listed = await t.request({ method: 'GET', url: '/api/v1/media/files', as: c });
      expect(listed.json().total).toBe(2);
      refused(await upload('/core/utilities/upload-files', [{ field: 'folder', data: 'docs' }], c), 400);
      refused(
        await upload(
          '/core/utilities/upload-files',
          [{ field: 'files', filename: 'x.exe', data: Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]) }],
          c,
        ),
        415,
      );
    });
  });

  describe('core: error management', () => {
    it('errormanagment/get, create, update', async () => {
      const c = await t.signup();
      const created = ok(
        await call(
          '/core/errormanagment/create',
          { code: 'invalid_credentials', message: 'Wrong email or password', httpStatus: 401, module: 'auth' },
          c,
        ),
      );
      expect(created).toMatchObject({ code: 'invalid_credentials', httpStatus: 401 });
      refused(await call('/core/errormanagment/create', { code: 'invalid_credentials', message: 'dup' }, c), 409);
      refused(await call('/core/errormanagment/create', { message: 'no code' }, c), 400);
      const updated = ok(await call('/core/errormanagment/update', { _id: created._id, httpStatus: 400 }, c));
      expect(updated).toMatchObject({ id: created.id, httpStatus: 400, message: 'Wrong email or password' });
      refused(await call('/core/errormanagment/update', { _id: created._id, httpStatus: 200 }, c), 400);
      const list = await call('/core/errormanagment/get', { page: 1, limit: 10 }, c);
      expect(list.json()).toMatchObject({ total: 1, page: 1 });
      expect(list.json().data[0]).toMatchObject({ _id: created.id, code: 'invalid_credentials' });
      expect(ok(await call('/core/errormanagment/get', { _id: created._id }, c)).code).toBe('invalid_credentials');
      expect(ok(await call('/core/errormanagment/get', { search: 'nothing-like-it' }, c))).toEqual([]);
    });
  });
});
