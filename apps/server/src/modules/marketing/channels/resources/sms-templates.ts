import { defineResource, type HookContext } from '../../../../kernel/resources';
import { marketingSmsTemplates } from '../../tables/channels';
import { countSms } from '../sms-counter';
import { assertTemplateVariables } from '../variables';

/** Merge tags checked, and the body counted (encoding, characters, segments) as it is saved. */
async function countAndCheck(ctx: HookContext, data: Record<string, unknown>) {
  if (data.body === undefined) return data;
  const body = String(data.body);
  await assertTemplateVariables(ctx.tx, ctx.scope.tenantId, { body });
  const count = countSms(body);
  return { ...data, encoding: count.encoding, characters: count.characters, segments: count.segments };
}

/** SMS templates: a Liquid body counted in GSM-7 or UCS-2 segments, a sender id and a DLT template id. */
export const smsTemplatesResource = defineResource({
  path: 'marketing/sms-templates',
  module: 'marketing-channels',
  table: marketingSmsTemplates,
  label: { singular: 'SMS template', plural: 'SMS templates' },
  input: {
    name: (s) => s.trim().min(1).max(120),
    body: (s) => s.min(1, 'Write the message').max(1600),
    senderId: (s) =>
      s
        .trim()
        .max(15)
        .regex(/^(?:[A-Za-z0-9 ]{1,11}|\+?[0-9]{3,15})?$/, 'Up to 11 letters and digits, or a number'),
    dltTemplateId: (s) =>
      s
        .trim()
        .max(30)
        .regex(/^[0-9]*$/, 'Digits only (the id the DLT portal gave)'),
  },
  readOnly: ['encoding', 'characters', 'segments'],
  list: { search: ['name', 'body'], filters: ['encoding'], sort: ['name'] },
  ui: { title: 'name', columns: ['name', 'body', 'encoding', 'segments', 'senderId', 'dltTemplateId'] },
  fields: {
    body: { widget: 'textarea', help: 'Merge tags like {{ first_name }}; the counter shows GSM-7 or Unicode segments' },
    senderId: { label: 'Sender id', help: 'Empty: the sender id of the SMS settings' },
    dltTemplateId: { label: 'DLT template id', help: 'The id the template is registered under (India)' },
    encoding: { options: { gsm7: { label: 'GSM-7', color: 'green' }, ucs2: { label: 'Unicode (UCS-2)', color: 'yellow' } } },
  },
  hooks: { beforeWrite: countAndCheck },
  examples: [
    {
      name: 'Order shipped',
      body: 'Your order is on its way. Track it on our website. Reply STOP to opt out.',
      senderId: 'ATRIUM',
      dltTemplateId: '1107161234567890123',
    },
  ],
});
