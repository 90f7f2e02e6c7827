import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, publicBaseUrl, tenantRoutes } from '../../../kernel/resources';
import { designInput } from './email/design';
import { layoutLibrary, previewDraft, previewSaved, testSend } from './email/service';
import { variableExamples } from './samples';

const tags = ['marketing'];
const read = { access: 'marketing-templates:read' } as const;
const write = { access: 'marketing-templates:write' } as const;

const draft = z.strictObject({
  subject: z.string().trim().min(1).max(200),
  preheader: z.string().trim().max(200).default(''),
  design: designInput,
});
const recipient = z.email('Enter a valid email address').max(254);

const rendered = z.object({
  data: z.object({ subject: z.string(), preheader: z.string(), html: z.string(), text: z.string(), variables: z.array(z.string()) }),
});

/** Templates beyond CRUD: the variables' picker, previews, test sends and the starter layouts. */
export async function templatesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { scope, inTx } = tenantRoutes(app);

  r.get(
    '/api/v1/marketing/variables/dropdown',
    {
      config: read,
      schema: {
        tags,
        summary: "Every variable templates may use (the community's and the standard ones), with the example a preview shows",
      },
    },
    async (req) => ({ data: await inTx(req, (tx, s) => variableExamples(app, tx, s)) }),
  );

  r.get(
    '/api/v1/marketing/email-layouts',
    { config: read, schema: { tags, summary: 'The four starter layouts (installation-wide), each with a preview in your values' } },
    async (req) => ({ data: await layoutLibrary(app, scope(req), publicBaseUrl(app, req)) }),
  );

  r.post(
    '/api/v1/marketing/email-templates/preview',
    {
      config: read,
      schema: {
        tags,
        summary: 'Render an unsaved email (checked as a save would be) with sample values: HTML and plain text',
        body: draft,
        response: { 200: rendered },
      },
    },
    async (req) => ({ data: await previewDraft(app, scope(req), req.body, publicBaseUrl(app, req)) }),
  );

  r.get(
    '/api/v1/marketing/email-templates/:id/preview',
    { config: read, schema: { tags, summary: 'A saved email template with sample values', params: idParams, response: { 200: rendered } } },
    async (req) => ({ data: await previewSaved(app, scope(req), req.params.id, publicBaseUrl(app, req)) }),
  );

  const sent = z.object({ data: z.object({ outboxId: z.string(), to: z.string(), subject: z.string() }) });
  r.post(
    '/api/v1/marketing/email-templates/:id/test-send',
    {
      config: write,
      schema: {
        tags,
        summary: 'Send a saved template once to an address, marked [Test], through the installation’s mail',
        params: idParams,
        body: z.strictObject({ to: recipient }),
        response: { 200: sent },
      },
    },
    async (req) => ({ data: await testSend(app, scope(req), { id: req.params.id }, req.body.to, publicBaseUrl(app, req)) }),
  );

  r.post(
    '/api/v1/marketing/email-templates/test-send',
    {
      config: write,
      schema: {
        tags,
        summary: 'Send an unsaved email once to an address, marked [Test]',
        body: draft.extend({ to: recipient }),
        response: { 200: sent },
      },
    },
    async (req) => {
      const { to, ...email } = req.body;
      return { data: await testSend(app, scope(req), { draft: email }, to, publicBaseUrl(app, req)) };
    },
  );
}
