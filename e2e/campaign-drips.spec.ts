import { createHmac } from 'node:crypto';
import { expect, test } from './fixtures';
import { collectPageErrors, unique } from './helpers';

type Json = Record<string, any>;

/**
 * Drips and the WhatsApp bot (issue 28, item 7) in the console: the sample community's running
 * drip, a new drip built in the editor and started; a conversation that came in through the
 * signed webhook, answered by a person, and the bot's rules.
 */
test('the owner sees the running welcome drip and builds and starts a new one', async ({ page, api }) => {
  test.setTimeout(90_000);
  const errors = collectPageErrors(page);
  const tag = unique('e2e-drip-').toLowerCase();
  const audienceName = `Drip audience ${tag}`;
  const audience = await api<{ data: Json }>('POST', '/api/v1/marketing/audiences', { name: audienceName, channel: 'email' });
  expect(audience.status, JSON.stringify(audience.body)).toBe(201);
  const templates = await api<{ data: Json[] }>('GET', '/api/v1/campaigns/templates?channel=email');
  const templateName = templates.body.data[0].name as string;

  await page.goto('/admin-panel/marcom/drips');
  await expect(page.getByRole('heading', { name: 'Drips', level: 1 })).toBeVisible();
  const welcome = page.getByRole('row', { name: /Welcome series/ });
  await expect(welcome).toContainText('Active');

  const name = unique('E2E drip ');
  await page.getByRole('button', { name: 'New drip' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('combobox', { name: 'Starts when a contact enters', exact: true }).fill(audienceName);
  await page.getByRole('option', { name: new RegExp(`^${audienceName}`) }).click();
  await page.getByRole('combobox', { name: 'Template', exact: true }).fill(templateName);
  await page.getByRole('option', { name: templateName, exact: true }).first().click();
  await page.getByRole('button', { name: 'Save and start' }).click();
  await expect(page.getByRole('heading', { name, level: 3 })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Active');
  await expect(page.getByText('The drip is running.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Step 1' })).toBeVisible();
  const drips = await api<{ data: Json[] }>('GET', `/api/v1/campaigns/drips?q=${encodeURIComponent(name)}`);
  expect(drips.body.data[0]).toMatchObject({ status: 'active', trigger: { audienceId: audience.body.data.id, channel: 'email' } });
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Paused');
  expect(errors).toEqual([]);
});

test('a drip started by a form: chosen in the editor, a consenting submitter enters it once', async ({ page, api, community }) => {
  test.setTimeout(90_000);
  const errors = collectPageErrors(page);
  const templates = await api<{ data: Json[] }>('GET', '/api/v1/campaigns/templates?channel=email');
  const templateName = templates.body.data[0].name as string;

  await page.goto('/admin-panel/marcom/drips');
  const name = unique('E2E form drip ');
  await page.getByRole('button', { name: 'New drip' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByText('Someone submits a form').click();
  await page.getByRole('combobox', { name: 'Starts when someone submits', exact: true }).fill('Contact us');
  await page.getByRole('option', { name: 'Contact us', exact: true }).click();
  await page.getByRole('combobox', { name: 'Template', exact: true }).fill(templateName);
  await page.getByRole('option', { name: templateName, exact: true }).first().click();
  await page.getByRole('button', { name: 'Save and start' }).click();
  await expect(page.getByText('The drip is running.')).toBeVisible();
  const drips = await api<{ data: Json[] }>('GET', `/api/v1/campaigns/drips?q=${encodeURIComponent(name)}`);
  expect(drips.body.data[0]).toMatchObject({ status: 'active', trigger: { kind: 'form', form: 'contact-us.message', channel: 'email' } });

  const email = `${unique('visitor-').toLowerCase()}@forms.example`;
  for (const subject of ['First', 'Second']) {
    const sent = await page.request.post(`/public/${community.name}/contact-us`, {
      data: { name: 'Form Visitor', email, subject, message: 'Tell me more.', consent: 'on' },
    });
    expect(sent.status()).toBe(202);
  }
  await expect
    .poll(async () => (await api<{ data: Json }>('GET', `/api/v1/campaigns/drips/${drips.body.data[0].id}`)).body.data.enrolledCount, {
      timeout: 30_000,
    })
    .toBe(1);
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Paused');
  expect(errors).toEqual([]);
});

test('a WhatsApp message comes in, the owner answers it, and the bot rules are listed', async ({ page, api, community }) => {
  test.setTimeout(90_000);
  const errors = collectPageErrors(page);
  const settings = await api('PATCH', '/api/v1/marketing/channel-settings/whatsapp', {
    provider: 'cloud_api',
    config: { phoneNumberId: '1234567', businessAccountId: '7654321', graphUrl: 'https://graph.invalid/v21.0' },
    secrets: { accessToken: 'wa-token-123456', webhookVerifyToken: 'verify-123', appSecret: 'app-secret-e2e-123456' },
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  const from = `9198${String(Date.now()).slice(-8)}`;
  const body = JSON.stringify({
    entry: [
      {
        changes: [
          {
            field: 'messages',
            value: {
              contacts: [{ wa_id: from, profile: { name: 'Meera' } }],
              messages: [{ id: `wamid.${from}`, from, type: 'text', text: { body: 'Is the blue sofa in stock?' } }],
            },
          },
        ],
      },
    ],
  });
  const posted = await page.request.post(`/public/${community.name}/campaigns/whatsapp/webhook`, {
    data: body,
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', 'app-secret-e2e-123456').update(body).digest('hex')}`,
    },
  });
  expect(posted.status()).toBe(200);

  await page.goto('/admin-panel/whatsapp-bot');
  await expect(page.getByRole('heading', { name: 'WhatsApp bot', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /Meera/ }).click();
  await expect(page.getByText('Is the blue sofa in stock?').last()).toBeVisible();
  await page.getByRole('textbox', { name: 'Reply' }).fill('Yes, it is. Shall I keep one for you?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Yes, it is. Shall I keep one for you?').last()).toBeVisible();
  await expect(page.getByText('Waiting for a person').first()).toBeVisible();
  await page.getByRole('button', { name: 'Give back to the bot' }).click();
  await expect(page.getByRole('button', { name: 'Take over' })).toBeVisible();
  await page.getByRole('tab', { name: 'Rules' }).click();
  await expect(page.getByRole('cell', { name: 'Talk to a person' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Opening hours' })).toBeVisible();
  expect(errors).toEqual([]);
});
