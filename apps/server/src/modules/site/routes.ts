import { and, asc, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readMultipart } from '../../kernel/compat';
import { type Db, errors, requireCommunity, scopeOf, tenantFilter } from '../../kernel/resources';
import type { StoredFile } from '../../kernel/storage';
import { productIdsSchema } from './resources/projects';
import { subscribersResource } from './resources/subscribers';
import { INBOUND_STATUS } from './schemas';
import { sendDocument } from './services/documents';
import {
  catalogueDownloadForm,
  designSupportForm,
  eventRegistrationForm,
  FORM_BODY_LIMIT,
  getInTouchForm,
  handleCareers,
  handleForm,
  subscribeForm,
  unsubscribe,
} from './services/forms';
import { addEventPastImages, addProjectImages, addProjectProducts, withProducts } from './services/galleries';
import { incomingImages, thumbnails } from './services/media';
import { PRODUCT_SORTS, productTaxonomy, searchProducts } from './services/products';
import { REPLYABLE_LISTS, replyToInbound } from './services/replies';
import { unsubscribePath } from './services/subscriptions';
import { columnsOf, containsPattern, findBy, pageOf, visible } from './services/visibility';
import {
  siteBanners,
  siteBlogCategories,
  siteBlogs,
  siteCatalogues,
  siteContactDetails,
  siteDocuments,
  siteEvents,
  siteInvestorDocuments,
  siteProductCategories,
  siteProductSubcategories,
  siteProducts,
  siteProjects,
} from './tables';

const community = z.object({ community: z.string().min(1).max(63) });
const bySlug = community.extend({ slug: z.string().min(1).max(200) });
const byId = community.extend({ id: z.uuid() });
const paging = {
  limit: z.coerce.number().int().min(1).max(100).default(24),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
};
const ids = z
  .string()
  .max(2000)
  .transform((v) => v.split(',').filter(Boolean))
  .pipe(z.array(z.uuid('Not a valid id')).max(50));
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
const tags = ['public'];
const CACHE = 'public, max-age=60';

/** Runs `fn` in the named community's transaction (row-level security on), or 404. */
async function inCommunity<T>(app: FastifyInstance, name: string, fn: (tx: Db, tenantId: string, community: string) => Promise<T>) {
  const c = await requireCommunity(app.db, name);
  return app.db.withTenant(c.id, (tx) => fn(tx, c.id, c.name));
}

const cached = (reply: FastifyReply, body: unknown) => reply.header('cache-control', CACHE).send(body);

/** A catalogue behind the download form does not show its file link. */
const gateCatalogue = (c: Record<string, unknown>) => (c.requiresDetails ? { ...c, fileUrl: null } : c);

