import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSendClock } from '../src/modules/campaigns/engine/clock';
import { chunkOf } from '../src/modules/campaigns/engine/deliver';
import { runSweep } from '../src/modules/campaigns/engine/jobs';
import { channelLimit, DEFAULT_LIMITS } from '../src/modules/campaigns/engine/limits';
import { emailContacts, emailTemplate, fakeSendClock, htmlOf, startCampaignSink } from './campaign-fakes';
import { apiOf, appWith, dataOf, refusal, type TestCommunity, waitFor } from './helpers';

type Json = Record<string, any>;

/**
 * Campaigns (issue 28): the state table, sends through the engine to a real SMTP server (this
 * file's sink), consent and suppression at send time, pause and resume without a duplicate, the
 * rate limit, retries and auto-pause, tracking links and the report. Both engines.
 */
describe('campaigns', async () => {
  const [t, a, b] = await appWith(2, { outbound: { allowHosts: ['127.0.0.1'], allowHttp: true } });
  const v1 = apiOf(t, a);
  let sink: Awaited<ReturnType<typeof startCampaignSink>>;
  /** The send clock the sink reads: the real one, or the fake one a test installs. */
  let clock: { now(): number } = { now: () => Date.now() };

  beforeAll(async () => {
    sink = await startCampaignSink({ now: () => clock.now() });
    dataOf(
      await v1('PATCH', 'marketing/channel-settings/email', {
        provider: 'smtp',
        config: { host: '127.0.0.1', port: sink.port, identities: [{ name: 'Campaign test', address: 'news@example.com' }] },
      }),
    );
  });
  afterAll(() => sink?.close());

  const limit = async (perSecond: number, extra: Json = {}) => {
    const existing = dataOf(await v1('GET', 'campaigns/channel-limits?channel=email')).filter((l: Json) => l.provider === '');
    if (existing.length) return dataOf(await v1('PATCH', `campaigns/channel-limits/${existing[0].id}`, { perSecond, ...extra }));
    return dataOf(await v1('POST', 'campaigns/channel-limits', { channel: 'email', perSecond, ...extra }), 201);
  };
  const audience = async (name: string) => dataOf(await v1('POST', 'marketing/audiences', { name, channel: 'email' }), 201).id as string;
  const campaign = async (name: string, templateId: string, audienceIds: string[], extra: Json = {}) =>
    dataOf(await v1('POST', 'campaigns/campaigns', { name, channel: 'email', templateId, audienceIds, ...extra }), 201);
  const statusOf = async (id: string) => dataOf(await v1('GET', `campaigns/campaigns/${id}`)).status as string;
  const until = (id: string, status: string, ms = 90_000) =>
    waitFor(`campaign ${status}`, async () => ((await statusOf(id)) === status ? true : undefined), ms);
  const rows = (campaignId: string) =>
    t.app.db.query<{ address: string; state: string; attempts: number; error: string | null; sent_at: Date | null }>(
      'select address, state, attempts, error, sent_at from campaign_recipients where campaign_id = $1 order by address',
      [campaignId],
    );
  const sentTo = (campaignId: string) => sink.received.filter((m) => m.campaignId === campaignId);
  /** Only this test's contacts in the community's "everyone" audience: the others opted out. */
  const onlyThese = async (c: TestCommunity, domain: string) =>
    t.app.db.query(`update marketing_contacts set email_consent = 'opted_out' where tenant_id = $1 and email not like $2`, [
      c.tenantId,
      `%@${domain}`,
    ]);

  it('moves only as the state table allows, and is edited only while draft, scheduled or paused', async () => {
    const templateId = await emailTemplate(t, a);
    const draft = await campaign('Moves', templateId, []);
    expect(draft).toMatchObject({ status: 'draft', channel: 'email' });
    const refused = refusal(await v1('POST', `campaigns/campaigns/${draft.id}/pause`), 409, 'illegal_transition');
    expect(refused.message).toMatch(/cannot go from draft to paused/);
    refusal(await v1('POST', `campaigns/campaigns/${draft.id}/resume`), 409, 'illegal_transition');
    const noAudience = refusal(await v1('POST', `campaigns/campaigns/${draft.id}/launch`), 400, 'validation_failed');
    expect(noAudience.fields?.audienceIds).toBe('Choose at least one audience');
    refusal(await v1('POST', 'campaigns/campaigns', { name: 'x', channel: 'fax' }), 400, 'validation_failed');
    refusal(await v1('PATCH', `campaigns/campaigns/${draft.id}`, { status: 'sent' }), 400, 'validation_failed');
    refusal(await v1('PATCH', `campaigns/campaigns/${draft.id}`, { channel: 'sms' }), 400, 'validation_failed');
    // Scheduling: a time in the future, back to draft, cancelled for good.
    const aud = await audience('Moves audience');
    dataOf(await v1('PATCH', `campaigns/campaigns/${draft.id}`, { audienceIds: [aud] }));
    refusal(
      await v1('POST', `campaigns/campaigns/${draft.id}/schedule`, { scheduledAt: '2001-01-01T00:00:00Z' }),
      400,
      'validation_failed',
    );
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = dataOf(await v1('POST', `campaigns/campaigns/${draft.id}/schedule`, { scheduledAt: at }));
    expect(scheduled).toMatchObject({ status: 'scheduled', scheduledAt: at });
    expect(scheduled.actions).toEqual(expect.arrayContaining(['launch', 'unschedule', 'cancel']));
    dataOf(await v1('PATCH', `campaigns/campaigns/${draft.id}`, { name: 'Moves, renamed' }));
    expect(dataOf(await v1('POST', `campaigns/campaigns/${draft.id}/unschedule`)).status).toBe('draft');
    expect(dataOf(await v1('POST', `campaigns/campaigns/${draft.id}/cancel`)).status).toBe('cancelled');
    refusal(await v1('PATCH', `campaigns/campaigns/${draft.id}`, { name: 'Too late' }), 409, 'not_editable');
    refusal(await v1('POST', `campaigns/campaigns/${draft.id}/launch`), 409, 'illegal_transition');
    // Another community sees none of it.
    refusal(await v1('GET', `campaigns/campaigns/${draft.id}`, undefined, b), 404, 'not_found');
    refusal(await v1('POST', `campaigns/campaigns/${draft.id}/launch`, undefined, b), 404, 'not_found');
  });

  it("keeps a limit per channel and provider: the provider's own first, then the channel's, then the default", async () => {
    const own = dataOf(await v1('POST', 'campaigns/channel-limits', { channel: 'sms', provider: 'http-sms', perSecond: 5 }), 201);
    expect(own).toMatchObject({ channel: 'sms', provider: 'http-sms', perSecond: 5, windowSeconds: 3600 });
    const channel = dataOf(await v1('POST', 'campaigns/channel-limits', { channel: 'sms', perSecond: 9 }), 201);
    expect(channel.provider).toBe('');
    refusal(await v1('POST', 'campaigns/channel-limits', { channel: 'sms', provider: 'http-sms', perSecond: 7 }), 409, 'already_exists');
    const bad = refusal(
      await v1('POST', 'campaigns/channel-limits', { channel: 'sms', provider: 'Not A Name', perSecond: 7 }),
      400,
      'validation_failed',
    );
    expect(Object.keys(bad.fields ?? {})).toEqual(['provider']);
    const limitOf = (provider: string) => t.app.db.withTenant(a.tenantId, (tx) => channelLimit(tx, a.tenantId, 'sms', provider));
    expect((await limitOf('http-sms')).perSecond).toBe(5);
    expect((await limitOf('outbox')).perSecond).toBe(9);
    expect((await t.app.db.withTenant(b.tenantId, (tx) => channelLimit(tx, b.tenantId, 'sms', 'http-sms'))).perSecond).toBe(
      DEFAULT_LIMITS.sms.perSecond,
    );
  });

  it('sends once to every sendable contact within the rate limit, with unsubscribe headers and tracking', async () => {
    const domain = 'send.example.com';
    await emailContacts(t, a, 150, 'reader', domain);
    await emailContacts(t, a, 2, 'nope', domain).then((ids) =>
      t.app.db.query(`update marketing_contacts set email_consent = 'opted_out' where id = any($1::uuid[])`, [ids]),
    );
    await onlyThese(a, domain);
    await limit(50);
    const c = await campaign('Send', await emailTemplate(t, a), [await audience('Send audience')]);
    // The send runs on a fake clock: the limiter's waits pass at once and move its time, so the rate
    // is measured in the limiter's time (each message's sent_at is the instant it was released).
    // A minute back, so the real clock the next tests run on is ahead of the bucket's time.
    const start = Date.now() - 60_000;
    const fake = fakeSendClock(start);
    clock = fake;
    const restore = useSendClock(fake);
    try {
      const launched = dataOf(await v1('POST', `campaigns/campaigns/${c.id}/launch`));
      expect(launched.status).toBe('sending');
      refusal(await v1('PATCH', `campaigns/campaigns/${c.id}`, { name: 'While sending' }), 409, 'not_editable');
      await until(c.id, 'sent');
    } finally {
      restore();
      clock = { now: () => Date.now() };
    }

    const messages = sentTo(c.id);
    expect(messages).toHaveLength(150);
    expect(new Set(messages.map((m) => m.to)).size).toBe(150);
    expect(new Set(messages.map((m) => m.messageId)).size).toBe(150);
    expect(messages.some((m) => m.to.startsWith('nope'))).toBe(false);
    expect(messages[0].listUnsubscribe).toMatch(/^<https?:\/\/.+\/campaigns\/t\/u\/[0-9a-f-]{36}\?s=.+>$/);
    expect(messages[0].listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    expect(messages[0].subject).toMatch(/^Hello Reader$/);
    const states = await rows(c.id);
    expect(states.every((r) => r.state === 'sent' && r.attempts === 1)).toBe(true);
    // The rate, in the send clock's time: a sender reserves half a second's worth (chunkOf) and
    // releases it when its last token is due, so after the first chunk messages go at the limit
    // (within 10% of 50 per second), and at no instant has more gone than the bucket's burst (a
    // tenth of a second's worth) plus 50 per second since the start.
    expect(fake.waits).toBeGreaterThanOrEqual(Math.ceil(150 / chunkOf(50)));
    const released = states.map((r) => r.sent_at!.getTime()).sort((x, y) => x - y);
    expect(released[0]).toBeGreaterThanOrEqual(start);
    // Messages released after the first instant, over the time since it: the first release holds a
    // whole chunk, or fewer when the first claim found only the recipients written so far (the launch
    // writes them in pages after it answers), and then starts on the bucket's burst.
    const afterFirst = released.filter((at) => at > released[0]).length;
    const rate = afterFirst / ((released.at(-1)! - released[0]) / 1000);
    expect(rate).toBeGreaterThan(50 * 0.9);
    expect(rate).toBeLessThan(50 * 1.1);
    const over = released.filter((at, i) => i + 1 > 5 + (50 * (at - start)) / 1000);
    expect(over).toEqual([]);
    // And the engine waited for each release: no message reached the sink before its instant.
    const releasedAt = new Map(states.map((r) => [r.address, r.sent_at!.getTime()]));
    expect(messages.filter((m) => m.at < releasedAt.get(m.to)!)).toEqual([]);

    // Tracking: the pixel, a click (redirected to the target), a forged link refused, then the report.
    const html = htmlOf(messages[0].raw);
    const pixel = /src="https?:\/\/[^/]+(\/public\/[^"]+\/t\/o\/[^"]+)"/.exec(html)![1].replaceAll('&amp;', '&');
    const click = /href="https?:\/\/[^/]+(\/public\/[^"]+\/t\/c\/[^"]+)"/.exec(html)![1].replaceAll('&amp;', '&');
    const open = await t.request({ method: 'GET', url: pixel });
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('image/gif');
    const clicked = await t.request({ method: 'GET', url: click });
    expect(clicked.statusCode).toBe(302);
    expect(clicked.headers.location).toBe('https://shop.example.com/sale?x=1&y=2');
    const forged = click.replace(/u=[^&]+/, `u=${encodeURIComponent('https://evil.example.com/')}`);
    expect((await t.request({ method: 'GET', url: forged })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: pixel.replace(/s=.{5}/, 's=AAAAA') })).statusCode).toBe(403);

    const report = dataOf(await v1('GET', `campaigns/campaigns/${c.id}/report`));
    expect(report.counts).toMatchObject({ recipients: 150, sent: 150, opened: 1, clicked: 1, failed: 0 });
    expect(report.rates.open).toBe(0.0067);
    expect(report.topLinks).toEqual([{ url: 'https://shop.example.com/sale?x=1&y=2', clicks: 1, unique: 1 }]);
    expect(report.timeline.reduce((n: number, b: Json) => n + Number(b.sent), 0)).toBe(150);
    const drill = dataOf(await v1('GET', `campaigns/recipients?campaignId=${c.id}&limit=100`));
    expect(drill).toHaveLength(100);
    const csv = await v1('GET', `campaigns/recipients/export.csv?campaignId=${c.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(151);

    // Unsubscribe: the page asks, the one-click POST opts out and suppresses.
    const unsubscribe = /<https?:\/\/[^/]+([^>]+)>/.exec(messages[1].listUnsubscribe)![1];
    expect((await t.request({ method: 'GET', url: unsubscribe })).body).toMatch(/<form method="post">/);
    expect((await t.request({ method: 'POST', url: unsubscribe })).statusCode).toBe(200);
    const [contact] = await t.app.db.query<{ email_consent: string }>(
      'select email_consent from marketing_contacts where tenant_id = $1 and email = $2',
      [a.tenantId, messages[1].to],
    );
    expect(contact.email_consent).toBe('opted_out');
    const [suppressed] = await t.app.db.query<{ reason: string }>(
      `select reason from marketing_suppressions where tenant_id = $1 and channel = 'email' and address = $2`,
      [a.tenantId, messages[1].to],
    );
    expect(suppressed.reason).toBe('unsubscribed');
    expect(dataOf(await v1('GET', `campaigns/campaigns/${c.id}/report`)).counts.unsubscribed).toBe(1);
    expect((await t.request({ method: 'POST', url: unsubscribe.replace(/s=.+$/, 's=forged') })).statusCode).toBe(403);
  }, 120_000);

  it('pauses without sending twice, resumes where it stopped, and skips who opted out or was suppressed meanwhile', async () => {
    const domain = 'pause.example.com';
    await emailContacts(t, a, 12, 'p', domain);
    await onlyThese(a, domain);
    await limit(4);
    const c = await campaign('Pause', await emailTemplate(t, a), [await audience('Pause audience')]);
    dataOf(await v1('POST', `campaigns/campaigns/${c.id}/launch`));
    await waitFor('two sent', () => (sentTo(c.id).length >= 2 ? true : undefined));
    expect(dataOf(await v1('POST', `campaigns/campaigns/${c.id}/pause`)).status).toBe('paused');
    await waitFor('nothing in flight', async () => ((await rows(c.id)).every((r) => r.state !== 'sending') ? true : undefined));
    const atPause = sentTo(c.id).length;
    const queued = (await rows(c.id)).filter((r) => r.state === 'queued');
    expect(queued.length).toBeGreaterThanOrEqual(2);
    // Editing while paused is allowed; one queued contact opts out, another's address is suppressed.
    dataOf(await v1('PATCH', `campaigns/campaigns/${c.id}`, { name: 'Pause, edited' }));
    await t.app.db.query(`update marketing_contacts set email_consent = 'opted_out' where tenant_id = $1 and email = $2`, [
      a.tenantId,
      queued[0].address,
    ]);
    await t.app.db.query(`insert into marketing_suppressions (tenant_id, channel, address, reason) values ($1, 'email', $2, 'bounced')`, [
      a.tenantId,
      queued[1].address,
    ]);
    expect(sentTo(c.id)).toHaveLength(atPause);
    await limit(50);
    expect(dataOf(await v1('POST', `campaigns/campaigns/${c.id}/resume`)).status).toBe('sending');
    await until(c.id, 'sent');
    const messages = sentTo(c.id);
    expect(messages).toHaveLength(10);
    expect(new Set(messages.map((m) => m.to)).size).toBe(10);
    const final = await rows(c.id);
    expect(
      final
        .filter((r) => r.state === 'skipped')
        .map((r) => r.address)
        .sort(),
    ).toEqual([queued[0].address, queued[1].address].sort());
    expect(final.filter((r) => r.state === 'sent')).toHaveLength(10);
  }, 120_000);

  it('retries a transient refusal, fails a permanent one, and pauses itself after failures in a row', async () => {
    const domain = 'fail.example.com';
    await emailContacts(t, a, 1, 'flaky', domain);
    await emailContacts(t, a, 1, 'bounce', domain);
    await emailContacts(t, a, 2, 'fine', domain);
    await onlyThese(a, domain);
    await limit(50, { pauseAfterFailures: 50 });
    const c = await campaign('Retry', await emailTemplate(t, a), [await audience('Retry audience')]);
    dataOf(await v1('POST', `campaigns/campaigns/${c.id}/launch`));
    await until(c.id, 'sent');
    const final = await rows(c.id);
    expect(final.find((r) => r.address.startsWith('flaky'))).toMatchObject({ state: 'sent', attempts: 2 });
    expect(final.find((r) => r.address.startsWith('bounce'))).toMatchObject({ state: 'failed', attempts: 1 });
    expect(final.find((r) => r.address.startsWith('bounce'))!.error).toMatch(/550/);
    expect(
      sentTo(c.id)
        .map((m) => m.to)
        .sort(),
    ).toEqual([`fine1@${domain}`, `fine2@${domain}`, `flaky1@${domain}`]);

    const bad = 'autopause.example.com';
    await emailContacts(t, a, 6, 'bounce', bad);
    await onlyThese(a, bad);
    await limit(50, { pauseAfterFailures: 3 });
    const p = await campaign('Auto-pause', await emailTemplate(t, a), [await audience('Auto-pause audience')]);
    dataOf(await v1('POST', `campaigns/campaigns/${p.id}/launch`));
    await until(p.id, 'paused');
    const paused = dataOf(await v1('GET', `campaigns/campaigns/${p.id}`));
    expect(paused.statusReason).toMatch(/Paused after \d+ failures in a row\. Last error: SMTP 550/);
  }, 120_000);

  it('an A/B test sends A and B to the sample, picks the winner by opens when its time is up, and sends it to the rest', async () => {
    const domain = 'ab.example.com';
    await emailContacts(t, a, 40, 'ab', domain);
    await onlyThese(a, domain);
    await limit(1000);
    const abTest = { subjectB: 'Variant B for {{ first_name }}', samplePercent: 50, metric: 'opens', waitMinutes: 60 };
    const c = await campaign('A/B', await emailTemplate(t, a, 'Variant A'), [await audience('A/B audience')], { abTest });
    dataOf(await v1('POST', `campaigns/campaigns/${c.id}/launch`));
    const variants = () =>
      t.app.db.query<{ id: string; address: string; variant: string; state: string }>(
        'select id, address, variant, state from campaign_recipients where campaign_id = $1',
        [c.id],
      );
    // The sample goes first; the rest waits for the winner.
    // (All 40 written first: on PostgreSQL the launch's recipients are written after the request returns.)
    await waitFor('the sample sent', async () => {
      const now = await variants();
      return now.length === 40 && now.every((r) => r.variant === 'rest' || r.state === 'sent') ? true : undefined;
    });
    const sample = await variants();
    const ofVariant = (v: string) => sample.filter((r) => r.variant === v);
    expect(ofVariant('a').length).toBeGreaterThan(0);
    expect(ofVariant('b').length).toBeGreaterThan(0);
    expect(ofVariant('rest').length).toBeGreaterThan(0);
    expect(ofVariant('rest').every((r) => r.state === 'queued')).toBe(true);
    expect(await statusOf(c.id)).toBe('sending');
    const subjectOf = (address: string) =>
      sentTo(c.id)
        .filter((m) => m.to === address)
        .map((m) => m.subject);
    expect(ofVariant('a').map((r) => subjectOf(r.address))).toEqual(ofVariant('a').map(() => ['Variant A']));
    // Each variant's subject, merge tags filled (the contacts are "Reader <n>": first name Reader).
    expect(ofVariant('b').map((r) => subjectOf(r.address))).toEqual(ofVariant('b').map(() => ['Variant B for Reader']));
    expect(sentTo(c.id)).toHaveLength(ofVariant('a').length + ofVariant('b').length);

    // B's readers open it (through their pixels); A's do not.
    for (const r of ofVariant('b')) {
      const html = htmlOf(sentTo(c.id).find((m) => m.to === r.address)!.raw);
      const pixel = /src="https?:\/\/[^/]+(\/public\/[^"]+\/t\/o\/[^"]+)"/.exec(html)![1].replaceAll('&amp;', '&');
      expect((await t.request({ method: 'GET', url: pixel })).statusCode).toBe(200);
    }
    // Before its time the sweep leaves the test alone; once the hour has passed it picks B and the rest get B.
    await runSweep(t.app);
    expect(dataOf(await v1('GET', `campaigns/campaigns/${c.id}`)).abTest.winner ?? null).toBe(null);
    await t.app.db.query(`update campaigns set launched_at = now() - interval '61 minutes' where id = $1`, [c.id]);
    await runSweep(t.app);
    expect(dataOf(await v1('GET', `campaigns/campaigns/${c.id}`)).abTest.winner).toBe('b');
    await until(c.id, 'sent');
    const rest = ofVariant('rest');
    expect(rest.map((r) => subjectOf(r.address))).toEqual(rest.map(() => ['Variant B for Reader']));
    expect(sentTo(c.id)).toHaveLength(40);
    const report = dataOf(await v1('GET', `campaigns/campaigns/${c.id}/report`));
    expect(report.abTest.b).toMatchObject({ sent: ofVariant('b').length, opened: ofVariant('b').length });
    expect(report.abTest.a).toMatchObject({ sent: ofVariant('a').length, opened: 0 });
  }, 120_000);

  it('a test send goes to the chosen contacts now, marked [Test], and leaves the campaign and its report alone', async () => {
    const domain = 'test-send.example.com';
    const [first, second] = await emailContacts(t, a, 2, 'try', domain);
    const [noEmail] = await t.app.db.query<{ id: string }>(
      `insert into marketing_contacts (tenant_id, name, phone) values ($1, 'Phone only', '+15550001234') returning id`,
      [a.tenantId],
    );
    const c = await campaign('Test send', await emailTemplate(t, a), [await audience('Test send audience')]);
    const results = dataOf(await v1('POST', `campaigns/campaigns/${c.id}/test`, { contactIds: [first, second, noEmail.id] }));
    expect(results).toEqual([
      { contactId: first, address: `try1@${domain}`, status: 'sent' },
      { contactId: second, address: `try2@${domain}`, status: 'sent' },
      { contactId: noEmail.id, address: null, status: 'failed', error: 'No email address for this contact' },
    ]);
    const got = sink.received.filter((m) => m.to.endsWith(`@${domain}`));
    expect(got.map((m) => [m.to, m.subject]).sort()).toEqual([
      [`try1@${domain}`, '[Test] Hello Reader'],
      [`try2@${domain}`, '[Test] Hello Reader'],
    ]);
    const after = dataOf(await v1('GET', `campaigns/campaigns/${c.id}`));
    expect(after.status).toBe('draft');
    expect(dataOf(await v1('GET', `campaigns/campaigns/${c.id}/report`)).counts).toMatchObject({ recipients: 0, sent: 0 });
    refusal(await v1('POST', `campaigns/campaigns/${c.id}/test`, { contactIds: [] }), 400, 'validation_failed');
  });
});
