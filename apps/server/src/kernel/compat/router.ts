import type { FastifyInstance, FastifyRequest } from 'fastify';
import { scopeOf } from '../auth/context';
import { errors } from '../errors/app-error';
import type { StoredFile } from '../storage/storage';
import { compatKey, readLegacyCalls } from './contract';
import { readMultipart } from './multipart-body';
import { Envelope } from './resource-ops';
import type { CompatEntry } from './types';

/**
 * Serves the seeds' calls at /compat/<service><path> from a table of entries. Conventions: JSON in
 * (or multipart), `{ data }` out with `_id` beside every `id`, bearer token, community-name header
 * (the studio service may send `-`). Entries must be lines of the contract.
 */
export function registerCompatRoutes(app: FastifyInstance, entries: CompatEntry[]) {
  const contract = new Map(readLegacyCalls().map((c) => [compatKey(c), c]));
  const seen = new Set<string>();
  for (const entry of entries) {
    const key = compatKey(entry);
    const line = contract.get(key);
    if (!line) throw new Error(`Compat entry ${key} is not a line of legacy-calls.tsv`);
    if (seen.has(key)) throw new Error(`Compat entry ${key} is mapped twice`);
    seen.add(key);
    const isPublic = entry.access === 'public';
    app.route({
      method: entry.method,
      url: `/compat/${entry.service}${entry.path}`,
      config: isPublic ? { public: true } : { access: entry.access as never, platformHeader: entry.service === 'studio' },
      schema: {
        tags: [`compat:${entry.service}`],
        summary: `Seed call ${entry.method} ${entry.path} (${line.body === 'multipart' ? 'multipart/form-data' : 'JSON'} in, { data } out)`,
      },
      handler: async (req, reply) => {
        const raw = line.body === 'multipart' ? await readMultipart(app, req) : bodyOf(req);
        const body = normaliseIds(raw);
        const auth = req.auth;
        let data: unknown;
        try {
          data = await entry.handle({ req, reply, body, auth, scope: auth ? scopeOf(app.db, auth) : null });
        } catch (err) {
          // A refused call keeps none of the files its body stored (a logo that is not an image).
          if (auth && Array.isArray(raw.files)) await app.storage.discard(auth.tenantId, raw.files as StoredFile[]);
          throw err;
        }
        // A handler that answered itself (a file stream) returns the reply.
        if (reply.sent || data === reply) return reply;
        if (data instanceof Envelope) return { data: withLegacyIds(data.data), ...data.meta };
        return { data: withLegacyIds(data) };
      },
    });
  }
}

function bodyOf(req: FastifyRequest): Record<string, unknown> {
  const source = req.method === 'GET' || req.method === 'DELETE' ? { ...(req.query as object), ...((req.body as object) ?? {}) } : req.body;
  if (source === undefined || source === null) return {};
  // Some seed calls send a bare JSON array (e.g. category ids): handlers read it as `items`.
  if (Array.isArray(source)) return { items: source };
  if (typeof source !== 'object') throw errors.badRequest('invalid_body', 'The body must be a JSON object');
  return source as Record<string, unknown>;
}

/** Old clients send `_id`; the kernel reads `id`. */
function normaliseIds(body: Record<string, unknown>): Record<string, unknown> {
  if (body._id !== undefined && body.id === undefined) {
    const { _id, ...rest } = body;
    return { ...rest, id: _id };
  }
  const { _id, ...rest } = body;
  return rest;
}

/** `_id` beside every `id`, recursively, as the seeds' clients read records. */
export function withLegacyIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withLegacyIds);
  if (value instanceof Date || value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = withLegacyIds(v);
  if ('id' in out && !('_id' in out)) out._id = out.id;
  return out;
}
