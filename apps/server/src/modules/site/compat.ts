import { and, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  type CompatCall,
  type CompatEntry,
  type CompatLine,
  type CrudPaths,
  compatCrud,
  compatScope,
  compatTable,
  crudLines,
  crudPathsUnder,
  Envelope,
  firstOf,
} from '../../kernel/compat';
import { errors, parseInput, type Resource, readAsVisitor, type TenantTable, tenantFilter } from '../../kernel/resources';
import { files, type StoredFile } from '../../kernel/storage';
import { PRODUCT_SORTS, productsView } from './public-views';
import { bannersResource } from './resources/banners';
import { blogCategoriesResource } from './resources/blog-categories';
import { blogsResource } from './resources/blogs';
import { careerApplicationsResource } from './resources/career-applications';
import { catalogueDownloadsResource } from './resources/catalogue-downloads';
import { cataloguesResource } from './resources/catalogues';
import { categoriesResource } from './resources/categories';
import { citiesResource } from './resources/cities';
import { contactDetailsResource } from './resources/contact-details';
import { countriesResource } from './resources/countries';
import { designSupportResource } from './resources/design-support-requests';
import { documentsResource } from './resources/documents';
import { eventRegistrationsResource } from './resources/event-registrations';
import { eventsResource } from './resources/events';
import { getInTouchResource } from './resources/get-in-touch-messages';
import { productCategoriesResource } from './resources/product-categories';
import { productSubcategoriesResource } from './resources/product-subcategories';
import { productsResource } from './resources/products';
import { projectCategoriesResource } from './resources/project-categories';
import { projectsResource } from './resources/projects';
import { statesResource } from './resources/states';
import { subcategoriesResource } from './resources/subcategories';
import { subscribersResource } from './resources/subscribers';
import { sendDocument, storedFileId } from './services/documents';
import { addEventPastImages, addProjectImages, addProjectProducts, projectWithProducts } from './services/galleries';
import { incomingImages, requireImages, thumbnails } from './services/media';
import { productTaxonomy } from './services/products';
import { unsubscribePath } from './services/subscriptions';
import { findBy, visible } from './services/visibility';
import { siteBlogs, siteCatalogues, siteDocuments, siteEvents, siteProducts, siteProjects } from './tables';

type Crud = ReturnType<typeof compatCrud>;
type Handle = CompatEntry['handle'];

/** Resources whose seed verbs custom handlers build on (filtered lists, variants, links). */
const crud = {
  subcategories: compatCrud(subcategoriesResource),
  products: compatCrud(productsResource),
  productSubcategories: compatCrud(productSubcategoriesResource),
  subscribers: compatCrud(subscribersResource),
};

const scopeOf = compatScope;

const pick = firstOf;

/** Ids sent as a list, a comma-separated string, or objects with id/_id. */
function idList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  return items
    .map((v) => (v && typeof v === 'object' ? ((v as { id?: unknown; _id?: unknown }).id ?? (v as { _id?: unknown })._id) : v))
    .map((v) => String(v ?? '').trim())
    .filter(Boolean);
}

/**
 * A list filtered by `field`, which old clients name in several ways (categoryId, category, catid,
 * even id). Values may be one id or many; the resource validates them.
 */
function listBy(c: Crud, field: string, aliases: string[]): Handle {
  return (call) => {
    const body = { ...call.body };
    const value = pick(body, field, ...aliases);
    for (const k of [field, ...aliases]) delete body[k];
    if (value === undefined) throw errors.validation({ [field]: 'Required' });
    body[field] = idList(value).join(',');
    return c.list({ ...call, body });
  };
}

/** One record by id, or by slug (or another unique column) for the website's links. */
function single(resource: Resource, table: TenantTable, columns: Record<string, PgColumn>): Handle {
  return async (call) => {
    const scope = scopeOf(call);
    const id = z.uuid().safeParse(call.body.id);
    if (id.success) return resource.get(scope, id.data);
    for (const [field, column] of Object.entries(columns)) {
      const value = call.body[field];
      if (typeof value !== 'string' || !value) continue;
      const row = await scope.db.withTenant(scope.tenantId, (tx) => findBy(tx, scope.tenantId, table, column, value));
      if (!row) throw errors.notFound(resource.config.label.singular);
      return row;
    }
    throw errors.validation({ id: call.body.id === undefined ? 'Required' : 'Not a valid id' });
  };
}

