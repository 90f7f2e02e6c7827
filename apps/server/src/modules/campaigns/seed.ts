import type { FastifyInstance } from 'fastify';
import type { Scope } from '../../kernel/resources';
import { activate, enrolNew } from './drips/engine';
import { dripsResource } from './drips/resource';
import { contactsOf, schedule } from './engine/lifecycle';
import { campaignsResource } from './resources/campaigns';
import { seedSentCampaigns } from './seed-sent';

/**
 * The demo community's campaigns, on the templates and audiences marketing seeded: an email draft
 * ready to send, an SMS campaign scheduled for next week (on the calendar), a running welcome drip
 * (the audience's contacts enrolled, their first message due tomorrow), and last week's sent
 * campaigns on every channel with their tracking (seed-sent.ts); the WhatsApp bot's rules are its
 * resource's examples.
 */
export async function seedCampaigns(app: FastifyInstance, scope: Scope) {
  const contacts = contactsOf(app);
  const templates = await scope.db.withTenant(scope.tenantId, (tx) => contacts.templates(tx, scope.tenantId));
  const audiences = (await app.resources.get('marketing/audiences')?.list(scope, { limit: 50, offset: 0, withTotal: 'false' }))?.data ?? [];
  const audienceOf = (channel: string) => audiences.filter((a) => a.channel === channel).map((a) => String(a.id));
  const templateOf = (channel: string) => templates.find((t) => t.channel === channel)?.id ?? null;

  await campaignsResource.create(scope, {
    name: 'Spring collection newsletter',
    channel: 'email',
    templateId: templateOf('email'),
    audienceIds: audienceOf('email').slice(0, 1),
    overrides: {},
    sender: {},
  });
  const sms = await campaignsResource.create(scope, {
    name: 'Weekend offer reminder',
    channel: 'sms',
    templateId: templateOf('sms'),
    audienceIds: audienceOf('sms').slice(0, 1),
    overrides: {},
    sender: {},
  });
  const nextWeek = new Date(Date.now() + 7 * 86_400_000);
  nextWeek.setUTCHours(4, 30, 0, 0);
  if (sms.templateId && (sms.audienceIds as string[]).length > 0) {
    await scope.db.withTenant(scope.tenantId, (tx) => schedule(app, tx, scope, String(sms.id), nextWeek));
  }

  await seedSentCampaigns(app, scope);

  const emailTemplates = templates.filter((t) => t.channel === 'email');
  // The email audience with the most sendable contacts (its stored count).
  const welcomeAudience = audiences
    .filter((a) => a.channel === 'email')
    .sort((x, y) => Number(y.contactCount ?? 0) - Number(x.contactCount ?? 0))
    .map((a) => String(a.id))[0];
  if (emailTemplates.length > 0 && welcomeAudience) {
    // The resource's example (seeded before this) names no real audience: it gets the demo's and starts.
    const values = {
      trigger: { kind: 'segment', audienceId: welcomeAudience, channel: 'email' },
      stopWhen: 'clicked',
      steps: [
        { channel: 'email', templateId: emailTemplates[0].id, delayMinutes: 1440 },
        { channel: 'email', templateId: (emailTemplates[1] ?? emailTemplates[0]).id, delayMinutes: 3 * 1440 },
      ],
    };
    const [example] = (await dripsResource.list(scope, { limit: 1, offset: 0, withTotal: 'false', q: 'Welcome series' })).data;
    const drip = example
      ? await dripsResource.update(scope, String(example.id), values)
      : await dripsResource.create(scope, { name: 'Welcome series', ...values });
    await scope.db.withTenant(scope.tenantId, async (tx) => {
      await activate(app, tx, scope, String(drip.id));
      await enrolNew(app, tx, scope.tenantId, String(drip.id), new Date());
    });
  }
}