/** The public website endpoints: published content only, no sign-in. */
function publicContent(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pub = { public: true } as const;

  r.get(
    '/public/:community/site/banners',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Published banners of a page',
        params: community,
        querystring: z.object({ placement: z.enum(['home', 'products', 'projects', 'blogs', 'events']).default('home') }),
      },
    },
    async (req, reply) => {
      const data = await inCommunity(app, req.params.community, (tx, tenantId) =>
        tx
          .select(columnsOf(siteBanners))
          .from(siteBanners)
          .where(and(tenantFilter(siteBanners, tenantId), visible(siteBanners), eq(siteBanners.placement, req.query.placement)))
          .orderBy(asc(siteBanners.sortOrder), asc(siteBanners.id))
          .limit(50),
      );
      return cached(reply, { data });
    },
  );

  r.get(
    '/public/:community/site/blog-categories',
    { config: pub, schema: { tags, summary: 'Blog categories', params: community } },
    async (req, reply) => {
      const data = await inCommunity(app, req.params.community, (tx, tenantId) =>
        tx
          .select(columnsOf(siteBlogCategories))
          .from(siteBlogCategories)
          .where(and(tenantFilter(siteBlogCategories, tenantId), eq(siteBlogCategories.active, true)))
          .orderBy(asc(siteBlogCategories.sortOrder), asc(siteBlogCategories.name)),
      );
      return cached(reply, { data });
    },
  );

  r.get(
    '/public/:community/site/blogs',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Published blog posts, newest first (without their body)',
        params: community,
        querystring: z.object({
          q: z.string().trim().max(200).optional(),
          categoryId: z.uuid().optional(),
          featured: flag.optional(),
          ...paging,
        }),
      },
    },
    async (req, reply) => {
      const { q, categoryId, featured, limit, offset } = req.query;
      const pattern = q ? containsPattern(q) : undefined;
      const page = await inCommunity(app, req.params.community, (tx, tenantId) =>
        pageOf(tx, tenantId, siteBlogs, {
          where: [
            visible(siteBlogs),
            categoryId ? eq(siteBlogs.categoryId, categoryId) : undefined,
            featured === undefined ? undefined : eq(siteBlogs.featured, featured),
            pattern ? or(sql`${siteBlogs.title} ilike ${pattern}`, sql`${siteBlogs.excerpt} ilike ${pattern}`) : undefined,
          ],
          orderBy: [desc(siteBlogs.publishAt), desc(siteBlogs.id)],
          limit,
          offset,
          omit: ['body'],
        }),
      );
      return cached(reply, page);
    },
  );

  r.get(
    '/public/:community/site/blogs/:slug',
    { config: pub, schema: { tags, summary: 'A published blog post', params: bySlug } },
    async (req, reply) => {
      const data = await inCommunity(app, req.params.community, async (tx, tenantId) => {
        const post = await findBy(tx, tenantId, siteBlogs, siteBlogs.slug, req.params.slug, [visible(siteBlogs)]);
        if (!post) throw errors.notFound('Blog post');
        const category = post.categoryId
          ? await findBy(tx, tenantId, siteBlogCategories, siteBlogCategories.id, post.categoryId as string)
          : null;
        return { ...post, category: category ? { id: category.id, name: category.name, slug: category.slug } : null };
      });
      return cached(reply, { data });
    },
  );

  r.get(
    '/public/:community/site/product-categories',
    { config: pub, schema: { tags, summary: 'Active product categories with their subcategories', params: community } },
    async (req, reply) => {
      const data = await inCommunity(app, req.params.community, async (tx, tenantId) => {
        const cats = await tx
          .select(columnsOf(siteProductCategories))
          .from(siteProductCategories)
          .where(and(tenantFilter(siteProductCategories, tenantId), eq(siteProductCategories.active, true)))
          .orderBy(asc(siteProductCategories.sortOrder), asc(siteProductCategories.name));
        const subs = await tx
          .select(columnsOf(siteProductSubcategories))
          .from(siteProductSubcategories)
          .where(and(tenantFilter(siteProductSubcategories, tenantId), eq(siteProductSubcategories.active, true)))
          .orderBy(asc(siteProductSubcategories.sortOrder), asc(siteProductSubcategories.name));
        return cats.map((c) => ({ ...c, subcategories: subs.filter((s) => s.categoryId === c.id) }));
      });
      return cached(reply, { data });
    },
  );

  r.get(
    '/public/:community/site/products',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Published products (without the long description): search by name or code, filter by category and subcategory',
        params: community,
        querystring: z.object({
          q: z.string().trim().max(200).optional(),
          categoryId: ids.optional(),
          subcategoryId: ids.optional(),
          featured: flag.optional(),
          sort: z.enum(PRODUCT_SORTS).default('sortOrder'),
          ...paging,
        }),
      },
    },
    async (req, reply) => {
      const { q, categoryId, subcategoryId, featured, sort, limit, offset } = req.query;
      const page = await inCommunity(app, req.params.community, (tx, tenantId) =>
        searchProducts(tx, tenantId, {
          q,
          categoryId,
          subcategoryId,
          featured,
          sort,
          limit,
          offset,
          publishedOnly: true,
          omit: ['description'],
        }),
      );
      return cached(reply, page);
    },
  );

  r.get(
    '/public/:community/site/products/:slug',
    { config: pub, schema: { tags, summary: 'A published product by slug (or code)', params: bySlug } },
    async (req, reply) => {
      const data = await inCommunity(app, req.params.community, async (tx, tenantId) => {
        const product =
          (await findBy(tx, tenantId, siteProducts, siteProducts.slug, req.params.slug, [visible(siteProducts)])) ??
          (await findBy(tx, tenantId, siteProducts, siteProducts.code, req.params.slug, [visible(siteProducts)]));
        if (!product) throw errors.notFound('Product');
        const [withTaxonomy] = await productTaxonomy(tx, tenantId, [product]);
        const documents = await tx
          .select({ id: siteDocuments.id, title: siteDocuments.title, type: siteDocuments.type, fileName: siteDocuments.fileName })
          .from(siteDocuments)
          .where(
            and(
              tenantFilter(siteDocuments, tenantId),
              eq(siteDocuments.productId, product.id as string),
              visible(siteDocuments),
              eq(siteDocuments.downloadable, true),
            ),
          )
          .orderBy(asc(siteDocuments.sortOrder));
        const community = req.params.community;
        return {
          ...withTaxonomy,
          downloads: documents.map((d) => ({ ...d, downloadUrl: `/public/${community}/site/documents/${d.id}/download` })),
        };
      });
      return cached(reply, { data });
    },
  );

  r.get(
    '/public/:community/site/projects',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Published reference projects',
        params: community,
        querystring: z.object({ categoryId: z.uuid().optional(), featured: flag.optional(), ...paging }),
      },
    },
    async (req, reply) => {
      const { categoryId, featured, limit, offset } = req.query;
      const page = await inCommunity(app, req.params.community, (tx, tenantId) =>
        pageOf(tx, tenantId, siteProjects, {
          where: [
            visible(siteProjects),
            categoryId ? eq(siteProjects.categoryId, categoryId) : undefined,
            featured === undefined ? undefined : eq(siteProjects.featured, featured),
          ],
          orderBy: [asc(siteProjects.sortOrder), desc(siteProjects.completedOn), asc(siteProjects.id)],
          limit,
          offset,
          omit: ['description'],
        }),
      );
      return cached(reply, page);
    },
  );

  r.get(
    '/public/:community/site/projects/:slug',
    { config: pub, schema: { tags, summary: 'A published project with the products used', params: bySlug } },
    async (req, reply) => {
      const data = await inCommunity(app, req.params.community, async (tx, tenantId) => {
        const project = await findBy(tx, tenantId, siteProjects, siteProjects.slug, req.params.slug, [visible(siteProjects)]);
        if (!project) throw errors.notFound('Project');
        return withProducts(tx, { tenantId }, project, true);
      });
      return cached(reply, { data });
    },
  );

  r.get(
    '/public/:community/site/events',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Published events: upcoming (soonest first) or past (latest first)',
        params: community,
        querystring: z.object({ when: z.enum(['upcoming', 'past', 'all']).default('upcoming'), ...paging }),
      },
    },
    async (req, reply) => {
      const { when, limit, offset } = req.query;
      const now = new Date();
      const end = sql`coalesce(${siteEvents.endsAt}, ${siteEvents.startsAt})`;
      const page = await inCommunity(app, req.params.community, (tx, tenantId) =>
        pageOf(tx, tenantId, siteEvents, {
          where: [visible(siteEvents), when === 'upcoming' ? gte(end, now) : when === 'past' ? lt(end, now) : undefined],
          orderBy: when === 'upcoming' ? [asc(siteEvents.startsAt), asc(siteEvents.id)] : [desc(siteEvents.startsAt), desc(siteEvents.id)],
          limit,
          offset,
          omit: ['description'],
        }),
      );
      return cached(reply, page);
    },
  );

  r.get(
    '/public/:community/site/events/:slug',
    { config: pub, schema: { tags, summary: 'A published event', params: bySlug } },
    async (req, reply) => {
      const data = await inCommunity(app, req.params.community, async (tx, tenantId) => {
        const event = await findBy(tx, tenantId, siteEvents, siteEvents.slug, req.params.slug, [visible(siteEvents)]);
        if (!event) throw errors.notFound('Event');
        const ends = (event.endsAt ?? event.startsAt) as Date;
        return { ...event, registrationOpen: Boolean(event.registrationOpen) && ends.getTime() >= Date.now() };
      });
      return cached(reply, { data });
    },
  );

  r.get(
    '/public/:community/site/catalogues',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Published catalogues (a gated catalogue has no fileUrl: download it through the form)',
        params: community,
        querystring: z.object({ language: z.string().max(10).optional() }),
      },
    },
    async (req, reply) => {
      const data = await inCommunity(app, req.params.community, (tx, tenantId) =>
        tx
          .select(columnsOf(siteCatalogues, ['downloadCount']))
          .from(siteCatalogues)
          .where(
            and(
              tenantFilter(siteCatalogues, tenantId),
              visible(siteCatalogues),
              req.query.language ? eq(siteCatalogues.language, req.query.language) : undefined,
            ),
          )
          .orderBy(asc(siteCatalogues.sortOrder), asc(siteCatalogues.title))
          .limit(200),
      );
      return cached(reply, { data: data.map(gateCatalogue) });
    },
  );

  r.get(
    '/public/:community/site/documents',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Published downloadable documents',
        params: community,
        querystring: z.object({
          type: z.string().max(40).optional(),
          productId: z.uuid().optional(),
          q: z.string().trim().max(200).optional(),
          ...paging,
        }),
      },
    },
    async (req, reply) => {
      const { type, productId, q, limit, offset } = req.query;
      const page = await inCommunity(app, req.params.community, async (tx, tenantId, name) => {
        const result = await pageOf(tx, tenantId, siteDocuments, {
          where: [
            visible(siteDocuments),
            eq(siteDocuments.downloadable, true),
            type ? eq(siteDocuments.type, type as never) : undefined,
            productId ? eq(siteDocuments.productId, productId) : undefined,
            q ? sql`${siteDocuments.title} ilike ${containsPattern(q)}` : undefined,
          ],
          orderBy: [asc(siteDocuments.sortOrder), asc(siteDocuments.title), asc(siteDocuments.id)],
          limit,
          offset,
          omit: ['downloadCount'],
        });
        return {
          ...result,
          data: result.data.map((d) => ({ ...d, downloadUrl: `/public/${name}/site/documents/${d.id}/download` })),
        };
      });
      return cached(reply, page);
    },
  );

  r.get(
    '/public/:community/site/documents/:id/download',
    {
      config: pub,
      schema: { tags, summary: 'Download a document: the file with its name and type, or a redirect to where it is hosted', params: byId },
    },
    async (req, reply) => {
      const c = await requireCommunity(app.db, req.params.community);
      const doc = await app.db.withTenant(c.id, async (tx) => {
        const found = await findBy(tx, c.id, siteDocuments, siteDocuments.id, req.params.id, [
          visible(siteDocuments),
          eq(siteDocuments.downloadable, true),
        ]);
        if (!found) throw errors.notFound('Document');
        await tx
          .update(siteDocuments)
          .set({ downloadCount: sql`${siteDocuments.downloadCount} + 1` })
          .where(and(tenantFilter(siteDocuments, c.id), eq(siteDocuments.id, req.params.id)));
        return found;
      });
      return sendDocument(app, reply, c.id, c.name, doc, 'public, max-age=300', true);
    },
  );

  r.get(
    '/public/:community/site/offices',
    { config: pub, schema: { tags, summary: 'Offices, showrooms and factories', params: community } },
    async (req, reply) => {
      const data = await inCommunity(app, req.params.community, (tx, tenantId) =>
        tx
          .select(columnsOf(siteContactDetails))
          .from(siteContactDetails)
          .where(and(tenantFilter(siteContactDetails, tenantId), eq(siteContactDetails.active, true)))
          .orderBy(desc(siteContactDetails.isPrimary), asc(siteContactDetails.sortOrder), asc(siteContactDetails.name)),
      );
      return cached(reply, { data });
    },
  );

  r.get(
    '/public/:community/site/investor-documents',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Published investor-relations documents',
        params: community,
        querystring: z.object({
          categoryId: z.uuid().optional(),
          subcategoryId: z.uuid().optional(),
          financialYear: z.string().max(20).optional(),
          ...paging,
        }),
      },
    },
    async (req, reply) => {
      const { categoryId, subcategoryId, financialYear, limit, offset } = req.query;
      const t = siteInvestorDocuments;
      const page = await inCommunity(app, req.params.community, (tx, tenantId) =>
        pageOf(tx, tenantId, t, {
          where: [
            visible(t),
            categoryId ? eq(t.categoryId, categoryId) : undefined,
            subcategoryId ? eq(t.subcategoryId, subcategoryId) : undefined,
            financialYear ? eq(t.financialYear, financialYear) : undefined,
          ],
          orderBy: [desc(t.publishedOn), asc(t.sortOrder), asc(t.id)],
          limit,
          offset,
        }),
      );
      return cached(reply, page);
    },
  );
}

