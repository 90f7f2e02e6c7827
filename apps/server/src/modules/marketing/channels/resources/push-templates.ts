import { defineResource, type HookContext } from '../../../../kernel/resources';
import { marketingPushTemplates } from '../../tables/channels';
import { assertTemplateVariables } from '../variables';
import { templateUrl } from './fields';

async function checkVariables(ctx: HookContext, data: Record<string, unknown>) {
  await assertTemplateVariables(ctx.tx, ctx.scope.tenantId, {
    title: data.title as string | undefined,
    body: data.body as string | undefined,
    urlText: data.urlText as string | undefined,
    url: data.url as string | undefined,
  });
  return data;
}

/** Web push templates: title, body, icon, image and a link with its button text. */
export const pushTemplatesResource = defineResource({
  path: 'marketing/push-templates',
  module: 'marketing-channels',
  table: marketingPushTemplates,
  label: { singular: 'Push template', plural: 'Push templates' },
  input: {
    name: (s) => s.trim().min(1).max(120),
    title: (s) => s.trim().min(1, 'Write a title').max(65),
    body: (s) => s.trim().min(1, 'Write the message').max(240),
    iconUrl: templateUrl,
    imageUrl: templateUrl,
    urlText: (s) => s.trim().max(30),
    url: templateUrl,
  },
  list: { search: ['name', 'title'], sort: ['name'] },
  ui: { title: 'name', columns: ['name', 'title', 'body', 'urlText'] },
  fields: {
    body: { widget: 'textarea' },
    iconUrl: { label: 'Icon', help: 'A square image, 192×192 pixels' },
    imageUrl: { label: 'Image', help: 'A large image shown under the text (2:1)' },
    urlText: { label: 'Button text' },
    url: { label: 'Link', help: 'Where a click goes' },
  },
  hooks: { beforeWrite: checkVariables },
  examples: [
    {
      name: 'Monsoon sale',
      title: 'Monsoon sale: 20% off roofing sheets',
      body: 'Keep the rain out for less. Offer ends Sunday.',
      iconUrl: 'https://demo.atrium.local/icons/icon-192.png',
      imageUrl: 'https://demo.atrium.local/images/monsoon-sale.jpg',
      urlText: 'Shop now',
      url: 'https://demo.atrium.local/shop/roofing',
    },
  ],
});
