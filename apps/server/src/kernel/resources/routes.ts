import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleCatalogue } from '../access/catalogue';
import { type Access, can, isPlatformOperator } from '../access/check';
import type { AuthContext, Scope } from '../auth/context';
import { AppError } from '../errors/app-error';
import { bulkEditableFields, bulkUpdate, bulkUpdateBody } from './bulk-update';
import { idParams, tenantRoutes } from './caller-routes';
import { describeFields, statusOf } from './labels';
import { EXACT_TOTAL_LIMIT, MAX_LIMIT, sortableFields } from './list-query';
import { resourcesMetaResponse } from './meta-schema';
import type { ResourceRegistry } from './registry';
import { expandableNames } from './relations';
import type { Resource } from './resource';
import { registerRevisionRoutes } from './revision-routes';
import { toJsonSchema } from './schemas';
import { searchKeys } from './search';
import { compileSerializer } from './serializer';

const bulkDeleteBody = z.object({ ids: z.array(z.uuid()).min(1).max(500) }).strict();

/** The answer of a list. */
export function listResponse(output: z.ZodType) {
  return z.object({
    data: z.array(output),
    total: z.number().nullable(),
    totalIsEstimate: z.boolean().describe(`total is the planner's estimate (more than ${EXACT_TOTAL_LIMIT.toLocaleString('en')} matches)`),
    totalAtLeast: z
      .number()
      .nullable()
      .describe(
        `Set when the count stopped at ${EXACT_TOTAL_LIMIT.toLocaleString('en')}: there are more matches than this ("${EXACT_TOTAL_LIMIT.toLocaleString('en')}+"), and total is the estimate. Null when total is exact or an estimate made without counting`,
      ),
    limit: z.number(),
    offset: z.number(),
    nextCursor: z.string().nullable(),
  });
}

/**
 * Records are written by fast-json-stringify from the response schema (serializer.ts), compiled
 * on a route's first answer of each status so that starting the app stays quick.
 */
const serializerCompiler = ({ schema }: { schema: unknown }) => {
  if (!(schema instanceof z.ZodType)) return (data: unknown) => JSON.stringify(data);
  let serialize: ((data: unknown) => string) | undefined;
  return (data: unknown) => {
    serialize ??= compileSerializer(schema);
    return serialize(data);
  };
};

