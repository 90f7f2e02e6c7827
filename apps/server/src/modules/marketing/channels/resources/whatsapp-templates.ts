import { z } from 'zod';
import { outboundFor } from '../../../../kernel/messaging';
import { defineResource, errors, type HookContext, type Row } from '../../../../kernel/resources';
import { marketingWhatsappTemplates, type WhatsappButton } from '../../tables/channels';
import { BUILT_IN_VARIABLES } from '../../variables/engine';
import { MEDIA_HEADERS } from '../providers/whatsapp-cloud';
import { declaredVariables } from '../variables';
import { templateUrl } from './fields';

const button = z.discriminatedUnion('type', [
  z.object({ type: z.literal('quick_reply'), text: z.string().trim().min(1).max(25) }),
  z.object({ type: z.literal('url'), text: z.string().trim().min(1).max(25), url: z.url({ protocol: /^https$/ }).max(2000) }),
  z.object({
    type: z.literal('phone'),
    text: z.string().trim().min(1).max(25),
    phone: z
      .string()
      .trim()
      .regex(/^\+[1-9][0-9]{6,14}$/, 'A number in international form (+91…)'),
  }),
]);

/** `{{1}}`, `{{ 2 }}`: the numbered variables of a WhatsApp text, in order of first appearance. */
export function numberedVariables(text: string | null | undefined): number[] {
  return [...new Set([...(text ?? '').matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => Number(m[1])))];
}

/** What Meta requires of a template's parts, checked as a whole (a PATCH is merged over the record first). */
async function checkTemplate(ctx: HookContext, data: Record<string, unknown>) {
  const t = { ...(ctx.existing ?? {}), ...data } as Row & {
    headerType: string;
    headerText: string | null;
    headerImageUrl: string | null;
    body: string;
    buttons: WhatsappButton[];
    variableMap: Record<string, string>;
  };
  const problems: Record<string, string> = {};
  if (t.headerType === 'text' && !t.headerText) problems.headerText = 'A text header needs its text';
  const media = MEDIA_HEADERS[t.headerType as keyof typeof MEDIA_HEADERS];
  if (media && !t.headerImageUrl) problems.headerImageUrl = `A ${t.headerType} header needs the address of ${media.what}`;
  // The server reads the media to upload it to Meta: an address it may call (public https).
  if (media && t.headerImageUrl && 'headerImageUrl' in data) {
    const refused = await outboundFor(ctx.scope.db).check(t.headerImageUrl);
    if (refused) problems.headerImageUrl = refused;
  }
  if (numberedVariables(t.headerText).some((n) => n !== 1)) problems.headerText = 'A header holds at most one variable, {{1}}';
  const numbers = numberedVariables(t.body);
  const sorted = [...numbers].sort((a, b) => a - b);
  if (sorted.some((n, i) => n !== i + 1)) problems.body = 'Number the variables {{1}}, {{2}} … without gaps';
  if (/\{\{\s*[^\d\s}]/.test(t.body)) problems.body = 'WhatsApp templates use numbered variables ({{1}}); map them to merge tags below';
  const buttons = t.buttons ?? [];
  if (buttons.filter((b) => b.type === 'url').length > 2) problems.buttons = 'At most two link buttons';
  if (buttons.filter((b) => b.type === 'phone').length > 1) problems.buttons = 'At most one phone button';
  const known = new Set([...(await declaredVariables(ctx.tx, ctx.scope.tenantId)), ...BUILT_IN_VARIABLES]);
  const map = t.variableMap ?? {};
  const missing = numbers.filter((n) => !map[String(n)]);
  if (missing.length > 0) problems.variableMap = `Choose a merge variable for {{${missing.join('}}, {{')}}}`;
  const unknown = Object.values(map).filter((name) => !known.has(name));
  if (unknown.length > 0) problems.variableMap = `Unknown variable${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`;
  if (Object.keys(problems).length > 0) throw errors.validation(problems, Object.values(problems)[0]);
  // A changed template must be approved again.
  const content = ['category', 'language', 'headerType', 'headerText', 'headerImageUrl', 'body', 'footer', 'buttons'];
  if (ctx.existing && ctx.existing.status !== 'draft' && content.some((k) => k in data)) return { ...data, status: 'draft' };
  return data;
}

/** WhatsApp templates: Meta's message templates, submitted for approval and synced from the provider. */
export const whatsappTemplatesResource = defineResource({
  path: 'marketing/whatsapp-templates',
  module: 'marketing-channels',
  table: marketingWhatsappTemplates,
  label: { singular: 'WhatsApp template', plural: 'WhatsApp templates' },
  input: {
    name: (s) =>
      s
        .trim()
        .min(1)
        .max(512)
        .regex(/^[a-z0-9_]+$/, 'Lower-case letters, digits and underscores (order_update)'),
    language: (s) => s.trim().regex(/^[a-z]{2,3}(?:_[A-Z]{2})?$/, 'A WhatsApp language code (en, en_US, hi)'),
    headerText: (s) => s.trim().max(60),
    headerImageUrl: templateUrl,
    body: (s) => s.trim().min(1, 'Write the message').max(1024),
    footer: (s) => s.trim().max(60),
    buttons: () => z.array(button).max(10),
    variableMap: () =>
      z.record(z.string().regex(/^[1-9][0-9]?$/, 'A variable number'), z.string().regex(/^[a-z][a-z0-9_]*$/, 'A merge variable name')),
  },
  readOnly: ['status', 'providerTemplateId', 'rejectionReason', 'syncedAt'],
  list: { search: ['name', 'body'], filters: ['status', 'category', 'language'], sort: ['name'] },
  ui: { title: 'name', columns: ['name', 'category', 'language', 'status', 'syncedAt'] },
  fields: {
    category: {
      options: { marketing: { label: 'Marketing' }, utility: { label: 'Utility' }, authentication: { label: 'Authentication' } },
    },
    headerType: {
      label: 'Header',
      options: {
        none: { label: 'None' },
        text: { label: 'Text' },
        image: { label: 'Image' },
        video: { label: 'Video' },
        document: { label: 'Document' },
      },
    },
    headerImageUrl: {
      label: 'Header media',
      widget: 'url',
      help: 'The https address of the image (JPEG, PNG up to 5 MB), video (MP4) or document (PDF) up to 16 MB: uploaded to Meta when the template is submitted',
    },
    body: { widget: 'textarea', help: 'Numbered variables {{1}}, {{2}} …, mapped to merge variables' },
    buttons: { widget: 'json', help: 'Quick replies, links (https) and a phone number' },
    variableMap: { label: 'Variables', widget: 'json', help: '{ "1": "first_name" }: the merge variable each number takes' },
    status: {
      options: {
        draft: { label: 'Draft', color: 'gray' },
        pending: { label: 'Pending approval', color: 'yellow' },
        approved: { label: 'Approved', color: 'green' },
        rejected: { label: 'Rejected', color: 'red' },
        paused: { label: 'Paused', color: 'yellow' },
        disabled: { label: 'Disabled', color: 'red' },
      },
    },
  },
  hooks: { beforeWrite: checkTemplate },
  examples: [
    {
      name: 'order_update',
      category: 'utility',
      language: 'en',
      headerType: 'text',
      headerText: 'Your order',
      body: 'Your order has shipped. Questions? Reply to this message.',
      footer: 'Atrium Building Products',
      buttons: [{ type: 'quick_reply', text: 'Talk to us' }],
      variableMap: {},
    },
  ],
});
