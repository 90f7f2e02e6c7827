import { expect, it } from 'vitest';
import { defineCompatWalk, type Json } from './compat-walk';

/** The marketing module's compat lines, each called as an old client would, with a token (test/compat-contract.test.ts runs this). */
export default defineCompatWalk({
  module: 'marketing',
  served: 52,
  walk: (kit) => {
    it('walks the marketing channel settings and control-center message lines', async () => {
      const { line, ok, ids } = kit;
      expect(ok(await line('POST /content/marcom/sms/createSmsConfig', { provider: 'outbox', senderId: 'WALKER' })).config).toEqual({
        senderId: 'WALKER',
      });
      expect(ok(await line('POST /content/marcom/sms/getSmsConfig')).provider).toBe('outbox');
      expect(ok(await line('POST /content/marcom/email/getEmailConfig')).provider).toBe('default');
      expect(ok(await line('POST /core/marcom/whatsapp/createwhatsAppConfig', { provider: 'outbox' })).configured).toBe(true);
      expect(ok(await line('POST /core/marcom/whatsapp/getwhatsAppConfig')).provider).toBe('outbox');
      const email = ok(
        await line('POST /content/controlCenter/ccEmail/create', { to: 'walker@example.com', subject: 'Walk', body: 'Hello' }),
      );
      expect(email).toMatchObject({ channel: 'email', to: 'walker@example.com' });
      expect(ids(ok(await line('POST /content/controlCenter/ccEmail/getAll')))).toContain(email.id);
      const sms = ok(await line('POST /content/controlCenter/ccSms/create', { to: '+919845012345', body: 'Hello' }));
      expect(ids(ok(await line('POST /content/controlCenter/ccSms/getAll')))).toEqual([sms.id]);
    });

    it('landing-page lines: the address, one page with its traffic, public opens and clicks, the contacts sync', async () => {
      const { c, line, ok, made } = kit;
      const page = await made('marketing/landing-pages', {
        name: 'Walk page',
        status: 'published',
        design: { blocks: [{ id: 'go', type: 'cta', label: 'Go', url: 'https://walk.example/' }] },
      });
      expect(ok(await line('POST /content/marcom/landingpage/updateUrl', { _id: page.id, slug: 'walk-renamed' })).slug).toBe(
        'walk-renamed',
      );
      expect(ok(await line('POST /content/marcom/landingpage/updateOpens', { community: c.name, _id: page.id }, null))).toMatchObject({
        counted: true,
      });
      expect(
        ok(await line('POST /content/marcom/landingpage/updateClientClick', { community: c.name, _id: page.id, blockId: 'go' }, null)),
      ).toMatchObject({ counted: true });
      expect(ok(await line('POST /content/marcom/landingpage/getSingle', { _id: page.id })).stats.period).toMatchObject({
        opens: 1,
        clicks: 1,
      });
      await made('site/subscribers', { email: 'walk-subscriber@example.com' });
      const synced = ok(await line('POST /content/marcom/admin/dbSync', {}));
      expect(synced.created).toBeGreaterThanOrEqual(1);
      expect(ok(await line('POST /content/marcom/admin/dbSync', {})).created).toBe(0);
    });

    it('marketing templates: the variables picker, several variables at once and the email layout library', async () => {
      const { line, ok, made } = kit;
      const picker = ok(await line('POST /content/marcom/variable/getAllDropDown'));
      expect(picker.find((v: Json) => v.name === 'first_name')).toMatchObject({ tag: '{{ first_name }}', example: 'Priya' });
      const declared = await made('marketing/variables', { name: 'tier', label: 'Tier', source: 'attribute', path: 'tier' });
      expect(ok(await line('POST /content/marcom/variable/getMultiple', { ids: [declared.id] })).map((v: Json) => v.name)).toEqual([
        'tier',
      ]);
      expect(
        ok(await line('POST /content/marcom/variable/getMultiple', { names: ['tier', 'email'] }))
          .map((v: Json) => v.name)
          .sort(),
      ).toEqual(['email', 'tier']);
      const layouts = ok(await line('POST /content/templates/email/getEmailTemplates'));
      expect(layouts.map((l: Json) => l.key)).toEqual(['layout-1', 'layout-2', 'layout-3', 'layout-4']);
    });

    it('contacts: find, WhatsApp users, bulk upload and opt-ins act on the marketing contacts', async () => {
      const { line, ok, ids } = kit;
      const wa = ok(await line('POST /content/users/addUserFromWhatsapp', { name: 'Walk Whatsapp', waId: '919845099887', optIn: true }));
      expect(wa).toMatchObject({ created: true, whatsapp: '+919845099887', whatsappConsent: 'opted_in' });
      expect(ok(await line('POST /content/users/findUser', { whatsapp: '+91 98450 99887' })).id).toBe(wa.id);
      const bulk = ok(
        await line('POST /content/users/uploadInBulk', {
          users: [{ name: 'Walk Bulk', email: 'walk.bulk@example.com' }, { email: 'broken' }],
          consent: { whatsapp: 'opted_in' },
        }),
      );
      expect(bulk).toMatchObject({ created: 1, failed: 1 });
      const optins = ok(await line('GET /core/optin/getAllOptinUser', { channel: 'whatsapp' }));
      expect(ids(optins)).toEqual(expect.arrayContaining([wa.id]));
      expect(optins.map((r: Json) => r.email)).toContain('walk.bulk@example.com');
    });

    it('segments and audiences: static members, dynamic rules, audiences (one or several)', async () => {
      const { t, c, line, ok, ids } = kit;
      const [asha, ben] = await t.app.db.query<{ id: string }>(
        `insert into marketing_contacts (tenant_id, name, email, country, tags, email_consent)
       values ($1, 'Asha Rao', 'asha.walk@example.in', 'IN', '{vip}', 'opted_in'), ($1, 'Ben Carter', 'ben.walk@example.co.uk', 'GB', '{}', 'opted_in')
       returning id`,
        [c.tenantId],
      );
      const stand = ok(await line('POST /content/marcom/segment/create', { segmentName: 'Walk expo', users: [asha.id] }));
      expect(stand).toMatchObject({ kind: 'static', contactCount: 1 });
      expect(ok(await line('POST /content/marcom/segment/addMember', { segmentId: stand.id, userId: ben.id }))).toMatchObject({ added: 1 });
      expect(ok(await line('POST /content/marcom/segment/removeMember', { segmentId: stand.id, contactIds: [asha.id] }))).toMatchObject({
        removed: 1,
      });
      expect(ids(ok(await line('POST /content/marcom/segment/getAllSegmentUser', { segmentId: stand.id })))).toEqual([ben.id]);
      const vip = ok(
        await line('POST /content/marcom/segment/create', {
          name: 'Walk VIPs',
          rules: { op: 'and', rules: [{ type: 'tags', op: 'any', values: ['vip'] }] },
        }),
      );
      expect(vip).toMatchObject({ kind: 'dynamic', contactCount: 1 });
      const audience = ok(
        await line('POST /content/marcom/audience/addAudience', { name: 'Walk email', channel: 'email', segmentIds: [stand.id, vip.id] }),
      );
      expect(audience.contactCount).toBe(2);
      expect(ok(await line('POST /content/marcom/audience/update', { _id: audience.id, excludeSegmentIds: [vip.id] })).contactCount).toBe(
        1,
      );
      const many = ok(
        await line('POST /content/marcom/audience/addMultipleAudience', {
          audiences: [
            { name: 'Walk SMS', channel: 'sms' },
            { name: 'Walk push', channel: 'push' },
          ],
        }),
      );
      expect(many).toHaveLength(2);
    });
  },
});
