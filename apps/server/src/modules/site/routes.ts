import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readMultipart } from '../../kernel/compat';
import { errors, idParams, readAsVisitor, registerPublicViews, type Scope, tenantFilter, tenantRoutes } from '../../kernel/resources';
import type { StoredFile } from '../../kernel/storage';
import { documentsView, sitePublicViews } from './public-views';
import { productIdsSchema } from './resources/projects';
import { subscribersResource } from './resources/subscribers';
import { type Image, INBOUND_STATUS } from './schemas';
import { sendDocument } from './services/documents';
import { confirmResubscription, unsubscribe } from './services/forms';
import { addEventPastImages, addProjectImages, addProjectProducts } from './services/galleries';
import { incomingImages, thumbnails } from './services/media';
import { REPLYABLE_LISTS, replyToInbound } from './services/replies';
import { unsubscribePath } from './services/subscriptions';
import { siteDocuments } from './tables';

const community = z.object({ community: z.string().min(1).max(63) });
const byId = community.extend({ id: z.uuid() });
const tags = ['public'];

/** The public website endpoints: the declared views (public-views.ts), and the counted download. */
function publicContent(app: FastifyInstance) {
  registerPublicViews(app, sitePublicViews);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/public/:community/site/documents/:id/download',
    {
      config: { public: true },
      schema: { tags, summary: 'Download a document: the file with its name and type, or a redirect to where it is hosted', params: byId },
    },
    async (req, reply) => {
      const { doc, community } = await readAsVisitor(app, req.params.community, async (ctx) => ({
        doc: await documentsView.findIn(ctx, req.params.id),
        community: ctx.community,
      }));
      if (!doc) throw errors.notFound('Document');
      await app.db.withTenant(community.id, (tx) =>
        tx
          .update(siteDocuments)
          .set({ downloadCount: sql`${siteDocuments.downloadCount} + 1` })
          .where(and(tenantFilter(siteDocuments, community.id), eq(siteDocuments.id, req.params.id))),
      );
      return sendDocument(app, reply, community.id, community.name, doc, 'public, max-age=300', true);
    },
  );
}

/** The newsletter's signed links (the website's forms themselves are the kit's: services/forms.ts, `publicForms`). */
function publicForms(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/public/:community/site/subscribers/unsubscribe',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Unsubscribe through the signed link of a mail',
        params: community,
        querystring: z.object({ email: z.string().trim().min(3).max(254), sig: z.string().min(1).max(200) }),
      },
    },
    async (req) => ({ data: await unsubscribe(app, req.params.community, req.query.email, req.query.sig) }),
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/public/:community/site/subscribers/confirm',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Confirm a re-subscription through the signed link mailed to the address (double opt-in)',
        params: community,
        querystring: z.object({
          email: z.string().trim().min(3).max(254),
          expires: z.coerce
            .number()
            .int()
            .min(0)
            .max(2 ** 40),
          sig: z.string().min(1).max(200),
        }),
      },
    },
    async (req) => ({
      data: await confirmResubscription(app, req.params.community, req.query.email, req.query.expires, req.query.sig),
    }),
  );
}

/** Console routes beyond CRUD: uploads with thumbnails, galleries, products of a project. */
function consoleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const write = { access: 'site:write' } as const;
  const siteTags = ['site'];
  const { scope } = tenantRoutes(app);
  /** A route adding images to a record's gallery, sent as multipart files or JSON { images }. */
  const galleryRoute = (path: string, summary: string, add: (scope: Scope, id: string, images: Image[]) => Promise<unknown>) =>
    r.post(path, { config: write, schema: { tags: siteTags, summary, params: idParams } }, async (req) => {
      const { images } = await incomingImages(req, (req.body as Record<string, unknown>) ?? {});
      return { data: await add(scope(req), req.params.id, images) };
    });

  r.post(
    '/api/v1/site/uploads',
    {
      config: write,
      schema: {
        tags: siteTags,
        summary: 'Upload website images and files (multipart); images get a 400px WebP thumbnail',
        consumes: ['multipart/form-data'],
      },
    },
    async (req, reply) => {
      const { files } = (await readMultipart(app, req)) as { files: StoredFile[] };
      if (files.length === 0) throw errors.validation({ file: 'Attach at least one file' });
      return reply.code(201).send({ data: await thumbnails(app, req.auth!.tenantId, files, req.auth!.userId) });
    },
  );

  galleryRoute(
    '/api/v1/site/projects/:id/images',
    "Add images to a project's gallery (multipart files or JSON { images })",
    addProjectImages,
  );

  r.post(
    '/api/v1/site/projects/:id/products',
    {
      config: write,
      schema: {
        tags: siteTags,
        summary: 'Link products to a project (replace: true sets the list)',
        params: idParams,
        body: z.object({ productIds: productIdsSchema, replace: z.boolean().default(false) }).strict(),
      },
    },
    async (req) => ({ data: await addProjectProducts(scope(req), req.params.id, req.body.productIds, req.body.replace) }),
  );

  galleryRoute(
    '/api/v1/site/events/:id/past-images',
    'Add photos taken at an event (multipart files or JSON { images })',
    addEventPastImages,
  );

  r.post(
    '/api/v1/site/inbound/:list/:id/reply',
    {
      config: write,
      schema: {
        tags: siteTags,
        summary: 'Reply by email to the visitor behind an inbound record (get-in-touch, design support, careers, …)',
        params: z.object({ list: z.enum(REPLYABLE_LISTS), id: z.uuid() }),
        body: z
          .object({
            subject: z.string().trim().min(1).max(200),
            message: z.string().trim().min(1).max(20_000),
            status: z.enum(INBOUND_STATUS).optional(),
          })
          .strict(),
      },
    },
    async (req) => ({ data: await replyToInbound(app, scope(req), req.params.list, req.params.id, req.body) }),
  );

  r.get(
    '/api/v1/site/subscribers/:id/unsubscribe-link',
    { config: { access: 'site:read' }, schema: { tags: siteTags, summary: "A subscriber's signed unsubscribe link", params: idParams } },
    async (req) => {
      const subscriber = await subscribersResource.get(scope(req), req.params.id);
      return { data: { url: unsubscribePath(app.config.jwtSecret, req.auth!.community, String(subscriber.email)) } };
    },
  );
}

export async function siteRoutes(app: FastifyInstance) {
  publicContent(app);
  publicForms(app);
  consoleRoutes(app);
}
