import { describe, expect, it } from 'vitest';
import { emailTemplate } from './campaign-fakes';
import { apiOf, appWith, dataOf, randomIp, refusal, type TestCommunity, waitFor } from './helpers';

type Json = Record<string, any>;

/**
 * Drips started by a public form (issue 28 item 7, through the kit's public forms of issue 25 item 8):
 * a submission of the contact-us form is the kit's `forms.submitted` event, which campaigns turns into
 * a contact (through marketing's port, with the consent the form gave) and one enrolment per drip.
 * Both engines.
 */
describe('drips started by a form', async () => {
  const [t, a, b] = await appWith(2);
  const v1 = apiOf(t, a);

  const submit = (c: TestCommunity, body: Json) =>
    t.request({ method: 'POST', url: `/public/${c.name}/contact-us`, payload: body, remoteAddress: randomIp() });
  /** The submission's event, once campaigns' delivery of it is done. */
  const delivered = (c: TestCommunity, email: string) =>
    waitFor(`campaigns' delivery of ${email}'s submission`, async () => {
      const [row] = await t.app.db.query<{ status: string; last_error: string | null }>(
        `select d.status, d.last_error from event_deliveries d join domain_events e on e.id = d.event_id and e.tenant_id = d.tenant_id
          where d.tenant_id = $1 and d.subscriber = 'campaigns' and e.name = 'forms.submitted' and e.payload->'contact'->>'email' = $2
          order by e.created_at desc limit 1`,
        [c.tenantId, email],
      );
      if (row?.status === 'failed') throw new Error(`delivery failed: ${row.last_error}`);
      return row?.status === 'done' ? row : undefined;
    });
  const enrolled = (dripId: string) =>
    t.app.db.query<{ email: string; state: string }>(
      `select c.email, e.state from campaign_drip_enrolments e join marketing_contacts c on c.id = e.contact_id and c.tenant_id = e.tenant_id
        where e.drip_id = $1 order by c.email`,
      [dripId],
    );
  const message = (email: string, extra: Json = {}) => ({
    name: 'Ravi Kumar',
    email,
    subject: 'A quote',
    message: 'Please send a quote for 40 chairs.',
    ...extra,
  });

  it("lists the community's forms, one per landing page", async () => {
    const forms = dataOf(await v1('GET', 'meta/public-forms')) as Json[];
    const ids = forms.map((f) => f.id);
    expect(ids).toEqual(expect.arrayContaining(['contact-us.message', 'site.get-in-touch', 'site.careers', 'site.subscribe']));
    expect(forms.find((f) => f.id === 'contact-us.message')).toMatchObject({ label: 'Contact us', module: 'contact-us' });
    expect((await t.request({ method: 'GET', url: '/api/v1/meta/public-forms' })).statusCode).toBe(401);
  });

  it('enrols a consenting submitter once, never one without consent or from another community', async () => {
    const templateId = await emailTemplate(t, a, 'Thanks for writing, {{ first_name }}');
    const badForm = await v1('POST', 'campaigns/drips', {
      name: 'Bad form',
      trigger: { kind: 'form', form: 'not a form!', channel: 'email' },
      steps: [],
    });
    expect(refusal(badForm, 400, 'validation_failed').fields).toHaveProperty(['trigger.form']);
    const drip = dataOf(
      await v1('POST', 'campaigns/drips', {
        name: 'After contact us',
        trigger: { kind: 'form', form: 'contact-us.message', channel: 'email' },
        steps: [{ channel: 'email', templateId, delayMinutes: 30 }],
      }),
      201,
    );
    expect(drip.trigger).toEqual({ kind: 'form', form: 'contact-us.message', channel: 'email' });
    dataOf(await v1('POST', `campaigns/drips/${drip.id}/activate`));

    // With consent: a contact opted in to email, on the drip once, its first message due after the step's wait.
    const before = Date.now();
    const first = await submit(a, message('ravi@forms.example', { consent: 'on' }));
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toEqual({ data: { received: true } });
    await delivered(a, 'ravi@forms.example');
    expect(await enrolled(drip.id)).toEqual([{ email: 'ravi@forms.example', state: 'active' }]);
    const [enrolment] = await t.app.db.query<{ next_at: Date }>('select next_at from campaign_drip_enrolments where drip_id = $1', [
      drip.id,
    ]);
    expect(new Date(enrolment.next_at).getTime()).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1000);
    const [contact] = await t.app.db.query<{ email_consent: string; source: string }>(
      'select email_consent, source from marketing_contacts where tenant_id = $1 and email = $2',
      [a.tenantId, 'ravi@forms.example'],
    );
    expect(contact).toEqual({ email_consent: 'opted_in', source: 'website' });
    const [proof] = await t.app.db.query<{ source: string }>(
      `select e.source from marketing_consent_events e join marketing_contacts c on c.id = e.contact_id
        where c.tenant_id = $1 and c.email = $2`,
      [a.tenantId, 'ravi@forms.example'],
    );
    expect(proof.source).toContain('Contact us');

    // The same person again: a second message, no second enrolment.
    expect((await submit(a, message('ravi@forms.example', { consent: 'on', subject: 'Again' }))).statusCode).toBe(202);
    await waitFor('two events', async () => {
      const [row] = await t.app.db.query<{ n: number }>(
        `select count(*)::int as n from event_deliveries d join domain_events e on e.id = d.event_id
          where d.tenant_id = $1 and d.subscriber = 'campaigns' and d.status = 'done' and e.payload->'contact'->>'email' = 'ravi@forms.example'`,
        [a.tenantId],
      );
      return row.n === 2 ? row : undefined;
    });
    expect(await enrolled(drip.id)).toHaveLength(1);
    expect(dataOf(await v1('GET', `campaigns/drips/${drip.id}`)).enrolledCount).toBe(1);

    // Without consent (no box ticked, or unticked): a contact, but not on an email drip.
    expect((await submit(a, message('nobox@forms.example'))).statusCode).toBe(202);
    expect((await submit(a, message('unticked@forms.example', { consent: 'off' }))).statusCode).toBe(202);
    await delivered(a, 'nobox@forms.example');
    await delivered(a, 'unticked@forms.example');
    expect(await enrolled(drip.id)).toEqual([{ email: 'ravi@forms.example', state: 'active' }]);

    // The same form of another community: its submitter never enters this community's drip.
    expect((await submit(b, message('other@forms.example', { consent: 'on' }))).statusCode).toBe(202);
    await delivered(b, 'other@forms.example');
    expect(await enrolled(drip.id)).toHaveLength(1);
    const [elsewhere] = await t.app.db.query<{ n: number }>(
      "select count(*)::int as n from marketing_contacts where tenant_id = $1 and email = 'other@forms.example'",
      [a.tenantId],
    );
    expect(elsewhere.n).toBe(0);

    // The messages themselves are contact-us messages, announced to the console without a console path, with a receipt mailed.
    const messages = dataOf(await v1('GET', 'contact-us/messages?q=forms.example&limit=100')) as Json[];
    expect(messages.map((m) => m.email).sort()).toEqual(
      ['nobox@forms.example', 'ravi@forms.example', 'ravi@forms.example', 'unticked@forms.example'].sort(),
    );
    const notes = dataOf(await v1('GET', 'ops/notifications?limit=100')) as Json[];
    const note = notes.find((n) => n.recordId === messages[0].id);
    expect(note).toMatchObject({ source: 'contact-us/messages', title: `Contact message from Ravi Kumar`, link: null });
    const [receipt] = await t.app.db.query<{ subject: string; text: string }>(
      'select subject, text from outbox where tenant_id = $1 and "to" = $2 order by created_at limit 1',
      [a.tenantId, 'nobox@forms.example'],
    );
    expect(receipt.subject).toContain('We received your message');
    expect(receipt.text).not.toContain('40 chairs');
  });

  it('a paused drip, or a drip of another form, enrols nobody', async () => {
    const templateId = await emailTemplate(t, a, 'Hello {{ first_name }}');
    const other = dataOf(
      await v1('POST', 'campaigns/drips', {
        name: 'After the newsletter',
        trigger: { kind: 'form', form: 'site.subscribe', channel: 'email' },
        steps: [{ channel: 'email', templateId, delayMinutes: 0 }],
      }),
      201,
    );
    dataOf(await v1('POST', `campaigns/drips/${other.id}/activate`));
    const paused = dataOf(
      await v1('POST', 'campaigns/drips', {
        name: 'Paused after contact us',
        trigger: { kind: 'form', form: 'contact-us.message', channel: 'email' },
        steps: [{ channel: 'email', templateId, delayMinutes: 0 }],
      }),
      201,
    );
    dataOf(await v1('POST', `campaigns/drips/${paused.id}/activate`));
    dataOf(await v1('POST', `campaigns/drips/${paused.id}/pause`));
    expect((await submit(a, message('paused@forms.example', { consent: true }))).statusCode).toBe(202);
    await delivered(a, 'paused@forms.example');
    expect(await enrolled(paused.id)).toEqual([]);
    expect(await enrolled(other.id)).toEqual([]);

    // The newsletter form starts its drip (subscribing is the email's consent).
    const sub = await t.request({
      method: 'POST',
      url: `/public/${a.name}/site/subscribers`,
      payload: { email: 'reader@forms.example' },
      remoteAddress: randomIp(),
    });
    expect(sub.statusCode, sub.body).toBe(202);
    await delivered(a, 'reader@forms.example');
    expect(await enrolled(other.id)).toEqual([{ email: 'reader@forms.example', state: 'active' }]);
  });
});