const requiredId = (call: CompatCall, ...aliases: string[]) => {
  const value = pick(call.body, 'id', ...aliases);
  const parsed = z.uuid().safeParse(value);
  if (!parsed.success) throw errors.validation({ id: value === undefined ? 'Required' : 'Not a valid id' });
  return parsed.data;
};

// ---- products ----------------------------------------------------------------------------------

const mainGetBody = z.object({
  search: z.string().trim().max(200).optional(),
  q: z.string().trim().max(200).optional(),
  categoryId: z.array(z.uuid()).max(50).optional(),
  subcategoryId: z.array(z.uuid()).max(50).optional(),
  featured: z.boolean().optional(),
  sort: z.enum(PRODUCT_SORTS).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(24),
});

/** The website's product listing: published products only, search and category filters, paged. */
const mainGet: Handle = async (call) => {
  const b = call.body;
  const category = pick(b, 'categoryId', 'categoryIds', 'category', 'catid');
  const subcategory = pick(b, 'subcategoryId', 'subcategoryIds', 'subcategory', 'subcatid');
  const input = parseInput(mainGetBody, {
    search: b.search,
    q: b.q,
    categoryId: category === undefined ? undefined : idList(category),
    subcategoryId: subcategory === undefined ? undefined : idList(subcategory),
    featured: typeof b.featured === 'boolean' ? b.featured : undefined,
    sort: b.sort,
    page: b.page,
    limit: b.limit,
  }) as z.infer<typeof mainGetBody>;
  if (!call.auth) throw errors.unauthenticated();
  const page = await readAsVisitor(call.req.server, call.auth.community, async (ctx) => {
    const result = await productsView.listIn(ctx, {
      q: input.search ?? input.q,
      categoryId: input.categoryId,
      subcategoryId: input.subcategoryId,
      featured: input.featured === undefined ? undefined : String(input.featured),
      sort: input.sort,
      limit: input.limit,
      offset: (input.page - 1) * input.limit,
    });
    return { ...result, total: result.total ?? 0, data: await productTaxonomy(ctx.db, ctx.scope.tenantId, result.data) };
  });
  return new Envelope(page.data, {
    total: page.total,
    limit: page.limit,
    offset: page.offset,
    page: input.page,
    pages: Math.ceil(page.total / page.limit),
  });
};

/** The admin product table: every status, each product with its variants and their count. */
const productsAndVariants: Handle = async (call) => {
  const listed = (await crud.products.list(call)) as Envelope | Record<string, unknown>;
  if (!(listed instanceof Envelope)) return listed;
  const rows = listed.data as { variants?: unknown[] }[];
  const data = rows.map((p) => ({ ...p, variantCount: p.variants?.length ?? 0 }));
  return new Envelope(data, { ...listed.meta, variantTotal: data.reduce((n, p) => n + p.variantCount, 0) });
};

const productSingle: Handle = async (call) => {
  const product = (await single(productsResource, siteProducts, { slug: siteProducts.slug, code: siteProducts.code })(call)) as Record<
    string,
    unknown
  >;
  const scope = scopeOf(call);
  const [withTaxonomy] = await scope.db.withTenant(scope.tenantId, (tx) => productTaxonomy(tx, scope.tenantId, [product]));
  return withTaxonomy;
};

/** Subcategories of several categories at once (body: an array of ids, or { categoryIds }). */
const subcategoriesOfMany: Handle = (call) => {
  const value = pick(call.body, 'categoryIds', 'items', 'categoryId', 'ids', 'categories');
  const ids = value === undefined ? [] : idList(value);
  if (ids.length === 0) throw errors.validation({ categoryIds: 'Send the category ids' });
  if (ids.length > 100) throw errors.validation({ categoryIds: 'At most 100 categories' });
  return crud.productSubcategories.list({
    ...call,
    body: { categoryId: ids.join(','), limit: call.body.limit ?? 200, page: call.body.page },
  });
};

/** A website category with its subcategories. */
const categoryWithSubcategories: Handle = async (call) => {
  const scope = scopeOf(call);
  const id = requiredId(call, 'categoryId', 'catid');
  const category = await categoriesResource.get(scope, id);
  const subs = await subcategoriesResource.list(scope, { categoryId: id, limit: 200, offset: 0, withTotal: 'false' });
  return { ...category, subcategories: subs.data };
};

// ---- projects and events: galleries ------------------------------------------------------------

const projectImages: Handle = async (call) => {
  const { body, images } = await incomingImages(call.req, call.body);
  return addProjectImages(scopeOf(call), requiredId({ ...call, body }, 'projectId'), images);
};

