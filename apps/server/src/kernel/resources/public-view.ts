import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Scope } from '../auth/context';
import type { Db } from '../db/database';
import { errors } from '../errors/app-error';
import { type Community, requireCommunity } from '../tenancy/communities';
import { type ListQuery, listQuerySchema } from './list-query';
import type { ListResult, ListView, Resource } from './resource';
import { searchKeys } from './search';
import type { ResourceConfig, Row } from './types';

/** What a view's extra reads get: the visitor's scope on the request's reading connection. */
export interface ViewContext {
  db: Db;
  scope: Scope;
  community: Community;
}

type Enrich<T> = (ctx: ViewContext, value: T) => Promise<T> | T;

/**
 * A public view of a resource: what visitors of a community's website may list and read, without
 * signing in, at `/public/<community>/<path>`. Declared once — resource, scopes, fields, filters,
 * sorts — and served through the resource kit's list (keyset cursor, capped totals, indexed
 * filters) on a reading connection without a transaction, as the community (row-level security on).
 */
export interface PublicViewConfig {
  resource: Resource;
  /** Below /public/<community>/, e.g. `<area>/<name>`. */
  path: string;
  summary: string;
  /** Scopes of the resource (`config.scopes`) every read is held to, e.g. ['published']. */
  scopes: string[];
  /** The only fields a visitor sees. */
  fields: string[];
  /** Fields only the single-record read shows (a listing needs no long description). */
  detailOnly?: string[];
  /** Filters visitors may use: a subset of the resource's `list.filters` (indexed), same syntax. */
  filters?: string[];
  /** Filter values used when the visitor names none (e.g. placement=home). */
  defaults?: Record<string, string>;
  /** Fields `q` searches: a subset of the resource's `list.search` (indexed; prose keeps its full-text kind). */
  search?: string[];
  /** The sort (a sort key of the resource) when there is no choice. */
  sort?: string;
  /**
   * A parameter choosing among named presets, each a sort of the resource and maybe one more scope:
   * `{ param: 'when', default: 'upcoming', options: { upcoming: { scope: 'upcoming', sort: 'startsAt' }, … } }`.
   */
  choice?: { param: string; default: string; options: Record<string, { sort: string; scope?: string }> };
  /** Paged (default 24 a page, at most 100) or, for short lists (menus, banners), every row up to `all`. */
  all?: number;
  /** The single-record read at `<path>/:slug`, found by these columns in turn (e.g. ['slug', 'code']). */
  one?: { by: string[]; summary: string };
  /** Adds what visitors need from elsewhere (a category's name, a download link). */
  enrich?: { list?: Enrich<Row[]>; one?: Enrich<Row> };
  /** Cache-Control of the answers (default: public, 60 s). */
  cacheControl?: string;
}

const PAGE = { default: 24, max: 100 };

export class PublicView {
  readonly querySchema: z.ZodObject;
  private readonly listSelection: Record<string, PgColumn>;
  private readonly oneSelection: Record<string, PgColumn>;
  /** The resource as this view lists it: only the view's filters and search (one object: the kit caches plans per config). */
  private readonly listConfig: ResourceConfig;

  constructor(readonly config: PublicViewConfig) {
    const { resource } = config;
    const list = resource.config.list ?? {};
    const beyond = (asked: string[] = [], offered: string[] = []) => asked.filter((k) => !offered.includes(k));
    const problems = [
      ...beyond(config.filters, list.filters).map((k) => `filter ${k} is not a filter of the resource`),
      ...beyond(config.search, searchKeys(resource.config)).map((k) => `search ${k} is not searched by the resource`),
      ...[...config.scopes, ...Object.values(config.choice?.options ?? {}).flatMap((o) => (o.scope ? [o.scope] : []))]
        .filter((s) => !resource.config.scopes?.[s])
        .map((s) => `scope ${s} is not declared`),
    ];
    if (problems.length > 0) throw new Error(`Public view ${config.path}: ${problems.join('; ')}`);
    const detailOnly = new Set(config.detailOnly ?? []);
    this.listSelection = resource.selectionOf(config.fields.filter((f) => !detailOnly.has(f)));
    this.oneSelection = resource.selectionOf(config.fields);

    const searched = new Set(config.search ?? []);
    this.listConfig = {
      ...resource.config,
      list: {
        ...list,
        filters: config.filters ?? [],
        search: (list.search ?? []).filter((entry) => searched.has(typeof entry === 'string' ? entry : entry.field)),
      },
    };
    // No `expand`: related records are not held to the view's scopes (a visitor would see drafts' titles).
    const {
      sort: _sort,
      withTotal: _withTotal,
      limit: _limit,
      expand: _expand,
      offset,
      cursor,
      ...shape
    } = listQuerySchema(this.listConfig).shape;
    const query: Record<string, z.ZodType> = { ...shape };
    if (!config.search?.length) delete query.q;
    if (config.all === undefined) {
      Object.assign(query, { limit: z.coerce.number().int().min(1).max(PAGE.max).default(PAGE.default), offset, cursor });
    }
    if (config.choice) query[config.choice.param] = z.enum(Object.keys(config.choice.options)).default(config.choice.default);
    // Not strict: websites add their own parameters (utm_source, cache busters).
    this.querySchema = z.object(query);
  }

  get path() {
    return this.config.path;
  }

