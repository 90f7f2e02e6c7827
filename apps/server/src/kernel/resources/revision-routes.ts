import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantRoutes } from './caller-routes';
import type { Resource } from './resource';
import { listRevisions, restoreRevision } from './revisions';
import { undoBody, undoLatest } from './undo';

const revision = z.object({
  id: z.string(),
  action: z.enum(['create', 'update', 'delete']),
  actorName: z.string().nullable(),
  createdAt: z.date(),
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
});

/**
 * GET <base>/:id/revisions, POST <base>/:id/revisions/:revisionId/restore and POST <base>/undo (the
 * caller's latest deletion or change of some records, undone), all from the audit log.
 */
export function registerRevisionRoutes(
  app: FastifyInstance,
  resource: Resource,
  opts: { base: string; tags: string[]; read: object; write: object; idParams: z.ZodObject },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { scope } = tenantRoutes(app);
  const name = resource.config.label.singular.toLowerCase();
  r.get(
    `${opts.base}/:id/revisions`,
    {
      config: opts.read,
      schema: {
        summary: `History of a ${name}`,
        tags: opts.tags,
        params: opts.idParams,
        response: { 200: z.object({ data: z.array(revision) }) },
      },
    },
    async (req) => ({ data: await listRevisions(resource, scope(req), (req.params as { id: string }).id) }),
  );
  const several = resource.config.label.plural.toLowerCase();
  if (resource.allows('update') || (resource.allows('delete') && resource.allows('create'))) {
    r.post(
      `${opts.base}/undo`,
      {
        config: opts.write,
        schema: {
          summary: `Undo your latest deletion or change of ${several}`,
          description:
            'Within 15 minutes, when nobody changed the records since: deleted records come back with their ids, changed fields go back. All or nothing.',
          tags: opts.tags,
          body: undoBody,
          response: { 200: z.object({ restored: z.number(), ids: z.array(z.string()) }) },
        },
      },
      async (req) => undoLatest(resource, scope(req), req.body),
    );
  }
  if (!resource.allows('update')) return;
  r.post(
    `${opts.base}/:id/revisions/:revisionId/restore`,
    {
      config: opts.write,
      schema: {
        summary: `Restore a ${name} as it was after a revision`,
        tags: opts.tags,
        params: opts.idParams.extend({ revisionId: z.uuid({ message: 'Not a valid id' }) }),
        response: { 200: z.object({ data: resource.schemas.output }) },
      },
    },
    async (req) => {
      const { id, revisionId } = req.params as { id: string; revisionId: string };
      return { data: await restoreRevision(resource, scope(req), id, revisionId) } as never;
    },
  );
}
