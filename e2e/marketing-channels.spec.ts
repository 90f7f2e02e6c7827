import { expect, test } from './fixtures';
import { collectPageErrors, unique } from './helpers';

type Json = Record<string, any>;

test('an admin writes an SMS template, watches the counter switch from GSM-7 to Unicode segments, and saves it', async ({ page, api }) => {
  const errors = collectPageErrors(page);
  const name = unique('E2E reminder ');
  await page.goto('/admin-panel/SMStemplate');
  await expect(page.getByRole('heading', { name: 'SMS templates', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New SMS template' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  const body = page.getByRole('textbox', { name: 'Body' });
  const encoding = page.getByTestId('sms-encoding');
  const segments = page.getByTestId('sms-segments');

  await body.fill('a'.repeat(160));
  await expect(encoding).toHaveText('GSM-7');
  await expect(segments).toContainText('1 segment');
  await body.fill(`${'a'.repeat(160)}!`);
  await expect(segments).toContainText('2 segments');
  // One Hindi word makes the whole message Unicode: 70 per message, 67 per part.
  await body.fill('Hi {{ first_name }}, your site visit is confirmed. नमस्ते');
  await expect(encoding).toHaveText('Unicode (UCS-2)');
  await expect(segments).toContainText('1 segment');
  await expect(segments).toContainText('of 70 units');
  await body.fill(`Hi {{ first_name }}, your site visit is confirmed for tomorrow at ten. नमस्ते`);
  await expect(segments).toContainText('2 segments');
  await page.getByRole('textbox', { name: 'Sender id' }).fill('ATRIUM');
  await page.getByRole('button', { name: 'Create sms template' }).click();
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();

  const stored = await api<{ data: Json[] }>('GET', `/api/v1/marketing/sms-templates?q=${encodeURIComponent(name)}`);
  expect(stored.body.data).toEqual([expect.objectContaining({ name, encoding: 'ucs2', segments: 2, senderId: 'ATRIUM' })]);
  expect(errors).toEqual([]);
});

test('an admin configures the SMS gateway; after saving the API key is only shown masked', async ({ page, api }) => {
  const errors = collectPageErrors(page);
  await page.goto('/admin-panel/controlcenter/settings/channels/sms');
  await expect(page.getByRole('heading', { name: 'SMS settings', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Provider' }).click();
  await page.getByRole('option', { name: 'HTTP SMS gateway' }).click();
  await page.getByRole('textbox', { name: 'Gateway address' }).fill('https://sms.example.com/api');
  await page.getByRole('textbox', { name: 'Sender id' }).fill('ATRIUM');
  await page.getByTestId('secret-apiKey').fill('e2e-sms-api-key-4321');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('SMS settings saved')).toBeVisible();
  await expect(page.getByText('Stored: ••••4321. Leave empty to keep it.')).toBeVisible();
  await expect(page.getByTestId('secret-apiKey')).toHaveValue('');

  await page.reload();
  await expect(page.getByText('Stored: ••••4321. Leave empty to keep it.')).toBeVisible();
  const read = await api<{ data: Json }>('GET', '/api/v1/marketing/channel-settings/sms');
  expect(read.body.data).toMatchObject({ provider: 'http', config: { senderId: 'ATRIUM' }, secrets: { apiKey: '••••4321' } });
  expect(JSON.stringify(read.body)).not.toContain('e2e-sms-api-key-4321');
  // Back to the outbox, as the seed left it.
  await api('PATCH', '/api/v1/marketing/channel-settings/sms', { provider: 'outbox', config: { senderId: 'ATRIUM' } });
  expect(errors).toEqual([]);
});

test('an admin sets up the WhatsApp Cloud API: the webhook callback URL is shown, the app secret is only shown masked', async ({
  page,
  api,
  community,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/admin-panel/controlcenter/settings/channels/whatsapp');
  await expect(page.getByRole('heading', { name: 'WhatsApp settings', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Provider' }).click();
  await page.getByRole('option', { name: 'WhatsApp Cloud API' }).click();
  await expect(page.getByTestId('whatsapp-webhook-url')).toHaveValue(new RegExp(`/public/${community.name}/marketing/whatsapp/webhook$`));
  await page.getByRole('textbox', { name: 'Phone number id' }).fill('1234567');
  await page.getByRole('textbox', { name: 'WhatsApp business account id' }).fill('7654321');
  await page.getByRole('textbox', { name: 'Meta app id' }).fill('4455667788');
  await page.getByTestId('secret-accessToken').fill('EAAG-e2e-token-0001');
  await page.getByTestId('secret-webhookVerifyToken').fill('e2e-verify-token-42');
  await page.getByTestId('secret-appSecret').fill('e2e-app-secret-7788');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('WhatsApp settings saved')).toBeVisible();
  await expect(page.getByText('Stored: ••••7788. Leave empty to keep it.')).toBeVisible();

  const read = await api<{ data: Json }>('GET', '/api/v1/marketing/channel-settings/whatsapp');
  expect(read.body.data).toMatchObject({ provider: 'cloud_api', config: { appId: '4455667788' }, secrets: { appSecret: '••••7788' } });
  expect(JSON.stringify(read.body)).not.toContain('e2e-app-secret-7788');
  // Meta's subscription check at the shown address answers with the verify token only.
  const url = await page.getByTestId('whatsapp-webhook-url').inputValue();
  const check = await fetch(`${url}?hub.mode=subscribe&hub.verify_token=e2e-verify-token-42&hub.challenge=2718281828`);
  expect(await check.text()).toBe('2718281828');
  expect((await fetch(`${url}?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1`)).status).toBe(403);
  // Back to the outbox, as the seed left it.
  await api('PATCH', '/api/v1/marketing/channel-settings/whatsapp', { provider: 'outbox', config: {} });
  expect(errors).toEqual([]);
});
