import { definePublicView, type Row, type ViewContext } from '../../kernel/resources';
import { bannersResource } from './resources/banners';
import { blogCategoriesResource } from './resources/blog-categories';
import { blogsResource } from './resources/blogs';
import { cataloguesResource } from './resources/catalogues';
import { contactDetailsResource } from './resources/contact-details';
import { documentsResource } from './resources/documents';
import { eventsResource } from './resources/events';
import { investorDocumentsResource } from './resources/investor-documents';
import { productCategoriesResource } from './resources/product-categories';
import { productSubcategoriesResource } from './resources/product-subcategories';
import { productsResource } from './resources/products';
import { projectsResource } from './resources/projects';
import { withProducts } from './services/galleries';
import { productTaxonomy } from './services/products';

// What the public website reads (/public/<community>/site/…): each a resource, its scopes, the
// fields a visitor sees, the filters and sorts offered. Nothing else of a record leaves the console.

const seo = ['seoTitle', 'seoDescription'];
const taxonomy = ['id', 'name', 'slug', 'description', ...seo];

export const bannersView = definePublicView({
  resource: bannersResource,
  path: 'site/banners',
  summary: 'Published banners of a page',
  scopes: ['published'],
  fields: ['id', 'title', 'subtitle', 'image', 'mobileImage', 'linkUrl', 'ctaLabel', 'placement'],
  filters: ['placement'],
  defaults: { placement: 'home' },
  sort: 'sortOrder',
  all: 50,
});

export const blogCategoriesView = definePublicView({
  resource: blogCategoriesResource,
  path: 'site/blog-categories',
  summary: 'Blog categories',
  scopes: ['active'],
  fields: taxonomy,
  sort: 'sortOrder',
  all: 500,
});

export const blogsView = definePublicView({
  resource: blogsResource,
  path: 'site/blogs',
  summary: 'Published blog posts, newest first (without their body)',
  scopes: ['published'],
  fields: [
    'id',
    'title',
    'slug',
    'excerpt',
    'body',
    'coverImage',
    'authorName',
    'tags',
    'categoryId',
    'featured',
    'readingMinutes',
    'publishAt',
    ...seo,
  ],
  detailOnly: ['body'],
  filters: ['categoryId', 'featured'],
  search: ['title', 'excerpt'],
  sort: '-publishAt',
  one: { by: ['slug'], summary: 'A published blog post' },
  enrich: {
    async one(ctx, post) {
      const category = post.categoryId ? await blogCategoriesView.findIn(ctx, String(post.categoryId)) : null;
      return { ...post, category: category ? { id: category.id, name: category.name, slug: category.slug } : null };
    },
  },
});

export const productSubcategoriesView = definePublicView({
  resource: productSubcategoriesResource,
  path: 'site/product-subcategories',
  summary: 'Active product subcategories (of a category: categoryId)',
  scopes: ['active'],
  fields: ['categoryId', ...taxonomy, 'image'],
  filters: ['categoryId'],
  sort: 'sortOrder',
  all: 1000,
});

export const productCategoriesView = definePublicView({
  resource: productCategoriesResource,
  path: 'site/product-categories',
  summary: 'Active product categories with their subcategories',
  scopes: ['active'],
  fields: [...taxonomy, 'image'],
  sort: 'sortOrder',
  all: 500,
  enrich: {
    async list(ctx, categories) {
      const { data: subs } = await productSubcategoriesView.listIn(ctx, {});
      return categories.map((c) => ({ ...c, subcategories: subs.filter((s) => s.categoryId === c.id) }));
    },
  },
});

export const documentsView = definePublicView({
  resource: documentsResource,
  path: 'site/documents',
  summary: 'Published downloadable documents',
  scopes: ['downloadable'],
  fields: ['id', 'title', 'description', 'fileUrl', 'fileName', 'type', 'productId'],
  filters: ['type', 'productId'],
  search: ['title'],
  sort: 'sortOrder',
  enrich: { list: (ctx, rows) => rows.map((d) => ({ ...d, downloadUrl: downloadUrl(ctx, d) })) },
});

/** The website's counted download link of a document. */
export const downloadUrl = (ctx: Pick<ViewContext, 'community'>, doc: Row) =>
  `/public/${ctx.community.name}/site/documents/${doc.id}/download`;

export const PRODUCT_SORTS = ['sortOrder', 'name', '-name', 'newest', 'code'] as const;

