import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database';
import { perDatabase } from '../db/per-database';
import { findCommunity } from '../tenancy/communities';

/** Where a community's website origins come from (a module's settings, e.g. the brand profile). */
export type OriginSource = (db: Database, tenantId: string) => Promise<string[]>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Sources of the origins allowed to call a community's public endpoints from a browser. */
    publicOriginSources: OriginSource[];
  }
}

const CHANNEL = 'atrium_public_origins';
const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;
const PUBLIC_PATH = /^\/public\/([^/?#]+)\//;
const METHODS = 'GET, HEAD, POST';
const HEADERS = new Set(['content-type', 'accept', 'accept-language', 'content-language']);

/**
 * Each community's allowed origins, remembered for a minute; a settings change drops the
 * community's entry here and, through NOTIFY, in every other server process.
 */
class OriginCache {
  private readonly entries = new Map<string, { origins: Set<string>; until: number }>();
  private listening: Promise<void> | null = null;

  constructor(private readonly db: Database) {}

  start(): Promise<void> {
    this.listening ??= this.db.listen(CHANNEL, (payload) => (payload === null ? this.entries.clear() : this.entries.delete(payload)));
    return this.listening;
  }

  async get(tenantId: string, sources: OriginSource[]): Promise<Set<string>> {
    await this.start();
    const entry = this.entries.get(tenantId);
    if (entry && entry.until > Date.now()) return entry.origins;
    const lists = await Promise.all(sources.map((source) => source(this.db, tenantId)));
    const origins = new Set(lists.flat());
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(tenantId, { origins, until: Date.now() + TTL_MS });
    return origins;
  }

  async invalidate(tenantId: string): Promise<void> {
    this.entries.delete(tenantId);
    await this.db.notify(CHANNEL, tenantId);
  }
}

const cacheFor = perDatabase((db) => new OriginCache(db));

/** A community's website origins changed: every process forgets what it knew (call after commit). */
export function invalidatePublicOrigins(db: Database, tenantId: string): Promise<void> {
  return cacheFor(db).invalidate(tenantId);
}

/** The origin of a website address (`https://www.example.com/shop` → `https://www.example.com`), or null. */
export function originOf(address: unknown): string | null {
  if (typeof address !== 'string' || address.trim() === '') return null;
  const text = address.trim();
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * CORS for the public endpoints only (/public/<community>/…): a browser on one of the community's
 * configured website origins may call them (GET and POST, simple headers, no credentials); any
 * other origin gets no CORS headers, so its browser keeps the answer from it. Preflights are
 * answered here. Nothing under /api or /compat ever answers with CORS headers.
 */
export const publicCors = fp(async (app: FastifyInstance) => {
  app.decorate('publicOriginSources', []);
  const cache = cacheFor(app.db);
  await cache.start();

  const allowed = async (req: FastifyRequest): Promise<string | null> => {
    const origin = req.headers.origin;
    const match = PUBLIC_PATH.exec(req.url);
    if (!origin || !match) return null;
    const community = await findCommunity(app.db, decodeURIComponent(match[1])).catch(() => null);
    if (!community || community.status !== 'active') return null;
    const origins = await cache.get(community.id, app.publicOriginSources);
    return origins.has(origin) ? origin : null;
  };

  // A callback hook: every other path (the console's API, nearly every request) passes without a promise.
  app.addHook('onRequest', (req, reply, done) => {
    if (!PUBLIC_PATH.test(req.url)) return done();
    // The answer depends on the Origin; and the public endpoints' files may be embedded anywhere.
    reply.header('vary', 'Origin');
    reply.header('cross-origin-resource-policy', 'cross-origin');
    if (req.method === 'OPTIONS') return done();
    allowed(req).then((origin) => {
      if (origin) reply.header('access-control-allow-origin', origin);
      done();
    }, done);
  });

  app.options('/public/*', { config: { public: true }, schema: { hide: true } }, async (req: FastifyRequest, reply: FastifyReply) => {
    const origin = await allowed(req);
    const method = String(req.headers['access-control-request-method'] ?? '').toUpperCase();
    const asked = String(req.headers['access-control-request-headers'] ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean);
    if (!origin || !METHODS.split(', ').includes(method) || asked.some((h) => !HEADERS.has(h))) {
      return reply.code(403).send({ error: { code: 'cors_refused', message: 'This origin may not call this endpoint from a browser' } });
    }
    return reply
      .code(204)
      .header('access-control-allow-origin', origin)
      .header('access-control-allow-methods', METHODS)
      .header('access-control-allow-headers', [...HEADERS].join(', '))
      .header('access-control-max-age', '600')
      .send();
  });
});
