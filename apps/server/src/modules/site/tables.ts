import {
  type AnyPgColumn,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  type PgColumnBuilderBase,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  filterIndexes,
  handlingColumns,
  inboundIndexes,
  instant,
  ref,
  refs,
  senderColumns,
  sortIndexes,
  taxonomyIndexes,
  tenantTable,
} from '../../kernel/resources';
import { files } from '../../kernel/storage';
import { type Image, INBOUND_STATUS, type LinkedDocument, PUBLISH_STATUS, type SpecRow, type Variant } from './schemas';

// The website content of a community (a building-products manufacturer's site): what the public
// website shows, the taxonomies it is organised by, and the inbound lists its forms fill.
// Every filter and sort a resource offers has an index that starts with tenant_id.

/** Draft → published → archived; shown on the website when published and publishAt has passed. */
const publishing = () => ({
  status: text('status', { enum: PUBLISH_STATUS }).notNull().default('draft'),
  publishAt: instant('publish_at'),
});
const seo = () => ({ seoTitle: text('seo_title'), seoDescription: text('seo_description') });
/** A page's title and the slug of its address (made from the title when left empty). */
const titleAndSlug = () => ({ title: text('title').notNull(), slug: text('slug').notNull() });
const image = (name: string) => jsonb(name).$type<Image>();
const images = (name: string) => jsonb(name).$type<Image[]>().notNull().default([]);
const sortOrder = () => integer('sort_order').notNull().default(0);
/** Status, notes and assignee of a website form's record. */
const inbound = () => handlingColumns(INBOUND_STATUS);

const taxonomy = () => ({
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  description: text('description'),
  sortOrder: sortOrder(),
  active: boolean('active').notNull().default(true),
});

type Columns = Record<string, PgColumnBuilderBase>;

/** A taxonomy's table (its columns spread `taxonomy()`) with the taxonomy indexes; a subcategory's also by its `categoryId`. */
const taxonomyTable = <N extends string, C extends Columns>(name: N, columns: C) =>
  tenantTable(name, columns, (t) => taxonomyIndexes(name, t, t.categoryId ? { category: t.categoryId } : {}));

/**
 * An inbound list's table: its columns (the sender's among them), then status, notes and assignee;
 * the inbound indexes, and one a filter of its own (`{ suffix: column }`).
 */
const inboundTable = <N extends string, C extends Columns>(name: N, columns: C, filters?: (t: any) => Record<string, AnyPgColumn>) =>
  tenantTable(name, { ...columns, ...inbound() }, (t) => [...inboundIndexes(name, t), ...filterIndexes(name, t, filters?.(t) ?? {})]);

// ---- home banners ------------------------------------------------------------------------------

export const siteBanners = tenantTable(
  'site_banners',
  {
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    image: image('image').notNull(),
    mobileImage: image('mobile_image'),
    linkUrl: text('link_url'),
    ctaLabel: text('cta_label'),
    placement: text('placement', { enum: ['home', 'products', 'projects', 'blogs', 'events'] })
      .notNull()
      .default('home'),
    ...publishing(),
    unpublishAt: instant('unpublish_at'),
    sortOrder: sortOrder(),
  },
  (t) => [
    index('site_banners_status_idx').on(t.tenantId, t.status, t.publishAt),
    index('site_banners_placement_idx').on(t.tenantId, t.placement, t.sortOrder),
    // A public view's default order under its scope (public-views.ts): read in index order, never sorted.
    index('site_banners_public_idx').on(t.tenantId, t.status, t.placement, t.sortOrder, t.id),
    ...sortIndexes('site_banners', t, { sort: t.sortOrder, title: t.title, publish: t.publishAt }),
  ],
);

// ---- blogs -------------------------------------------------------------------------------------

export const siteBlogCategories = taxonomyTable('site_blog_categories', { ...taxonomy(), ...seo() });