/** The REST routes of one resource under /api/v1/<path>, with OpenAPI schemas. */
export function registerResourceRoutes(app: FastifyInstance, resource: Resource) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `/api/v1/${resource.path}`;
  const tags = [resource.path.split('/')[0]];
  const read = { access: readAccess(resource) };
  const write = { access: `${resource.module}:write` as const };
  const output = resource.schemas.output;
  const { scope } = tenantRoutes(app);
  // What the summaries call one record and several.
  const one = resource.config.label.singular.toLowerCase();
  const several = resource.config.label.plural.toLowerCase();

  r.get(
    base,
    {
      config: read,
      schema: {
        summary: `List ${several}`,
        tags,
        querystring: resource.listQuery,
        response: { 200: listResponse(output) },
      },
      serializerCompiler,
    },
    async (req) => {
      canExpand(req.auth as AuthContext, resource, (req.query as { expand?: string }).expand);
      return await resource.list(scope(req), req.query);
    },
  );

  r.get(
    `${base}/:id`,
    {
      config: read,
      schema: {
        summary: `Get a ${one}`,
        tags,
        params: idParams,
        querystring: getQuery(resource),
        response: { 200: z.object({ data: output }) },
      },
      serializerCompiler,
    },
    async (req) => {
      const { expand } = req.query as { expand?: string };
      // Under row rules a record outside them is a 404 whatever else the request asks (a relation
      // the caller may not expand included), so nothing is said about it before that.
      if (expand && resource.hasRowRules) await resource.get(scope(req), req.params.id);
      canExpand(req.auth as AuthContext, resource, expand);
      return { data: await resource.get(scope(req), req.params.id, expand) } as never;
    },
  );

  if (resource.allows('create')) {
    r.post(
      base,
      {
        config: write,
        schema: {
          summary: `Create a ${one}`,
          tags,
          body: resource.schemas.create,
          response: { 201: z.object({ data: output }) },
        },
        serializerCompiler,
      },
      async (req, reply) => reply.code(201).send({ data: await resource.create(scope(req), req.body) } as never),
    );
  }
  if (resource.allows('update')) {
    r.patch(
      `${base}/:id`,
      {
        config: write,
        schema: {
          summary: `Update a ${one}`,
          tags,
          params: idParams,
          body: resource.schemas.update,
          response: { 200: z.object({ data: output }) },
        },
        serializerCompiler,
      },
      async (req) => ({ data: await resource.update(scope(req), req.params.id, req.body) }) as never,
    );
  }
  if (resource.allows('update')) {
    r.patch(
      base,
      {
        config: write,
        schema: {
          summary: `Change the same fields on several ${several}`,
          description: 'All or nothing, at most 500 records, one audit entry per record.',
          tags,
          body: bulkUpdateBody,
          response: { 200: z.object({ updated: z.number(), ids: z.array(z.string()) }) },
        },
      },
      async (req) => bulkUpdate(resource, scope(req), req.body),
    );
  }
  registerRevisionRoutes(app, resource, { base, tags, read, write, idParams });
  if (resource.allows('delete')) {
    r.delete(`${base}/:id`, { config: write, schema: { summary: `Delete a ${one}`, tags, params: idParams } }, async (req, reply) => {
      await resource.remove(scope(req), req.params.id);
      return reply.code(204).send();
    });
    r.post(
      `${base}/bulk-delete`,
      {
        config: write,
        schema: {
          summary: `Delete several ${several}`,
          tags,
          body: bulkDeleteBody,
          response: { 200: z.object({ deleted: z.number(), ids: z.array(z.string()) }) },
        },
      },
      async (req) => resource.bulkRemove(scope(req), req.body.ids),
    );
  }
  if (resource.platform && resource.config.public) registerPublicCatalogue(app, resource);
}

/**
 * Who reads a resource: holders of its module's read permission; a platform catalogue, every signed-in
 * user of any community (its writes still need the permission, in the platform community).
 */
export function readAccess(resource: Resource): Access {
  return resource.platform ? 'authenticated' : `${resource.module}:read`;
}

/**
 * A platform catalogue declared `public: true`: listed and read without signing in at
 * `/public/platform/<path>` (the name `platform` is reserved: no community has it). Row rules see a
 * caller with no user; no community's records are visible to the read (row-level security).
 */
function registerPublicCatalogue(app: FastifyInstance, resource: Resource) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `/public/platform/${resource.path}`;
  const tags = ['public'];
  const visitor = (): Scope => ({ db: app.db, tenantId: NO_COMMUNITY, actor: { id: null, name: null } });
  const output = resource.schemas.output;
  r.get(
    base,
    {
      config: { public: true },
      schema: {
        summary: `List ${resource.config.label.plural.toLowerCase()} (platform catalogue)`,
        tags,
        querystring: resource.listQuery,
        response: { 200: listResponse(output) },
      },
      serializerCompiler,
    },
    async (req) => await resource.list(visitor(), req.query),
  );
  r.get(
    `${base}/:id`,
    {
      config: { public: true },
      schema: {
        summary: `Get a ${resource.config.label.singular.toLowerCase()} (platform catalogue)`,
        tags,
        params: idParams,
        response: { 200: z.object({ data: output }) },
      },
      serializerCompiler,
    },
    async (req) => ({ data: await resource.get(visitor(), req.params.id) }) as never,
  );
}

/** The community of a public catalogue read: none (a nil id matches no community's rows). */
const NO_COMMUNITY = '00000000-0000-0000-0000-000000000000';

/** `?expand=` on a get, when the resource has relations. */
function getQuery(resource: Resource) {
  const names = expandableNames(resource.table);
  if (names.length === 0) return z.object({}).strict();
  return z
    .object({
      expand: z
        .string()
        .max(500)
        .optional()
        .describe(`Related records to add as \`expanded\`: ${names.join(', ')}`),
    })
    .strict();
}

/** Whether the caller may write the resource: its module's write permission, in the platform community for a catalogue. */
function canWrite(auth: AuthContext, resource: Resource): boolean {
  return can(auth, resource.module, 'write') && (!resource.platform || isPlatformOperator(auth));
}

