import { randomBytes, randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { appLogs } from '../src/kernel/events/tables';
import { defineCompatWalk, type Json } from './compat-walk';

/** The identity module's compat lines, each called as an old client would, with a token (test/compat-contract.test.ts runs this). */
export default defineCompatWalk({
  module: 'identity',
  served: 40,
  walk: (kit) => {
    it('sign-up, sign-in, one-time codes, password changes and sign-out', async () => {
      const { t, c, line, ok, withToken, signsIn, codeFor } = kit;
      for (const key of ['POST /content/marcom/admin/signup', 'POST /core/auth/signupWithPassword']) {
        const name = `k${randomBytes(5).toString('hex')}`;
        const data = ok(
          await line(key, { name: 'New owner', email: `owner@${name}.example`, password: 'first-password-1' }, null, {
            'community-name': name,
          }),
        );
        expect(await signsIn({ ...c, name }, data.token), key).toBe(200);
      }
      for (const key of ['POST /content/marcom/admin/login', 'POST /core/auth/loginWithPassword']) {
        const data = ok(await line(key, { email: c.email, password: c.password }, null, { 'community-name': c.name }));
        expect(await signsIn(c, data.token), key).toBe(200);
      }

      const changer = await t.signup();
      ok(
        await line(
          'POST /content/marcom/admin/createNewPassword',
          { oldPassword: changer.password, newPassword: 'changed-password-1' },
          changer,
        ),
      );
      const changed = ok(
        await line('POST /core/auth/loginWithPassword', { email: changer.email, password: 'changed-password-1' }, null, {
          'community-name': changer.name,
        }),
      );
      expect(await signsIn(changer, changed.token)).toBe(200);

      const resetter = await t.signup();
      const header = { 'community-name': resetter.name };
      expect(ok(await line('POST /content/marcom/admin/resetPasswordOTP', { email: resetter.email }, null, header))).toEqual({
        sent: true,
      });
      const otp = codeFor(resetter.email);
      ok(
        await line('POST /content/marcom/admin/resetPassword', { email: resetter.email, otp, password: 'reset-password-1' }, null, header),
      );
      const relogin = ok(
        await line('POST /core/auth/loginWithPassword', { email: resetter.email, password: 'reset-password-1' }, null, header),
      );
      expect(await signsIn(resetter, relogin.token)).toBe(200);

      const forgetful = await t.signup();
      const fh = { 'community-name': forgetful.name };
      ok(await line('POST /core/auth/forgotPassword', { email: forgetful.email }, null, fh));
      ok(
        await line(
          'POST /core/auth/forgotPassword',
          { email: forgetful.email, otp: codeFor(forgetful.email), password: 'forgot-password-1' },
          null,
          fh,
        ),
      );
      expect(
        ok(await line('POST /core/auth/loginWithPassword', { email: forgetful.email, password: 'forgot-password-1' }, null, fh)).token,
      ).toMatch(/\./);

      ok(await line('POST /core/auth/GenerateOTP', { email: c.email }, null, { 'community-name': c.name }));
      const verified = ok(
        await line('POST /core/auth/VerifyOTP', { email: c.email, otp: codeFor(c.email) }, null, { 'community-name': c.name }),
      );
      expect(await signsIn(c, verified.token)).toBe(200);

      const leaving = withToken(c, verified.token);
      expect(ok(await line('POST /core/auth/logout', {}, leaving))).toEqual({ loggedOut: true });
      expect(await signsIn(c, verified.token)).toBe(401);
    });

    it('own details, modules, logs and mail to an admin', async () => {
      const { t, c, line, ok, v1, ids } = kit;
      for (const [key, name] of [
        ['POST /content/marcom/admin/update', 'Renamed owner'],
        ['POST /core/auth/updateUserDetails', 'Owner again'],
      ]) {
        ok(await line(key, { name }));
        expect((await v1('GET', 'auth/me')).data.name, key).toBe(name);
      }
      const modules = ok(await line('POST /content/admin/modules/get')) as Json[];
      expect(modules.find((m) => m.key === 'site')).toMatchObject({ read: true, write: true });

      const subject = `Note ${randomUUID()}`;
      const sent = ok(await line('POST /content/marcom/admin/sendEmail', { email: c.email, subject, message: 'Hello' }));
      expect(sent).toMatchObject({ sent: true, to: c.email });
      expect(ids((await v1('GET', `ops/outbox?q=${encodeURIComponent(subject)}`)).data)).toEqual([sent.outboxId]);

      await t.app.db.withTenant(c.tenantId, (tx) =>
        tx.insert(appLogs).values([
          { tenantId: c.tenantId, kind: 'application', level: 'info', message: 'Catalogue imported' },
          { tenantId: c.tenantId, kind: 'error', level: 'error', message: 'Mailbox unavailable' },
        ]),
      );
      const appLog = ok(await line('POST /core/auth/getapplicationlog', { limit: 50 })) as Json[];
      expect(appLog.map((l) => l.message)).toContain('Catalogue imported');
      expect(appLog.every((l) => l.kind === 'application')).toBe(true);
      const errorLog = ok(await line('POST /core/auth/errorlog', { limit: 50 })) as Json[];
      expect(errorLog.map((l) => l.message)).toEqual(['Mailbox unavailable']);
    });

    it('brand profile, logo, favicon and file uploads', async () => {
      const { t, png, line, upload, ok, v1 } = kit;
      ok(await line('POST /core/client/edit', { businessName: 'Contract Tiles Ltd', primaryColor: '#123456' }));
      expect(ok(await line('GET /core/client/'))).toMatchObject({ businessName: 'Contract Tiles Ltd', primaryColor: '#123456' });
      const logo = ok(
        await upload('POST /core/client/upload-logo', [{ field: 'logo', filename: 'logo.png', type: 'image/png', data: png }]),
      );
      const favicon = ok(
        await upload('POST /core/client/upload-favicon', [{ field: 'favicon', filename: 'icon.png', type: 'image/png', data: png }]),
      );
      const profile = ok(await line('GET /core/client/'));
      expect(profile.logoUrl).toBe(logo.logoUrl);
      expect(profile.faviconUrl).toBe(favicon.faviconUrl);
      expect((await t.request({ method: 'GET', url: profile.logoUrl })).headers['content-type']).toBe('image/png');
      const stored = ok(
        await upload('POST /core/utilities/upload-files', [{ field: 'file', filename: 'a.png', type: 'image/png', data: png }]),
      ) as Json[];
      expect(stored).toHaveLength(1);
      expect((await v1('GET', `media/files/${stored[0].id}`)).data).toMatchObject({ filename: 'a.png', contentType: 'image/png' });
    });
  },
});