export const siteBlogs = tenantTable(
  'site_blogs',
  {
    ...titleAndSlug(),
    excerpt: text('excerpt'),
    /** Sanitised HTML. */
    body: text('body').notNull().default(''),
    coverImage: image('cover_image'),
    authorName: text('author_name'),
    tags: text('tags').array().notNull().default([]),
    categoryId: ref('category_id', () => siteBlogCategories, 'restrict'),
    featured: boolean('featured').notNull().default(false),
    readingMinutes: integer('reading_minutes'),
    ...publishing(),
    ...seo(),
  },
  (t) => [
    uniqueIndex('site_blogs_slug_uq').on(t.tenantId, t.slug),
    // Also the public view's default order under its scope (newest first): read in index order, never sorted.
    index('site_blogs_status_idx').on(t.tenantId, t.status, t.publishAt, t.id),
    index('site_blogs_category_idx').on(t.tenantId, t.categoryId, t.publishAt),
    ...sortIndexes('site_blogs', t, { title: t.title, publish: t.publishAt }),
    ...filterIndexes('site_blogs', t, { featured: t.featured }),
  ],
);

// ---- catalogues and documents ------------------------------------------------------------------

export const siteCatalogues = tenantTable(
  'site_catalogues',
  {
    ...titleAndSlug(),
    description: text('description'),
    /** The PDF. */
    fileUrl: text('file_url').notNull(),
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    coverImage: image('cover_image'),
    language: text('language').notNull().default('en'),
    /** Visitors fill the download form first (their details land in catalogue downloads). */
    requiresDetails: boolean('requires_details').notNull().default(true),
    downloadCount: integer('download_count').notNull().default(0),
    ...publishing(),
    sortOrder: sortOrder(),
  },
  (t) => [
    uniqueIndex('site_catalogues_slug_uq').on(t.tenantId, t.slug),
    index('site_catalogues_status_idx').on(t.tenantId, t.status, t.publishAt),
    // A public view's default order under its scope (public-views.ts): read in index order, never sorted.
    index('site_catalogues_public_idx').on(t.tenantId, t.status, t.sortOrder, t.title, t.id),
    ...sortIndexes('site_catalogues', t, { title: t.title, sort: t.sortOrder, publish: t.publishAt }),
    ...filterIndexes('site_catalogues', t, { language: t.language }),
  ],
);

export const DOCUMENT_TYPES = [
  'brochure',
  'datasheet',
  'certificate',
  'installation_guide',
  'warranty',
  'drawing',
  'price_list',
  'other',
] as const;

export const siteDocuments = tenantTable(
  'site_documents',
  {
    title: text('title').notNull(),
    description: text('description'),
    fileUrl: text('file_url').notNull(),
    fileName: text('file_name'),
    type: text('type', { enum: DOCUMENT_TYPES }).notNull().default('other'),
    /** Offered for download on the website; otherwise listed for reference only. */
    downloadable: boolean('downloadable').notNull().default(true),
    productId: ref('product_id', () => siteProducts, 'set null'),
    downloadCount: integer('download_count').notNull().default(0),
    ...publishing(),
    sortOrder: sortOrder(),
  },
  (t) => [
    index('site_documents_status_idx').on(t.tenantId, t.status, t.publishAt),
    // A public view's default order under its scope (public-views.ts): read in index order, never sorted.
    index('site_documents_public_idx').on(t.tenantId, t.status, t.downloadable, t.sortOrder, t.title, t.id),
    ...sortIndexes('site_documents', t, { title: t.title, sort: t.sortOrder }),
    ...filterIndexes('site_documents', t, { type: t.type, downloadable: t.downloadable, product: t.productId }),
  ],
);

// ---- website categories ------------------------------------------------------------------------

export const siteCategories = taxonomyTable('site_categories', { ...taxonomy(), image: image('image'), ...seo() });

export const siteSubcategories = taxonomyTable('site_subcategories', {
  categoryId: ref('category_id', () => siteCategories, 'restrict'),
  ...taxonomy(),
  image: image('image'),
  ...seo(),
});

// ---- products ----------------------------------------------------------------------------------

