import type { FastifyInstance } from 'fastify';
import type { Scope } from '../../../kernel/resources';
import { sendCcMessage } from './cc-send';
import { pushTemplatesResource } from './resources/push-templates';
import { smsTemplatesResource } from './resources/sms-templates';
import { whatsappTemplatesResource } from './resources/whatsapp-templates';
import { saveSettings } from './settings/store';

/**
 * The demo community's channels: SMS templates (English and Hindi, so both encodings show), push
 * and WhatsApp templates, and settings left on the development providers (SMS and WhatsApp to the
 * outbox, email through the installation, web push with its own VAPID keys). Builds on the
 * resources' examples, seeded first.
 */
export async function seedChannels(app: FastifyInstance, scope: Scope): Promise<void> {
  for (const t of [
    {
      name: 'Site visit reminder',
      body: 'Hi {{ first_name }}, our engineer visits your site tomorrow between 10am and 1pm. Call 080 4567 8900 to reschedule.',
      senderId: 'ATRIUM',
      dltTemplateId: '1107161234567890456',
    },
    {
      name: 'Monsoon offer (Hindi)',
      body: 'नमस्ते {{ first_name }}, मानसून ऑफ़र: छत की शीट पर 20% की छूट, केवल रविवार तक।',
      senderId: 'ATRIUM',
      dltTemplateId: '1107161234567890789',
    },
    {
      name: 'Quote ready',
      body: 'Hi {{ first_name }}, your quote is ready. View it on your account or reply CALL and we will ring you back.',
      senderId: 'ATRIUM',
      dltTemplateId: null,
    },
  ]) {
    await smsTemplatesResource.create(scope, t);
  }
  await pushTemplatesResource.create(scope, {
    name: 'Back in stock',
    title: 'Back in stock: Terracotta roof tiles',
    body: '{{ first_name }}, the tiles you looked at are back. Limited stock this week.',
    iconUrl: 'https://demo.atrium.local/icons/icon-192.png',
    urlText: 'See the tiles',
    url: 'https://demo.atrium.local/shop/roof-tiles',
  });
  await whatsappTemplatesResource.create(scope, {
    name: 'delivery_scheduled',
    category: 'utility',
    language: 'en',
    headerType: 'text',
    headerText: 'Delivery scheduled',
    body: 'Hello {{1}}, your delivery is scheduled. Our driver will call you before arriving.',
    footer: 'Atrium Building Products',
    buttons: [
      { type: 'phone', text: 'Call us', phone: '+918045678900' },
      { type: 'url', text: 'Track order', url: 'https://demo.atrium.local/orders' },
    ],
    variableMap: { '1': 'first_name' },
  });
  await whatsappTemplatesResource.create(scope, {
    name: 'festive_offer',
    category: 'marketing',
    language: 'hi',
    headerType: 'none',
    body: 'नमस्ते {{1}}, दिवाली पर सभी टाइल्स पर 15% की छूट। ऑफ़र {{2}} तक।',
    footer: 'Reply STOP to opt out',
    buttons: [{ type: 'quick_reply', text: 'Interested' }],
    variableMap: { '1': 'first_name', '2': 'current_year' },
  });
  await scope.db.withTenant(scope.tenantId, async (tx) => {
    await saveSettings(app.secrets, tx, scope, 'sms', { provider: 'outbox', config: { senderId: 'ATRIUM' }, secrets: {} });
    await saveSettings(app.secrets, tx, scope, 'whatsapp', { provider: 'outbox', config: {}, secrets: {} });
    await saveSettings(app.secrets, tx, scope, 'email', {
      provider: 'default',
      config: { identities: [{ name: 'Atrium Building Products', address: 'hello@demo.atrium.local' }] },
      secrets: {},
    });
    await saveSettings(app.secrets, tx, scope, 'push', {
      provider: 'webpush',
      config: { subject: 'mailto:hello@demo.atrium.local' },
      secrets: {},
    });
  });
  await sendCcMessage(scope, {
    channel: 'sms',
    to: '+919845012345',
    body: 'Hello, your sample tiles were dispatched today. Atrium Building Products',
  });
}