const eventPastImages: Handle = async (call) => {
  const { body, images } = await incomingImages(call.req, call.body);
  return addEventPastImages(scopeOf(call), requiredId({ ...call, body }, 'eventId'), images);
};

/** Attaches products to a project: { id, productIds } (also productId, or products: [{ productId }]). */
const addProductDetail: Handle = (call) => {
  const projectId = requiredId(call, 'projectId');
  const b = call.body;
  const raw = pick(b, 'productIds', 'productId', 'products');
  const ids = idList(
    Array.isArray(raw)
      ? raw.map((p) => (p && typeof p === 'object' && 'productId' in p ? (p as { productId: unknown }).productId : p))
      : raw,
  );
  if (ids.length === 0) throw errors.validation({ productIds: 'Name at least one product' });
  const parsed = z.array(z.uuid()).max(200).safeParse(ids);
  if (!parsed.success) throw errors.validation({ productIds: 'A list of valid product ids' });
  return addProjectProducts(scopeOf(call), projectId, parsed.data, b.replace === true);
};

const projectSingle: Handle = async (call) => {
  const scope = scopeOf(call);
  const id = z.uuid().safeParse(call.body.id);
  if (id.success) return projectWithProducts(scope, id.data);
  const row = (await single(projectsResource, siteProjects, { slug: siteProjects.slug })(call)) as { id: string };
  return projectWithProducts(scope, row.id);
};

// ---- uploads and downloads ---------------------------------------------------------------------

/** The blog editor's image upload: the stored image's url (and a thumbnail). */
const blogImageUpload: Handle = async (call) => {
  const stored = (call.body.files as StoredFile[]) ?? [];
  if (stored.length === 0) throw errors.validation({ file: 'Attach an image' });
  const scope = scopeOf(call);
  const uploads = await thumbnails(call.req.server, scope.tenantId, stored, scope.actor.id);
  requireImages(uploads);
  return { ...uploads[0], files: uploads };
};

/**
 * A document's file link, with its name and type ({ id }). With `stream: true` the file itself is
 * sent (a file stored here), or the client is redirected to where it is hosted.
 */
const documentDownload: Handle = async (call) => {
  const scope = scopeOf(call);
  const doc = await documentsResource.get(scope, requiredId(call, 'documentId'));
  const community = call.auth!.community;
  if (call.body.stream === true || call.body.stream === 'true') {
    return sendDocument(call.req.server, call.reply, scope.tenantId, community, doc, 'private, max-age=300', false);
  }
  const fileId = storedFileId(doc.fileUrl, community);
  const file = fileId
    ? await scope.db.withTenant(scope.tenantId, async (tx) => {
        const [row] = await tx
          .select({ filename: files.filename, contentType: files.contentType, size: files.size })
          .from(files)
          .where(and(tenantFilter(files, scope.tenantId), eq(files.id, fileId)))
          .limit(1);
        return row ?? null;
      })
    : null;
  const isPublic = await scope.db.withTenant(scope.tenantId, (tx) =>
    findBy(tx, scope.tenantId, siteDocuments, siteDocuments.id, doc.id, [visible(siteDocuments), eq(siteDocuments.downloadable, true)]),
  );
  return {
    id: doc.id,
    title: doc.title,
    url: doc.fileUrl,
    fileName: doc.fileName ?? file?.filename ?? String(doc.fileUrl).split('/').pop(),
    contentType: file?.contentType ?? null,
    size: file?.size ?? null,
    /** The website's counted download link (published, downloadable documents). */
    downloadUrl: isPublic ? `/public/${community}/site/documents/${doc.id}/download` : null,
  };
};

const subscribersWithLinks: Handle = async (call) => {
  const listed = await crud.subscribers.list(call);
  const secret = call.req.server.config.jwtSecret;
  const community = call.auth!.community;
  const link = (s: Record<string, unknown>) => ({ ...s, unsubscribeUrl: unsubscribePath(secret, community, String(s.email)) });
  if (listed instanceof Envelope) return new Envelope((listed.data as Record<string, unknown>[]).map(link), listed.meta);
  return link(listed as Record<string, unknown>);
};

// ---- the table -----------------------------------------------------------------------------------

const R = 'site:read' as const;
const W = 'site:write' as const;
const site = (path: string, access: typeof R | typeof W, handle: Handle): CompatLine => ['site', 'POST', path, access, handle];
const group = (resource: Resource, paths: CrudPaths) => crudLines('site', resource, paths);