export const productsView = definePublicView({
  resource: productsResource,
  path: 'site/products',
  summary: 'Published products (without the long description): search by name or code, filter by category and subcategory',
  scopes: ['published'],
  fields: [
    'id',
    'code',
    'name',
    'slug',
    'summary',
    'description',
    'specifications',
    'images',
    'documents',
    'variants',
    'categoryId',
    'subcategoryId',
    'tags',
    'featured',
    'publishAt',
    ...seo,
  ],
  detailOnly: ['description'],
  filters: ['categoryId', 'subcategoryId', 'featured'],
  search: ['name', 'code'],
  choice: {
    param: 'sort',
    default: 'sortOrder',
    options: {
      sortOrder: { sort: 'sortOrder' },
      name: { sort: 'name' },
      '-name': { sort: '-name' },
      newest: { sort: '-publishAt' },
      code: { sort: 'code' },
    } satisfies Record<(typeof PRODUCT_SORTS)[number], { sort: string }>,
  },
  one: { by: ['slug', 'code'], summary: 'A published product by slug (or code)' },
  enrich: {
    async one(ctx, product) {
      const [withTaxonomy] = await productTaxonomy(ctx.db, ctx.scope.tenantId, [product]);
      const { data: documents } = await documentsView.listIn(ctx, { productId: product.id, limit: 100 });
      return { ...product, ...withTaxonomy, downloads: documents };
    },
  },
});

export const projectsView = definePublicView({
  resource: projectsResource,
  path: 'site/projects',
  summary: 'Published reference projects',
  scopes: ['published'],
  fields: [
    'id',
    'title',
    'slug',
    'categoryId',
    'clientName',
    'architect',
    'location',
    'city',
    'country',
    'completedOn',
    'summary',
    'description',
    'coverImage',
    'images',
    'productIds',
    'featured',
    'publishAt',
    ...seo,
  ],
  detailOnly: ['description'],
  filters: ['categoryId', 'featured'],
  sort: 'sortOrder',
  one: { by: ['slug'], summary: 'A published project with the products used' },
  enrich: { one: async (ctx, project) => ({ ...project, ...(await withProducts(ctx.db, ctx.scope, project, true)) }) },
});

export const eventsView = definePublicView({
  resource: eventsResource,
  path: 'site/events',
  summary: 'Published events: upcoming (soonest first) or past (latest first)',
  scopes: ['published'],
  fields: [
    'id',
    'title',
    'slug',
    'summary',
    'description',
    'startsAt',
    'endsAt',
    'venue',
    'address',
    'city',
    'coverImage',
    'images',
    'pastImages',
    'registrationOpen',
    'capacity',
    ...seo,
  ],
  detailOnly: ['description'],
  choice: {
    param: 'when',
    default: 'upcoming',
    options: {
      upcoming: { scope: 'upcoming', sort: 'startsAt' },
      past: { scope: 'past', sort: '-startsAt' },
      all: { sort: '-startsAt' },
    },
  },
  one: { by: ['slug'], summary: 'A published event' },
  enrich: {
    one(_ctx, event) {
      const ends = (event.endsAt ?? event.startsAt) as Date;
      return { ...event, registrationOpen: Boolean(event.registrationOpen) && ends.getTime() >= Date.now() };
    },
  },
});

export const cataloguesView = definePublicView({
  resource: cataloguesResource,
  path: 'site/catalogues',
  summary: 'Published catalogues (a gated catalogue has no fileUrl: download it through the form)',
  scopes: ['published'],
  fields: ['id', 'title', 'slug', 'description', 'fileUrl', 'fileName', 'fileSize', 'coverImage', 'language', 'requiresDetails'],
  filters: ['language'],
  sort: 'sortOrder',
  all: 200,
  // A catalogue behind the download form does not show its file link.
  enrich: { list: (_ctx, rows) => rows.map((c) => (c.requiresDetails ? { ...c, fileUrl: null } : c)) },
});

export const officesView = definePublicView({
  resource: contactDetailsResource,
  path: 'site/offices',
  summary: 'Offices, showrooms and factories',
  scopes: ['active'],
  fields: [
    'id',
    'name',
    'type',
    'address',
    'city',
    'state',
    'country',
    'postalCode',
    'phone',
    'email',
    'whatsapp',
    'mapUrl',
    'latitude',
    'longitude',
    'openingHours',
    'isPrimary',
  ],
  sort: 'primaryFirst',
  all: 200,
});

export const investorDocumentsView = definePublicView({
  resource: investorDocumentsResource,
  path: 'site/investor-documents',
  summary: 'Published investor-relations documents',
  scopes: ['published'],
  fields: ['id', 'categoryId', 'subcategoryId', 'title', 'description', 'fileUrl', 'fileName', 'financialYear', 'publishedOn'],
  filters: ['categoryId', 'subcategoryId', 'financialYear'],
  sort: '-publishedOn',
});

/** Every public view of the website, in the order their routes are registered. */
export const sitePublicViews = [
  bannersView,
  blogCategoriesView,
  blogsView,
  productSubcategoriesView,
  productCategoriesView,
  productsView,
  projectsView,
  eventsView,
  cataloguesView,
  documentsView,
  officesView,
  investorDocumentsView,
];
