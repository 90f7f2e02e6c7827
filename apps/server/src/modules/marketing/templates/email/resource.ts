import { type Db, defineResource, errors, type HookContext } from '../../../../kernel/resources';
import { marketingEmailTemplates } from '../../tables/templates';
import { assertTemplateVariables } from '../check';
import { designInput, type EmailDesign, parseDesign } from './design';
import { layoutByKey } from './layouts';
import { compileEmail, designFields } from './render';

/**
 * Checks and renders an email at save: every merge tag must be known (400 naming the field, e.g.
 * design.blocks.2.html, and the variable), then the design is compiled to HTML and text, stored
 * with the variables they use, so that sending is only filling in values.
 */
export async function prepareEmail({ tx, scope, existing }: Pick<HookContext, 'tx' | 'scope' | 'existing'>, data: Record<string, unknown>) {
  const touched = !existing || 'design' in data || 'subject' in data || 'preheader' in data;
  if (!touched) return data;
  const subject = String(data.subject ?? existing?.subject ?? '');
  const preheader = String(data.preheader ?? existing?.preheader ?? '');
  const design = (data.design ?? storedDesign(existing?.design)) as EmailDesign;
  return { ...data, ...(await compileDraft(tx, scope.tenantId, { subject, preheader, design })) };
}

/** Checks a draft's merge tags (400 naming the field and the variable) and compiles it: a save, a preview, a test send. */
export async function compileDraft(tx: Db, tenantId: string, draft: { subject: string; preheader: string; design: EmailDesign }) {
  const { subject, preheader, design } = draft;
  await assertTemplateVariables(tx, tenantId, { subject, preheader, ...designFields(design) });
  return compileEmail(design, { subject, preheader });
}

/**
 * The saved design a change of subject or preheader renders again. A row written some other way (an
 * import, SQL) may hold one that no longer reads as a design: that is the caller's to fix, a 400 on
 * `design` asking for one with the change, never a crash in the renderer.
 */
function storedDesign(stored: unknown): EmailDesign {
  const result = parseDesign(stored);
  if ('design' in result) return result.design;
  throw errors.validation(
    { design: `The saved design cannot be read (${result.problems[0]?.message ?? 'not a design'}): send a design with this change` },
    'This template needs a design',
  );
}

/** Email templates: a block design over a starter layout, rendered to responsive HTML and text at save. */
export const emailTemplatesResource = defineResource({
  path: 'marketing/email-templates',
  module: 'marketing-templates',
  table: marketingEmailTemplates,
  label: { singular: 'Email template', plural: 'Email templates' },
  readOnly: ['html', 'text', 'variables'],
  input: {
    name: (s) => s.trim().min(1).max(120),
    subject: (s) => s.trim().min(1).max(200),
    preheader: (s) => s.trim().max(200),
    design: () => designInput,
  },
  list: {
    search: ['name', 'subject'],
    filters: ['layout', 'variables', 'updatedAt'],
    sort: ['name', 'updatedAt'],
    defaultSort: '-updatedAt',
  },
  fields: {
    layout: {
      label: 'Starter layout',
      options: Object.fromEntries(['layout-1', 'layout-2', 'layout-3', 'layout-4'].map((k) => [k, { label: layoutByKey(k)?.name }])),
    },
    preheader: { help: 'The line inbox previews show after the subject' },
    design: { widget: 'json' },
    html: { widget: 'textarea', label: 'HTML' },
    text: { widget: 'textarea', label: 'Plain text' },
    variables: { widget: 'tags', label: 'Variables used' },
  },
  ui: { title: 'name', columns: ['name', 'subject', 'layout', 'updatedAt'] },
  hooks: { beforeWrite: (ctx, data) => prepareEmail(ctx, data) },
  examples: [
    {
      name: 'Showroom visit thank-you',
      subject: 'Thank you for visiting, {{ first_name }}',
      preheader: 'Your samples and quote are on their way',
      layout: 'layout-1',
      design: {
        version: 1,
        blocks: [
          { id: 'header', type: 'header', title: '{{ business_name }}', align: 'center' },
          {
            id: 'intro',
            type: 'text',
            html: '<p>Hi {{ first_name }},</p><p>Thank you for visiting our showroom. The tile and panel samples you chose are packed and leave our warehouse this week; your quote follows within two working days.</p>',
          },
          { id: 'cta', type: 'button', label: 'Book a follow-up visit', href: 'https://www.eurobuildingproducts.example/showroom' },
          { id: 'sign-off', type: 'text', html: '<p>Warm regards,<br>The {{ business_name }} team</p>' },
          { id: 'footer', type: 'footer', html: '<p>You receive this because you visited our showroom.</p>' },
        ],
      },
    },
    {
      name: 'Monsoon facade care tips',
      subject: '{{ first_name }}, get your facade ready for the monsoon',
      preheader: 'Three checks that save repairs later',
      layout: 'layout-4',
      design: {
        version: 1,
        blocks: [
          { id: 'header', type: 'header', title: '{{ business_name }}', align: 'left' },
          {
            id: 'intro',
            type: 'text',
            html: '<h2>Before the rains</h2><p>Hi {{ first_name }}, a few minutes of checks now keep your facade dry all season.</p>',
          },
          {
            id: 'tips',
            type: 'columns',
            columns: [
              { html: '<h3>Joints</h3><p>Look for cracked sealant around panels and windows; reseal before June.</p>' },
              { html: '<h3>Drainage</h3><p>Clear gutters and weep holes so water leaves the cladding fast.</p>' },
            ],
          },
          { id: 'divider', type: 'divider' },
          { id: 'cta', type: 'button', label: 'Ask for an inspection', href: 'mailto:service@eurobuildingproducts.example' },
          { id: 'footer', type: 'footer' },
        ],
      },
    },
  ],
});