export const siteProductCategories = taxonomyTable('site_product_categories', { ...taxonomy(), image: image('image'), ...seo() });

export const siteProductSubcategories = taxonomyTable('site_product_subcategories', {
  categoryId: ref('category_id', () => siteProductCategories, 'restrict'),
  ...taxonomy(),
  image: image('image'),
  ...seo(),
});

export const siteProducts = tenantTable(
  'site_products',
  {
    code: text('code').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    summary: text('summary'),
    /** Sanitised HTML. */
    description: text('description').notNull().default(''),
    specifications: jsonb('specifications').$type<SpecRow[]>().notNull().default([]),
    images: images('images'),
    documents: jsonb('documents').$type<LinkedDocument[]>().notNull().default([]),
    variants: jsonb('variants').$type<Variant[]>().notNull().default([]),
    categoryId: ref('category_id', () => siteProductCategories, 'restrict'),
    subcategoryId: ref('subcategory_id', () => siteProductSubcategories, 'restrict'),
    tags: text('tags').array().notNull().default([]),
    featured: boolean('featured').notNull().default(false),
    ...publishing(),
    sortOrder: sortOrder(),
    ...seo(),
  },
  (t) => [
    uniqueIndex('site_products_code_uq').on(t.tenantId, t.code),
    uniqueIndex('site_products_slug_uq').on(t.tenantId, t.slug),
    index('site_products_status_idx').on(t.tenantId, t.status, t.publishAt),
    index('site_products_category_idx').on(t.tenantId, t.categoryId, t.sortOrder, t.name),
    index('site_products_subcategory_idx').on(t.tenantId, t.subcategoryId, t.sortOrder, t.name),
    index('site_products_sort_idx').on(t.tenantId, t.sortOrder, t.name, t.id),
    // A public view's default order under its scope (public-views.ts): read in index order, never sorted.
    index('site_products_public_idx').on(t.tenantId, t.status, t.sortOrder, t.name, t.id),
    ...sortIndexes('site_products', t, { name: t.name, publish: t.publishAt }),
    ...filterIndexes('site_products', t, { featured: t.featured }),
  ],
);

// ---- projects ----------------------------------------------------------------------------------

export const siteProjectCategories = taxonomyTable('site_project_categories', { ...taxonomy(), ...seo() });

export const siteProjects = tenantTable(
  'site_projects',
  {
    ...titleAndSlug(),
    categoryId: ref('category_id', () => siteProjectCategories, 'restrict'),
    clientName: text('client_name'),
    architect: text('architect'),
    location: text('location'),
    city: text('city'),
    country: text('country'),
    completedOn: date('completed_on', { mode: 'string' }),
    summary: text('summary'),
    /** Sanitised HTML. */
    description: text('description').notNull().default(''),
    coverImage: image('cover_image'),
    images: images('images'),
    /** Products used in the project. */
    productIds: refs('product_ids', () => siteProducts, 'set null'),
    featured: boolean('featured').notNull().default(false),
    ...publishing(),
    sortOrder: sortOrder(),
    ...seo(),
  },
  (t) => [
    uniqueIndex('site_projects_slug_uq').on(t.tenantId, t.slug),
    index('site_projects_status_idx').on(t.tenantId, t.status, t.publishAt),
    index('site_projects_category_idx').on(t.tenantId, t.categoryId, t.sortOrder),
    // A public view's default order under its scope (public-views.ts): read in index order, never sorted.
    index('site_projects_public_idx').on(t.tenantId, t.status, t.sortOrder, t.completedOn.desc().nullsFirst(), t.id),
    ...sortIndexes('site_projects', t, { title: t.title, sort: t.sortOrder, completed: t.completedOn, publish: t.publishAt }),
    ...filterIndexes('site_projects', t, { featured: t.featured }),
  ],
);

// ---- events ------------------------------------------------------------------------------------