  /** One page (or, for `all`, the whole short list) of what a visitor sees, with enrichment. */
  async listIn(ctx: ViewContext, query: Record<string, unknown>): Promise<ListResult> {
    const { asked, view } = this.listOf(query);
    const result = await this.config.resource.listIn(ctx.db, ctx.scope, asked, view);
    const data = this.config.enrich?.list ? await this.config.enrich.list(ctx, result.data) : result.data;
    return { ...result, data };
  }

  /** The statements a page of this view runs (the page, and the filtered set its total counts), to EXPLAIN. */
  pageQuery(ctx: ViewContext, query: Record<string, unknown>) {
    const { asked, view } = this.listOf(query);
    return this.config.resource.pageQuery(ctx.db, ctx.scope, asked, view);
  }

  /** A visitor's query as the kit's list query, and the view it is held to. */
  private listOf(query: Record<string, unknown>): { asked: ListQuery; view: ListView } {
    const { choice, defaults, all } = this.config;
    const preset = choice ? choice.options[String(query[choice.param] ?? choice.default)] : undefined;
    const asked = {
      ...defaults,
      ...query,
      sort: preset?.sort ?? this.config.sort,
      withTotal: all === undefined ? 'true' : 'false',
      expand: undefined,
      ...(all === undefined ? {} : { limit: all, offset: 0, cursor: undefined }),
    } as ListQuery;
    return { asked, view: { config: this.listConfig, where: this.conditions(preset?.scope), selection: this.listSelection } };
  }

  /** The record whose `one.by` column (slug, then code…; the id without `one`) is `value`, as a visitor sees it, or 404. */
  async oneIn(ctx: ViewContext, value: string): Promise<Row> {
    const row = await this.findIn(ctx, value);
    if (!row) throw errors.notFound(this.config.resource.config.label.singular);
    return this.config.enrich?.one ? this.config.enrich.one(ctx, row) : row;
  }

  /** Like oneIn without the enrichment, or null. */
  async findIn(ctx: ViewContext, value: string): Promise<Row | null> {
    const columns = this.config.resource.selectionOf(this.config.one?.by ?? ['id']);
    for (const [key, column] of Object.entries(columns)) {
      if (key === 'id' && !z.uuid().safeParse(value).success) continue;
      const row = await this.config.resource.findIn(ctx.db, ctx.scope, [...this.conditions(), eq(column, value)], this.oneSelection);
      if (row) return row;
    }
    return null;
  }

  private conditions(extra?: string): SQL[] {
    const now = new Date();
    return [...this.config.scopes, ...(extra ? [extra] : [])].map((s) => this.config.resource.scopeCondition(s, now));
  }
}

export function definePublicView(config: PublicViewConfig): PublicView {
  return new PublicView(config);
}

/** Who public reads and website submissions act as (audit log). */
export const visitorScope = (db: Scope['db'], tenantId: string): Scope => ({ db, tenantId, actor: { id: null, name: 'Website visitor' } });

/** Runs `fn` as the named community on a reading connection (no transaction), or 404. */
export async function readAsVisitor<T>(app: FastifyInstance, name: string, fn: (ctx: ViewContext) => Promise<T>): Promise<T> {
  const community = await requireCommunity(app.db, name);
  const scope = visitorScope(app.db, community.id);
  return app.db.readAsTenant(community.id, (db) => fn({ db, scope, community }));
}

const communityParams = z.object({ community: z.string().min(1).max(63) });

declare module 'fastify' {
  interface FastifyInstance {
    /** Every public view served (the security suite checks what each shows). */
    publicViews: PublicView[];
  }
}

/** The routes of public views: the list at /public/:community/<path> and the one at …/:slug. */
export function registerPublicViews(app: FastifyInstance, views: PublicView[]) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  if (!app.hasDecorator('publicViews')) app.decorate('publicViews', []);
  app.publicViews.push(...views);
  for (const view of views) {
    const cache = view.config.cacheControl ?? 'public, max-age=60';
    const tags = ['public'];
    // A website reading its content is a page view of the view's area (`site/products` → site).
    const pageView = view.path.split('/')[0];
    r.get(
      `/public/:community/${view.path}`,
      {
        config: { public: true, pageView },
        schema: { tags, summary: view.config.summary, params: communityParams, querystring: view.querySchema },
      },
      async (req, reply) => {
        const result = await readAsVisitor(app, req.params.community, (ctx) => view.listIn(ctx, req.query as Record<string, unknown>));
        const body =
          view.config.all === undefined
            ? {
                data: result.data,
                total: result.total,
                totalIsEstimate: result.totalIsEstimate,
                totalAtLeast: result.totalAtLeast,
                limit: result.limit,
                offset: result.offset,
                nextCursor: result.nextCursor,
              }
            : { data: result.data };
        return reply.header('cache-control', cache).send(body);
      },
    );
    if (!view.config.one) continue;
    r.get(
      `/public/:community/${view.path}/:slug`,
      {
        config: { public: true, pageView },
        schema: { tags, summary: view.config.one.summary, params: communityParams.extend({ slug: z.string().min(1).max(200) }) },
      },
      async (req, reply) => {
        const data = await readAsVisitor(app, req.params.community, (ctx) => view.oneIn(ctx, req.params.slug));
        return reply.header('cache-control', cache).send({ data });
      },
    );
  }
}
