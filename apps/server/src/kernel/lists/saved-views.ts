import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can } from '../access/check';
import type { AuthContext } from '../auth/context';
import type { Db } from '../db/database';
import { errors } from '../errors/app-error';
import { idParams } from '../resources/caller-routes';
import { MAX_FILTER_VALUES } from '../resources/list-query';
import { tenantFilter } from '../tenancy/scope-filter';
import { savedViews } from './tables';

/** The most views one user keeps per resource. */
export const MAX_VIEWS_PER_RESOURCE = 50;

const filterName = z.string().regex(/^[A-Za-z][A-Za-z0-9_]*(\.(gte|lte))?$/, 'Not a list parameter');
const viewFields = {
  name: z.string().trim().min(1).max(80),
  filters: z.record(filterName, z.array(z.string().max(2000)).max(MAX_FILTER_VALUES)),
  sort: z.string().max(64).nullable(),
  columns: z.array(z.string().max(64)).max(100).nullable(),
};
const viewBody = z
  .object({
    resource: z.string().min(1).max(100),
    ...viewFields,
    filters: viewFields.filters.default({}),
    sort: viewFields.sort.default(null),
    columns: viewFields.columns.default(null),
  })
  .strict();
const viewPatch = z.object(viewFields).partial().strict();
const viewOut = z.object({
  id: z.string(),
  resource: z.string(),
  name: z.string(),
  filters: z.record(z.string(), z.array(z.string())),
  sort: z.string().nullable(),
  columns: z.array(z.string()).nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
const selection = {
  id: savedViews.id,
  resource: savedViews.resource,
  name: savedViews.name,
  filters: savedViews.filters,
  sort: savedViews.sort,
  columns: savedViews.columns,
  createdAt: savedViews.createdAt,
  updatedAt: savedViews.updatedAt,
};

/**
 * /api/v1/me/saved-views: each user's named views of the lists they may read. A user sees and
 * changes only their own views (the user filter below), inside their community (row-level security).
 */
export async function savedViewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/v1/me/saved-views';
  const tags = ['me'];
  const config = { access: 'authenticated' as const };
  const mine = (auth: AuthContext, ...more: ReturnType<typeof eq>[]) =>
    and(tenantFilter(savedViews, auth.tenantId), eq(savedViews.userId, auth.userId), ...more);
  const readable = (auth: AuthContext, path: string) => {
    const resource = app.resources.get(path);
    if (!resource || !can(auth, resource.module, 'read')) throw errors.validation({ resource: 'No list you can read has this name' });
  };
  const unique = async <T>(run: Promise<T>): Promise<T> => {
    try {
      return await run;
    } catch (err) {
      const code = ((err as { cause?: { code?: string } }).cause ?? (err as { code?: string })).code;
      if (code === '23505') throw errors.conflict('already_exists', 'You already have a view with this name', { name: 'Already in use' });
      throw err;
    }
  };
  const own = async (tx: Db, auth: AuthContext, id: string) => {
    const [row] = await tx
      .select(selection)
      .from(savedViews)
      .where(mine(auth, eq(savedViews.id, id)))
      .for('update');
    if (!row) throw errors.notFound('Saved view');
    return row;
  };

  r.get(
    base,
    {
      config,
      schema: {
        summary: 'Your saved views of a list',
        tags,
        querystring: z.object({ resource: z.string().min(1).max(100) }).strict(),
        response: { 200: z.object({ data: z.array(viewOut) }) },
      },
    },
    async (req) => {
      const auth = req.auth!;
      readable(auth, req.query.resource);
      const data = await app.db.readAsTenant(auth.tenantId, (db) =>
        db
          .select(selection)
          .from(savedViews)
          .where(mine(auth, eq(savedViews.resource, req.query.resource)))
          .orderBy(asc(savedViews.name))
          .limit(MAX_VIEWS_PER_RESOURCE),
      );
      return { data } as never;
    },
  );

  r.post(
    base,
    { config, schema: { summary: 'Save a view of a list', tags, body: viewBody, response: { 201: z.object({ data: viewOut }) } } },
    async (req, reply) => {
      const auth = req.auth!;
      readable(auth, req.body.resource);
      const data = await app.db.withTenant(auth.tenantId, async (tx) => {
        const existing = await tx
          .select({ id: savedViews.id })
          .from(savedViews)
          .where(mine(auth, eq(savedViews.resource, req.body.resource)))
          .limit(MAX_VIEWS_PER_RESOURCE);
        if (existing.length >= MAX_VIEWS_PER_RESOURCE) {
          throw errors.badRequest('too_many_views', `Keep at most ${MAX_VIEWS_PER_RESOURCE} views per list: delete one first`);
        }
        const [row] = await unique(
          tx
            .insert(savedViews)
            .values({ ...req.body, tenantId: auth.tenantId, userId: auth.userId })
            .returning(selection),
        );
        return row;
      });
      return reply.code(201).send({ data } as never);
    },
  );

  r.patch(
    `${base}/:id`,
    {
      config,
      schema: {
        summary: 'Rename or change a saved view',
        tags,
        params: idParams,
        body: viewPatch,
        response: { 200: z.object({ data: viewOut }) },
      },
    },
    async (req) => {
      const auth = req.auth!;
      const data = await app.db.withTenant(auth.tenantId, async (tx) => {
        await own(tx, auth, req.params.id);
        const [row] = await unique(
          tx
            .update(savedViews)
            .set({ ...req.body, updatedAt: new Date() })
            .where(mine(auth, eq(savedViews.id, req.params.id)))
            .returning(selection),
        );
        return row;
      });
      return { data } as never;
    },
  );

  r.delete(`${base}/:id`, { config, schema: { summary: 'Delete a saved view', tags, params: idParams } }, async (req, reply) => {
    const auth = req.auth!;
    await app.db.withTenant(auth.tenantId, async (tx) => {
      await own(tx, auth, req.params.id);
      await tx.delete(savedViews).where(mine(auth, eq(savedViews.id, req.params.id)));
    });
    return reply.code(204).send();
  });
}
