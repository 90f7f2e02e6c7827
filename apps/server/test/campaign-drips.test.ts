import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceBatch, runDrips } from '../src/modules/campaigns/drips/engine';
import { trackingLinks } from '../src/modules/campaigns/tracking/links';
import { emailContacts, emailTemplate, startCampaignSink } from './campaign-fakes';
import { apiOf, appWith, dataOf, refusal, SEEDED_START_TIMEOUT, signIn, startTestApp, type TestApp, waitFor } from './helpers';

type Json = Record<string, any>;
const MINUTE = 60_000;

/**
 * Drips (issue 28, item 7): contacts entering an audience go through the steps once, each message
 * sent by the campaign engine to a real SMTP sink when due; the stop condition; a failure path. The
 * minute's run is called with the time it runs at, so delays pass without waiting. Both engines.
 */
describe('campaign drips', async () => {
  const [t, a] = await appWith(1, { outbound: { allowHosts: ['127.0.0.1'], allowHttp: true } });
  const v1 = apiOf(t, a);
  let sink: Awaited<ReturnType<typeof startCampaignSink>>;

  beforeAll(async () => {
    sink = await startCampaignSink();
    dataOf(
      await v1('PATCH', 'marketing/channel-settings/email', {
        provider: 'smtp',
        config: { host: '127.0.0.1', port: sink.port, identities: [{ name: 'Drip test', address: 'news@example.com' }] },
      }),
    );
  });
  afterAll(() => sink?.close());

  /** An email audience of exactly these contacts: everyone else opted out of email. */
  const audienceOf = async (domain: string, n: number) => {
    const ids = await emailContacts(t, a, n, 'drip', domain);
    await t.app.db.query(`update marketing_contacts set email_consent = 'opted_out' where tenant_id = $1 and email not like $2`, [
      a.tenantId,
      `%@${domain}`,
    ]);
    const audience = dataOf(await v1('POST', 'marketing/audiences', { name: `Drip ${domain}`, channel: 'email' }), 201);
    return { ids, audienceId: audience.id as string };
  };
  const drip = async (name: string, audienceId: string, steps: Json[], stopWhen = 'none') =>
    dataOf(await v1('POST', 'campaigns/drips', { name, trigger: { kind: 'segment', audienceId, channel: 'email' }, steps, stopWhen }), 201);
  const to = (domain: string) => sink.received.filter((m) => m.to.endsWith(`@${domain}`));
  const enrolments = (dripId: string) =>
    t.app.db.query<{ contact_id: string; state: string; step: number; reason: string | null }>(
      'select contact_id, state, step, reason from campaign_drip_enrolments where drip_id = $1 order by contact_id',
      [dripId],
    );

  it('sends each step when it is due, once per contact, and completes', async () => {
    const { ids, audienceId } = await audienceOf('welcome.example', 3);
    const templateId = await emailTemplate(t, a, 'Welcome {{ first_name }}');
    const followUp = await emailTemplate(t, a, 'Still there, {{ first_name }}?');
    const d = await drip('Welcome', audienceId, [
      { channel: 'email', templateId, delayMinutes: 0 },
      { channel: 'email', templateId: followUp, delayMinutes: 60 },
    ]);
    expect(d).toMatchObject({ status: 'draft', enrolledCount: 0 });
    const active = dataOf(await v1('POST', `campaigns/drips/${d.id}/activate`));
    expect(active.status).toBe('active');
    expect(active.steps.every((s: Json) => typeof s.campaignId === 'string')).toBe(true);

    const start = Date.now();
    // Two processes' minute runs at once: still one enrolment and one first message per contact.
    await Promise.all([runDrips(t.app, new Date(start)), runDrips(t.app, new Date(start))]);
    await waitFor('the first step', () => (to('welcome.example').length >= 3 ? true : undefined));
    expect((await enrolments(d.id)).map((e) => [e.state, e.step])).toEqual([
      ['active', 1],
      ['active', 1],
      ['active', 1],
    ]);
    // Not due yet: nothing more goes out.
    await runDrips(t.app, new Date(start + 30 * MINUTE));
    // An hour later the second step.
    await runDrips(t.app, new Date(start + 61 * MINUTE));
    await waitFor('the second step', () => (to('welcome.example').length >= 6 ? true : undefined));
    await runDrips(t.app, new Date(start + 600 * MINUTE));
    const sent = to('welcome.example');
    expect(sent).toHaveLength(6);
    const subjects = sent.map((m) => `${m.to} ${m.subject}`).sort();
    expect(subjects.filter((s) => s.includes('Welcome'))).toHaveLength(3);
    expect(subjects.filter((s) => s.includes('Still there'))).toHaveLength(3);
    expect(new Set(sent.map((m) => m.messageId)).size).toBe(6);
    expect((await enrolments(d.id)).map((e) => e.state)).toEqual(['completed', 'completed', 'completed']);
    const report = dataOf(await v1('GET', `campaigns/drips/${d.id}/report`));
    expect(report.contacts).toEqual({ active: 0, completed: 3, stopped: 0 });
    expect(report.steps.map((s: Json) => s.sent)).toEqual([3, 3]);
    expect(dataOf(await v1('GET', `campaigns/drips/${d.id}`)).enrolledCount).toBe(3);

    // Each contact goes through once: leaving the audience and coming back does not start it again.
    await t.app.db.query(`update marketing_contacts set email_consent = 'opted_out' where id = $1`, [ids[0]]);
    await runDrips(t.app, new Date(start + 700 * MINUTE));
    await t.app.db.query(`update marketing_contacts set email_consent = 'opted_in' where id = $1`, [ids[0]]);
    await runDrips(t.app, new Date(start + 800 * MINUTE));
    expect(await enrolments(d.id)).toHaveLength(3);
    expect(to('welcome.example')).toHaveLength(6);
    // A step's campaign keeps sending while its drip runs (never settled as sent).
    const step = await t.app.db.query<{ status: string }>('select status from campaigns where id = $1', [active.steps[0].campaignId]);
    expect(step[0].status).toBe('sending');
    dataOf(await v1('POST', `campaigns/drips/${d.id}/pause`));
  });

  it('stops a contact at the stop condition: a click ends its way through', async () => {
    const { ids, audienceId } = await audienceOf('goal.example', 2);
    const templateId = await emailTemplate(t, a, 'Our offer');
    const reminder = await emailTemplate(t, a, 'Reminder: our offer');
    const d = await drip(
      'Offer',
      audienceId,
      [
        { channel: 'email', templateId, delayMinutes: 0 },
        { channel: 'email', templateId: reminder, delayMinutes: 1440 },
      ],
      'clicked',
    );
    dataOf(await v1('POST', `campaigns/drips/${d.id}/activate`));
    const start = Date.now();
    await runDrips(t.app, new Date(start));
    await waitFor('the offer', () => (to('goal.example').length >= 2 ? true : undefined));
    // The first contact clicks the link in the offer.
    const [clicker] = await t.app.db.query<{ id: string }>(
      'select id from campaign_recipients where contact_id = $1 and campaign_id = $2',
      [ids[0], dataOf(await v1('GET', `campaigns/drips/${d.id}`)).steps[0].campaignId],
    );
    const click = trackingLinks(t.app.config.jwtSecret, '', a.name, clicker.id).click('https://shop.example.com/sale');
    expect((await t.app.inject({ method: 'GET', url: click })).statusCode).toBe(302);
    await runDrips(t.app, new Date(start + 1441 * MINUTE));
    await waitFor('the reminder', () => (to('goal.example').length >= 3 ? true : undefined));
    await runDrips(t.app, new Date(start + 3000 * MINUTE));
    const reminders = to('goal.example').filter((m) => m.subject.startsWith('Reminder'));
    expect(reminders.map((m) => m.to)).toEqual(['drip2@goal.example']);
    const states = await enrolments(d.id);
    expect(states.find((e) => e.contact_id === ids[0])).toMatchObject({
      state: 'stopped',
      reason: 'Clicked a link in one of its messages',
    });
    expect(states.find((e) => e.contact_id === ids[1])).toMatchObject({ state: 'completed' });
    dataOf(await v1('POST', `campaigns/drips/${d.id}/pause`));
  });

  it('refuses a drip that cannot run, is changed only while paused, and skips a step a contact has no address for', async () => {
    const { ids, audienceId } = await audienceOf('edge.example', 2);
    const templateId = await emailTemplate(t, a, 'Hello');
    const none = await drip('Nothing', audienceId, []);
    expect(refusal(await v1('POST', `campaigns/drips/${none.id}/activate`), 400, 'validation_failed').fields?.steps).toBe(
      'Add at least one message',
    );
    const missing = await drip('Missing template', audienceId, [{ channel: 'email', templateId: audienceId, delayMinutes: 0 }]);
    expect(refusal(await v1('POST', `campaigns/drips/${missing.id}/activate`), 400, 'validation_failed').fields).toEqual({
      'steps.0.templateId': 'No email template with this id',
    });
    refusal(await v1('POST', 'campaigns/drips', { name: 'x', trigger: { kind: 'form' }, steps: [] }), 400, 'validation_failed');
    refusal(await v1('POST', `campaigns/drips/${none.id}/pause`), 409, 'illegal_transition');

    // An SMS step to contacts with no phone number: recorded skipped, and they move on to the next step.
    const [sms] = await t.app.db.query<{ id: string }>(
      `insert into marketing_sms_templates (tenant_id, name, body) values ($1, 'Drip SMS', 'Hi {{ first_name }}') returning id`,
      [a.tenantId],
    );
    const d = await drip('Mixed', audienceId, [
      { channel: 'sms', templateId: sms.id, delayMinutes: 0 },
      { channel: 'email', templateId, delayMinutes: 5 },
    ]);
    const active = dataOf(await v1('POST', `campaigns/drips/${d.id}/activate`));
    refusal(await v1('PATCH', `campaigns/drips/${d.id}`, { name: 'Renamed' }), 409, 'drip_active');
    refusal(await v1('POST', `campaigns/drips/${d.id}/activate`), 409, 'illegal_transition');
    const start = Date.now();
    await runDrips(t.app, new Date(start));
    const skipped = await t.app.db.query<{ state: string; error: string }>(
      'select state, error from campaign_recipients where campaign_id = $1',
      [active.steps[0].campaignId],
    );
    expect(skipped).toEqual([
      { state: 'skipped', error: 'No sms address' },
      { state: 'skipped', error: 'No sms address' },
    ]);
    // Paused: nobody moves on, the drip can be changed, and activated again it carries on.
    dataOf(await v1('POST', `campaigns/drips/${d.id}/pause`));
    expect(await t.app.db.withTenant(a.tenantId, (tx) => advanceBatch(t.app, tx, a.tenantId, d.id, new Date(start + 10 * MINUTE)))).toBe(0);
    dataOf(await v1('PATCH', `campaigns/drips/${d.id}`, { name: 'Mixed, renamed' }));
    dataOf(await v1('POST', `campaigns/drips/${d.id}/activate`));
    await runDrips(t.app, new Date(start + 10 * MINUTE));
    await waitFor('the email step', () => (to('edge.example').length >= 2 ? true : undefined));
    expect((await enrolments(d.id)).map((e) => e.state)).toEqual(['completed', 'completed']);
    expect(ids).toHaveLength(2);
  });
});