export const siteEvents = tenantTable(
  'site_events',
  {
    ...titleAndSlug(),
    summary: text('summary'),
    /** Sanitised HTML. */
    description: text('description').notNull().default(''),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at'),
    venue: text('venue'),
    address: text('address'),
    city: text('city'),
    coverImage: image('cover_image'),
    images: images('images'),
    /** Photos taken at the event, added after it. */
    pastImages: images('past_images'),
    registrationOpen: boolean('registration_open').notNull().default(true),
    capacity: integer('capacity'),
    ...publishing(),
    ...seo(),
  },
  (t) => [
    uniqueIndex('site_events_slug_uq').on(t.tenantId, t.slug),
    // Also the public view's default order under its scope (by start): read in index order, never sorted.
    index('site_events_status_idx').on(t.tenantId, t.status, t.startsAt, t.id),
    ...sortIndexes('site_events', t, { starts: t.startsAt, title: t.title }),
    ...filterIndexes('site_events', t, { registration: t.registrationOpen }),
  ],
);

export const siteEventRegistrations = inboundTable(
  'site_event_registrations',
  {
    eventId: ref('event_id', () => siteEvents, 'set null'),
    ...senderColumns(),
    company: text('company'),
    attendees: integer('attendees').notNull().default(1),
    message: text('message'),
  },
  (t) => ({ event: t.eventId }),
);

// ---- geography ---------------------------------------------------------------------------------

