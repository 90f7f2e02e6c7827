import { z } from 'zod';
import { errors } from '../errors/app-error';
import type { ListQuery } from '../resources/list-query';
import type { Resource } from '../resources/resource';
import type { CompatCall } from './types';

/** A compat answer with more than `data` in the envelope (a list's total). */
export class Envelope {
  constructor(
    readonly data: unknown,
    readonly meta: Record<string, unknown>,
  ) {}
}

const listBody = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  search: z.string().trim().max(200).optional(),
  q: z.string().trim().max(200).optional(),
  sort: z.string().max(64).optional(),
});

const idOf = (body: Record<string, unknown>) => {
  const parsed = z.uuid().safeParse(body.id);
  if (!parsed.success) throw errors.validation({ id: body.id === undefined ? 'Required' : 'Not a valid id' });
  return parsed.data;
};

/** Keeps the fields the resource accepts: old clients send extra keys the v1 API would refuse. */
function known(resource: Resource, body: Record<string, unknown>) {
  const shape = resource.schemas.create.shape as Record<string, unknown>;
  return Object.fromEntries(Object.entries(body).filter(([k]) => k in shape));
}

/**
 * The seeds' verbs over a resource: get* lists (page/limit/search and filters) or reads one by id,
 * add/create, edit/update (id or _id), delete/remove (id or ids).
 */
export function compatCrud(resource: Resource) {
  const scopeOf = (call: CompatCall) => {
    if (!call.scope) throw errors.unauthenticated();
    return call.scope;
  };
  return {
    async list(call: CompatCall) {
      if (call.body.id !== undefined) return resource.get(scopeOf(call), idOf(call.body));
      const parsed = listBody.safeParse(call.body);
      if (!parsed.success) throw errors.validation(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      const { page, limit = 25, offset, search, q, sort } = parsed.data;
      const filters = Object.fromEntries(
        (resource.config.list?.filters ?? [])
          .filter((f) => call.body[f] !== undefined && call.body[f] !== '')
          .map((f) => [f, String(call.body[f])]),
      );
      const query = {
        limit,
        offset: offset ?? ((page ?? 1) - 1) * limit,
        q: search ?? q,
        sort,
        withTotal: 'true',
        ...filters,
      } as ListQuery;
      const result = await resource.list(scopeOf(call), query);
      return new Envelope(result.data, {
        total: result.total,
        limit: result.limit,
        offset: result.offset,
        page: Math.floor(result.offset / limit) + 1,
      });
    },
    get: (call: CompatCall) => resource.get(scopeOf(call), idOf(call.body)),
    create: (call: CompatCall) => resource.create(scopeOf(call), known(resource, call.body)),
    update: (call: CompatCall) => {
      const { id: _ignored, ...patch } = call.body;
      return resource.update(scopeOf(call), idOf(call.body), known(resource, patch));
    },
    async remove(call: CompatCall) {
      if (Array.isArray(call.body.ids)) {
        const ids = z.array(z.uuid()).min(1).max(500).safeParse(call.body.ids);
        if (!ids.success) throw errors.validation({ ids: 'A list of valid ids' });
        return resource.bulkRemove(scopeOf(call), ids.data);
      }
      const removed = await resource.remove(scopeOf(call), idOf(call.body));
      return { id: removed.id, deleted: true };
    },
  };
}