describe('the demo community', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ adminPassword: 'demo-owner-password' }, { seed: true });
  }, SEEDED_START_TIMEOUT);
  afterAll(() => t?.close());

  it('has a running drip with its audience enrolled, the first message due tomorrow', async () => {
    const drips = await t.app.db.query<{ id: string; status: string; enrolled_count: number; steps: { campaignId: string }[] }>(
      `select d.id, d.status, d.enrolled_count, d.steps from campaign_drips d join communities c on c.id = d.tenant_id where c.name = 'demo'`,
    );
    // The resource's example became the running drip (not a second, audience-less one).
    expect(drips).toHaveLength(1);
    const [drip] = drips;
    expect(drip.status).toBe('active');
    expect(drip.enrolled_count).toBeGreaterThan(0);
    expect(drip.steps.every((s) => typeof s.campaignId === 'string')).toBe(true);
    const [e] = await t.app.db.query<{ n: number; due_in_hours: number }>(
      `select count(*)::int as n, min(extract(epoch from next_at - now()) / 3600)::float8 as due_in_hours
         from campaign_drip_enrolments where drip_id = $1 and state = 'active' and step = 0`,
      [drip.id],
    );
    expect(e.n).toBe(drip.enrolled_count);
    expect(e.due_in_hours).toBeGreaterThan(23);
  });

  it("has last week's sent campaigns on every channel, their reports read back equal to their recipient and event rows", async () => {
    const token = await signIn(t, t.config.adminEmail, 'demo-owner-password', 'demo');
    const get = (url: string) => t.request({ method: 'GET', url: `/api/v1/${url}`, as: token });
    const sent = dataOf(await get('campaigns/campaigns?status=sent&limit=50')) as Json[];
    expect(sent.map((c) => c.channel).sort()).toEqual(['email', 'push', 'sms', 'whatsapp']);
    const figures: Record<string, Json> = {};
    for (const c of sent) {
      const launchedAgo = Date.now() - new Date(c.launchedAt).getTime();
      expect(launchedAgo).toBeGreaterThan(2 * 86_400_000);
      expect(launchedAgo).toBeLessThan(8 * 86_400_000);
      const report = dataOf(await get(`campaigns/campaigns/${c.id}/report`));
      const [rows] = await t.app.db.query<Json>(
        `select count(*)::int as recipients, count(sent_at)::int as sent, count(delivered_at)::int as delivered, count(read_at)::int as read,
                count(opened_at)::int as opened, count(clicked_at)::int as clicked, count(bounced_at)::int as bounced,
                count(unsubscribed_at)::int as unsubscribed, count(*) filter (where state = 'failed')::int as failed,
                count(*) filter (where sent_at > now() or delivered_at > now() or opened_at > now() or clicked_at > now())::int as future
           from campaign_recipients where campaign_id = $1`,
        [c.id],
      );
      const [events] = await t.app.db.query<Json>(
        `select count(distinct recipient_id) filter (where kind = 'delivered')::int as delivered,
                count(distinct recipient_id) filter (where kind = 'open' or kind = 'click')::int as opened,
                count(distinct recipient_id) filter (where kind = 'click')::int as clicked,
                count(*) filter (where created_at > now())::int as future
           from campaign_events where campaign_id = $1`,
        [c.id],
      );
      const { future, ...counts } = rows;
      expect(future).toBe(0);
      expect(events.future).toBe(0);
      expect(report.counts).toMatchObject(counts);
      expect(c.recipientCount).toBe(counts.recipients);
      // Every figure comes from a tracking event (a read counts as delivered on WhatsApp).
      if (c.channel !== 'whatsapp') expect(events.delivered).toBe(counts.delivered);
      expect(events.opened).toBe(counts.opened);
      expect(events.clicked).toBe(counts.clicked);
      figures[c.channel] = report.counts;
    }
    for (const channel of ['email', 'sms', 'whatsapp', 'push']) expect(figures[channel].sent).toBeGreaterThan(20);
    expect(figures.email.opened).toBeGreaterThan(figures.email.clicked);
    expect(figures.email.clicked).toBeGreaterThan(0);
    expect(figures.sms.delivered).toBeGreaterThan(figures.sms.failed);
    expect(figures.sms.failed).toBeGreaterThan(0);
    expect(figures.whatsapp.delivered).toBeGreaterThan(figures.whatsapp.read);
    expect(figures.whatsapp.read).toBeGreaterThan(0);
    expect(figures.push.delivered).toBeGreaterThan(figures.push.clicked);
    expect(figures.push.clicked).toBeGreaterThan(0);

    // The hub's per-channel figures are the same rows; the calendar shows the sends where they happened.
    const hub = dataOf(await get('campaigns/overview?days=30'));
    for (const c of sent) {
      const channel = hub.channels.find((x: Json) => x.channel === c.channel);
      expect(channel.sent).toBeGreaterThanOrEqual(figures[c.channel].sent);
    }
    const from = new Date(Date.now() - 10 * 86_400_000).toISOString();
    const to = new Date().toISOString();
    const calendar = dataOf(await get(`campaigns/calendar?from=${from}&to=${to}`)) as Json[];
    for (const c of sent)
      expect(calendar.find((e) => e.id === c.id)).toMatchObject({ status: 'sent', start: c.launchedAt, editable: false });
  });
});