/** Expanding shows titles of another resource's records: the caller must be allowed to read it. */
function canExpand(auth: AuthContext, resource: Resource, expand: string | undefined) {
  for (const relation of resource.expandable(expand)) {
    const target = relation.resource;
    if (target && !target.platform && !can(auth, target.module, 'read')) {
      throw new AppError(403, 'forbidden', `You may not read ${target.config.label.plural.toLowerCase()}`, {
        expand: `Cannot expand ${relation.name}`,
      });
    }
  }
}

/** GET /api/v1/meta/resources: what the caller may read, with fields and list options, for the console. */
export function registerMetaRoutes(app: FastifyInstance, registry: ResourceRegistry, catalogue: ModuleCatalogue) {
  // Schemas are static: compute them once.
  const described = registry.all().map((resource) => ({
    resource,
    static: {
      name: resource.path,
      path: resource.path,
      module: resource.module,
      label: resource.config.label,
      fields: toJsonSchema(resource.schemas.record, 'output'),
      input: toJsonSchema(resource.schemas.create),
      ui: {
        title: resource.config.ui?.title ?? 'id',
        columns: resource.config.ui?.columns ?? [],
        fields: describeFields(resource.config, resource.relations),
        status: statusOf(resource.config),
        bulkEdit: resource.allows('update') ? bulkEditableFields(resource) : [],
        unique: resource.uniqueFields,
        // The fields a change may set when the resource keeps the others as they were created.
        editable: resource.config.editable ? resource.schemas.editable : null,
      },
      list: {
        search: searchKeys(resource.config),
        filters: resource.config.list?.filters ?? [],
        sort: sortableFields(resource.config),
        defaultSort: resource.config.list?.defaultSort ?? '-createdAt',
        maxLimit: MAX_LIMIT,
      },
      operations: {
        create: resource.allows('create'),
        update: resource.allows('update'),
        delete: resource.allows('delete'),
      },
      platform: resource.platform,
      rowRules: resource.hasRowRules,
    },
  }));

  // The answer is the static descriptions filtered by what the caller holds: its entity tag is the
  // descriptions' digest plus the caller's read/write per resource, so a console load that already
  // has it (the browser sends If-None-Match) gets a 304 instead of the whole description again.
  const staticDigest = digest(JSON.stringify(described.map((d) => d.static)));
  const entityTag = (auth: AuthContext) =>
    `"${staticDigest}.${digest(described.map((d) => (can(auth, d.resource.module, 'read') ? (can(auth, d.resource.module, 'write') ? 'w' : 'r') : '-')).join(''))}"`;

  // Written by the app's plain JSON.stringify (not this file's compiled serialiser): the answer is small and static.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/meta/resources',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Resources the caller may read',
        tags: ['meta'],
        response: { 200: resourcesMetaResponse, 304: z.null().describe('Not modified: the If-None-Match tag is current') },
      },
    },
    async (req, reply) => {
      const auth = req.auth!;
      const tag = entityTag(auth);
      // Private: it depends on the caller; no-cache: revalidated on every load (a role change shows at once).
      reply.header('etag', tag).header('cache-control', 'private, no-cache');
      if (req.headers['if-none-match']?.split(/\s*,\s*/).includes(tag)) return reply.code(304).send(null);
      return {
        data: described
          .filter((d) => d.resource.platform || can(auth, d.resource.module, 'read'))
          .map((d) => ({ ...d.static, permissions: { read: true, write: canWrite(auth, d.resource) } })),
      };
    },
  );

  const holds = z.object({ key: z.string(), label: z.string(), area: z.string(), read: z.boolean(), write: z.boolean() });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/meta/modules',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Modules, their permission modules and what the caller holds in each',
        tags: ['meta'],
        response: {
          200: z.object({
            data: z.array(z.object({ key: z.string(), label: z.string(), area: z.string(), permissionModules: z.array(holds) })),
          }),
        },
      },
    },
    async (req) => ({ data: catalogue.describe(req.auth!) }),
  );
}

/** A short, stable digest of a text (for entity tags). */
function digest(text: string) {
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}
