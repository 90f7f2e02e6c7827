import type { FastifyInstance } from 'fastify';
import type { Scope } from '../../kernel/resources';
import { botRulesResource } from './bot/resources';
import { activate, enrolNew } from './drips/engine';
import { dripsResource } from './drips/resource';
import { contactsOf, schedule } from './engine/lifecycle';
import { campaignsResource } from './resources/campaigns';

/**
 * The demo community's campaigns, on the templates and audiences marketing seeded: an email draft
 * ready to send, an SMS campaign scheduled for next week (on the calendar), a running welcome drip
 * (the audience's contacts enrolled, their first message due tomorrow), and the WhatsApp bot's rules.
 */
export async function seedCampaigns(app: FastifyInstance, scope: Scope) {
  const contacts = contactsOf(app);
  const templates = await scope.db.withTenant(scope.tenantId, (tx) => contacts.templates(tx, scope.tenantId));
  const audiences =
    (await app.resources.get('marketing/audiences')?.list(scope, { limit: 50, offset: 0, withTotal: 'false' } as never))?.data ?? [];
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

  const emailTemplates = templates.filter((t) => t.channel === 'email');
  const welcomeAudience = audienceOf('email')[0];
  if (emailTemplates.length > 0 && welcomeAudience) {
    const drip = await dripsResource.create(scope, {
      name: 'Welcome series',
      trigger: { kind: 'segment', audienceId: welcomeAudience, channel: 'email' },
      stopWhen: 'clicked',
      steps: [
        { channel: 'email', templateId: emailTemplates[0].id, delayMinutes: 1440 },
        { channel: 'email', templateId: (emailTemplates[1] ?? emailTemplates[0]).id, delayMinutes: 3 * 1440 },
      ],
    });
    await scope.db.withTenant(scope.tenantId, async (tx) => {
      await activate(app, tx, scope, String(drip.id));
      await enrolNew(app, tx, scope.tenantId, String(drip.id), new Date());
    });
  }
  await botRulesResource.create(scope, {
    name: 'Opening hours',
    keywords: ['hours', 'open', 'timings'],
    reply: 'We are open 10:00–19:00, Monday to Saturday.',
    priority: 10,
  });
  await botRulesResource.create(scope, {
    name: 'Talk to a person',
    keywords: ['agent', 'human', 'person'],
    reply: 'A colleague will answer you here shortly.',
    handOff: true,
    priority: 1,
  });
}