export const siteCompat: CompatEntry[] = compatTable([
  // home banners
  group(bannersResource, {
    add: '/banner/createhomebanner',
    update: '/banner/edithomebanner',
    delete: '/banner/deletehomebanner',
    get: '/banner/gethomebanner',
  }),
  // blogs
  group(blogsResource, crudPathsUnder('/blog')),
  site('/blog/single', R, single(blogsResource, siteBlogs, { slug: siteBlogs.slug })),
  site('/blog/imageuploader', W, blogImageUpload),
  group(blogCategoriesResource, crudPathsUnder('/blogcategory', { add: 'addcategory', get: 'getcategory' })),
  // catalogues
  group(cataloguesResource, crudPathsUnder('/catalogue', { add: 'addcatalogue', get: 'getcatalogue' })),
  site('/catalogue/getSingle', R, single(cataloguesResource, siteCatalogues, { slug: siteCatalogues.slug })),
  // website categories and subcategories
  group(categoriesResource, crudPathsUnder('/category')),
  site('/category/getbycatid', R, categoryWithSubcategories),
  group(subcategoriesResource, crudPathsUnder('/subcategory')),
  site('/subcategory/getbycatid', R, listBy(crud.subcategories, 'categoryId', ['catid', 'catId', 'category', 'id'])),
  // geography
  group(citiesResource, crudPathsUnder('/city')),
  group(countriesResource, crudPathsUnder('/country')),
  group(statesResource, crudPathsUnder('/state')),
  // events
  group(eventsResource, crudPathsUnder('/event')),
  site('/event/getSingle', R, single(eventsResource, siteEvents, { slug: siteEvents.slug })),
  site('/event/pastimage', W, eventPastImages),
  // products
  group(productCategoriesResource, crudPathsUnder('/productcategory')),
  group(productsResource, crudPathsUnder('/product', { add: 'addproduct', delete: 'deleteproduct' })),
  site('/product/getProductsAndVariantsAdmin', R, productsAndVariants),
  site('/product/getSingle', R, productSingle),
  site('/product/filterByCategory', R, listBy(crud.products, 'categoryId', ['categoryIds', 'category', 'catid', 'catId', 'id'])),
  site(
    '/product/getproductbysubcatid',
    R,
    listBy(crud.products, 'subcategoryId', ['subcategoryIds', 'subcategory', 'subcatid', 'subCatId', 'id']),
  ),
  site('/product/getproductbystatus', R, listBy(crud.products, 'status', [])),
  site('/product/mainGET', R, mainGet),
  group(productSubcategoriesResource, crudPathsUnder('/productsubcategory', { add: 'addsubcategory', get: 'getsubcategory' })),
  site(
    '/productsubcategory/getsubcategorybycatid',
    R,
    listBy(crud.productSubcategories, 'categoryId', ['catid', 'catId', 'category', 'id']),
  ),
  site('/productsubcategory/getsubcategorybymanycatid', R, subcategoriesOfMany),
  // projects
  group(projectCategoriesResource, crudPathsUnder('/project-category')),
  group(projectsResource, crudPathsUnder('/euro_project', { add: 'addProject', get: 'getProject' })),
  site('/euro_project/getSingleProject', R, projectSingle),
  site('/euro_project/images', W, projectImages),
  site('/euro_project/addProductDetail', W, addProductDetail),
  // documents
  group(documentsResource, crudPathsUnder('/documents', { add: 'addDocument', get: 'getDocuments' })),
  site('/documents/download', R, documentDownload),
  // inbound lists (filled by the website's forms: read and deleted here)
  group(eventRegistrationsResource, { delete: '/event-register/delete', get: '/event-register/get' }),
  group(catalogueDownloadsResource, { delete: '/downloader/delete', get: '/downloader/get' }),
  group(careerApplicationsResource, { delete: '/careers/delete', get: '/careers/get' }),
  group(designSupportResource, { delete: '/design-support/delete', get: '/design-support/get' }),
  group(getInTouchResource, { delete: '/getintouch/delete', get: '/getintouch/get' }),
  // offices
  group(contactDetailsResource, crudPathsUnder('/contactdetails', { add: 'addcontact', get: 'getcontacts' })),
  // subscribers
  group(subscribersResource, { delete: '/subscriber/delete' }),
  site('/subscriber/getAll', R, subscribersWithLinks),
]);
