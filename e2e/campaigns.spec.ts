import { startSmtp } from '../apps/server/test/smtp';
import { expect, test } from './fixtures';
import { collectPageErrors, unique } from './helpers';

type Json = Record<string, any>;

/** The local SMTP sink this spec starts on E2E_SMTP_PORT (playwright.config.ts lets the server call it). */
const startSink = () => startSmtp(Number(process.env.E2E_SMTP_PORT));

/** A message's HTML part as written (quoted-printable undone when the part is encoded so). */
function htmlPart(raw: string): string {
  const start = raw.indexOf('Content-Type: text/html');
  const part = raw.slice(start, raw.indexOf('\r\n--', start) < 0 ? undefined : raw.indexOf('\r\n--', start));
  const body = part.slice(part.indexOf('\r\n\r\n') + 4);
  if (!/Content-Transfer-Encoding: quoted-printable/i.test(part.slice(0, part.indexOf('\r\n\r\n')))) return body;
  const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

let sink: Awaited<ReturnType<typeof startSink>>;
test.beforeAll(async () => {
  sink = await startSink();
});
test.afterAll(() => sink?.close());
// The community's mail goes back to the installation's (the outbox) for the specs after this one.
test.afterEach(async ({ api }) => {
  await api('PATCH', '/api/v1/marketing/channel-settings/email', { provider: 'default', config: {} });
});

/**
 * Campaigns (issue 28): the owner composes an email campaign for a segment's audience in the console,
 * sends it to the local SMTP sink the test starts (the community's mail server), and reads the report;
 * one message's tracking pixel and link, as the sink received them, show up as an open and a click.
 */
test('the owner sends an email campaign to a segment and sees sends, opens and clicks in its report', async ({ page, api }) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const settings = await api('PATCH', '/api/v1/marketing/channel-settings/email', {
    provider: 'smtp',
    config: {
      host: '127.0.0.1',
      port: Number(process.env.E2E_SMTP_PORT),
      identities: [{ name: 'E2E shop', address: 'news@shop.example.com' }],
    },
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  const tag = unique('e2e-cmp-').toLowerCase();
  const addresses = [1, 2, 3].map((i) => `reader${i}.${tag}@example.com`);
  for (const [i, email] of addresses.entries()) {
    const made = await api('POST', '/api/v1/marketing/contacts', {
      name: `Reader ${i + 1}`,
      email,
      tags: [tag],
      emailConsent: 'opted_in',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  }
  // Someone with the tag who opted out: in the segment, never sent to.
  const out = await api('POST', '/api/v1/marketing/contacts', {
    name: 'Opted out',
    email: `out.${tag}@example.com`,
    tags: [tag],
    emailConsent: 'opted_out',
  });
  expect(out.status).toBe(201);
  const segment = await api<{ data: Json }>('POST', '/api/v1/marketing/segments', {
    name: `Segment ${tag}`,
    kind: 'dynamic',
    rules: { op: 'and', rules: [{ type: 'tags', op: 'any', values: [tag] }] },
  });
  expect(segment.status, JSON.stringify(segment.body)).toBe(201);
  const audienceName = `Audience ${tag}`;
  const audience = await api<{ data: Json }>('POST', '/api/v1/marketing/audiences', {
    name: audienceName,
    channel: 'email',
    includeSegmentIds: [segment.body.data.id],
  });
  expect(audience.status, JSON.stringify(audience.body)).toBe(201);
  const templateName = `Template ${tag}`;
  const template = await api<{ data: Json }>('POST', '/api/v1/marketing/email-templates', {
    name: templateName,
    subject: 'Hello {{ first_name }}',
    design: {
      version: 1,
      blocks: [
        { id: 'intro', type: 'text', html: '<p>Hi {{ first_name }}, our sale starts today.</p>' },
        { id: 'cta', type: 'button', label: 'See the sale', href: 'https://shop.example.com/sale' },
        { id: 'footer', type: 'footer' },
      ],
    },
  });
  expect(template.status, JSON.stringify(template.body)).toBe(201);

  // Compose and send in the console.
  const name = unique('E2E campaign ');
  await page.goto('/admin-panel/marcom/email-campaign');
  await expect(page.getByRole('heading', { name: 'Email campaign', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Campaign name' }).fill(name);
  await page.getByRole('combobox', { name: 'Template', exact: true }).fill(templateName);
  await page.getByRole('option', { name: templateName, exact: true }).click();
  await page.getByRole('combobox', { name: 'Audiences', exact: true }).fill(audienceName);
  await page.getByRole('option', { name: new RegExp(`^${audienceName} \\(`) }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByRole('heading', { name: 'Campaign launched', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'See its report' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByTestId('figure-recipients')).toHaveText('3');
  await expect(page.getByTestId('figure-sent')).toHaveText('3', { timeout: 30_000 });
  await expect(page.getByTestId('figure-failed')).toHaveText('0');

  // What was sent: one message per opted-in reader, none to who opted out, each received by the sink once.
  const campaigns = await api<{ data: Json[] }>('GET', `/api/v1/campaigns/campaigns?q=${encodeURIComponent(name)}`);
  const campaign = campaigns.body.data.find((c) => c.name === name)!;
  expect(campaign.status).toBe('sent');
  const recipients = await api<{ data: Json[] }>('GET', `/api/v1/campaigns/recipients?campaignId=${campaign.id}&limit=10`);
  expect(recipients.body.data.map((r) => r.address).sort()).toEqual([...addresses].sort());
  expect(sink.received.flatMap((m) => m.to).sort()).toEqual([...addresses].sort());
  const message = sink.received.find((m) => m.to.includes(addresses[0]))!;
  expect(message.raw).toMatch(/^Subject: Hello Reader\r$/m);
  expect(message.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
  const html = htmlPart(message.raw);
  expect(html).toMatch(/\/t\/o\//);
  /** A tracking link of the message, as a path on this server (the message names the server's public address). */
  const path = (re: RegExp) => {
    const url = new URL(re.exec(html)![1].replaceAll('&amp;', '&'));
    return url.pathname + url.search;
  };
  const pixel = path(/src="(https?:\/\/[^"]+\/t\/o\/[^"]+)"/);
  const click = path(/href="(https?:\/\/[^"]+\/t\/c\/[^"]+)"/);
  const opened = await page.request.get(pixel);
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toBe('image/gif');
  const clicked = await page.request.get(click, { maxRedirects: 0 });
  expect(clicked.status()).toBe(302);
  expect(clicked.headers().location).toBe('https://shop.example.com/sale');

  // The report follows (it refreshes itself).
  await expect(page.getByTestId('figure-opened')).toHaveText('1', { timeout: 15_000 });
  await expect(page.getByTestId('figure-clicked')).toHaveText('1', { timeout: 15_000 });
  await expect(page.getByRole('cell', { name: addresses[0] })).toBeVisible();
  expect(errors).toEqual([]);
});

/**
 * The calendar (issue 28 item 8) shows the community's marketing events beside its campaigns; an event
 * opens in its own editor (the website's events screen), where a new one is made too.
 */
test('the calendar shows a marketing event, opens it in its editor, and starts a new one there', async ({ page, api }) => {
  const errors = collectPageErrors(page);
  const title = unique('E2E launch event ');
  const startsAt = new Date();
  startsAt.setUTCHours(12, 0, 0, 0);
  const event = await api<{ data: Json }>('POST', '/api/v1/site/events', { title, startsAt: startsAt.toISOString() });
  expect(event.status, JSON.stringify(event.body)).toBe(201);

  await page.goto('/admin-panel/calendar');
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  await page.getByText(title).first().click();
  await expect(page).toHaveURL(new RegExp(`/admin-panel/.+\\?record=${event.body.data.id}$`));
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);

  await page.goto('/admin-panel/calendar');
  await page.getByRole('link', { name: 'New event' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/.+\?record=new$/);
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('');
  expect(errors).toEqual([]);
});