export const siteCountries = tenantTable(
  'site_countries',
  {
    name: text('name').notNull(),
    /** ISO 3166-1 alpha-2. */
    code: text('code').notNull(),
    dialCode: text('dial_code'),
    sortOrder: sortOrder(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('site_countries_code_uq').on(t.tenantId, t.code),
    ...sortIndexes('site_countries', t, { name: t.name, sort: t.sortOrder }),
    ...filterIndexes('site_countries', t, { active: t.active }),
  ],
);

export const siteStates = tenantTable(
  'site_states',
  {
    countryId: ref('country_id', () => siteCountries, 'restrict'),
    name: text('name').notNull(),
    code: text('code'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    index('site_states_country_idx').on(t.tenantId, t.countryId, t.name),
    ...sortIndexes('site_states', t, { name: t.name }),
    ...filterIndexes('site_states', t, { active: t.active }),
  ],
);

export const siteCities = tenantTable(
  'site_cities',
  {
    stateId: ref('state_id', () => siteStates, 'restrict'),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    index('site_cities_state_idx').on(t.tenantId, t.stateId, t.name),
    ...sortIndexes('site_cities', t, { name: t.name }),
    ...filterIndexes('site_cities', t, { active: t.active }),
  ],
);

// ---- offices -----------------------------------------------------------------------------------

export const OFFICE_TYPES = ['head_office', 'regional_office', 'branch', 'factory', 'showroom', 'warehouse'] as const;

export const siteContactDetails = tenantTable(
  'site_contact_details',
  {
    name: text('name').notNull(),
    type: text('type', { enum: OFFICE_TYPES }).notNull().default('branch'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    postalCode: text('postal_code'),
    phone: text('phone'),
    email: text('email'),
    whatsapp: text('whatsapp'),
    mapUrl: text('map_url'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    openingHours: text('opening_hours'),
    isPrimary: boolean('is_primary').notNull().default(false),
    sortOrder: sortOrder(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    index('site_contact_details_primary_idx').on(t.tenantId, t.isPrimary, t.sortOrder, t.name),
    ...sortIndexes('site_contact_details', t, { name: t.name, sort: t.sortOrder }),
    ...filterIndexes('site_contact_details', t, { type: t.type }),
    // The `active` filter, and the offices view's default order under its scope (main office first).
    index('site_contact_details_active_idx').on(t.tenantId, t.active, t.isPrimary.desc().nullsFirst(), t.sortOrder, t.name, t.id),
  ],
);

// ---- investor relations ------------------------------------------------------------------------

export const siteInvestorCategories = taxonomyTable('site_investor_categories', taxonomy());

export const siteInvestorSubcategories = taxonomyTable('site_investor_subcategories', {
  categoryId: ref('category_id', () => siteInvestorCategories, 'restrict'),
  ...taxonomy(),
});

export const siteInvestorDocuments = tenantTable(
  'site_investor_documents',
  {
    categoryId: ref('category_id', () => siteInvestorCategories, 'restrict'),
    subcategoryId: ref('subcategory_id', () => siteInvestorSubcategories, 'restrict'),
    title: text('title').notNull(),
    description: text('description'),
    fileUrl: text('file_url').notNull(),
    fileName: text('file_name'),
    /** e.g. 2024-25 */
    financialYear: text('financial_year'),
    publishedOn: date('published_on', { mode: 'string' }),
    ...publishing(),
    sortOrder: sortOrder(),
  },
  (t) => [
    index('site_investor_documents_category_idx').on(t.tenantId, t.categoryId, t.sortOrder),
    index('site_investor_documents_subcategory_idx').on(t.tenantId, t.subcategoryId, t.sortOrder),
    index('site_investor_documents_status_idx').on(t.tenantId, t.status, t.publishAt),
    // The public view's default order under its scope (newest first, then by order), scanned backward: never sorted.
    index('site_investor_documents_public_idx').on(t.tenantId, t.status, t.publishedOn, t.sortOrder.desc().nullsFirst(), t.id),
    ...sortIndexes('site_investor_documents', t, { title: t.title, published: t.publishedOn, sort: t.sortOrder }),
    ...filterIndexes('site_investor_documents', t, { year: t.financialYear }),
  ],
);

// ---- inbound lists (filled by the website's forms) ---------------------------------------------

export const siteContactMessages = inboundTable('site_contact_messages', {
  ...senderColumns(),
  company: text('company'),
  subject: text('subject'),
  message: text('message').notNull(),
  /** The page the form was sent from. */
  sourcePage: text('source_page'),
});

export const siteDesignRequests = inboundTable(
  'site_design_requests',
  {
    ...senderColumns(),
    company: text('company'),
    city: text('city'),
    projectType: text('project_type', {
      enum: ['residential', 'commercial', 'hospitality', 'healthcare', 'education', 'industrial', 'other'],
    })
      .notNull()
      .default('other'),
    /** e.g. "1,200 m²" */
    projectArea: text('project_area'),
    message: text('message').notNull(),
  },
  (t) => ({ type: t.projectType }),
);

export const siteCareerApplications = inboundTable(
  'site_career_applications',
  {
    ...senderColumns(),
    position: text('position').notNull(),
    experienceYears: integer('experience_years'),
    currentCompany: text('current_company'),
    linkedinUrl: text('linkedin_url'),
    coverLetter: text('cover_letter'),
    /** The CV: a private file, readable by signed-in admins only. */
    cvUrl: text('cv_url'),
    cvFileId: ref('cv_file_id', () => files, 'set null'),
  },
  (t) => ({ position: t.position, cv: t.cvFileId }),
);

export const siteCatalogueDownloads = inboundTable(
  'site_catalogue_downloads',
  {
    catalogueId: ref('catalogue_id', () => siteCatalogues, 'set null'),
    ...senderColumns(),
    company: text('company'),
    city: text('city'),
    profession: text('profession', { enum: ['architect', 'interior_designer', 'contractor', 'dealer', 'homeowner', 'other'] })
      .notNull()
      .default('other'),
  },
  (t) => ({ catalogue: t.catalogueId, profession: t.profession }),
);

export const siteSubscribers = tenantTable(
  'site_subscribers',
  {
    email: text('email').notNull(),
    name: text('name'),
    subscribed: boolean('subscribed').notNull().default(true),
    source: text('source', { enum: ['website', 'console', 'import', 'event'] })
      .notNull()
      .default('console'),
    unsubscribedAt: instant('unsubscribed_at'),
  },
  (t) => [
    uniqueIndex('site_subscribers_email_uq').on(t.tenantId, t.email),
    index('site_subscribers_subscribed_idx').on(t.tenantId, t.subscribed, t.createdAt),
    index('site_subscribers_source_idx').on(t.tenantId, t.source),
  ],
);
