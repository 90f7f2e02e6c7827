import { expect, it } from 'vitest';
import { defineCompatWalk } from './compat-walk';

/** The campaigns module's compat lines (campaign/getAll is also walked generically as a resource line). */
export default defineCompatWalk({
  module: 'campaigns',
  served: 10,
  walk: (kit) => {
    it('walks the campaign lines: create per channel (draft, scheduled), the lists, push reports, the calendar', async () => {
      const { c, t, line, ok, ids } = kit;
      const [template] = await t.app.db.query<{ id: string }>(
        `insert into marketing_email_templates (tenant_id, name, subject, design, html, text)
         values ($1, 'Walk campaign', 'Hi', '{"version":1,"blocks":[]}'::jsonb, '<p>Hi</p>', 'Hi') returning id`,
        [c.tenantId],
      );
      const email = ok(
        await line('POST /content/marcom/email/create', { campaignName: 'Walk email', templateId: template.id, subject: 'Walk' }),
      );
      expect(email).toMatchObject({ channel: 'email', status: 'draft', overrides: { subject: 'Walk' } });
      const audience = ok(await line('POST /content/marcom/audience/addAudience', { name: 'Walk campaign audience', channel: 'email' }));
      const at = new Date(Date.now() + 3 * 86_400_000).toISOString();
      const scheduled = ok(
        await line('POST /content/marcom/email/create', {
          name: 'Walk scheduled',
          templateId: template.id,
          audienceIds: [audience.id],
          scheduledAt: at,
        }),
      );
      expect(scheduled).toMatchObject({ status: 'scheduled', scheduledAt: at });
      expect(ok(await line('POST /content/marcom/sms/create', { name: 'Walk SMS' }))).toMatchObject({ channel: 'sms', status: 'draft' });
      expect(ok(await line('POST /content/marcom/pushNotification/create', { name: 'Walk push', title: 'Hello' }))).toMatchObject({
        channel: 'push',
        overrides: { title: 'Hello' },
      });
      expect(ok(await line('POST /core/marcom/whatsapp/create', { name: 'Walk WhatsApp' }))).toMatchObject({ channel: 'whatsapp' });
      expect(ids(ok(await line('POST /content/marcom/campaign/getAll', { channel: 'email' })))).toEqual(
        expect.arrayContaining([email.id, scheduled.id]),
      );
      const templates = ok(await line('POST /content/marcom/template/getAll'));
      expect(templates.find((x: { id: string }) => x.id === template.id)).toMatchObject({ channel: 'email', name: 'Walk campaign' });
      expect(ok(await line('POST /content/marcom/pushNotification/getAllRegisteredUsers'))).toEqual([]);
      expect(ok(await line('POST /content/marcom/pushNotification/getAllCampaignReport')).map((r: { name: string }) => r.name)).toContain(
        'Walk push',
      );
      expect(ok(await line('POST /content/marcom/pushNotification/getAllApiReport'))).toEqual([]);
      const calendar = ok(await line('POST /content/marcom/events/getAllEvents'));
      expect(calendar.find((e: { id: string }) => e.id === scheduled.id)).toMatchObject({ kind: 'campaign', start: at, editable: true });
    });
  },
});