/** The website's forms: rate-limited, honeypot-guarded, validated; each lands in an inbound list. */
function publicForms(app: FastifyInstance) {
  const form = (path: string, summary: string, definition: Parameters<typeof handleForm>[3]) =>
    app.post(
      `/public/:community/site/${path}`,
      { config: { public: true }, bodyLimit: FORM_BODY_LIMIT, schema: { tags, summary, params: community } },
      (req, reply) => handleForm(app, req, reply, definition, req.body),
    );
  form('get-in-touch', 'Send a get-in-touch message', getInTouchForm);
  form('design-support', 'Ask the design team for help', designSupportForm);
  form('event-registrations', 'Register for an event', eventRegistrationForm);
  form('catalogue-downloads', "Leave your details and get the catalogue's link", catalogueDownloadForm);
  form('subscribers', 'Subscribe to the newsletter', subscribeForm);

  app.post(
    '/public/:community/site/careers',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Apply for a job (multipart/form-data with the CV as a file)',
        params: community,
        consumes: ['multipart/form-data'],
      },
    },
    (req, reply) => handleCareers(app, req, reply),
  );

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
}

/** Console routes beyond CRUD: uploads with thumbnails, galleries, products of a project. */
function consoleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const write = { access: 'site:write' } as const;
  const siteTags = ['site'];
  const idParams = z.object({ id: z.uuid() });
  const scope = (req: { auth: unknown }) => scopeOf(app.db, req.auth as never);

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

  r.post(
    '/api/v1/site/projects/:id/images',
    {
      config: write,
      schema: { tags: siteTags, summary: "Add images to a project's gallery (multipart files or JSON { images })", params: idParams },
    },
    async (req) => {
      const { images } = await incomingImages(req, (req.body as Record<string, unknown>) ?? {});
      return { data: await addProjectImages(scope(req), req.params.id, images) };
    },
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

  r.post(
    '/api/v1/site/events/:id/past-images',
    {
      config: write,
      schema: { tags: siteTags, summary: 'Add photos taken at an event (multipart files or JSON { images })', params: idParams },
    },
    async (req) => {
      const { images } = await incomingImages(req, (req.body as Record<string, unknown>) ?? {});
      return { data: await addEventPastImages(scope(req), req.params.id, images) };
    },
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
